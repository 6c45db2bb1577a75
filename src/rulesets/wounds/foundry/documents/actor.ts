import { FrayActorBase } from "../../../../shell/documents/actor";
import { combatFor, combatOfActor } from "../../../../shell/combat/located";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import { heal, type Healed, type HealthState } from "../../rules/health";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { unitView, WOUNDS_ACTOR_TYPES, type UnitView } from "../../play/actors/unit";
import { wardNow } from "../../play/round/upkeep";
import type { WoundsCombatant } from "./combatant";

/**
 * wounds' Actor: its data and wound effects read for the rules (`unit`), as of the round of the
 * combat it fights in (`combatFor`: its own, never the one a client views); healing.
 * Source: `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds Hit points.
 */
export class WoundsActor extends FrayActorBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayActorBase`). */
  static override rulesetTypes: readonly string[] = WOUNDS_ACTOR_TYPES;

  /**
   * The actor as the pure rules see it (modifiers, HP, MP, weapons, spells, feats), unwounded.
   * @throws StatblockError when its data does not fit its model (a foreign actor type).
   */
  get statblock(): Statblock {
    return statblockFromActor(this.toObject() as ActorDocumentSource);
  }

  /**
   * Its statblock with its wounds, the spell it keeps up in its own started combat (as the GM
   * keeps it), and what they derive now. @throws as `statblock`.
   */
  get unit(): UnitView {
    const combat = combatFor(this);
    const started = combat?.started ? combat : null;
    const own = combatOfActor(this);
    const block = this.statblock;
    const ward = own?.combat.started
      ? wardNow((own.combatant as WoundsCombatant).data, block.spells) : undefined;
    return unitView(block, this.effects.contents, started?.id ?? null, started?.round ?? 0, ward);
  }

  /** Up above 0 HP; at 0 a character is down and an NPC defeated. */
  get health(): HealthState {
    const hp = (this.system as { hp?: { value?: number } }).hp?.value ?? 0;
    if (hp > 0) return "up";
    return this.type === "woundsCharacter" ? "down" : "defeated";
  }

  /**
   * One instance of healing (its owner or a GM): HP up to the maximum, and 6 or more removes the
   * newest wound (its ActiveEffect deleted). A character down at 0 HP is up again, and acts from
   * its next turn. Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming; RULINGS.md §wounds Hit
   * points.
   * @throws Error (localized) for an amount that is not a whole number ≥ 0; nothing changes.
   */
  async heal(amount: number): Promise<Healed> {
    if (!Number.isInteger(amount) || amount < 0) {
      throw new Error(t("FRAY.Wounds.Refuse.BadHealing", { name: this.name ?? "" }));
    }
    const { block, wounds } = this.unit;
    const healed = heal(block.hp, block.hpMax, wounds, amount);
    if (healed.hp !== block.hp) {
      await this.update({ "system.hp.value": healed.hp } as Actor.UpdateData);
    }
    if (healed.removed) await this.deleteEmbeddedDocuments("ActiveEffect", [healed.removed.id]);
    return healed;
  }
}
