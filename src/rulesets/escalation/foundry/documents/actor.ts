import { FrayActorBase } from "../../../../shell/documents/actor";
import { characterData } from "../../play/data/accessors";
import { enemyBasicAttack, type AbilityEntry } from "../../rules/statblock";
import { FRESH_DEATH_TRACK, isDead, type DeathTrack } from "../../rules/death-save";
import { hpChangeWrite } from "../../play/actors/death-track";
import type { HealthState } from "../../rules/health";
import type { ConditionEffectSource } from "../../rules/models";
import { timedEffectsToAdd, toTimedEffect } from "../../play/actors/timed-effects";
import {
  abilityEntriesOf, healthOf, hpOf, isPlayerCharacter, timedEffectsOf,
} from "../../play/actors/actor-data";

const ACTOR_TYPES = ["escalationCharacter", "escalationNpc"];

/**
 * Fray's Actor: characters and NPCs. Game logic lives in the pure core; this class only reads its
 * own data into core shapes and writes the core's answers back.
 */
export class FrayActor extends FrayActorBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayActorBase`). */
  static override rulesetTypes: readonly string[] = ACTOR_TYPES;

  get isPC(): boolean {
    return isPlayerCharacter(this);
  }

  get hp(): { value: number; max: number } {
    return hpOf(this);
  }

  get health(): HealthState {
    return healthOf(this);
  }

  /** The actor's abilities as the core's entries (id, name, data), in item order. */
  get abilityEntries(): (AbilityEntry & { readonly img: string })[] {
    return abilityEntriesOf(this);
  }

  /**
   * The ability an NPC uses as its basic attack when Hampered (its first listed attack), if any.
   */
  get enemyBasicId(): string | undefined {
    return enemyBasicAttack({ isPC: this.isPC, abilities: this.abilityEntries })?.id;
  }

  /** A PC's death saves this encounter (NPCs have none). */
  get death(): DeathTrack {
    return this.isPC ? characterData(this.system).death : FRESH_DEATH_TRACK;
  }

  /** Out for good: a PC with four failed death saves, an NPC at 0 HP. */
  get dead(): boolean {
    return this.isPC ? isDead(this.death) : this.health === "defeated";
  }

  /** −1 to Volition and every defense per heal taken with no recovery left (PCs only). */
  get recoveryPenalty(): number {
    return this.isPC ? characterData(this.system).recoveries.penalty : 0;
  }

  /**
   * Changes HP by `delta` (negative = damage) and updates the Staggered/Dying/defeated markers. A
   * PC dropped to 0 or below starts Dying (a crit or a drop to −½ max makes its first death save
   * hard); healing a Dying PC ends Dying (`hpChangeWrite`). Source: `000_c2dc3d650823e22d.txt`
   * §Dying and Death.
   * @returns the HP before the change, for Undo.
   * @throws RangeError on a non-integer delta (nothing is changed).
   */
  async changeHp(delta: number, options: { crit?: boolean } = {}): Promise<number> {
    const before = this.hp.value;
    const change = hpChangeWrite(
      { hp: this.hp, death: this.isPC ? characterData(this.system).death : null }, delta,
      options.crit ?? false,
    );
    if (!change) return before;
    await this.update({ system: change.system } as Actor.UpdateData);
    await this.syncHealthStatuses();
    return before;
  }

  /**
   * Puts HP (and a character's death track) back to what an Undo computed, and refreshes the
   * health markers.
   */
  async restoreHp(value: number, death: DeathTrack | null): Promise<void> {
    const track = this.isPC && death ? { death } : {};
    await this.update({ system: { hp: { value }, ...track } } as Actor.UpdateData);
    await this.syncHealthStatuses();
  }

  /** Keeps the Staggered / Dying / dead token markers in line with HP and death saves. */
  async syncHealthStatuses(): Promise<void> {
    const state = this.health;
    const dead = this.dead;
    await this.toggleStatusEffect("staggered", { active: state === "staggered" });
    if (this.isPC) await this.toggleStatusEffect("dying", { active: state === "dying" && !dead });
    await this.toggleStatusEffect("dead", { active: dead, overlay: true });
  }

  /**
   * Adds conditions as timed ActiveEffects, one per new instance (`timedEffectsToAdd`: an exact
   * twin of one already on the actor adds nothing). Returns the ids of the effects created.
   * @param placement combatant ids of this actor, of the source, and of whose turn it is.
   */
  async addTimedEffects(
    effects: readonly ConditionEffectSource[],
    placement: {
      bearer: string | null;
      source: string | null;
      currentTurn: string | null;
      ability?: string;
    },
  ): Promise<string[]> {
    // Each condition as its status shows it (CONFIG.statusEffects), in the world's language.
    const lookOf = (id: string) => ({
      name: game.i18n!.localize(`FRAY.Condition.${id}`),
      img: String(CONFIG.statusEffects.find((s) => s.id === id)?.img ?? ""),
    });
    const bearer = placement.bearer ?? "";
    const existing = this.timedEffects.flatMap((ae) => toTimedEffect(ae, bearer) ?? []);
    const data = timedEffectsToAdd(existing, effects, lookOf, placement);
    if (!data.length) return [];
    const created = await this.createEmbeddedDocuments(
      "ActiveEffect",
      data as ActiveEffect.CreateData[],
    );
    return (created ?? []).map((d) => d.id ?? "");
  }

  /** The effects Fray applied with a duration. */
  get timedEffects(): ActiveEffect.Implementation[] {
    return timedEffectsOf(this);
  }
}
