import type { FieldSpec } from "../engine/schema/spec";
import { RECORD_FIELDS } from "./cards/records";

/**
 * What a ruleset adds to `system.json`, as pure data: its document subtypes, its compendium packs
 * and its language file. The build (`scripts/build.ts`) writes the manifest from the base
 * `system.json` and every registered ruleset, so the declared types and packs cannot drift from
 * the code. Source shapes: Foundry v13 common/packages/base-package.mjs (`documentTypes`, `packs`,
 * `packFolders` with nested `folders`, `languages`); multiple `languages` entries for one language
 * are all loaded (client/helpers/localization.mjs `#filterLanguagePaths`).
 */
export type SubtypeDocument = "Actor" | "Item" | "ChatMessage";

/** A subtype's manifest entry: its HTML fields (sanitized) and fields only a GM may write. */
export interface SubtypeEntry {
  readonly htmlFields?: readonly string[];
  readonly gmOnlyFields?: readonly string[];
}

/** One compendium pack; its sources are `packs/_source/<ruleset>/<name>/*.json`. */
export interface RulesetPack {
  readonly name: string;
  /** The pack's title in the compendium sidebar. */
  readonly label: string;
  readonly type: "Actor" | "Item" | "JournalEntry";
  /** What players may do with it: browse (`OBSERVER`) or nothing (`NONE`, e.g. monsters). */
  readonly players: "OBSERVER" | "NONE";
}

/** A token disposition, by its name in Foundry's CONST.TOKEN_DISPOSITIONS (common/constants.mjs). */
export type TokenDisposition = "FRIENDLY" | "NEUTRAL" | "HOSTILE" | "SECRET";

/**
 * What the prototype token of a new actor of an Actor subtype starts with, unless its creator set
 * it (shell/data/token-defaults.ts applies it when the actor is created).
 */
export interface TokenDefaults {
  /** Linked to its actor: its damage and rests reach the actor itself (player characters). */
  readonly actorLink?: boolean;
  readonly disposition?: TokenDisposition;
  /**
   * The attributes its two resource bars show: paths in the subtype's system data to a number or a
   * `{value, max}` pair (Foundry's TokenDocument#getBarAttribute, client/documents/token.mjs), or
   * null for no bar.
   */
  readonly bars: readonly [string | null, string | null];
}

/**
 * Whether a token bar can show `path` of data described by `spec`: a number, or a `{value, max}`
 * pair of numbers, as TokenDocument#getBarAttribute reads it (client/documents/token.mjs; anything
 * else gives no bar).
 */
export function barAttributeFits(spec: FieldSpec, path: string): boolean {
  let at: FieldSpec | undefined = spec;
  for (const key of path.split(".")) {
    at = at?.kind === "object" && Object.hasOwn(at.fields, key) ? at.fields[key] : undefined;
  }
  if (at?.kind === "int") return true;
  return at?.kind === "object" && at.fields.value?.kind === "int" && at.fields.max?.kind === "int";
}

export interface RulesetManifest {
  readonly id: string;
  /** The compendium folder's name inside "Fray" (Foundry shows folder names as given). */
  readonly folder: string;
  readonly color: string;
  readonly documentTypes: Readonly<
    Partial<Record<SubtypeDocument, Readonly<Record<string, SubtypeEntry>>>>
  >;
  readonly packs: readonly RulesetPack[];
  /** Each Actor subtype's prototype token defaults (a subtype left out starts with no bars). */
  readonly tokens?: Readonly<Record<string, TokenDefaults>>;
  /** The field spec of each Actor and Item subtype, which the pack check validates sources with. */
  readonly documentSpecs: Readonly<
    Partial<Record<"Actor" | "Item", Readonly<Record<string, FieldSpec>>>>
  >;
  /**
   * Whether the ruleset keeps its own strings in `src/rulesets/<id>/lang/*.json` (the build merges
   * them into one `lang/<id>.en.json`); false when its strings are in the shared lang/en.json.
   */
  readonly lang: boolean;
}

/** The built pack's name (unique across the system): `<ruleset>-<pack>`. */
export function builtPackName(ruleset: string, pack: string): string {
  return `${ruleset}-${pack}`;
}

