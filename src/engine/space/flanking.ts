import type { Cell } from "./cell";
import { footprintCells, footprintsOverlap, type Footprint } from "./footprint";
import { crossing, footprintCentre, type Point } from "./geometry";
import type { Grid } from "./grid";

/**
 * Flanking and attacks from behind. wounds grants +1 for attacking from behind
 * (001_dbc5fcc02a99a518.txt §Flanking), which RULINGS.md §wounds reads as an ally on the target's
 * other side, since no ruleset here tracks facing; a ruleset that does can ask `behind` instead.
 *
 * Two attackers are on opposite sides of a target when the straight line between the centres of
 * their spaces passes through the target's space, entering and leaving by opposite sides: on a
 * square grid the opposite sides of the target's block (a corner belongs to both its sides, so
 * opposite corners count), on a hex grid opposite edges of a one-hex target, or for a larger hex
 * token the opposite sixths around its centre, each edge's sixth centred on that edge's outward
 * direction. Two attackers in cells on either side of a one-cell target, in line, are opposite;
 * two that only touch the same corner or edge of it are not.
 */

const TOLERANCE = 1e-7;

type OnGrid = Exclude<Grid, { kind: "gridless" }>;

/**
 * The sides of a target's space a point on its boundary lies on, numbered round from the right
 * (x growing): 4 sides on square grids, 6 on hexes. A corner lies on two.
 */
function sidesAt(grid: OnGrid, cells: readonly Cell[], centre: Point, p: Point): number[] {
  if (grid.kind === "square") {
    const minX = Math.min(...cells.map((c) => c.j));
    const maxX = Math.max(...cells.map((c) => c.j)) + 1;
    const minY = Math.min(...cells.map((c) => c.i));
    const maxY = Math.max(...cells.map((c) => c.i)) + 1;
    const out: number[] = [];
    if (Math.abs(p.x - maxX) < TOLERANCE) out.push(0);
    if (Math.abs(p.y - maxY) < TOLERANCE) out.push(1);
    if (Math.abs(p.x - minX) < TOLERANCE) out.push(2);
    if (Math.abs(p.y - minY) < TOLERANCE) out.push(3);
    return out;
  }
  // The outward directions of a hex's edges: 0°, 60° … on a row grid (pointy-topped hexes),
  // 30°, 90° … on a column grid (flat-topped). Angles grow clockwise, y being down.
  const degrees = (Math.atan2(p.y - centre.y, p.x - centre.x) * 180) / Math.PI;
  const sixth = (((degrees - (grid.columns ? 30 : 0)) / 60) % 6 + 6) % 6;
  const lower = Math.floor(sixth);
  const rest = sixth - lower;
  if (Math.abs(rest - 0.5) < TOLERANCE) return [lower % 6, (lower + 1) % 6];
  return [Math.round(sixth) % 6];
}

/**
 * Whether `a` and `b` are on opposite sides of `target` (see above): what flanking asks.
 * Symmetric in `a` and `b`. False when either overlaps the target or the line between them does
 * not pass through the target's space.
 * @returns `null` on a gridless grid.
 * @throws RangeError for a bad footprint.
 */
export function opposite(grid: Grid, target: Footprint, a: Footprint, b: Footprint): boolean | null {
  if (grid.kind === "gridless") return null;
  if (footprintsOverlap(grid, target, a) || footprintsOverlap(grid, target, b)) return false;
  const cells = footprintCells(grid, target) as Cell[];
  const centre = footprintCentre(grid, target) as Point;
  const from = footprintCentre(grid, a) as Point;
  const cross = crossing(grid, cells, from, footprintCentre(grid, b) as Point);
  if (cross === null) return false;
  const n = grid.kind === "square" ? 4 : 6;
  const entry = sidesAt(grid, cells, centre, cross.entry);
  const exit = sidesAt(grid, cells, centre, cross.exit);
  return entry.some((s) => exit.some((t) => (t - s + n) % n === n / 2));
}

/**
 * Whether `attacker` is behind `target`, which faces `facing`: degrees clockwise from the top of
 * the scene (0 up, 90 right, as y grows down the canvas). The rear is the arc of `arc` degrees
 * (default 90) centred straight behind the target, edges included, seen from the centre of the
 * target's space towards the centre of the attacker's. With the default an attacker in any of the
 * three cells behind a one-cell target on a square grid is behind it, and on hexes the one hex
 * straight behind a target facing an edge.
 * @returns `null` on a gridless grid.
 * @throws RangeError when `facing` is not finite or `arc` is not in (0, 360].
 */
export function behind(
  grid: Grid, target: Footprint, attacker: Footprint, facing: number, arc = 90,
): boolean | null {
  if (!Number.isFinite(facing)) {
    throw new RangeError(`facing must be a number of degrees, got ${facing}`);
  }
  if (!(arc > 0 && arc <= 360)) throw new RangeError(`the rear arc must be in (0, 360], got ${arc}`);
  if (grid.kind === "gridless") return null;
  if (footprintsOverlap(grid, target, attacker)) return false;
  const t = footprintCentre(grid, target) as Point;
  const a = footprintCentre(grid, attacker) as Point;
  const vx = a.x - t.x;
  const vy = a.y - t.y;
  const len = Math.hypot(vx, vy);
  if (len < TOLERANCE) return false;
  const rad = (facing * Math.PI) / 180;
  const cos = (vx * Math.sin(rad) - vy * Math.cos(rad)) / len;
  const off = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
  return off >= 180 - arc / 2 - TOLERANCE;
}

/** The target's facing and rear arc (as for `behind`), or the attacker's allies when it has none. */
export interface FromBehindOptions {
  readonly facing?: number;
  readonly arc?: number;
  readonly allies?: readonly Footprint[];
}

/**
 * Whether `attacker` attacks `target` from behind: by facing when the ruleset gives the target
 * one, otherwise when one of `allies` is on the opposite side of the target (RULINGS.md §wounds
 * Flanking). With neither facing nor allies, false.
 * @returns `null` on a gridless grid.
 */
export function fromBehind(
  grid: Grid, target: Footprint, attacker: Footprint,
  options: FromBehindOptions = {},
): boolean | null {
  if (grid.kind === "gridless") return null;
  if (options.facing !== undefined) {
    return behind(grid, target, attacker, options.facing, options.arc);
  }
  return (options.allies ?? []).some((ally) => opposite(grid, target, attacker, ally) === true);
}

