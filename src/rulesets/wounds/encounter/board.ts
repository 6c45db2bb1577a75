/**
 * Who stands where in a headless `wounds` fight, as small integers: how many units still in the
 * fight stand on each square of a window of the grid around the field (rows and columns from
 * −{@link OFFSET} to {@link SIZE} − {@link OFFSET} − 1), so a step asks about its eight
 * neighbours with eight reads instead of looking at every unit. The fight keeps it as units are
 * placed, move, fall and arrive (`context.ts` `placeUnit`, `joinFight`, `leaveFight`); around a
 * square near the window's edge the caller looks at the units instead (a fight that drifts that
 * far plays the same, only slower). Squares are the grid's `{i, j}`: row, column.
 */

/** The eight neighbours' offsets (row, column), in a fixed order (so paths replay). */
export const STEP_I: readonly number[] = [-1, 1, 0, 0, -1, -1, 1, 1];
export const STEP_J: readonly number[] = [0, 0, -1, 1, -1, 1, -1, 1];

/** The window's side in squares, and where row and column 0 sit in it. */
const SIZE = 64;
const OFFSET = 24;

/** Each step's move in the window's cells. */
const STEP_CELL: readonly number[] = STEP_I.map((i, k) => i * SIZE + (STEP_J[k] as number));

export class Board {
  readonly #count = new Uint8Array(SIZE * SIZE);

  /** The cell of (i, j), or −1 outside the window. */
  static #cell(i: number, j: number): number {
    const row = i + OFFSET;
    const col = j + OFFSET;
    return row >= 0 && row < SIZE && col >= 0 && col < SIZE ? row * SIZE + col : -1;
  }

  /** Nobody anywhere. */
  clear(): void {
    this.#count.fill(0);
  }

  /** A unit now stands on (i, j). */
  add(i: number, j: number): void {
    const cell = Board.#cell(i, j);
    if (cell >= 0) this.#count[cell]!++;
  }

  /** A unit no longer stands on (i, j). */
  remove(i: number, j: number): void {
    const cell = Board.#cell(i, j);
    if (cell >= 0) this.#count[cell]!--;
  }

  /**
   * Which of the eight squares around (i, j) a unit stands on: bit `k` for step `k`
   * ({@link STEP_I}, {@link STEP_J}); −1 when some of them are outside the window.
   */
  around(i: number, j: number): number {
    const row = i + OFFSET;
    const col = j + OFFSET;
    if (row < 1 || row > SIZE - 2 || col < 1 || col > SIZE - 2) return -1;
    const cell = row * SIZE + col;
    let blocked = 0;
    for (let k = 0; k < 8; k++) {
      if (this.#count[cell + (STEP_CELL[k] as number)] !== 0) blocked |= 1 << k;
    }
    return blocked;
  }
}
