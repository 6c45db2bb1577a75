import { cellKey, checkCell, type Cell } from "./cell";
import type { Grid } from "./grid";
import { neighbours } from "./measure";
import { squareSegment } from "./square";

/**
 * Where a mover can get to with a movement budget, stepping cell to cell: the cheapest walk to
 * each cell, each step measured as the grid measures it (under the alternating rules the cost of
 * a diagonal depends on how many came before, so the search keeps that count's parity). What
 * action-points' Intercept asks (004_2cc57162401858c9.txt §Intercept: 3 hexes of movement).
 */
export interface ReachableOptions {
  /**
   * Whether the mover may step into this top-left cell (its own cells, other tokens, walls are
   * the caller's to judge). Every cell when absent. The start is always reached.
   */
  readonly passable?: (cell: Cell) => boolean;
}

/** A cell reached and the cheapest movement (in spaces) that reaches it. */
export interface Reached {
  readonly cell: Cell;
  readonly cost: number;
}

const EPSILON = 1e-9;

/**
 * Every cell reachable from `start` for at most `budget` spaces of movement, the start included at
 * cost 0, cheapest first.
 * @returns `null` on a gridless grid.
 * @throws RangeError for a negative or non-finite budget or a bad start cell.
 */
export function reachable(
  grid: Grid, start: Cell, budget: number, options: ReachableOptions = {},
): Reached[] | null {
  checkCell(start);
  if (!(budget >= 0) || !Number.isFinite(budget)) throw new RangeError(`bad budget ${budget}`);
  if (grid.kind === "gridless") return null;
  const passable = options.passable ?? (() => true);
  // States are (cell, parity of diagonals so far); parity only matters under alternating rules.
  interface State { cell: Cell; cost: number; parity: number }
  const best = new Map<string, number>();
  const reached = new Map<string, Reached>();
  const queue: State[] = [{ cell: start, cost: 0, parity: 0 }];
  best.set(`${cellKey(start)}|0`, 0);
  while (queue.length > 0) {
    // Budgets are a handful of spaces, so a sorted array serves as the priority queue.
    queue.sort((a, b) => a.cost - b.cost);
    const s = queue.shift() as State;
    if ((best.get(`${cellKey(s.cell)}|${s.parity}`) ?? Infinity) < s.cost) continue;
    const k = cellKey(s.cell);
    if (!reached.has(k)) reached.set(k, { cell: s.cell, cost: s.cost });
    for (const n of neighbours(grid, s.cell) as Cell[]) {
      if (!passable(n)) continue;
      let cost = 1;
      let parity = s.parity;
      if (grid.kind === "square") {
        const seg = squareSegment(s.cell, n, grid.diagonals, s.parity);
        cost = seg.cost;
        parity = seg.diagonals % 2;
      }
      const total = s.cost + cost;
      if (total > budget + EPSILON) continue;
      const key = `${cellKey(n)}|${parity}`;
      if ((best.get(key) ?? Infinity) <= total) continue;
      best.set(key, total);
      queue.push({ cell: n, cost: total, parity });
    }
  }
  return [...reached.values()];
}
