import { edgePool, keepDice, type PoolSpec } from "../../../engine/dice/pool";
import { CONDITIONS, expandConditions } from "./conditions";

/**
 * Saves (and every other plain 3d6 check: recharge, death saves, disengage): the natural of a 3d6
 * edge pool, plus any listed bonus, against a target number (11+ if none is given).
 * Source: RULINGS.md §escalation Saves; `000_c2dc3d650823e22d.txt` §Conditions (Enervated).
 */
export const DEFAULT_SAVE = 11;

export interface SavePlan {
  readonly pool: PoolSpec;
  readonly target: number;
  readonly bonus: number;
  readonly edge: number;
}

/** Enervated gives 1 Disadvantage on saves; `extraEdge` adds any other Advantage/Disadvantage. */
export function planSave(
  conditions: Iterable<string>,
  target = DEFAULT_SAVE,
  bonus = 0,
  extraEdge = 0,
): SavePlan {
  let edge = extraEdge;
  const ids = expandConditions(conditions);
  // Most savers bear nothing: skip iterating the empty set.
  if (ids.size) for (const id of ids) edge += CONDITIONS[id].saveEdge;
  return { pool: edgePool(3, 6, edge), target, bonus, edge };
}

/**
 * `edgePool(3, 6, edge)`, built once per edge: the headless runner rolls one for every attack and
 * save, and only a handful of edges ever occur. A non-integer edge throws, as in `edgePool`.
 */
export function checkPool(edge: number): PoolSpec {
  return (CHECK_POOLS[edge + EDGE_OFFSET] ??= edgePool(3, 6, edge));
}
const CHECK_POOLS: PoolSpec[] = [];
/** Edges are a handful of sources either way; a negative index would make a slow sparse array. */
const EDGE_OFFSET = 64;

export function resolveSave(
  plan: SavePlan,
  dice: readonly number[],
): { natural: number; total: number; success: boolean } {
  const { natural } = keepDice(plan.pool, dice);
  const total = natural + plan.bonus;
  return { natural, total, success: total >= plan.target };
}
