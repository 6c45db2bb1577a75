import { playerOwners } from "../../../../shell/documents/owners";
import { placementOf, tokenPlace } from "../../../../shell/combat/positions";
import { readAttack, type AttackReading } from "../../../../shell/cards/attack-reading";
import { footprintDistance, type Footprint } from "../../../../engine/space/footprint";
import { fromBehind } from "../../../../engine/space/flanking";
import type { PostedAttack } from "../../play/cards/card-spec";
import type { AttackFacts } from "../../play/cards/seal";
import { isWoundsActor } from "../../play/actors/unit";
import { armsOf } from "../../play/cards/arms";
import { statesOf, STATUS_OF_CAUSE } from "../../play/actors/states-of";
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

/** Its allies' footprints: the other standing tokens of its disposition (who flank with it). */
function allyFootprints(reading: CardReading, footprint: (t: TokenDocument.Implementation) =>
  Footprint | null): Footprint[] {
  const scene = reading.attackerToken.parent;
  const side = reading.attackerToken.disposition;
  const tokens = (scene?.tokens?.contents ?? []) as TokenDocument.Implementation[];
  return tokens.flatMap((t) => {
    if (t === reading.attackerToken || t === reading.targetToken || t.disposition !== side) {
      return [];
    }
    const actor = t.actor as WoundsActor | null;
    if (!actor || !isWoundsActor(actor) || actor.health !== "up") return [];
    const fp = footprint(t);
    return fp ? [fp] : [];
  });
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
  const placement = placementOf(reading.attackerToken.parent);
  const footprint = (t: TokenDocument.Implementation) =>
    placement?.footprint(tokenPlace(t)) ?? null;
  const from = footprint(reading.attackerToken);
  const to = footprint(reading.targetToken);
  const gap = placement && from && to ? footprintDistance(placement.grid, from, to) : null;
  const flanking = placement && from && to
    ? fromBehind(placement.grid, to, from, { allies: allyFootprints(reading, footprint) }) === true
    : false;
  const targetSick = Boolean(combat && targetCombatant && combat.isSick(targetCombatant));
  return {
    attacker: a.block, attackerDerived: a.derived, target: d.block, targetDerived: d.derived,
    targetStates: statesOf(target.statuses, targetSick),
    ...armsOf(a.block, itemId),
    attackerUp: standing(attacker, own), targetUp: standing(target, targetCombatant),
    attackerSick: Boolean(combat && own && combat.isSick(own)),
    inReach: gap === null ? null : gap <= a.derived.meleeZone,
    inTargetZone: gap === null ? null : gap <= d.derived.meleeZone,
    flanking,
    undetected: target.statuses.has(STATUS_OF_CAUSE.snuckUpOn),
    gmPosted, freeHit, targetOwners: playerOwners(target),
    combat: combat && own ? {
      round: combat.round, ownTurn: combat.combatant?.id === own.id, kept: own.data,
      targetKept: targetCombatant?.data ?? null,
    } : null,
  };
}
