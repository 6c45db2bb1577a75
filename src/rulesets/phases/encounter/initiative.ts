import { INITIATIVE_FACES, INITIATIVE_TIE_DIE } from "../rules/constants";
import { MAX_ROLL_OFFS } from "../../../engine/initiative/ranked";
import type { Context } from "./context";
import type { Fighter } from "./fighter";

/**
 * A round's Initiative phase in a headless `phases` fight: every fighter still in the fight rolls
 * 2d6 + INT + AGI, in listed order; those tied roll a d6 among themselves (all the tied of every
 * tie in one roll, in listed order) until no tie is left; highest first is the Battle order.
 * The dice are drawn exactly as the rules' `initiativePlan` (engine `rollInitiativePlan` and
 * `breakTiesPlan`) draws them and the order is theirs (tested seed for seed); the runner rolls in
 * place, with no plan, map or entry made, since it rolls every round of thousands of fights.
 * Source: `003_d18720f6cd315cc2.txt` §Initiative Phase; RULINGS.md §phases Initiative phase.
 */

/** Whether two fighters are still tied: the same score and the same roll-offs so far. */
function tied(a: Fighter, b: Fighter): boolean {
  if (a.score !== b.score) return false;
  const x = a.tieBreaks;
  const y = b.tieBreaks;
  if (x.length !== y.length) return false;
  if (x.length === 0) return true;
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  return true;
}

/** Battle order of two rolled fighters (engine `compareRanked`): negative when `a` goes first. */
export function compareRolled(
  a: Pick<Fighter, "score" | "tieBreaks" | "key">, b: Pick<Fighter, "score" | "tieBreaks" | "key">,
): number {
  if (a.score !== b.score) return b.score - a.score;
  const x = a.tieBreaks;
  const y = b.tieBreaks;
  const n = x.length < y.length ? x.length : y.length;
  for (let k = 0; k < n; k++) {
    const d = (y[k] as number) - (x[k] as number);
    if (d !== 0) return d;
  }
  if (x.length !== y.length) return y.length - x.length;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** How many fighters rolled each score, by score + {@link OFFSET} (scores outside: counted 2). */
const OFFSET = 64;
const counts = new Uint8Array(2 * OFFSET);

function countScores(rolling: readonly Fighter[]): void {
  for (const f of rolling) {
    const at = f.score + OFFSET;
    if (at >= 0 && at < counts.length) counts[at] = 0;
  }
  for (const f of rolling) {
    const at = f.score + OFFSET;
    if (at >= 0 && at < counts.length) counts[at] = (counts[at] as number) + 1;
  }
}

const scoreCount = (score: number): number => {
  const at = score + OFFSET;
  return at >= 0 && at < counts.length ? (counts[at] as number) : 2;
};

/**
 * Rolls the round's initiative for `rolling` (listed order) and writes the Battle order, highest
 * first, into `order` (overwritten, cut to length).
 */
export function rollInitiative(ctx: Context, rolling: readonly Fighter[], order: Fighter[]): void {
  const { roller } = ctx;
  const n = rolling.length;
  for (let k = 0; k < n; k++) {
    const f = rolling[k] as Fighter;
    f.die1 = roller.die(INITIATIVE_FACES);
    f.die2 = roller.die(INITIATIVE_FACES);
    f.score = f.die1 + f.die2 + f.arms.initiative;
    if (f.tieBreaks.length !== 0) f.tieBreaks.length = 0;
  }
  countScores(rolling);
  for (let pass = 0; pass < MAX_ROLL_OFFS; pass++) {
    // Who is tied is decided before anyone rolls off (the plan rolls for all of them at once).
    let count = 0;
    for (let k = 0; k < n; k++) {
      const f = rolling[k] as Fighter;
      f.tied = false;
      // Only a fighter with the same score can be tied with it: most are not, and are passed by
      // once the scores are counted.
      if (pass === 0 && scoreCount(f.score) < 2) continue;
      for (let m = 0; m < n; m++) {
        if (m !== k && tied(f, rolling[m] as Fighter)) {
          f.tied = true;
          count++;
          break;
        }
      }
    }
    if (count === 0) break;
    for (let k = 0; k < n; k++) {
      const f = rolling[k] as Fighter;
      if (f.tied) f.tieBreaks.push(roller.die(INITIATIVE_TIE_DIE));
    }
  }
  if (order.length !== n) order.length = n;
  // Insertion sort: a handful of fighters, and no comparator call through the builtin's sort.
  for (let k = 0; k < n; k++) {
    const f = rolling[k] as Fighter;
    let m = k;
    while (m > 0 && compareRolled(order[m - 1] as Fighter, f) > 0) {
      order[m] = order[m - 1] as Fighter;
      m--;
    }
    order[m] = f;
  }
}
