import type { Sender } from "../../../../shell/relay/gm-relay";
import type { StepOutcome } from "../../../../shell/cards/kind";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { isHeld } from "../chat/grapple";
import { snapAllies, type SnapCandidate, type SnapStep } from "../chat/snap";
import type { Snapper } from "../chat/card-seal";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import { footprintOf, squareGrid } from "./placement";
import type { ShockCombatant } from "../documents/combatant";
import type { CardReading } from "./reading";

/**
 * Snap Attacks on the active GM's client. When it seals a card, the GM reads from the documents
 * which of the target's allies may snap at the attacker (`chat/snap.ts`) and offers each on the
 * card; an ally's owner (or the GM) takes it through the reaction step: the GM re-reads the
 * same facts now (the card runtime claims the ally's snap once), spends its Main and records
 * the grant in the GM-only ledger. The ally's own client then makes the attack at −4 through the usual
 * attack flow; its card names this one (`snapFor`), which the GM checks against the grant when it
 * seals it. This card's damage waits until that card is done. Source: `002_5e27cdf788b28f5f.txt`
 * §Make a Snap Attack, §Instant Actions.
 */
function candidateOf(combat: ShockCombat, c: ShockCombatant): SnapCandidate {
  const actor = c.actor as ShockActor | null;
  const surprised = combat.turnStateOf(c).surprised;
  return {
    id: c.id ?? "", side: c.side, at: footprintOf(c),
    able: Boolean(actor && actor.health === "up" && !c.isDefeated),
    maySnap: actor?.statblock.snapAttack ?? false,
    budget: surprised ? { ...c.budget, main: true } : c.budget,
    weapons: actor?.statblock.weapons ?? [], held: isHeld(c.hold),
  };
}

/** The allies offered a Snap Attack on a card's attacker now, read from the documents. */
export function snapOffers(reading: CardReading, attackerId: string): Snapper[] {
  const { combat, combatant: target } = reading;
  const attacker = combat?.shockCombatants.find((c) => c.id === attackerId);
  if (!combat?.started || !target?.id || !attacker) return [];
  const all = combat.shockCombatants.map((c) => candidateOf(combat, c));
  const allies = snapAllies(
    { id: target.id, side: target.side },
    { id: attackerId, at: footprintOf(attacker) },
    all,
    squareGrid(combat),
  );
  return allies.flatMap(({ id, weapon }) => {
    const c = combat.combatants.get(id) as ShockCombatant | undefined;
    return c?.token
      ? [{ combatantId: id, name: c.name ?? "", tokenUuid: c.token.uuid, weaponId: weapon.id }]
      : [];
  });
}

/**
 * An ally takes its offered Snap Attack: re-checked now, claimed once, its Main spent, recorded.
 */
export async function grantSnap(
  _message: ChatMessage.Implementation, reading: CardReading, id: string, sender: Sender,
): Promise<StepOutcome> {
  const { combat } = reading;
  const attacker = combat?.combatantOf(reading.attacker as Actor.Implementation);
  const now = attacker?.id
    ? snapOffers(reading, attacker.id).find((s) => s.combatantId === id)
    : undefined;
  const ally = combat?.shockCombatants.find((c) => c.id === id);
  if (!combat || !ally || !now)
    throw new Error(t("FRAY.Shock.Refuse.SnapGone", { name: ally?.name ?? "" }));
  if (!(await combat.spend(ally, "snapAttack")))
    throw new Error(t("FRAY.Shock.Refuse.Spent.snapAttack"));
  const step: SnapStep = {
    combatantId: id,
    name: now.name,
    weaponId: now.weaponId,
    by: sender.id,
    messageId: "",
  };
  // One key per ally: Foundry merges an update into an ObjectField (common/data/fields.mjs
  // ObjectField#_updateDiff), so grants and the seal's links never overwrite each other.
  return { ok: true, ledger: { [`snaps.${id}`]: step } };
}
