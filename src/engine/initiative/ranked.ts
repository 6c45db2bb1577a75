import { rollDice, runSync, type RollPlan } from "../dice/plan";
import type { DiceRoller } from "../dice/roller";

/**
 * Ranked initiative: combatants act in descending order of a score, ties broken by roll-offs.
 * - `wounds`: the score is the Agility modifier; ties broken once by a d20 roll-off; a combatant
 *   that started the fight goes last. `001_dbc5fcc02a99a518.txt` §Initiative/Initiating;
 *   RULINGS.md §wounds Initiative.
 * - `action-points`: 1d10 + Agility modifier; ties re-roll among the tied; fixed for the encounter.
 *   `004_2cc57162401858c9.txt` §Initiative; RULINGS.md §action-points Initiative.
 * - `phases`: 2d6 + INT + AGI rolled every round; ties roll d6 until broken.
 *   `003_d18720f6cd315cc2.txt` §Initiative Phase; RULINGS.md §phases Initiative phase.
 * All three break ties the same way: the tied roll a die, the higher acts first, and those still
 * tied roll again among themselves. Each roll is a roll plan (`dice/plan.ts`), so Foundry rolls the
 * same steps as the core roller; a scheme re-rolled each round runs a fresh plan per round
 * ({@link roundOrderPlan}).
 */
export const REROLL_POLICIES = ["never", "eachRound"] as const;
export type RerollPolicy = (typeof REROLL_POLICIES)[number];

/** A combatant to rank by a known score. */
export interface RankEntry {
  readonly id: string;
  readonly score: number;
  /** Goes after every unflagged combatant (wounds: it started the fight). */
  readonly last?: boolean;
}

/** A combatant's place: its score, the dice that made it (if rolled) and its roll-off dice. */
export interface RankedEntry {
  readonly id: string;
  readonly score: number;
  readonly last: boolean;
  /** The initiative dice (empty when the score was given, as wounds' Agility modifier). */
  readonly dice: readonly number[];
  /** Roll-off dice in the order rolled; higher first acts first. Empty when not tied. */
  readonly tiebreaks: readonly number[];
}

/** How a rolled initiative is made: `count`d`faces` + modifier, ties rolled off on a d`tieDie`. */
export interface InitiativeRoll {
  readonly count: number;
  readonly faces: number;
  readonly tieDie: number;
  /**
   * Whether each roll-off adds the combatant's modifier: action-points' "ties re-roll among the
   * tied" read as re-rolling 1d10 + Agility (with `tieDie` 10). Phases' "roll a d6" adds nothing.
   */
  readonly tieAddsModifier?: boolean;
}

/** A combatant to roll for: its modifier (wounds/action-points: Agility; phases: INT + AGI). */
export interface RollEntry {
  readonly id: string;
  readonly modifier: number;
  readonly last?: boolean;
}

/** Roll-offs after which remaining ties keep id order (only a rigged roller gets there). */
export const MAX_ROLL_OFFS = 50;

/**
 * Turn order of two ranked entries, negative when `a` acts first: unflagged before `last`, higher
 * score first, then the roll-offs compared in order (higher first), then id so the order is total.
 */
