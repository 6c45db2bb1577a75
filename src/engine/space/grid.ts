/**
 * The grid a scene is laid on, as a plain value: square (with one of Foundry v13's diagonal
 * rules), hexagonal (one of Foundry's four row/column layouts) or gridless. Every query in
 * `space/` takes a `Grid` first and answers `null` on a gridless one: there, position rules are
 * the GM's call, and the shell says so rather than guessing from pixels.
 *
 * Foundry's own names and numbers: common/constants.mjs `GRID_TYPES` (GRIDLESS 0, SQUARE 1,
 * HEXODDR 2, HEXEVENR 3, HEXODDQ 4, HEXEVENQ 5) and `GRID_DIAGONALS` (EQUIDISTANT 0 … ILLEGAL 6);
 * the measures themselves are checked against common/grid/square.mjs and hexagonal.mjs by the
 * Foundry tier (test/foundry/space-grid.test.ts).
 */

/**
 * How a square grid measures a diagonal step (common/constants.mjs `GRID_DIAGONALS`):
 * - `equidistant`: 1, like an orthogonal step;
 * - `exact`: √2;
 * - `approximate`: 1.5;
 * - `rectilinear`: 2;
 * - `alternating1`: 1, 2, 1, 2 … counted along the whole path (first diagonal costs 1);
 * - `alternating2`: 2, 1, 2, 1 … (first diagonal costs 2);
 * - `illegal`: no diagonal steps at all: neighbours are the four orthogonal cells, distances are
 *   counted orthogonally.
 */
export const DIAGONAL_RULES = [
  "equidistant", "exact", "approximate", "rectilinear", "alternating1", "alternating2", "illegal",
] as const;
export type DiagonalRule = (typeof DIAGONAL_RULES)[number];

/** A square grid and how it measures diagonals. */
export interface SquareGrid {
  readonly kind: "square";
  readonly diagonals: DiagonalRule;
}

/**
 * A hex grid in Foundry's offset layout: `columns` false is row-wise (pointy-topped, rows
 * staggered), true column-wise (flat-topped, columns staggered); `even` says whether the even
 * rows/columns are the ones pushed half a hex right/down (HEXEVENR/HEXEVENQ) or the odd ones
 * (HEXODDR/HEXODDQ). On a 2D hex grid Foundry's diagonal rule changes nothing (it only weighs
 * elevation), so a hex grid has none.
 */
export interface HexGrid {
  readonly kind: "hex";
  readonly columns: boolean;
  readonly even: boolean;
}

/** No grid: every query answers `null`, "the GM's call". */
export interface Gridless {
  readonly kind: "gridless";
}

export type Grid = SquareGrid | HexGrid | Gridless;

/** The one gridless grid. */
export const GRIDLESS: Gridless = { kind: "gridless" };

/** A square grid measuring diagonals by `diagonals` (Foundry's default: equidistant). */
export function squareGrid(diagonals: DiagonalRule = "equidistant"): SquareGrid {
  return { kind: "square", diagonals };
}

/** A hex grid in one of Foundry's four offset layouts (see `HexGrid`). */
export function hexGrid(columns: boolean, even: boolean): HexGrid {
  return { kind: "hex", columns, even };
}

/**
 * The grid of a Foundry v13 scene from its `grid.type` and `grid.diagonals` numbers (the values of
 * `CONST.GRID_TYPES` and `CONST.GRID_DIAGONALS`, common/constants.mjs). `diagonals` is ignored on
 * hex and gridless scenes; missing, it is EQUIDISTANT as in Foundry's default.
 * @throws RangeError for a number that is not one of those constants.
 */
export function gridFromFoundry(type: number, diagonals = 0): Grid {
  switch (type) {
    case 0:
      return GRIDLESS;
    case 1: {
      const rule = DIAGONAL_RULES[diagonals];
      if (rule === undefined || !Number.isInteger(diagonals)) {
        throw new RangeError(`unknown GRID_DIAGONALS value ${diagonals}`);
      }
      return squareGrid(rule);
    }
    case 2:
      return hexGrid(false, false);
    case 3:
      return hexGrid(false, true);
    case 4:
      return hexGrid(true, false);
    case 5:
      return hexGrid(true, true);
    default:
      throw new RangeError(`unknown GRID_TYPES value ${type}`);
  }
}
