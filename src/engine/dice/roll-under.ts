import type { DiceRoller } from "./roller";

/**
 * d100 roll-under checks with success levels, as `action-points` rolls every skill check.
 * Source: `004_2cc57162401858c9.txt` §Dodge/Parry, §Parrying Large Creatures; RULINGS.md
 * §action-points Checks, Opposed.
 *
 * Levels from worst to best; the rank of a level is its index, so "higher level wins" compares
 * ranks.
 */
export const SUCCESS_LEVELS = [
  "criticalFailure",
  "failure",
  "normal",
  "hard",
  "major",
  "critical",
] as const;
export type SuccessLevel = (typeof SUCCESS_LEVELS)[number];

/** The edge of a roll-under check: one d100, or two keeping the better or the worse. */
export const ROLL_UNDER_EDGES = ["none", "advantage", "disadvantage"] as const;
export type RollUnderEdge = (typeof ROLL_UNDER_EDGES)[number];

/**
 * 96 and above always fail; 100 is a critical failure. Source: RULINGS.md §action-points Checks.
 */
export const ALWAYS_FAILS = 96;
export const CRITICAL_FAILURE = 100;

/**
 * The rank of a level: 0 (critical failure) … 5 (critical); −1 for what is no level: its index
 * in {@link SUCCESS_LEVELS} (`test/engine/roll-under.test.ts`), read by a switch. A runner
 * ranks levels at every attack and reaction, and `indexOf` called a builtin to compare them one
 * by one.
 */
export function levelRank(level: SuccessLevel): number {
  switch (level) {
    case "criticalFailure":
      return 0;
    case "failure":
      return 1;
    case "normal":
      return 2;
    case "hard":
      return 3;
    case "major":
      return 4;
    case "critical":
      return 5;
    default:
      return -1;
  }
}

/** Whether a level is a success (normal or better). */
export function isSuccess(level: SuccessLevel): boolean {
  return level === "normal" || level === "hard" || level === "major" || level === "critical";
}

/**
 * The highest roll that reaches each success level for a skill (percent). Fractions round down;
 * the critical threshold is at least 1, so a 01 is a Critical whatever the skill (the text's "at
 * least 01" read literally; 96+ still always fails).
 */
export function levelThresholds(
  skill: number,
): Readonly<Record<"critical" | "major" | "hard" | "normal", number>> {
  checkSkill(skill);
  return {
    critical: Math.max(1, Math.floor(skill / 10)),
    major: Math.floor(skill / 5),
    hard: Math.floor(skill / 2),
    normal: Math.floor(skill),
  };
}

/**
 * The success level of one d100 roll (1..100) against a skill: Critical ≤ skill/10 (at least 01),
 * Major ≤ skill/5, Hard ≤ skill/2, Normal ≤ skill, else Failure; 96–99 always fail and 100
 * is a critical failure. Source: RULINGS.md §action-points Checks.
 * @throws RangeError when `roll` is not an integer in 1..100.
 */
export function successLevel(roll: number, skill: number): SuccessLevel {
  checkD100(roll);
  if (roll === CRITICAL_FAILURE) return "criticalFailure";
  if (roll >= ALWAYS_FAILS) return "failure";
  checkSkill(skill);
  // `levelThresholds`, compared one by one without making its record (asked at every check).
  if (roll <= Math.max(1, Math.floor(skill / 10))) return "critical";
  if (roll <= Math.floor(skill / 5)) return "major";
  if (roll <= Math.floor(skill / 2)) return "hard";
  if (roll <= Math.floor(skill)) return "normal";
  return "failure";
}

function checkD100(roll: number): void {
  if (!Number.isInteger(roll) || roll < 1 || roll > 100) {
    throw new RangeError(`a d100 shows 1..100, got ${roll}`);
  }
}

function checkSkill(skill: number): void {
  if (!Number.isFinite(skill)) throw new RangeError(`skill must be a finite number, got ${skill}`);
}

/**
 * The edge a net edge gives a roll-under check: any Advantage rolls two and keeps the better, any
 * Disadvantage the worse (the text gives no steps beyond one). Source: RULINGS.md §action-points
 * Checks ("Advantage: roll two d100 and keep the better; Disadvantage the worse").
 */
export function rollUnderEdge(netEdge: number): RollUnderEdge {
  if (netEdge > 0) return "advantage";
  return netEdge < 0 ? "disadvantage" : "none";
}

/**
 * The Foundry formula: `1d100`, `2d100kl` (Advantage: the lower roll is the better one) or
 * `2d100kh`. Foundry's `Die#keep` (client/dice/terms/die.mjs) reads `kl`/`kh` without a count as 1.
 */
export function rollUnderFormula(edge: RollUnderEdge): string {
  if (edge === "none") return "1d100";
  return edge === "advantage" ? "2d100kl" : "2d100kh";
}

/** A rolled roll-under check: the dice, the kept roll and its level. */
export interface RollUnderResult {
  readonly dice: readonly number[];
  readonly roll: number;
  readonly level: SuccessLevel;
}

