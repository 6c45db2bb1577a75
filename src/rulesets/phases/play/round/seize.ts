import type { KeptSource } from "../data/kept-spec";

/**
 * Whether a combatant may seize the initiative now (or give its seizure up), as the active GM
 * rules a request from what it keeps, never from the request: only in the Initiative phase of a
 * started round, after its own roll of this round, while it is up; seizing again, or giving up a
 * seizure it does not hold, changes nothing and is refused. Source: `003_d18720f6cd315cc2.txt`
 * §Movement Phase ("may seize the initiative and move first"); RULINGS.md §phases Seizing
 * ("declared in the Initiative phase after the rolls").
 */
export interface SeizeFacts {
  readonly kept: KeptSource;
  /** The encounter's round (0: not started). */
  readonly round: number;
  /** The step the tracker stands in (`FraySteppedCombat#currentStep`). */
  readonly step: string | null;
  readonly up: boolean;
}

/** Why a seizure is refused: each a `FRAY.Phases.Refuse.*` key. */
export type SeizeRefusal = "SeizeClosed" | "SeizeNotRolled" | "SeizeDown" | "SeizeNoChange";

/**
 * @param args the request's arguments: `{ seize: boolean }` (anything else: no change, refused).
 * @returns the kept fields to write, or the refusal's key.
 */
export function ruleSeize(
  args: unknown, facts: SeizeFacts,
): { ok: true; patch: Partial<KeptSource> } | { ok: false; key: SeizeRefusal } {
  const seize = (args as { seize?: unknown } | null)?.seize;
  if (typeof seize !== "boolean") return { ok: false, key: "SeizeNoChange" };
  if (facts.round < 1 || facts.step !== "initiative") return { ok: false, key: "SeizeClosed" };
  if (facts.kept.rolled !== facts.round) return { ok: false, key: "SeizeNotRolled" };
  if (!facts.up) return { ok: false, key: "SeizeDown" };
  const holds = facts.kept.seized === facts.round;
  if (holds === seize) return { ok: false, key: "SeizeNoChange" };
  return { ok: true, patch: { seized: seize ? facts.round : 0 } };
}

/** Whether a combatant holds a seizure in `round` (first to move, last to fight). */
export const seizedIn = (kept: KeptSource, round: number): boolean =>
  round > 0 && kept.seized === round;
