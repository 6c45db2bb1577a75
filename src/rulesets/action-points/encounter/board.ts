import type { Fighter } from "./fighter";

/**
 * Who covers each hex of a headless fight's field, asked at every step of every walk: an array
 * over the hexes within 64 of the centre (a fight starts within a dozen of it and closes in), and
 * a map for any hex beyond. Tokens never share a hex.
 */
const HALF = 64;
const SIDE = 2 * HALF + 1;

export class Board {
  // Filled, not left with holes: a read of a hole also asks the array's prototypes.
  readonly #near: (Fighter | undefined)[] =
    new Array<Fighter | undefined>(SIDE * SIDE).fill(undefined);
  readonly #far = new Map<string, Fighter>();

  get(q: number, r: number): Fighter | undefined {
    const i = q + HALF;
    const j = r + HALF;
    if (i >= 0 && i < SIDE && j >= 0 && j < SIDE) return this.#near[i * SIDE + j];
    return this.#far.get(`${q},${r}`);
  }

  set(q: number, r: number, f: Fighter | undefined): void {
    const i = q + HALF;
    const j = r + HALF;
    if (i >= 0 && i < SIDE && j >= 0 && j < SIDE) this.#near[i * SIDE + j] = f;
    else if (f) this.#far.set(`${q},${r}`, f);
    else this.#far.delete(`${q},${r}`);
  }
}
