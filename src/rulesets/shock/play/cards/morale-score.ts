import { groupMorale, type MoraleMember, type MoraleScoreSource } from "../../rules/morale";

/**
 * The Morale scores a GM set on NPC groups in a combat, pure: kept in the Combat's
 * `flags.fray.moraleScores` as a list of `{group, score}` (a list, not an object keyed by group,
 * since a group's name may hold the dots Foundry reads as paths in an update), read defensively,
 * and the group's one score as the rules give it (`groupMorale`: the GM's, by default the highest
 * Morale among its members still in the fight). Source: RULINGS.md §shock Morale; the text's
 * `002_5e27cdf788b28f5f.txt` §Morale leaves the score to the GM.
 */
export interface SetMorale {
  readonly group: string;
  readonly score: number;
}

/** A score a GM may set: a whole number from 2 to 12, as an NPC's own Morale. */
export const MORALE_SCORE_MIN = 2;
export const MORALE_SCORE_MAX = 12;

const isScore = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= MORALE_SCORE_MIN && (v as number) <= MORALE_SCORE_MAX;

/** The set scores a Combat flag holds; entries that are not a group and a score are left out. */
export function setScoresOf(flag: unknown): SetMorale[] {
  if (!Array.isArray(flag)) return [];
  const out: SetMorale[] = [];
  for (const e of flag as unknown[]) {
    if (typeof e !== "object" || e === null) continue;
    const { group, score } = e as Record<string, unknown>;
    if (typeof group === "string" && isScore(score) && !out.some((o) => o.group === group))
      out.push({ group, score });
  }
  return out;
}

/** The score set on `group`, or null when its GM set none. */
export function setScoreOf(flag: unknown, group: string): number | null {
  return setScoresOf(flag).find((e) => e.group === group)?.score ?? null;
}

/**
 * The flag's new list with `group`'s score set (or, with null, cleared back to the default); the
 * other groups' scores are kept.
 * @throws RangeError when `score` is not a whole number from 2 to 12.
 */
export function withSetScore(flag: unknown, group: string, score: number | null): SetMorale[] {
  if (score !== null && !isScore(score))
    throw new RangeError(`a group's Morale is a whole number from 2 to 12, got ${score}`);
  const others = setScoresOf(flag).filter((e) => e.group !== group);
  return score === null ? others : [...others, { group, score }];
}

/**
 * Reads the score a GM typed: blank is "no score of my own" (null: the default), else a whole
 * number from 2 to 12; anything else is `invalid`.
 */
export function parseSetScore(value: unknown): number | null | "invalid" {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  const n = Number(text);
  return isScore(n) ? n : "invalid";
}

/** The group's one score now: the GM's, else its highest still in the fight; null: none left. */
export function groupScoreNow(
  members: readonly MoraleMember[], flag: unknown, group: string,
): { score: number; source: MoraleScoreSource } | null {
  return groupMorale(members, setScoreOf(flag, group));
}
