import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./paths";

/** One pack source file, parsed, with the path it came from (for error messages). */
export interface SourceFile {
  readonly file: string;
  readonly doc: Record<string, unknown>;
}

export const SOURCE_ROOT = join(PROJECT_ROOT, "packs/_source/");

/** Thrown when pack source files cannot be read as documents; the message names every such file. */
export class SourceReadError extends Error {
  constructor(readonly problems: readonly { readonly file: string; readonly message: string }[]) {
    super(
      `Pack sources cannot be read:\n${problems.map((p) => `${p.file}: ${p.message}`).join("\n")}`,
    );
    this.name = "SourceReadError";
  }
}

/**
 * Every `.json` document of one pack's source folder (`root/pack/*.json`), sorted by file name.
 * @throws SourceReadError naming each file that is not valid JSON (a truncated file, say) or does
 *   not hold one document (a JSON object: not `null`, a list or a bare value); the parser's own
 *   error names no file, and a `null` document would crash whatever reads it next.
 * @throws the file system's error (ENOENT…) when the folder cannot be listed.
 */
export function readPackSources(pack: string, root = SOURCE_ROOT): SourceFile[] {
  const dir = join(root, pack);
  const files: SourceFile[] = [];
  const problems: { file: string; message: string }[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const file = join(dir, name);
    const text = readFileSync(file, "utf8");
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      problems.push({ file, message: `is not valid JSON (${(err as Error).message})` });
      continue;
    }
    if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
      problems.push({
        file,
        message: `must hold one document (a JSON object), got ${
          doc === null ? "null" : Array.isArray(doc) ? "a list" : typeof doc
        }`,
      });
      continue;
    }
    files.push({ file, doc: doc as Record<string, unknown> });
  }
  if (problems.length) throw new SourceReadError(problems);
  return files;
}

/** The slug the encounter command accepts for a document: its file name without `.json`. */
export function slugOf(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.json$/, "");
}
