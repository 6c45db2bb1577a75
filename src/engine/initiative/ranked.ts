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
 * tied roll again among themselves.
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

/**
 * Breaks every tie among `entries` by roll-offs on a d`tieDie`: each group of entries with the same
 * flag, score and earlier roll-offs rolls one die each (in the given order), and those still tied
 * roll again, at most {@link MAX_ROLL_OFFS} times. `bonus` is added to each roll-off (default 0).
 * @returns the entries in turn order.
 */
export function breakTies(
  entries: readonly RankedEntry[], tieDie: number, roller: DiceRoller,
  bonus: (id: string) => number = () => 0,
): RankedEntry[] {
  if (!Number.isInteger(tieDie) || tieDie < 2) {
    throw new RangeError(`a roll-off die needs 2+ faces, got ${tieDie}`);
  }
  const ids = new Set(entries.map((e) => e.id));
  if (ids.size !== entries.length)
    throw new RangeError("initiative entries must have distinct ids");
  let current = entries.slice();
  for (let round = 0; round < MAX_ROLL_OFFS; round++) {
    const groups = new Map<string, number>();
    for (const e of current) groups.set(tiedKey(e), (groups.get(tiedKey(e)) ?? 0) + 1);
    if (![...groups.values()].some((n) => n > 1)) break;
    current = current.map((e) => {
      const tied = (groups.get(tiedKey(e)) ?? 0) > 1;
      return tied ? { ...e, tiebreaks: [...e.tiebreaks, roller.die(tieDie) + bonus(e.id)] } : e;
    });
  }
  return current.sort(compareRanked);
}

/**
 * Ranks combatants by a known score (wounds: the Agility modifier), ties rolled off once.
 * @returns the turn order, first to act first.
 */
export function rankByScore(
  entries: readonly RankEntry[], tieDie: number, roller: DiceRoller,
): RankedEntry[] {
  const ranked = entries.map((e) => ({
    id: e.id, score: e.score, last: e.last === true, dice: [], tiebreaks: [],
  }));
  return breakTies(ranked, tieDie, roller);
}

/**
 * Rolls initiative (`count`d`faces` + modifier) for every combatant in the given order, then
 * breaks ties (action-points: 1d10, ties on d10; phases: 2d6, ties on d6).
 * @returns the turn order, first to act first.
 */
export function rollInitiative(
  entries: readonly RollEntry[], spec: InitiativeRoll, roller: DiceRoller,
): RankedEntry[] {
  if (
    !Number.isInteger(spec.count)
    || spec.count < 1
    || !Number.isInteger(spec.faces)
    || spec.faces < 1
  ) {
    throw new RangeError(`invalid initiative roll ${spec.count}d${spec.faces}`);
  }
  const rolled = entries.map((e): RankedEntry => {
    const dice = Array.from({ length: spec.count }, () => roller.die(spec.faces));
    const score = dice.reduce((s, d) => s + d, e.modifier);
    return { id: e.id, score, last: e.last === true, dice, tiebreaks: [] };
  });
  const modifiers = new Map(entries.map((e) => [e.id, e.modifier]));
  const bonus = spec.tieAddsModifier === true ? (id: string) => modifiers.get(id) ?? 0 : () => 0;
  return breakTies(rolled, spec.tieDie, roller, bonus);
}

/**
 * The order for a round: a `never` policy keeps the previous order once there is one; `eachRound`
 * rolls afresh (phases). Source: RULINGS.md §action-points Initiative ("fixed for the encounter"),
 * §phases Initiative phase ("each round").
 */
export function orderForRound(
  policy: RerollPolicy, previous: readonly RankedEntry[] | null, entries: readonly RollEntry[],
  spec: InitiativeRoll, roller: DiceRoller,
): RankedEntry[] {
  if (policy === "never" && previous !== null) return previous.slice();
  return rollInitiative(entries, spec, roller);
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
