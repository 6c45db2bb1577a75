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

export interface RulesetManifest {
  readonly id: string;
  /** The compendium folder's name inside "Fray" (Foundry shows folder names as given). */
  readonly folder: string;
  readonly color: string;
  readonly documentTypes: Readonly<
    Partial<Record<SubtypeDocument, Readonly<Record<string, SubtypeEntry>>>>
  >;
  readonly packs: readonly RulesetPack[];
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

/**
 * The full manifest: `base` (system.json as kept in the repository, without generated keys) plus
 * every ruleset's document types, packs (in one "Fray" folder with a subfolder per ruleset) and
 * language files.
 * @throws Error when two rulesets declare the same subtype or pack name, or `base` already has a
 *   generated key (it would be silently replaced).
 */
export function generateManifest(base: Json, rulesets: readonly RulesetManifest[]): Json {
  for (const key of ["documentTypes", "packs", "packFolders"]) {
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
  return {
    ...base, languages, documentTypes, packs,
    packFolders: [{ name: "Fray", sorting: "m", color: "#8a3b12", packs: [], folders }],
  };
}
