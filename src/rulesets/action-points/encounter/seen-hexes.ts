import type { Hex } from "./events";

/**
 * The hexes a search within `budget` steps of `at` has met (each within `budget` of it on both
 * axial axes), marked on a square of stamps rather than searched for in the list of those met
 * (a search asks for each of six neighbours of every hex, and the list scan grew with the square
 * of the hexes met). The square is shared by every search and cleared by moving to a new stamp,
 * so two searches must never interleave (none calls another: `intercept.ts` `spotsFor`,
 * `position.ts` `walkTo`).
 */
export class SeenHexes {
  static #marks = new Uint32Array(0);
  static #last = 0;
  readonly #q0: number;
  readonly #r0: number;
  readonly #side: number;
  readonly #stamp: number;

  constructor(at: Hex, budget: number) {
    this.#side = 2 * budget + 1;
    this.#q0 = at.q - budget;
    this.#r0 = at.r - budget;
    const size = this.#side * this.#side;
    if (SeenHexes.#marks.length < size || SeenHexes.#last === 0xffffffff) {
      SeenHexes.#marks = new Uint32Array(Math.max(size, SeenHexes.#marks.length));
      SeenHexes.#last = 0;
    }
    this.#stamp = ++SeenHexes.#last;
    SeenHexes.#marks[this.#index(at.q, at.r)] = this.#stamp;
  }

  #index(q: number, r: number): number {
    return (q - this.#q0) * this.#side + (r - this.#r0);
  }

  has(q: number, r: number): boolean {
    return SeenHexes.#marks[this.#index(q, r)] === this.#stamp;
  }

  add(q: number, r: number): void {
    SeenHexes.#marks[this.#index(q, r)] = this.#stamp;
  }
}
