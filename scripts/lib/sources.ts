import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One pack source file, parsed, with the path it came from (for error messages). */
export interface SourceFile {
  readonly file: string;
  readonly doc: Record<string, unknown>;
}

export const SOURCE_ROOT = new URL("../../packs/_source/", import.meta.url).pathname;

/** Every `.json` document of one pack's source folder, sorted by file name. */
export function readPackSources(pack: string, root = SOURCE_ROOT): SourceFile[] {
  const dir = join(root, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      return { file, doc: JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> };
    });
}

/** The slug the encounter command accepts for a document: its file name without `.json`. */
export function slugOf(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.json$/, "");
}
