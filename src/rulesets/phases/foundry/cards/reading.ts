import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { readAttack, type AttackReading } from "../../../../shell/cards/attack-reading";
import { reaches } from "../../rules/attack";
import { seizedIn } from "../../play/round/seize";
import { defending, disengagedIn } from "../../play/round/battle-actions";
import { moveEdgeOf } from "../../rules/movement";
import { movementPowersOf, type Statblock } from "../../rules/statblock";
import type { KeptSource } from "../../play/data/kept-spec";

/** The movement power the combatant used this round, as the GM kept it, or null. */
const movedWith = (block: Statblock, kept: KeptSource) =>
  (kept.movement > 0 ? movementPowersOf(block).find((p) => p.id === kept.movePower) ?? null : null);
import type { PostedAttack } from "../../play/cards/card-spec";
import type { AttackFacts } from "../../play/cards/seal";
import { isPhasesActor, type PhasesActor } from "../documents/actor";
import type { PhasesCombat } from "../documents/combat";
import type { PhasesCombatant } from "../documents/combatant";

/** A phases attack card's documents (the shell's `readAttack`). */
export type CardReading = AttackReading<PhasesActor, PhasesCombat, PhasesCombatant>;

/** The card's documents, or null when one is gone, of another ruleset, or on another scene. */
export const readCard = (card: Pick<PostedAttack, "tokenUuid" | "targetTokenUuid">):
  CardReading | null => readAttack(card, isPhasesActor);

const standing = (actor: PhasesActor, c: PhasesCombatant | null): boolean =>
  actor.health === "up" && !c?.isDefeated;

/**
 * The seal's facts from the documents: the power by the card's item id on the attacker now, both
 * statblocks and conditions, reach on the attacker's scene grid (none gridless: the GM's call),
 * and in the encounter the step, the turn and what the GM keeps.
 */
export function factsOf(
  reading: CardReading, itemId: string, gmPosted: boolean, opportunity = false,
): AttackFacts {
  const { attacker, target, combat, attackerCombatant: own } = reading;
  const block = attacker.statblock;
  const power = block.attacks.find((a) => a.id === itemId) ?? null;
  const placement = placementOf(reading.attackerToken.parent);
  const from = placement?.footprint(tokenPlace(reading.attackerToken)) ?? null;
  const to = placement?.footprint(tokenPlace(reading.targetToken)) ?? null;
  const reach = power && placement && from && to ? reaches(placement.grid, power, from, to) : null;
  const round = combat?.round ?? 0;
  const targetKept = reading.targetCombatant?.data;
  const moved = own ? movedWith(block, own.data) : null;
  return {
    attacker: block, target: target.statblock, power,
    attackerConditions: attacker.conditions, targetConditions: target.conditions,
    attackerUp: standing(attacker, own), targetUp: standing(target, reading.targetCombatant),
    reaches: reach, gmPosted, opportunity,
    combat: combat && own ? {
      round, step: combat.currentStep, ownTurn: combat.combatant?.id === own.id, kept: own.data,
      targetSeized: targetKept ? seizedIn(targetKept, round) : false,
      targetDefending: targetKept ? defending(targetKept) : false,
      attackerDisengaged: disengagedIn(own.data, round),
      targetId: reading.targetCombatant?.id ?? "",
      // Disengage's edge is its round's (`disengaged`), however it was taken.
      attackerMoveEdge: moved && moved.kind !== "disengage"
        ? moveEdgeOf(moved, own.data.chargeAt || null) : null,
      attackerRan: moved?.forbidsAttack ?? false,
    } : null,
  };
}
