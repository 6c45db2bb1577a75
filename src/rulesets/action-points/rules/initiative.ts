import {
  compareRanked, MAX_ROLL_OFFS, rollInitiativePlan, type InitiativeRoll, type RankedEntry,
} from "../../../engine/initiative/ranked";
import type { RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import { INITIATIVE_DIE } from "./constants";

/**
 * action-points' initiative: each combatant rolls 1d10 + its Agility modifier, highest first;
 * those tied roll 1d10 + modifier again among themselves until the tie breaks; the order is
 * fixed for the encounter, but for a Ready action that fires, which moves its taker's place for
 * later rounds (`readiedOrder`).
 * Source: `004_2cc57162401858c9.txt` §Initiative, §Ready Action; RULINGS.md §action-points
 * Initiative, Agility modifier.
 */
export const AP_INITIATIVE: InitiativeRoll = {
  count: 1, faces: INITIATIVE_DIE, tieDie: INITIATIVE_DIE, tieAddsModifier: true,
};

/** The roll plan of the encounter's order (engine `rollInitiativePlan`). */
export function initiativePlan(
  entries: readonly { readonly id: string; readonly agilityModifier: number }[],
): RollPlan<RankedEntry[]> {
  return rollInitiativePlan(
    entries.map((e) => ({ id: e.id, modifier: e.agilityModifier })), AP_INITIATIVE,
  );
}

/**
 * The order after a readied action fired: its taker acts at that point, just before `before` (null:
 * after everyone), and keeps that place in later rounds (§Ready Action: "Your initiative position
 * moves to that point for subsequent rounds").
 * @throws RangeError when `taker` or `before` is not in the order, or they are the same.
 */
export function readiedOrder(
  order: readonly string[], taker: string, before: string | null,
): string[] {
  if (!order.includes(taker)) throw new RangeError(`${taker} is not in the order`);
  if (before !== null && (!order.includes(before) || before === taker))
    throw new RangeError(`cannot act before ${before}`);
  const rest = order.filter((id) => id !== taker);
  const at = before === null ? rest.length : rest.indexOf(before);
  return [...rest.slice(0, at), taker, ...rest.slice(at)];
}

/**
 * The encounter's order rolled with a core roller, as `runSync(initiativePlan(entries), roller)`
 * gives it — the same dice in the same order, the same entries — without the plan's generators,
 * for the headless runner (one initiative per fight, thousands of fights a second). Each entry
 * rolls 1d10 in the given order; then, as long as some share a score and their re-rolls so far,
 * every such entry rolls 1d10 + its modifier again, in the given order; the order is the engine's
 * `compareRanked`. `test/initiative.test.ts` plays both on the same seeds.
 */
export function rollInitiativeOrder(
  entries: readonly { readonly id: string; readonly agilityModifier: number }[], roller: DiceRoller,
): RankedEntry[] {
  const n = entries.length;
  if (!distinctIds(entries)) throw new RangeError("initiative entries must have distinct ids");
  const out: { id: string; score: number; last: false; dice: number[]; tiebreaks: number[] }[] = [];
  for (const e of entries) {
    const die = roller.die(INITIATIVE_DIE);
    out.push({ id: e.id, score: die + e.agilityModifier, last: false, dice: [die], tiebreaks: [] });
  }
  const sameAs = (a: (typeof out)[number], b: (typeof out)[number]): boolean => {
    if (a.score !== b.score || a.tiebreaks.length !== b.tiebreaks.length) return false;
    for (let k = 0; k < a.tiebreaks.length; k++) if (a.tiebreaks[k] !== b.tiebreaks[k]) return false;
    return true;
  };
  const tied = new Array<boolean>(n);
  for (let round = 0; round < MAX_ROLL_OFFS; round++) {
    // Being tied is mutual: each pair is compared once, marking both.
    let any = false;
    tied.fill(false);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (sameAs(out[i] as (typeof out)[number], out[j] as (typeof out)[number])) {
          tied[i] = tied[j] = any = true;
        }
      }
    }
    if (!any) break;
    for (let i = 0; i < n; i++) {
      if (tied[i]) {
        const e = out[i] as (typeof out)[number];
        const modifier = (entries[i] as (typeof entries)[number]).agilityModifier;
        e.tiebreaks.push(roller.die(INITIATIVE_DIE) + modifier);
      }
    }
  }
  return out.sort(compareRanked);
}

/**
 * Whether no two entries share an id: a pair by pair look for the few a fight has (a Set made for
 * it cost more, once per fight), a Set past that.
 */
function distinctIds(entries: readonly { readonly id: string }[]): boolean {
  const n = entries.length;
  if (n > 32) return new Set(entries.map((e) => e.id)).size === n;
  for (let i = 0; i < n; i++) {
    const id = (entries[i] as { readonly id: string }).id;
    for (let j = i + 1; j < n; j++) if ((entries[j] as { readonly id: string }).id === id) return false;
  }
  return true;
}
