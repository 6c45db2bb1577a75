import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { join } from "node:path";
import { builtPackName, type RulesetManifest } from "../../src/shell/manifest";
import { REGISTRY } from "../../src/rulesets/registry";
import { checkPack, formatProblems, type PackProblem } from "./pack-check";
import { readPackSources, SOURCE_ROOT } from "./sources";

/** A pack every registered ruleset declares: its built name, source folder and document type. */
export interface PackEntry {
  /** The built pack's name, `<ruleset>-<pack>` (system.json's `packs[].name`). */
  readonly name: string;
  /** Its source folder under packs/_source: `<ruleset>/<pack>`. */
  readonly source: string;
  readonly type: "Actor" | "Item" | "JournalEntry";
  readonly specs: RulesetManifest["documentSpecs"];
}

/** Every registered ruleset's packs, in registry order (the generated manifest's order). */
export function declaredPacks(): PackEntry[] {
  return REGISTRY.flatMap(({ manifest }) => manifest.packs.map((p) => ({
    name: builtPackName(manifest.id, p.name), source: `${manifest.id}/${p.name}`, type: p.type,
    specs: manifest.documentSpecs,
  })));
}

/**
 * Checks every pack's sources, then compiles each into `outDir/<name>` (LevelDB) with the official
 * CLI.
 * @param root the folder holding one source folder per ruleset, and in it one per pack.
 * @throws SourceReadError (from readPackSources) naming each file that is not a JSON document, or
 *   an Error listing every problem as `file: field message`; in both cases nothing is compiled.
 */
export async function buildPacks(outDir: string, root = SOURCE_ROOT): Promise<void> {
  const seen = new Map<string, string>();
  const problems: PackProblem[] = [];
  for (const pack of declaredPacks()) {
    problems.push(...checkPack(pack.type, readPackSources(pack.source, root), seen, pack.specs));
  }
  if (problems.length) throw new Error(`Pack sources have problems:\n${formatProblems(problems)}`);
  for (const pack of declaredPacks()) {
    await compilePack(join(root, pack.source), join(outDir, pack.name));
  }
}
