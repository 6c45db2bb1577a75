import type { Cell } from "../../engine/space/cell";
import type { FootprintSize } from "../../engine/space/footprint";
import { walk } from "../../engine/space/measure";
import { placementOf, tokenPlace, type Placement } from "../combat/positions";
import type { Move } from "./watch";

/** A move on its scene's grid: the cells its token's top-left space walked through. */
export interface Walked {
  readonly placement: Placement;
  /** From where it started to where it stopped, one cell per step (the start included). */
  readonly cells: readonly Cell[];
  /** The token's size and shape on that grid. */
  readonly size: FootprintSize | undefined;
  /** The cells it entered through difficult terrain (`Move#difficult`). */
  readonly difficult: readonly Cell[];
}

/**
 * A judged move (`watch.ts`) read onto the engine's grid: its start, the waypoints v13 passed
 * and its stop, each as the token would stand there (`combat/positions.ts`), walked cell by cell
 * (`engine/space/measure.ts#walk`). What a ruleset counts (spaces moved, threat left, zones).
 * @returns null on a gridless scene, or when no waypoint falls on the grid
 */
export function walkedOf(move: Move): Walked | null {
  const token = tokenPlace(move.token);
  const placement = placementOf(move.token.parent);
  if (!placement) return null;
  const waypoints = [move.origin, ...move.path]
    .map((p) => placement.cellAt(token, p))
    .filter((c): c is Cell => c !== null);
  const cells = waypoints.length ? walk(placement.grid, waypoints) : null;
  if (!cells) return null;
  const difficult = move.difficult.map((p) => placement.cellAt(token, p))
    .filter((c): c is Cell => c !== null);
  return { placement, cells, size: placement.footprint(token)?.size, difficult };
}

/** The spaces a walk moved (its steps). */
export const stepsOf = (walked: Walked): number => Math.max(0, walked.cells.length - 1);
