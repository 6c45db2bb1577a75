import { playerOwners } from "../../../../shell/documents/owners";
import { attackGeometry } from "../../../../shell/combat/attack-geometry";
import { readAttack, type AttackReading } from "../../../../shell/cards/attack-reading";
import type { PostedAttack } from "../../play/cards/card-spec";
import type { AttackFacts } from "../../play/cards/seal";
import { isWoundsActor } from "../../play/actors/unit";
import { armsOf } from "../../play/cards/arms";
import { heldStates, statesOf } from "../../play/actors/states-of";
import type { WoundsActor } from "../documents/actor";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";

/** A wounds attack card's documents (the shell's `readAttack`). */
export type CardReading = AttackReading<WoundsActor, WoundsCombat, WoundsCombatant>;

/** The card's documents, or null when one is gone, of another ruleset, or on another scene. */
export const readCard = (card: Pick<PostedAttack, "tokenUuid" | "targetTokenUuid">):
  CardReading | null => readAttack(card, isWoundsActor);

const standing = (actor: WoundsActor, c: WoundsCombatant | null): boolean =>
  actor.health === "up" && !c?.isDefeated;

/** A token that flanks with its side's attackers: a wounds unit that is up. */
function standsBy(token: TokenDocument.Implementation): boolean {
  const actor = token.actor as WoundsActor | null;
  return Boolean(actor && isWoundsActor(actor) && actor.health === "up");
}

/**
 * The seal's facts from the documents: the weapon by the card's item id on the attacker now,
 * both units with their wounds (as of the combat's round), the target's states from its
 * statuses, distances and flanking on the scene's grid, and in the encounter the turn and what
 * the GM keeps. `freeHit`: the card's grant was checked by the caller.
 */
export function factsOf(
  reading: CardReading, itemId: string, gmPosted: boolean, freeHit: boolean,
): AttackFacts {
  const { attacker, target, combat, attackerCombatant: own, targetCombatant } = reading;
  const a = attacker.unit;
  const d = target.unit;
  const { gap, flanking } = attackGeometry(reading.attackerToken, reading.targetToken, standsBy);
  const targetSick = Boolean(combat && targetCombatant && combat.isSick(targetCombatant));
  const targetStates = statesOf(target.statuses, targetSick, heldStates(targetCombatant?.data));
  return {
    attacker: a.block, attackerDerived: a.derived, target: d.block, targetDerived: d.derived,
    targetStates,
    ...armsOf(a.block, itemId),
    attackerUp: standing(attacker, own), targetUp: standing(target, targetCombatant),
    attackerSick: Boolean(combat && own && combat.isSick(own)),
    inReach: gap === null ? null : gap <= a.derived.meleeZone,
    inTargetZone: gap === null ? null : gap <= d.derived.meleeZone,
    flanking, undetected: targetStates.flatFooted.includes("snuckUpOn"),
    gmPosted, freeHit, targetOwners: playerOwners(target),
    combat: combat && own ? {
      round: combat.round, ownTurn: combat.combatant?.id === own.id, kept: own.data,
      targetKept: targetCombatant?.data ?? null,
    } : null,
  };
}
