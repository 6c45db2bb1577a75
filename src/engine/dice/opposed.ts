import { sumDistribution, type Modifier } from "./check";
import { rollDice, runSync, type RollPlan } from "./plan";
import type { DiceRoller } from "./roller";

/**
 * Opposed checks: each side rolls its dice and adds its modifiers; the higher total wins and a tie
 * is rolled again by both. Also one side against several (a single roll compared with each), as
 * shock's grapple break-free and screening need. Neutral: any dice, any modifiers. Each check is a
 * roll plan (`plan.ts`), so Foundry rolls the same steps as the core roller.
 * Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally, §Grappling, §Shoving; RULINGS.md §shock
 * Opposed checks, Grappling, Screen.
 */

/** One side of an opposed check: who, its dice (e.g. 2d6) and its modifiers by source. */
export interface OpposedSide {
  readonly id: string;
  readonly dice: number;
  readonly faces: number;
  readonly modifiers: readonly Modifier[];
}

/** One side's roll: every die, their sum (the natural) and the total with modifiers. */
export interface OpposedRoll {
  readonly dice: readonly number[];
  readonly natural: number;
  readonly total: number;
}

/** The rolls of a pair until one side won: every roll, the last one decisive. */
export interface OpposedResult {
  readonly rolls: readonly { readonly a: OpposedRoll; readonly b: OpposedRoll }[];
  readonly winner: "a" | "b";
}

/** The sum of a side's modifiers. */
export function modifierOf(side: OpposedSide): number {
  let m = 0;
  for (const t of side.modifiers) m += t.value;
  return m;
}

/** A side's roll from its dice (as rolled by Foundry or a core roller). */
export function opposedRoll(side: OpposedSide, dice: readonly number[]): OpposedRoll {
  if (dice.length !== side.dice) {
    throw new RangeError(`${side.id}: expected ${side.dice} dice, got ${dice.length}`);
  }
  let natural = 0;
  for (const d of dice) natural += d;
  return { dice, natural, total: natural + modifierOf(side) };
}

/** One step: the side rolls its dice (the request labelled with its id). */
function* sideRoll(side: OpposedSide): RollPlan<OpposedRoll> {
  return opposedRoll(side, yield* rollDice(side.dice, side.faces, side.id));
}

/** Which total wins: `a`, `b`, or `tie` (then both roll again). */
export function compareTotals(a: number, b: number): "a" | "b" | "tie" {
  return a > b ? "a" : b > a ? "b" : "tie";
}

/** Re-rolls allowed before a run of ties is reported as an error (it never happens with dice). */
export const MAX_TIE_ROLLS = 1000;

/**
 * Both sides' rolls of one round, `a`'s then `b`'s. `together` (and the same faces): one request
 * of both sides' dice, labelled `b.id`, `a`'s first: the same dice in the same order as two
 * requests, asked as one roll (Foundry shows a screen's round as one `Roll`).
 */
function* roundRoll(
  a: OpposedSide, b: OpposedSide, together: boolean,
): RollPlan<{ a: OpposedRoll; b: OpposedRoll }> {
  if (!together || a.faces !== b.faces) return { a: yield* sideRoll(a), b: yield* sideRoll(b) };
  const dice = yield* rollDice(a.dice + b.dice, a.faces, b.id);
  return { a: opposedRoll(a, dice.slice(0, a.dice)), b: opposedRoll(b, dice.slice(a.dice)) };
}

/**
 * The plan of `a` against `b`: `a` rolls its dice, then `b`; on a tie both again, until one wins.
 * Requests: `a.dice`d`a.faces` labelled `a.id`, then `b`'s, per round; with `together`, one
 * request per round of both sides' dice (`roundRoll`): the same dice, fewer rolls.
 * @throws Error after {@link MAX_TIE_ROLLS} ties in a row (only a broken roller does this).
 */
export function* opposedPlan(
  a: OpposedSide, b: OpposedSide, together = false,
): RollPlan<OpposedResult> {
  const rolls: { a: OpposedRoll; b: OpposedRoll }[] = [];
  for (let i = 0; i < MAX_TIE_ROLLS; i++) {
    const pair = yield* roundRoll(a, b, together);
    rolls.push(pair);
    const won = compareTotals(pair.a.total, pair.b.total);
    if (won !== "tie") return { rolls, winner: won };
  }
  throw new Error(`opposed check ${a.id} vs ${b.id}: ${MAX_TIE_ROLLS} ties in a row`);
}

/** Rolls {@link opposedPlan} with a core roller. */
export function rollOpposed(a: OpposedSide, b: OpposedSide, roller: DiceRoller): OpposedResult {
  return runSync(opposedPlan(a, b), roller);
}

