import type { Localize } from "../i18n";

/**
 * What a ruleset gives the Node commands (`npm run encounter`, `npm run bench`): pure, with no
 * Foundry and no file system, so the commands read the packs and hand them in. Each ruleset keeps
 * it in `src/rulesets/<id>/headless/index.ts` (exporting `HEADLESS`); the commands load it by that
 * path for every id of the registry, so a new ruleset needs no edit to the scripts.
 */

/** One document of a ruleset's compendium sources, with the slug the commands accept for it. */
export interface PackDocument {
  readonly slug: string;
  readonly doc: Record<string, unknown>;
}

/** The documents of one of the ruleset's packs, by the pack's name ("pregens", "monsters"). */
export type PackReader = (pack: string) => readonly PackDocument[];

/** What the encounter command was asked, the options every ruleset shares already checked. */
export interface EncounterRequest {
  readonly party?: string;
  readonly foes?: string;
  /** Dice seed, an integer. */
  readonly seed: number;
  /** Number of seeded fights to play for a win rate, 1–1,000,000. */
  readonly trials?: number;
  /** The side that ambushes. */
  readonly surprise?: "party" | "enemies";
  readonly json: boolean;
  readonly list: boolean;
  /** This ruleset's own options (`HeadlessRuleset.options`), as given on the command line. */
  readonly extra: Readonly<Record<string, string | boolean | undefined>>;
}

/** The command's answer: text to print, or a refusal (exit 2) saying why. */
export type EncounterOutcome = { readonly out: string } | { readonly refuse: string };

/** One timed call of a benchmark: plays the fight of dice seed `seed`. */
export type Workload = (seed: number) => void;

/** A ruleset's bench: its default fight with the full rules, and a plain simulator of it. */
export interface BenchSubject {
  /** e.g. "escalation, 4 v 6". */
  readonly label: string;
  readonly full: Workload;
  readonly plain: Workload;
  /** What the plain simulator leaves out, for the report. */
  readonly plainNote: string;
  /** The full rules' goal in fights per second, when the ruleset has one. */
  readonly goal?: number;
}

/** An option only this ruleset's encounter command takes. */
export interface HeadlessOption {
  readonly type: "string" | "boolean";
  /** Its usage line(s) without the option's name, e.g. "an adventuring day: …". */
  readonly usage: string;
}

export interface HeadlessRuleset {
  /** Options only this ruleset takes, by name (without "--"). */
  readonly options: Readonly<Record<string, HeadlessOption>>;
  /** The foes fought without `--foes`, for the usage text. */
  readonly defaultFoes: string;
  /** What `--surprise` does in this ruleset, for the usage text. */
  readonly surpriseUsage: string;
  /** Plays the encounter command. Never throws on bad input: it refuses with the reason. */
  encounter(request: EncounterRequest, packs: PackReader, t: Localize): EncounterOutcome;
  /** The bench subject of its default fight. */
  bench(packs: PackReader): BenchSubject;
}
