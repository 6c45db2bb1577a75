import type { SlotBag, SlotEconomy } from "../../../engine/economy/slots";
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
  if (!Number.isInteger(level) || level < 1) {
    throw new RangeError(`level must be ≥ 1, got ${level}`);
  }
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

/**
 * What summoning sickness withholds from a summon's economy (engine `PayContext.withheld`,
 * `startTurn`'s `withheld`): every slot, so it takes no action, not even a free hit. A tragedy's
 * free hit and a Delay cost no slot: the caller refuses them to a sick summon ({@link
 * summoningSick}), since it "cannot take actions".
 */
export function sicknessWithheld(economy: SlotEconomy): SlotBag {
  const out: Record<string, number> = {};
  for (const [slot, spec] of Object.entries(economy.slots)) out[slot] = spec.count;
  return out;
}

/**
 * Keeps a summon as a thrall: its thrall cost in MP paid from the summoner's MP, or refused.
 * @returns the MP left, or null when they do not cover the cost.
 */
export function payThrall(mp: number, thrallCost: number): number | null {
  if (!Number.isInteger(thrallCost) || thrallCost < 0) {
    throw new RangeError(`thrall cost must be a whole number ≥ 0, got ${thrallCost}`);
  }
  return mp >= thrallCost ? mp - thrallCost : null;
}
