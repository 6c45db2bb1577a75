import { footprintDistance, type Footprint } from "../../../../engine/space/footprint";
import type { Grid } from "../../../../engine/space/grid";
import { interceptSpots } from "../../../../engine/space/intercept";
import { threatens } from "../../../../engine/space/reach";
import { INTERCEPT_HEXES } from "../../rules/constants";
import { reachWith, threatWeapon, type Statblock } from "../../rules/statblock";

/**
 * What an attack card's places decide, pure (the Foundry layer reads the tokens onto the grid,
 * `shell/combat/positions.ts`): the distance between attacker and target, how many of the
 * attacker's side threaten the target (gang-up: two or more), whether the target's weapon reaches
 * its attacker (a Riposte's counter), and which allies can reach an Intercept spot within 3 hexes.
 * Off a grid (gridless, or a token not on it) nothing is measured: no distance, no gang-up, every
 * ally may Intercept and a Riposte reaches (position rules are the GM's call there).
 * Source: `004_2cc57162401858c9.txt` §Gang-up, §Threat Range, §Riposte, §Intercept.
 */
export interface Placed {
  readonly at: Footprint | null;
  readonly block: Pick<Statblock, "size" | "weapons">;
}

const onGrid = (grid: Grid | null | undefined): grid is Exclude<Grid, { kind: "gridless" }> =>
  Boolean(grid && grid.kind !== "gridless");

/** Whether `from` threatens the footprint `to` with its longest-reaching melee weapon. */
export function threatensAt(grid: Grid, from: Placed, to: Footprint): boolean {
  const weapon = threatWeapon(from.block);
  if (!from.at || !weapon) return false;
  return threatens(grid, { footprint: from.at, reach: reachWith(from.block, weapon) }, to) === true;
}

/** The distance between two footprints, or null off a grid. */
export function distanceOf(grid: Grid | null | undefined, a: Footprint | null, b: Footprint | null):
  number | null {
  return onGrid(grid) && a && b ? footprintDistance(grid, a, b) : null;
}

/** How many of `side` (the attacker included) threaten the target: gang-up at two or more. */
export function threatenersOf(
  grid: Grid | null | undefined, target: Footprint | null, side: readonly Placed[],
): number {
  if (!onGrid(grid) || !target) return 0;
  return side.filter((p) => threatensAt(grid, p, target)).length;
}

/** Whether the target's weapon reaches its attacker (unknown off the grid: yes). */
export function reachesBack(
  grid: Grid | null | undefined, target: Placed, attacker: Footprint | null,
): boolean {
  if (!onGrid(grid) || !target.at || !attacker || !threatWeapon(target.block)) return true;
  return threatensAt(grid, target, attacker);
}

/** Whether an ally at `at` can reach an Intercept spot for this attack (off the grid: yes). */
export function canIntercept(
  grid: Grid | null | undefined, kind: "melee" | "ranged", at: Footprint | null,
  ally: Footprint | null, foe: Footprint | null,
): boolean {
  if (!onGrid(grid) || !at || !ally || !foe) return true;
  const spots = interceptSpots(grid, at, ally, foe, { attack: kind, budget: INTERCEPT_HEXES });
  return (spots ?? []).length > 0;
}
