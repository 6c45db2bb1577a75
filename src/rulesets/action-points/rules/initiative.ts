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

/** An entry as rolled: its roll-offs grow while it is tied. */
type Rolled = { id: string; score: number; last: false; dice: number[]; tiebreaks: number[] };

/** Whether two entries are tied: the same score and the same roll-offs so far. */
function tied(a: Rolled, b: Rolled): boolean {
  if (a.score !== b.score || a.tiebreaks.length !== b.tiebreaks.length) return false;
  for (let k = 0; k < a.tiebreaks.length; k++) if (a.tiebreaks[k] !== b.tiebreaks[k]) return false;
  return true;
}

/**
 * Sorts `order` (places in `out`) by the engine's `compareRanked`, by insertion: a few entries,
 * and after a roll-off most are in place already. `compareRanked` is a total order on entries of
 * distinct ids, so any sort gives the one order `Array.prototype.sort` gives.
 */
function rank(order: number[], out: readonly Rolled[]): void {
  for (let i = 1; i < order.length; i++) {
    const x = order[i] as number;
    let j = i - 1;
    while (j >= 0 && compareRanked(out[order[j] as number] as Rolled, out[x] as Rolled) > 0) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = x;
  }
}

/**
 * The encounter's order rolled with a core roller, as `runSync(initiativePlan(entries), roller)`
 * gives it — the same dice in the same order, the same entries — without the plan's generators,
 * for the headless runner (one initiative per fight, thousands of fights a second). Each entry
 * rolls 1d10 in the given order; then, as long as some share a score and their re-rolls so far,
 * every such entry rolls 1d10 + its modifier again, in the given order; the order is the engine's
 * `compareRanked`. The entries are kept ranked between roll-offs, so those tied are neighbours
 * (the order breaks ties last, by id). `test/initiative.test.ts` plays both on the same seeds.
 */
export function rollInitiativeOrder(
  entries: readonly { readonly id: string; readonly agilityModifier: number }[], roller: DiceRoller,
): RankedEntry[] {
  const n = entries.length;
  if (!distinctIds(entries)) throw new RangeError("initiative entries must have distinct ids");
  const out = new Array<Rolled>(n);
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i] as (typeof entries)[number];
    const die = roller.die(INITIATIVE_DIE);
    out[i] = { id: e.id, score: die + e.agilityModifier, last: false, dice: [die], tiebreaks: [] };
    order[i] = i;
  }
  const marked = new Array<boolean>(n);
  for (let round = 0; ; round++) {
    rank(order, out);
    if (round === MAX_ROLL_OFFS) break;
    let any = false;
    marked.fill(false);
    for (let k = 1; k < n; k++) {
      const a = order[k - 1] as number;
      const b = order[k] as number;
      if (tied(out[a] as Rolled, out[b] as Rolled)) marked[a] = marked[b] = any = true;
    }
    if (!any) break;
    // Re-rolled in the given order, not the ranked one.
    for (let i = 0; i < n; i++) {
      if (!marked[i]) continue;
      const modifier = (entries[i] as (typeof entries)[number]).agilityModifier;
      (out[i] as Rolled).tiebreaks.push(roller.die(INITIATIVE_DIE) + modifier);
    }
  }
  const ranked = new Array<RankedEntry>(n);
  for (let k = 0; k < n; k++) ranked[k] = out[order[k] as number] as Rolled;
  return ranked;
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
