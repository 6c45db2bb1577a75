import type { Cell } from "../../../../engine/space/cell";
import {
  footprintCells, footprintsAdjacent, footprintsOverlap, type Footprint, type FootprintSize,
} from "../../../../engine/space/footprint";
import type { Grid } from "../../../../engine/space/grid";

/**
 * Where and as what a summon appears in Foundry, pure: the summons a caster holds (its combat's
 * summons it made, still up), the first free grid space beside the caster (row by row from the
 * top left of the spaces around it, inside the scene), and the token's data (unlinked, of the
 * caster's disposition, owned by the caster's owners so its player controls it).
 * Source: `001_dbc5fcc02a99a518.txt` §Summoning Slots ("under your control"); RULINGS.md §wounds
 * Summons.
 */

/** A combatant as the slot count reads it. */
export interface HeldSummon {
  /** Its summoner's combatant id, as the GM keeps it ("" none). */
  readonly summoner: string;
  /** Up, and not marked defeated. */
  readonly up: boolean;
}

/**
 * The summons `casterId` holds now: those it summoned in this combat that are still up (one
 * defeated no longer fills a slot: it is out of the battle).
 */
export const summonsHeld = (combatants: readonly HeldSummon[], casterId: string): number =>
  combatants.filter((c) => c.summoner === casterId && c.up).length;

/** The scene's spaces a token may stand on (inclusive), or null for no bound. */
export interface CellBounds {
  readonly iMin: number;
  readonly iMax: number;
  readonly jMin: number;
  readonly jMax: number;
}

/**
 * The top-left cell of the first free place beside `caster` for a token of `size`: adjacent to
 * the caster, overlapping no token in `taken`, inside `bounds`; candidates in row order (i, then
 * j). Null on a gridless scene or when every place beside it is taken.
 */
export function summonCell(
  grid: Grid, caster: Footprint, taken: readonly Footprint[], size: FootprintSize,
  bounds: CellBounds | null,
): Cell | null {
  const around = footprintCells(grid, caster);
  if (!around) return null;
  const reach = Math.ceil(Math.max(size.width, size.height)) + 1;
  const is = around.map((c) => c.i);
  const js = around.map((c) => c.j);
  for (let i = Math.min(...is) - reach; i <= Math.max(...is) + reach; i++) {
    for (let j = Math.min(...js) - reach; j <= Math.max(...js) + reach; j++) {
      const fp: Footprint = { origin: { i, j }, size };
      if (!footprintsAdjacent(grid, caster, fp)) continue;
      const cells = footprintCells(grid, fp) ?? [];
      if (bounds && cells.some((c) => c.i < bounds.iMin || c.i > bounds.iMax
        || c.j < bounds.jMin || c.j > bounds.jMax)) continue;
      if (taken.some((t) => footprintsOverlap(grid, t, fp))) continue;
      return { i, j };
    }
  }
  return null;
}

/**
 * On a gridless scene, where a summon stands: beside the caster, one grid size to the right of
 * its right edge (pixels; `width` in grid spaces, as Foundry's token `width`).
 */
export function gridlessSpot(
  caster: { readonly x: number; readonly y: number; readonly width: number }, gridSize: number,
): { x: number; y: number } {
  return { x: caster.x + (caster.width + 1) * gridSize, y: caster.y };
}

/** Foundry's owner level (common/constants.mjs DOCUMENT_OWNERSHIP_LEVELS.OWNER). */
const OWNER = 3;

/**
 * The summon's ownership: the caster's owners own it, everyone else sees it as the caster's
 * `default` lets them (a synthetic actor's ownership replaces its actor's whole,
 * common/documents/actor-delta.mjs `getUserLevel`).
 */
export function summonOwnership(casterOwnership: Readonly<Record<string, number>>):
  Record<string, number> {
  const owners = Object.entries(casterOwnership)
    .filter(([user, level]) => user !== "default" && level >= OWNER).map(([user]) => [user, OWNER]);
  const others = casterOwnership.default;
  const fallback = typeof others === "number" ? { default: Math.min(others, OWNER - 1) } : {};
  return { ...fallback, ...Object.fromEntries(owners) };
}

/**
 * A summon's token data: its actor's prototype token (`prototype`, `toObject()`d), unlinked, at
 * `at` (pixels), of the caster's disposition, its synthetic actor owned by the caster's owners,
 * and the mark the GM reads at the battle's end (`flags.fray.woundsSummon`: the caster's actor).
 */
export function summonTokenData(
  prototype: Readonly<Record<string, unknown>>, actorId: string,
  at: { readonly x: number; readonly y: number }, caster: {
    readonly disposition: number; readonly ownership: Readonly<Record<string, number>>;
    readonly actorUuid: string;
  },
): Record<string, unknown> {
  const flags = (prototype.flags ?? {}) as Record<string, unknown>;
  const fray = (flags.fray ?? {}) as Record<string, unknown>;
  return {
    ...prototype, actorId, actorLink: false, x: at.x, y: at.y, disposition: caster.disposition,
    delta: { ownership: summonOwnership(caster.ownership) },
    flags: { ...flags, fray: { ...fray, woundsSummon: { summoner: caster.actorUuid } } },
  };
}
