import { uniqueKeys } from "./keys";

/**
 * A fight's line-up as every headless runner reads it: the party's statblocks then the foes', each
 * one's key (`keys.ts`) and side, worked out once per pair of lists, so thousands of trials (and
 * the bench) do not redo them; and a slot a ruleset keeps what its unrecorded fights reuse in
 * (their fighters, a board: made anew for each of thousands of fights, they outlived V8's young
 * generation and every collection grew slow, as shock's runner found). Neutral: any runner whose
 * fights are a party against foes.
 */
export interface Lineup<B, P> {
  readonly all: readonly B[];
  readonly keys: readonly string[];
  readonly sides: readonly ("party" | "foes")[];
  /** What the ruleset's last unrecorded fight of this line-up left to reuse; null before one. */
  pool: P | null;
}

/** The line-ups of one runner, by its party and foes lists (held weakly: lists come and go). */
export class Lineups<B extends { readonly name: string }, P> {
  readonly #byParty = new WeakMap<readonly B[], WeakMap<readonly B[], Lineup<B, P>>>();

  /** The line-up of `party` then `foes` (the same object for the same two lists). */
  of(party: readonly B[], foes: readonly B[]): Lineup<B, P> {
    let byFoes = this.#byParty.get(party);
    if (!byFoes) this.#byParty.set(party, (byFoes = new WeakMap()));
    let lineup = byFoes.get(foes);
    if (!lineup) {
      const all = [...party, ...foes];
      const sides = all.map((_, i) => (i < party.length ? "party" as const : "foes" as const));
      byFoes.set(foes, (lineup = { all, keys: uniqueKeys(all), sides, pool: null }));
    }
    return lineup;
  }
}
