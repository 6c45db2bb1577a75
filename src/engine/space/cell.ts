/**
 * A grid space, named as Foundry v13 names one (`GridOffset2D` in common/grid/_types.mjs): `i` is
 * the row, `j` the column, both integers, growing down and right from the scene's top-left space.
 * Every part of `space/` speaks of cells this way, on square and hex grids alike, so a ruleset or
 * the shell hands over what Foundry's `grid.getOffset` gives without converting it.
 * Elevation is not modelled: every query is in the plane of the scene.
 */
export interface Cell {
  readonly i: number;
  readonly j: number;
}

/** One string per cell, for sets and maps ("i,j"). */
export function cellKey(c: Cell): string {
  return `${c.i},${c.j}`;
}

/** Whether two cells are the same space. */
export function sameCell(a: Cell, b: Cell): boolean {
  return a.i === b.i && a.j === b.j;
}

/**
 * Checks that a cell's coordinates are integers.
 * @throws RangeError naming the bad cell.
 */
export function checkCell(c: Cell): void {
  if (!Number.isInteger(c.i) || !Number.isInteger(c.j)) {
    throw new RangeError(`a cell needs integer coordinates, got (${c.i}, ${c.j})`);
  }
}

/** A set of cells keyed by `cellKey` (JavaScript's `Set` compares objects by identity). */
export class CellSet {
  readonly #cells = new Map<string, Cell>();

  constructor(cells: Iterable<Cell> = []) {
    for (const c of cells) this.#cells.set(cellKey(c), { i: c.i, j: c.j });
  }

  add(c: Cell): void {
    this.#cells.set(cellKey(c), { i: c.i, j: c.j });
  }

  has(c: Cell): boolean {
    return this.#cells.has(cellKey(c));
  }

  get size(): number {
    return this.#cells.size;
  }

  /** The cells in the order they were first added. */
  values(): Cell[] {
    return [...this.#cells.values()];
  }

  /** Whether any cell of `cells` is in the set. */
  meets(cells: Iterable<Cell>): boolean {
    for (const c of cells) if (this.has(c)) return true;
    return false;
  }
}
