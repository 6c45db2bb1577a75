import type { AttackSeal } from "./card-seal";

/**
 * Whether an attacker hit a target in a given round of a given encounter, read from the sealed
 * attack cards (what was rolled when each card was posted, which its author cannot change later).
 * Grabbed gives Disadvantage to disengage from the grabber "unless you've hit them with an attack
 * this round": a hit counts when its card's seal says so, whether or not it was applied yet.
 * Source: `000_c2dc3d650823e22d.txt` §Conditions (Grabbed).
 * @param seals the sealed attack cards to search (any encounter, any round).
 * @param who the attacker's actor UUID, the target's token UUID, and the encounter id and round.
 */
export function hitInRound(
  seals: Iterable<AttackSeal>,
  who: { actorUuid: string; tokenUuid: string; combatId: string; round: number },
): boolean {
  if (!who.combatId) return false;
  for (const seal of seals) {
    const same = seal.actorUuid === who.actorUuid && seal.combatId === who.combatId;
    if (!same || seal.round !== who.round) continue;
    if (seal.targets.some((t) => t.tokenUuid === who.tokenUuid && t.hit)) return true;
  }
  return false;
}

/**
 * Whether one who Grabbed a character disengaging, and was not hit by it this round, is among the
 * foes it disengages from (Disadvantage, §Conditions: Grabbed): a Grabbed effect's source when
 * Fray applied it from a card, else (a plain toggle, no source) assumed so.
 * @param sources the combatant ids that applied its Grabbed effects ("" for none known); empty
 *   when it is Grabbed by a toggle alone.
 * @param who the character's actor UUID, the encounter and round, and each combatant's token UUID.
 */
export function grabberAmong(
  sources: readonly string[], foes: readonly string[], seals: Iterable<AttackSeal>,
  who: {
    actorUuid: string; combatId: string; round: number; tokenOf: (combatantId: string) => string;
  },
): boolean {
  if (sources.length === 0 || sources.some((s) => s === "")) return true;
  const sealed = [...seals];
  return sources.some((s) => foes.includes(s) && !hitInRound(sealed, {
    actorUuid: who.actorUuid, tokenUuid: who.tokenOf(s), combatId: who.combatId, round: who.round,
  }));
}
