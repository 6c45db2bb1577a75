import { type Cell } from "./cell";
import type { FootprintSize } from "./footprint";
import type { Grid } from "./grid";
import { checkWalk } from "./measure";
import { threatens, type Threatener } from "./reach";

/**
 * Leaving threatened space along a path: which threateners a mover leaves, and at which step, so
 * the caller can offer each its opportunity attack, Attack of Opportunity, free hit or reaction
 * attack. The texts say "leave" two ways, and the caller picks:
 * - `reach`: the mover was in the threatener's reach before the step and is out of it after
 *   (002_5e27cdf788b28f5f.txt §Run: leaving a melee combatant's range; 001_dbc5fcc02a99a518.txt
 *   §Free Hits: moving out of the melee zone);
 * - `space`: the mover was in the threatener's reach before the step, wherever the step goes:
 *   even a step from one threatened space to another leaves one (004_2cc57162401858c9.txt §Threat
 *   Range and its note on moving between threatened hexes; 003_d18720f6cd315cc2.txt §Movement
 *   Phase Notes; escalation's moving while engaged, 000_c2dc3d650823e22d.txt §Opportunity
 *   Attacks, with reach 1 standing for engagement).
 * Steps that provoke nothing (004's Take a Step and Tumble Through, 003's Shift, a disengaged
 * move) are the caller's to name in `exempt`. Who may attack (armed, in a melee stance, with a free
 * hit slot left, not disengaged from) is the caller's to filter before or after.
 */
export const LEAVE_RULES = ["reach", "space"] as const;
export type LeaveRule = (typeof LEAVE_RULES)[number];

/** Which leaving counts, the mover's size, the exempt steps, and whether to report repeats. */
export interface LeaveOptions {
  readonly rule: LeaveRule;
  /** The mover's size; the path holds its top-left cells. One space when absent. */
  readonly mover?: FootprintSize;
  /** Step numbers that provoke nothing (step k moves from path[k − 1] to path[k]). */
  readonly exempt?: Iterable<number>;
  /** Report only the first leave of each threatener (default), or every one. */
  readonly each?: "first" | "every";
}

/** A threatener left, and the step (1-based) that left it. */
export interface Leave {
  readonly id: string;
  readonly step: number;
}

/**
 * Which threateners the mover leaves along `path`, in step order (and in the threateners' order
 * within a step).
 * @param path the mover's top-left cell before each step and after the last, each one step from
 *   the one before (`walk` turns waypoints into such a path).
 * @returns `null` on a gridless grid.
 * @throws RangeError when the path is empty or not made of single steps, or for a bad reach.
 */
export function threatLeft(
  grid: Grid, path: readonly Cell[], threateners: readonly Threatener[], options: LeaveOptions,
): Leave[] | null {
  if (grid.kind === "gridless") return null;
  checkWalk(grid, path);
  const exempt = new Set(options.exempt ?? []);
  const size = options.mover;
  const inReach = (t: Threatener, at: Cell): boolean => threatens(grid, t, {
    origin: at, ...(size ? { size } : {}),
  }) === true;
  // Whether each threatener threatens the mover at each point of the path.
  const threat = threateners.map((t) => path.map((at) => inReach(t, at)));
  const out: Leave[] = [];
  const done = new Set<string>();
  for (let step = 1; step < path.length; step++) {
    if (exempt.has(step)) continue;
    threateners.forEach((t, k) => {
      const row = threat[k] as boolean[];
      if (!row[step - 1]) return;
      if (options.rule === "reach" && row[step]) return;
      if (options.each !== "every" && done.has(t.id)) return;
      done.add(t.id);
      out.push({ id: t.id, step });
    });
  }
  return out;
}

