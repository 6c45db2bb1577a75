import { CONDITION_IDS, type ConditionId } from "./constants";

/**
 * The conditions a `phases` power may inflict and what each does. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase Notes (Slowed); RULINGS.md §phases Conditions:
 * - Slowed: as the text, the moment its bearer is Slowed during a movement it loses the rest of
 *   its squares and its turn ends (`movement.ts`);
 * - Dazed: its attacks have 1 Disadvantage;
 * - Exposed: attacks against it have 1 Advantage;
 * - Immobilised: it cannot move at all.
 * Each ends on an End-phase save unless its power says "until the end of the round"
 * (`durations.ts`, `saves.ts`).
 */
export interface ConditionRule {
  /** Edge it gives its bearer's own attacks. */
  readonly ownAttacks: number;
  /** Edge it gives attacks against its bearer. */
  readonly attacksAgainst: number;
  /** What it does to its bearer's movement: nothing, stops it where it stands, or forbids it. */
  readonly movement: "free" | "stops" | "none";
}

export const CONDITION_RULES: Readonly<Record<ConditionId, ConditionRule>> = {
  slowed: { ownAttacks: 0, attacksAgainst: 0, movement: "stops" },
  dazed: { ownAttacks: -1, attacksAgainst: 0, movement: "free" },
  exposed: { ownAttacks: 0, attacksAgainst: 1, movement: "free" },
  immobilised: { ownAttacks: 0, attacksAgainst: 0, movement: "none" },
};

/** Whether `id` names one of the conditions (for data read from flags or requests). */
export function isCondition(id: unknown): id is ConditionId {
  return typeof id === "string" && (CONDITION_IDS as readonly string[]).includes(id);
}

/**
 * The distinct conditions of a list, in {@link CONDITION_IDS} order: two Dazed effects are one
 * Dazed condition, so it gives its edge once (engine `netEdge` counts a name once too).
 */
export function conditionSet(conditions: Iterable<ConditionId>): ConditionId[] {
  const has = new Set(conditions);
  return CONDITION_IDS.filter((c) => has.has(c));
}

/**
 * Whether a bearer of `conditions` may start a movement: not while Immobilised, nor while
 * Slowed, since Slowed ends a movement "at any point during" it, its first square included (a
 * reading of §Movement Phase Notes, named in `silent.ts`).
 */
export function mayStartMoving(conditions: Iterable<ConditionId>): boolean {
  for (const c of conditions) if (CONDITION_RULES[c].movement !== "free") return false;
  return true;
}
