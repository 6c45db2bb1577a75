import { extraSummonSlots, type FeatLike } from "./feats";

/**
 * Summons: a summoner holds as many summoned units at once as its level (+2 with Legion Leader);
 * a new summon can neither act nor dodge until the end of the first full round after the round it
 * was summoned in; one not kept as a thrall (its thrall cost paid: `statblock.ts` `thrallCost`)
 * vanishes when the battle starts if summoned before it, or when the battle ends if summoned in it.
 * Source: `001_dbc5fcc02a99a518.txt` §Summoning Slots, §Summoning Sickness, §Thralling, §Feats;
 * RULINGS.md §wounds Summons.
 */

/** Summoning slots: level, +2 with Legion Leader. */
export function summonSlots(level: number, feats: readonly FeatLike[]): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level must be ≥ 1, got ${level}`);
  return level + extraSummonSlots(feats);
}

/** Whether one more may be summoned with `active` summons already held. */
export const maySummon = (active: number, slots: number): boolean => active < slots;

/**
 * Whether a summon made in round `summoned` is still sick in round `round`: it is through the
 * end of the next round (flat-footed and without actions then).
 */
export const summoningSick = (summoned: number, round: number): boolean => round <= summoned + 1;

/** When an unthralled summon vanishes, or null for a thrall (kept in and out of battle). */
export function vanishesAt(
  summon: { readonly thralled: boolean; readonly summonedInBattle: boolean },
): "battleStart" | "battleEnd" | null {
  if (summon.thralled) return null;
  return summon.summonedInBattle ? "battleEnd" : "battleStart";
}