/**
 * Interprets the dice of a check. A lower roll never has a worse level (the levels fall as the roll
 * rises), so keeping the better of two is keeping the lower roll.
 * @param dice one d100 (no edge) or two (Advantage, Disadvantage), each 1..100.
 * @throws RangeError on a wrong number of dice or a value outside 1..100.
 */
export function interpretRollUnder(
  skill: number, edge: RollUnderEdge, dice: readonly number[],
): RollUnderResult {
  const expected = edge === "none" ? 1 : 2;
  if (dice.length !== expected)
    throw new RangeError(`expected ${expected} d100, got ${dice.length}`);
  // Each die checked as `successLevel` checks it (the skill too, for a die it would read it for),
  // in order, then only the kept one read: the same errors, and no level made to be dropped.
  let roll = dice[0] as number;
  for (let k = 0; k < dice.length; k++) {
    const d = dice[k] as number;
    checkD100(d);
    if (d < ALWAYS_FAILS) checkSkill(skill);
    if (edge === "disadvantage" ? d > roll : d < roll) roll = d;
  }
  return { dice, roll, level: successLevel(roll, skill) };
}

/** Rolls a check with a core roller (Node only; Foundry rolls {@link rollUnderFormula}). */
export function rollUnder(skill: number, edge: RollUnderEdge, roller: DiceRoller): RollUnderResult {
  const dice = edge === "none" ? [roller.die(100)] : [roller.die(100), roller.die(100)];
  return interpretRollUnder(skill, edge, dice);
}

/**
 * Exact odds of each level: `counts[level]` of `total` equally likely outcomes (100 without edge,
 * 10 000 with). Source: RULINGS.md §action-points Checks.
 */
export function levelDistribution(
  skill: number, edge: RollUnderEdge,
): { counts: Record<SuccessLevel, number>; total: number } {
  // P(kept roll = r): one die 1/100; better of two (min) (201 − 2r)/10 000;
  // worse (max) (2r − 1)/10 000.
  const counts = Object.fromEntries(SUCCESS_LEVELS.map((l) => [l, 0])) as Record<
    SuccessLevel,
    number
  >;
  for (let r = 1; r <= 100; r++) {
    const ways = edge === "none" ? 1 : edge === "advantage" ? 201 - 2 * r : 2 * r - 1;
    counts[successLevel(r, skill)] += ways;
  }
  return { counts, total: edge === "none" ? 100 : 10_000 };
}

/** The outcome of an opposed check by success level. */
export interface OpposedOutcome {
  readonly winner: "active" | "defender";
  /** The active side's level as rolled: what its effects (damage) are read from. */
  readonly activeLevel: SuccessLevel;
  /** The rank the comparison used (rolled rank plus the shift; may pass the top rank). */
  readonly activeRank: number;
  readonly defenderRank: number;
}

/**
 * An opposed check: the higher level wins and the defender must win, so a tie goes to the active
 * side. `activeShift` raises the active side's rank for the comparison only (a larger attacker
 * against a smaller parry: +1), uncapped, so a shifted Critical beats a Critical. The rolled level
 * stays what effects read: "the Large creature's attack hits, but deals damage as a Normal
 * Success". Source: `004_2cc57162401858c9.txt` §Dodge/Parry, §Parrying Large Creatures;
 * RULINGS.md §action-points Opposed.
 */
export function opposedByLevel(
  active: SuccessLevel, defender: SuccessLevel, activeShift = 0,
): OpposedOutcome {
  if (!Number.isInteger(activeShift))
    throw new RangeError(`shift must be an integer, got ${activeShift}`);
  const activeRank = levelRank(active) + activeShift;
  const defenderRank = levelRank(defender);
  const winner = defenderRank > activeRank ? "defender" : "active";
  return { winner, activeLevel: active, activeRank, defenderRank };
}

/**
 * The shift and permission of a parry by size ranks (any ordered scale, e.g. Small 0, Medium 1,
 * Large 2, Huge 3): an attacker one size larger counts one level higher; more than one size larger
 * cannot be parried (null). Source: `004_2cc57162401858c9.txt` §Parrying Large Creatures.
 */
export function parrySizeShift(attackerSize: number, defenderSize: number): number | null {
  const diff = attackerSize - defenderSize;
  if (diff > 1) return null;
  return diff === 1 ? 1 : 0;
}

/**
 * Exact odds that the defender wins an opposed check, over the two level distributions: `defender`
 * of `total` equally likely joint outcomes. Source: as {@link opposedByLevel}.
 */
export function opposedOdds(
  active: { skill: number; edge: RollUnderEdge },
  defender: { skill: number; edge: RollUnderEdge },
  activeShift = 0,
): { defender: number; total: number } {
  const a = levelDistribution(active.skill, active.edge);
  const d = levelDistribution(defender.skill, defender.edge);
  let wins = 0;
  for (const la of SUCCESS_LEVELS) {
    for (const ld of SUCCESS_LEVELS) {
      if (opposedByLevel(la, ld, activeShift).winner === "defender")
        wins += a.counts[la] * d.counts[ld];
    }
  }
  return { defender: wins, total: a.total * d.total };
}
