import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkPack, formatProblems, type PackProblem } from "./pack-check";
import { PROJECT_ROOT } from "./paths";
import { readPackSources, SOURCE_ROOT } from "./sources";

/** The packs declared in system.json, with their document type. */
export interface PackEntry {
  readonly name: string;
  readonly type: "Actor" | "Item" | "JournalEntry";
}

export function declaredPacks(): PackEntry[] {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "system.json"), "utf8")) as { packs: PackEntry[] };
  return manifest.packs.map((p) => ({ name: p.name, type: p.type }));
}

/**
 * Checks every pack's sources, then compiles each into `outDir/<name>` (LevelDB) with the official
 * CLI.
 * @param root the folder holding one source folder per declared pack.
 * @throws SourceReadError (from readPackSources) naming each file that is not a JSON document, or
 *   an Error listing every problem as `file: field message`; in both cases nothing is compiled.
 */
export async function buildPacks(outDir: string, root = SOURCE_ROOT): Promise<void> {
  const seen = new Map<string, string>();
  const problems: PackProblem[] = [];
  for (const pack of declaredPacks()) problems.push(...checkPack(pack.type, readPackSources(pack.name, root), seen));
  if (problems.length) throw new Error(`Pack sources have problems:\n${formatProblems(problems)}`);
  for (const pack of declaredPacks()) {
    await compilePack(join(root, pack.name), join(outDir, pack.name));
  }
}
