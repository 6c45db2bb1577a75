import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkPack, formatProblems, type PackProblem } from "./pack-check";
import { readPackSources, SOURCE_ROOT } from "./sources";

/** The packs declared in system.json, with their document type. */
export interface PackEntry {
  readonly name: string;
  readonly type: "Actor" | "Item" | "JournalEntry";
}

export function declaredPacks(): PackEntry[] {
  const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as { packs: PackEntry[] };
  return manifest.packs.map((p) => ({ name: p.name, type: p.type }));
}

/**
 * Checks every pack's sources, then compiles each into `outDir/<name>` (LevelDB) with the official
 * CLI. Throws, compiling nothing, when any source has a problem.
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
