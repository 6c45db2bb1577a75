/**
 * Dice the pure core can roll without Foundry.
 *
 * Inside Foundry every roll goes through Foundry's own `Roll` (so roll modes and Dice So Nice
 * work); the core only ever *describes* a roll (see {@link PoolSpec}) and *interprets* its results.
 * This roller exists for Node: the headless encounter runner, tests and benchmarks.
 */
export interface DiceRoller {
  /** One die: an integer in [1, faces]. `faces` must be a positive integer. */
  die(faces: number): number;
}

/**
 * A deterministic roller (mulberry32). The same seed always yields the same sequence, which is what
 * makes a seeded encounter replay to the same event log.
 */
export class SeededRoller implements DiceRoller {
  #state: number;

  /** @param seed any integer; only its low 32 bits are used. */
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  die(faces: number): number {
    return 1 + Math.floor(this.next() * faces);
  }
}
