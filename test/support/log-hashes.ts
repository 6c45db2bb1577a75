import { createHash } from "node:crypto";

/**
 * Pinned runner logs: the JSON of a fight per seed, 1 to 200, for each named line-up or mode,
 * each hashed (the first 16 hex digits of its SHA-256), laid out as the pinned file keeps them.
 * Performance work on a runner must leave every event byte-identical; a rules or tactics change
 * that alters them updates the file on purpose (`vitest run -u`) and says why.
 */
export const PINNED_SEEDS: readonly number[] = Array.from({ length: 200 }, (_, i) => i + 1);

/** The first 16 hex digits of the text's SHA-256. */
export const sha256 = (text: string): string =>
  createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Each seed's hash of `log(seed)`, by seed. */
export function seedHashes(log: (seed: number) => string): Record<string, string> {
  return Object.fromEntries(PINNED_SEEDS.map((seed) => [String(seed), sha256(log(seed))]));
}

/** A runner fight's log as pinned: `{winner, rounds, events}`. */
export const fightLog = (f: { winner: unknown; rounds: unknown; events: unknown }): string =>
  JSON.stringify({ winner: f.winner, rounds: f.rounds, events: f.events });

/** The pinned file's text: each name's seed hashes, as JSON with a final newline. */
export const pinnedFile = (byName: Readonly<Record<string, Record<string, string>>>): string =>
  `${JSON.stringify(byName, null, 2)}\n`;