export function compareRanked(a: RankedEntry, b: RankedEntry): number {
  if (a.last !== b.last) return a.last ? 1 : -1;
  if (a.score !== b.score) return b.score - a.score;
  const n = Math.min(a.tiebreaks.length, b.tiebreaks.length);
  for (let i = 0; i < n; i++) {
    const d = (b.tiebreaks[i] as number) - (a.tiebreaks[i] as number);
    if (d !== 0) return d;
  }
  if (a.tiebreaks.length !== b.tiebreaks.length) return b.tiebreaks.length - a.tiebreaks.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function tiedKey(e: RankedEntry): string {
  return `${e.last ? 1 : 0}|${e.score}|${e.tiebreaks.join(",")}`;
}

/** The label of roll-off requests (`dice/plan.ts` `DiceRequest.label`). */
export const ROLL_OFF = "roll-off";

function checkRollOffs(entries: readonly { readonly id: string }[], tieDie: number): void {
  if (!Number.isInteger(tieDie) || tieDie < 2) {
    throw new RangeError(`a roll-off die needs 2+ faces, got ${tieDie}`);
  }
  if (new Set(entries.map((e) => e.id)).size !== entries.length)
    throw new RangeError("initiative entries must have distinct ids");
}

/**
 * The plan that breaks every tie among `entries` by roll-offs on a d`tieDie`: each round, every
 * entry in a group with the same flag, score and earlier roll-offs rolls one die (one request for
 * all of them, labelled {@link ROLL_OFF}, in the given order), and those still tied roll again, at
 * most {@link MAX_ROLL_OFFS} rounds. `bonus` is added to each roll-off (default 0).
 * @returns the entries in turn order.
 * @throws RangeError when `tieDie` is under 2 or ids repeat (at once).
 */
export function breakTiesPlan(
  entries: readonly RankedEntry[], tieDie: number,
  bonus: (id: string) => number = () => 0,
): RollPlan<RankedEntry[]> {
  checkRollOffs(entries, tieDie);
  return (function* () {
    let current = entries.slice();
    for (let round = 0; round < MAX_ROLL_OFFS; round++) {
      const groups = new Map<string, number>();
      for (const e of current) groups.set(tiedKey(e), (groups.get(tiedKey(e)) ?? 0) + 1);
      const tied = (e: RankedEntry) => (groups.get(tiedKey(e)) ?? 0) > 1;
      const count = current.filter(tied).length;
      if (!count) break;
      const dice = yield* rollDice(count, tieDie, ROLL_OFF);
      let next = 0;
      current = current.map((e) => {
        if (!tied(e)) return e;
        return { ...e, tiebreaks: [...e.tiebreaks, (dice[next++] as number) + bonus(e.id)] };
      });
    }
    return current.sort(compareRanked);
  })();
}

/** Breaks every tie with a core roller: {@link breakTiesPlan} run by `runSync`. */
export function breakTies(
  entries: readonly RankedEntry[], tieDie: number, roller: DiceRoller,
  bonus: (id: string) => number = () => 0,
): RankedEntry[] {
  return runSync(breakTiesPlan(entries, tieDie, bonus), roller);
}

/**
 * The plan that ranks combatants by a known score (wounds: the Agility modifier), ties rolled off
 * on a d`tieDie`. @returns the turn order, first to act first.
 * @throws RangeError as {@link breakTiesPlan}.
 */
export function rankByScorePlan(
  entries: readonly RankEntry[], tieDie: number,
): RollPlan<RankedEntry[]> {
  const ranked = entries.map((e) => ({
    id: e.id, score: e.score, last: e.last === true, dice: [], tiebreaks: [],
  }));
  return breakTiesPlan(ranked, tieDie);
}

/** {@link rankByScorePlan} with a core roller. */
export function rankByScore(
  entries: readonly RankEntry[], tieDie: number, roller: DiceRoller,
): RankedEntry[] {
  return runSync(rankByScorePlan(entries, tieDie), roller);
}

/**
 * The plan of an initiative roll: `count`d`faces` + modifier for every combatant in the given
 * order (one request each, labelled with its id), then the roll-offs of {@link breakTiesPlan}
 * (action-points: 1d10, ties on d10 with the modifier; phases: 2d6, ties on d6).
 * @returns the turn order, first to act first.
 * @throws RangeError when the roll is not `count` ≥ 1 dice of `faces` ≥ 1, or as
 *   {@link breakTiesPlan} (at once).
 */
export function rollInitiativePlan(
  entries: readonly RollEntry[], spec: InitiativeRoll,
): RollPlan<RankedEntry[]> {
  if (
    !Number.isInteger(spec.count)
    || spec.count < 1
    || !Number.isInteger(spec.faces)
    || spec.faces < 1
  ) {
    throw new RangeError(`invalid initiative roll ${spec.count}d${spec.faces}`);
  }
  const modifiers = new Map(entries.map((e) => [e.id, e.modifier]));
  const bonus = spec.tieAddsModifier === true ? (id: string) => modifiers.get(id) ?? 0 : () => 0;
  checkRollOffs(entries, spec.tieDie);
  return (function* () {
    const rolled: RankedEntry[] = [];
    for (const e of entries) {
      const dice = yield* rollDice(spec.count, spec.faces, e.id);
      const score = dice.reduce((s, d) => s + d, e.modifier);
      rolled.push({ id: e.id, score, last: e.last === true, dice, tiebreaks: [] });
    }
    return yield* breakTiesPlan(rolled, spec.tieDie, bonus);
  })();
}

/** {@link rollInitiativePlan} with a core roller. */
export function rollInitiative(
  entries: readonly RollEntry[], spec: InitiativeRoll, roller: DiceRoller,
): RankedEntry[] {
  return runSync(rollInitiativePlan(entries, spec), roller);
}

/**
 * The plan of a round's order: a `never` policy keeps the previous order once there is one (no
 * request); `eachRound` rolls afresh (phases), so a tracker runs one such plan per round.
 * Source: RULINGS.md §action-points Initiative ("fixed for the encounter"), §phases Initiative
 * phase ("each round").
 * @throws RangeError as {@link rollInitiativePlan}, when it rolls.
 */
export function roundOrderPlan(
  policy: RerollPolicy, previous: readonly RankedEntry[] | null, entries: readonly RollEntry[],
  spec: InitiativeRoll,
): RollPlan<RankedEntry[]> {
  if (policy === "never" && previous !== null) {
    const kept = previous.slice();
    return (function* (): RollPlan<RankedEntry[]> {
      return kept;
    })();
  }
  return rollInitiativePlan(entries, spec);
}

/** {@link roundOrderPlan} with a core roller. */
export function orderForRound(
  policy: RerollPolicy, previous: readonly RankedEntry[] | null, entries: readonly RollEntry[],
  spec: InitiativeRoll, roller: DiceRoller,
): RankedEntry[] {
  return runSync(roundOrderPlan(policy, previous, entries, spec), roller);
}

/**
 * Adds newcomers (already ranked among themselves) to an order already set, which is never rolled
 * again: a newcomer goes after every member of the order it does not beat by flag or score, so it
 * follows those it ties with. Source: RULINGS.md §wounds Wounds stack ("not an initiative order
 * already set"); the texts are silent on joiners.
 * @throws RangeError when a newcomer's id is already in the order.
 */
export function joinOrder(
  order: readonly RankedEntry[],
  newcomers: readonly RankedEntry[],
): RankedEntry[] {
  const result = order.slice();
  for (const n of newcomers) {
    if (result.some((e) => e.id === n.id)) throw new RangeError(`${n.id} is already in the order`);
    const beats = (e: RankedEntry): boolean => (n.last !== e.last ? e.last : n.score > e.score);
    const at = result.findIndex(beats);
    result.splice(at < 0 ? result.length : at, 0, n);
  }
  return result;
}