/** The folder of a ruleset's own strings, templates and other files in the repository. */
export function rulesetFolder(ruleset: string): string {
  return `src/rulesets/${ruleset}`;
}

/** The path of a ruleset's language file inside the built system. */
export function builtLangPath(ruleset: string): string {
  return `lang/${ruleset}.en.json`;
}

type Json = Record<string, unknown>;

const TOKEN_ATTRIBUTES = ["primaryTokenAttribute", "secondaryTokenAttribute"] as const;

/**
 * The bar attribute system.json may name for every actor: Foundry gives a new token's bar 1 and
 * bar 2 `primaryTokenAttribute` and `secondaryTokenAttribute` whatever its actor's type
 * (common/documents/token.mjs `bar1`/`bar2` initial), so one is named only when every Actor
 * subtype of every ruleset shows it in that bar; otherwise each subtype's own bars are set when
 * its actors are created (`TokenDefaults`), and a type without the attribute gets no bar.
 */
export function sharedBarAttribute(
  rulesets: readonly RulesetManifest[], bar: 0 | 1,
): string | null {
  const attributes = new Set<string | null>();
  for (const r of rulesets) {
    for (const type of Object.keys(r.documentTypes.Actor ?? {})) {
      attributes.add(r.tokens?.[type]?.bars[bar] ?? null);
    }
  }
  const [only] = [...attributes];
  return attributes.size === 1 && only ? only : null;
}

/**
 * The full manifest: `base` (system.json as kept in the repository, without generated keys) plus
 * every ruleset's document types, packs (in one "Fray" folder with a subfolder per ruleset),
 * language files and the token bar attributes every actor shares (`sharedBarAttribute`).
 * @throws Error when two rulesets declare the same subtype or pack name, or `base` already has a
 *   generated key (it would be silently replaced).
 */
export function generateManifest(base: Json, rulesets: readonly RulesetManifest[]): Json {
  for (const key of ["documentTypes", "packs", "packFolders", ...TOKEN_ATTRIBUTES]) {
    if (key in base)
      throw new Error(`system.json must not declare "${key}": the build generates it`);
  }
  const documentTypes: Record<string, Record<string, SubtypeEntry>> = {};
  const packs: Json[] = [];
  const seen = new Set<string>();
  for (const r of rulesets) {
    for (const [document, types] of Object.entries(r.documentTypes)) {
      const into = (documentTypes[document] ??= {});
      for (const [type, entry] of Object.entries(types)) {
        if (type in into) throw new Error(`${document} subtype "${type}" is declared twice`);
        // Every card's GM records are GM-only (shell/cards/records.ts), whatever else it lists.
        into[type] = document === "ChatMessage"
          ? { ...entry, gmOnlyFields: [...new Set([...(entry.gmOnlyFields ?? []), ...RECORD_FIELDS])] }
          : entry;
      }
    }
    for (const p of r.packs) {
      const name = builtPackName(r.id, p.name);
      if (seen.has(name)) throw new Error(`pack "${name}" is declared twice`);
      seen.add(name);
      const ownership = { PLAYER: p.players, ASSISTANT: "OWNER" };
      packs.push({
        name,
        label: p.label,
        path: `packs/${name}`,
        type: p.type,
        system: base.id,
        ownership,
      });
    }
  }
  const folders = rulesets.map((r) => ({
    name: r.folder,
    sorting: "m",
    color: r.color,
    packs: r.packs.map((p) => builtPackName(r.id, p.name)),
  }));
  const languages = [
    ...((base.languages as Json[] | undefined) ?? []),
    ...rulesets.filter((r) => r.lang).map((r) => ({
      lang: "en", name: "English", path: builtLangPath(r.id),
    })),
  ];
  const tokenAttributes: Json = {};
  TOKEN_ATTRIBUTES.forEach((key, bar) => {
    const attribute = sharedBarAttribute(rulesets, bar as 0 | 1);
    if (attribute) tokenAttributes[key] = attribute;
  });
  return {
    ...base, ...tokenAttributes, languages, documentTypes, packs,
    packFolders: [{ name: "Fray", sorting: "m", color: "#8a3b12", packs: [], folders }],
  };
}