/**
 * The exact chance that `a` wins, ties re-rolled: P(a > b) / P(a ≠ b), as the integer counts
 * `wins` of `decisive` outcomes of one roll each.
 * @throws RangeError when a tie is certain (no outcome decides).
 */
export function opposedOdds(a: OpposedSide, b: OpposedSide): { wins: number; decisive: number } {
  const da = sumDistribution(a.dice, a.faces);
  const db = sumDistribution(b.dice, b.faces);
  const ma = modifierOf(a);
  const mb = modifierOf(b);
  let wins = 0;
  let decisive = 0;
  da.counts.forEach((ca, na) => {
    if (!ca) return;
    db.counts.forEach((cb, nb) => {
      if (!cb) return;
      const won = compareTotals(na + ma, nb + mb);
      if (won === "tie") return;
      decisive += ca * cb;
      if (won === "a") wins += ca * cb;
    });
  });
  if (!decisive) throw new RangeError(`opposed check ${a.id} vs ${b.id} can only tie`);
  return { wins, decisive };
}

/** One opponent's part of a one-against-many check. */
export interface PairResult {
  readonly id: string;
  /** The single side's roll and this opponent's, each time they were compared (ties re-rolled). */
  readonly rolls: readonly { readonly single: OpposedRoll; readonly other: OpposedRoll }[];
  /** Whether the single side beat this opponent. */
  readonly singleWins: boolean;
  /** The opponent's decisive total (its last roll). */
  readonly otherTotal: number;
}

export interface OneAgainstMany {
  /** The single side's one roll, compared with every opponent's first roll. */
  readonly single: OpposedRoll;
  readonly pairs: readonly PairResult[];
}

/**
 * The plan of one side rolling once against each of several opponents, each rolling its own check
 * (§Grappling: "the defender's single skill check is compared against all of their foes"; §Screen
 * an Ally: one attacker's check against every screener). Ruling on the text's silence about ties
 * here: a tie re-rolls that pair only (both sides roll again and the new single roll counts for
 * that pair alone), so the single roll still decides every other pair.
 * Requests: the single side's dice, then per opponent in order its dice, and on a tie the single
 * side's and that opponent's again until the pair is decided; with `together`, the single side's
 * dice are asked with the opponent's that always follow (the first one's, a tied pair's) as one
 * request (`roundRoll`): the same dice in the same order.
 * @throws Error after {@link MAX_TIE_ROLLS} ties in a row for one pair.
 */
export function* oneAgainstManyPlan(
  single: OpposedSide, others: readonly OpposedSide[], together = false,
): RollPlan<OneAgainstMany> {
  if (!others.length) return { single: yield* sideRoll(single), pairs: [] };
  // The single side's roll is always followed by the first opponent's: one round, as a tie's.
  const opening = yield* roundRoll(single, others[0]!, together);
  const pairs: PairResult[] = [];
  for (let k = 0; k < others.length; k++) {
    pairs.push(yield* pairPlan(single, opening.a, others[k]!, k ? null : opening.b, together));
  }
  return { single: opening.a, pairs };
}

/**
 * One opponent's pair: its roll (`rolled`, when the opening round already made it) against the
 * single side's first, then both again on each tie.
 */
function* pairPlan(
  single: OpposedSide, first: OpposedRoll, other: OpposedSide, rolled: OpposedRoll | null,
  together: boolean,
): RollPlan<PairResult> {
  const rolls: { single: OpposedRoll; other: OpposedRoll }[] = [];
  let mine = first;
  let theirs = rolled ?? (yield* sideRoll(other));
  for (let i = 0; i < MAX_TIE_ROLLS; i++) {
    rolls.push({ single: mine, other: theirs });
    const won = compareTotals(mine.total, theirs.total);
    if (won !== "tie")
      return { id: other.id, rolls, singleWins: won === "a", otherTotal: theirs.total };
    ({ a: mine, b: theirs } = yield* roundRoll(single, other, together));
  }
  throw new Error(`opposed check ${single.id} vs ${other.id}: ${MAX_TIE_ROLLS} ties in a row`);
}

/** Rolls {@link oneAgainstManyPlan} with a core roller. */
export function rollOneAgainstMany(
  single: OpposedSide, others: readonly OpposedSide[], roller: DiceRoller,
): OneAgainstMany {
  return runSync(oneAgainstManyPlan(single, others), roller);
}

/**
 * Of the opponents who beat the single side, the one with the lowest decisive total (the first
 * listed on equal totals), or null when none did. Shock's screen: the attack goes to "the
 * worst-rolling successful defender" (§Screen an Ally).
 */
export function worstWinner(result: OneAgainstMany): PairResult | null {
  let worst: PairResult | null = null;
  for (const p of result.pairs) {
    if (p.singleWins) continue;
    if (!worst || p.otherTotal < worst.otherTotal) worst = p;
  }
  return worst;
}
