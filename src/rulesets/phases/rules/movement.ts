import { sameCell, type Cell } from "../../../engine/space/cell";
import {
  footprintsAdjacent, type Footprint, type FootprintSize,
} from "../../../engine/space/footprint";
import type { Grid } from "../../../engine/space/grid";
import { threatLeft, type Leave } from "../../../engine/space/leaving";
import { checkWalk, line } from "../../../engine/space/measure";
import { movementCost } from "../../../engine/space/movement-cost";
import type { Threatener } from "../../../engine/space/reach";
import { DIFFICULT_FACTOR, THREAT_REACH, type ConditionId } from "./constants";
import { mayStartMoving } from "./conditions";
import type { MoveEdge } from "./edge";
import type { MovementPower } from "./statblock";

/**
 * What a `phases` movement power allows on the grid: its squares (fixed, or from the mover's
 * Speed), each square of difficult terrain costing two, a Charge's straight line ending next to
 * its enemy, no movement while Immobilised, a movement cut short where Slowed takes hold, and the
 * opportunity attacks a move provokes by leaving threatened squares (every combatant threatens
 * the squares adjacent to it; Shift and Disengage provoke nothing, as their items say).
 * Source: `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement Phase Notes, §Battle Actions
 * (Disengage); RULINGS.md §phases Movement powers, Movement power defaults, Opportunity attack,
 * Conditions.
 */

/** The squares a power moves a mover of `speed` squares: never below 0. */
export function squaresOf(power: Pick<MovementPower, "squares">, speed: number): number {
  const s = power.squares;
  return Math.max(0, s.base === "fixed" ? s.plus : speed * s.times + s.plus);
}

/**
 * The squares a power gives a mover with `conditions`: 0 while Immobilised or Slowed (see
 * `conditions.ts` `mayStartMoving`), else {@link squaresOf}.
 */
export function movementAllowance(
  power: Pick<MovementPower, "squares">, speed: number, conditions: readonly ConditionId[],
): number {
  return mayStartMoving(conditions) ? squaresOf(power, speed) : 0;
}

/**
 * The squares of movement a walk costs: each step as the grid measures it, twice that into
 * difficult terrain (engine `movementCost`).
 * @returns `null` on a gridless grid. @throws RangeError when `path` is not a walk.
 */
export function pathCost(
  grid: Grid, path: readonly Cell[], difficult: Iterable<Cell> = [], mover?: FootprintSize,
): number | null {
  return movementCost(grid, path, {
    difficult, factor: DIFFICULT_FACTOR, ...(mover ? { mover } : {}),
  });
}

/** A move to check: the power, the mover and the walk (its top-left cells, start first). */
export interface MoveRequest {
  readonly power: Pick<MovementPower, "squares" | "path">;
  readonly speed: number;
  readonly conditions: readonly ConditionId[];
  readonly path: readonly Cell[];
  readonly difficult?: Iterable<Cell>;
  readonly mover?: FootprintSize;
  /** The enemy a straight-at-an-enemy power (Charge) charges. */
  readonly enemy?: Footprint;
}

export const MOVE_REFUSALS = [
  "cannotMove", "tooFar", "notStraight", "noEnemy", "notAtEnemy",
] as const;
export type MoveRefusal = (typeof MOVE_REFUSALS)[number];

export type MoveVerdict =
  | { readonly ok: true; readonly cost: number; readonly allowance: number }
  | { readonly ok: false; readonly reason: MoveRefusal };

/**
 * Whether a power allows a walk: the mover may move (not Immobilised or Slowed), the walk costs
 * at most the power's squares, and a straight-at-an-enemy power's walk is the grid's straight
 * line from its start to its end (engine `line`) and ends adjacent to the enemy. A walk of no
 * step is allowed to any mover that may move (it costs nothing).
 * @returns `null` on a gridless grid (the GM's call).
 * @throws RangeError when the path is not a walk.
 */
export function checkMove(grid: Grid, move: MoveRequest): MoveVerdict | null {
  if (grid.kind === "gridless") return null;
  checkWalk(grid, move.path);
  const allowance = movementAllowance(move.power, move.speed, move.conditions);
  if (!mayStartMoving(move.conditions)) return { ok: false, reason: "cannotMove" };
  const cost = pathCost(grid, move.path, move.difficult, move.mover) as number;
  if (cost > allowance + 1e-9) return { ok: false, reason: "tooFar" };
  if (move.power.path === "straightAtEnemy") {
    if (!move.enemy) return { ok: false, reason: "noEnemy" };
    const start = move.path[0] as Cell;
    const end = move.path[move.path.length - 1] as Cell;
    const straight = line(grid, start, end) as Cell[];
    const same = straight.length === move.path.length
      && straight.every((c, k) => sameCell(c, move.path[k] as Cell));
    if (!same) return { ok: false, reason: "notStraight" };
    const at: Footprint = move.mover ? { origin: end, size: move.mover } : { origin: end };
    if (footprintsAdjacent(grid, at, move.enemy) !== true) {
      return { ok: false, reason: "notAtEnemy" };
    }
  }
  return { ok: true, cost, allowance };
}

/** A combatant as a threatener of the squares adjacent to it. */
export function threatenerOf(id: string, footprint: Footprint): Threatener {
  return { id, footprint, reach: THREAT_REACH };
}

/**
 * The opportunity attacks a walk provokes: each enemy threatening a square the mover leaves, once,
 * at the step that leaves it (engine `threatLeft`, `space` rule: any move out of a threatened
 * square, even into another); none for a power that does not provoke.
 * @param enemies those that may strike (the caller leaves out who cannot: down, no melee power).
 * @returns `null` on a gridless grid. @throws RangeError when the path is not a walk.
 */
export function provokedBy(
  grid: Grid, path: readonly Cell[], power: Pick<MovementPower, "provokes">,
  enemies: readonly Threatener[], mover?: FootprintSize,
): Leave[] | null {
  if (grid.kind === "gridless") return null;
  if (!power.provokes) {
    checkWalk(grid, path);
    return [];
  }
  return threatLeft(grid, path, enemies, { rule: "space", ...(mover ? { mover } : {}) });
}

/**
 * Where a walk ends when its mover is Slowed by what its step `step` provoked: the opportunity
 * attack comes as the mover leaves the square, so it stays in the square it was leaving
 * (`path[step − 1]`), loses the rest of its squares and its turn ends (§Movement Phase Notes).
 * @returns the walk actually made.
 * @throws RangeError for a step outside 1..path.length − 1.
 */
export function stopWhereSlowed(path: readonly Cell[], step: number): Cell[] {
  if (!Number.isInteger(step) || step < 1 || step >= path.length) {
    throw new RangeError(`step must be in 1..${path.length - 1}, got ${step}`);
  }
  return path.slice(0, step);
}

/**
 * The edge a power gives its mover's attacks for as long as it lasts (`durations.ts`), or null for
 * a power that gives none; `enemy` is the id of the enemy a Charge was at.
 */
export function moveEdgeOf(
  power: Pick<MovementPower, "id" | "kind" | "edge">, enemy: string | null = null,
): MoveEdge | null {
  if (power.edge.amount === 0) return null;
  return {
    kind: power.kind, powerId: power.id, amount: power.edge.amount, scope: power.edge.scope,
    enemy: power.edge.scope === "meleeAtEnemy" ? enemy : null,
  };
}

/** Whether a combatant that moved with `power` this round may still Attack (not after a Run). */
export function mayAttackAfter(power: Pick<MovementPower, "forbidsAttack"> | null): boolean {
  return power === null || !power.forbidsAttack;
}
