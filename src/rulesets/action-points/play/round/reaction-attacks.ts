import type { Cell } from "../../../../engine/space/cell";
import type { FootprintSize } from "../../../../engine/space/footprint";
import type { Grid } from "../../../../engine/space/grid";
import { threatLeft } from "../../../../engine/space/leaving";
import { threatens, type Threatener } from "../../../../engine/space/reach";
import { REACTION_ATTACK_RP } from "../../rules/constants";
import { reachWith, threatWeapon } from "../../rules/statblock";
import type { FieldToken } from "../cards/field";

/**
 * Who may make a reaction attack, pure: an enemy standing, with the RP for it (1), whose reach
 * threatens the provoker. A move provokes each enemy whose threatened hex the mover moves out of
 * (any move out of a threatened hex, also to another threatened one), except a Take a Step's one
 * hex; casting a spell or standing up provokes each enemy threatening the provoker where it is.
 * Source: `004_2cc57162401858c9.txt` §Reaction Attacks, §Threat Range, §Taking a Step; RULINGS.md
 * §action-points Reaction attack.
 */
export interface Threat extends Threatener {
  /** Standing, of the other side, with at least the RP a reaction attack costs. */
  readonly able: boolean;
  readonly rp: number;
}

const ready = (t: Threat) => t.able && t.rp >= REACTION_ATTACK_RP;

/**
 * The threats to `mover` among the encounter's tokens: each other combatant of another side (as
 * the GM keeps sides) on the grid, with a melee weapon in hand, its reach, RP and whether it
 * stands.
 */
export function threatsFrom(
  tokens: readonly FieldToken[], mover: { readonly id: string; readonly side: string },
): Threat[] {
  return tokens.flatMap((x) => {
    const melee = threatWeapon(x.block);
    if (!x.combatantId || x.combatantId === mover.id || x.side === mover.side || !x.at || !melee) {
      return [];
    }
    return [{
      id: x.combatantId, footprint: x.at, reach: reachWith(x.block, melee), rp: x.kept?.rp ?? 0,
      able: x.up,
    }];
  });
}

/**
 * The enemies a move provokes, in the order it leaves them.
 * @param path the mover's top-left cell before each step and after the last (single steps).
 * @param stepping the move is a Take a Step: its first step provokes nothing.
 * @returns null on a gridless grid (the GM's call).
 */
export function provokedByMove(
  grid: Grid, path: readonly Cell[], mover: FootprintSize | undefined,
  threats: readonly Threat[], stepping: boolean,
): string[] | null {
  const left = threatLeft(grid, path, threats.filter(ready), {
    rule: "space", ...(mover ? { mover } : {}), ...(stepping ? { exempt: [1] } : {}),
  });
  return left === null ? null : left.map((l) => l.id);
}

/** The enemies an act where it stands provokes (casting, standing up); null gridless. */
export function provokedInPlace(
  grid: Grid, at: { origin: Cell; size?: FootprintSize }, threats: readonly Threat[],
): string[] | null {
  if (grid.kind === "gridless") return null;
  return threats.filter((t) => ready(t) && threatens(grid, t, at) === true).map((t) => t.id);
}

/**
 * The enemy a failed Tumble Through provokes: the one it tried to pass alone, when it may still
 * make a reaction attack (standing, of another side, with the RP), wherever the tumbler stands
 * (§Tumble Through).
 */
export function provokedByTumble(threats: readonly Threat[], enemyId: string): string[] {
  return threats.filter((t) => t.id === enemyId && ready(t)).map((t) => t.id);
}

/** The kind of offer a reaction attack is made from (the shell's offer runtime). */
export const REACTION_KIND = "actionPointsReaction";
