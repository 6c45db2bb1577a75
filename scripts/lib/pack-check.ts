import { validate } from "../../src/rules/schema/spec";
import { DOCUMENT_SPECS } from "../../src/rules/escalation/models";
import type { SourceFile } from "./sources";

/**
 * Checks pack sources before they are compiled, because the Foundry CLI silently skips a file
 * without `_key` and would let a duplicate `_id` overwrite another document. Every problem names
 * the file and the field.
 */
export interface PackProblem {
  readonly file: string;
  readonly field: string;
  readonly message: string;
}

const COLLECTION = { Actor: "actors", Item: "items", JournalEntry: "journal" } as const;
type PackType = keyof typeof COLLECTION;

export function checkPack(type: PackType, files: readonly SourceFile[], seenIds = new Map<string, string>()): PackProblem[] {
  const problems: PackProblem[] = [];
  for (const { file, doc } of files) {
    const at = (field: string, message: string) => problems.push({ file, field, message });
    const id = doc._id;
    if (typeof id !== "string" || !/^[A-Za-z0-9]{16}$/.test(id)) {
      at("_id", "must be 16 letters or digits");
      continue;
    }
    const other = seenIds.get(id);
    if (other) at("_id", `duplicates the _id of ${other}`);
    seenIds.set(id, file);
    if (doc._key !== `!${COLLECTION[type]}!${id}`) at("_key", `must be "!${COLLECTION[type]}!${id}" (the CLI skips documents without it)`);
    if (typeof doc.name !== "string" || !doc.name) at("name", "is required");
    if (type === "Actor" || type === "Item") {
      const specs = DOCUMENT_SPECS[type] as Record<string, Parameters<typeof validate>[0]>;
      const spec = specs[String(doc.type)];
      if (!spec) at("type", `must be one of ${Object.keys(specs).join(", ")}`);
      else for (const e of validate(spec, doc.system, "system")) at(e.path, e.message);
    }
    if (type === "Actor") {
      const items = Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [];
      items.forEach((item, i) => {
        const itemId = String(item._id ?? "");
        if (!/^[A-Za-z0-9]{16}$/.test(itemId)) at(`items.${i}._id`, "must be 16 letters or digits");
        if (item._key !== `!actors.items!${id}.${itemId}`) at(`items.${i}._key`, `must be "!actors.items!${id}.${itemId}"`);
        const spec = (DOCUMENT_SPECS.Item as Record<string, Parameters<typeof validate>[0]>)[String(item.type)];
        if (!spec) at(`items.${i}.type`, "must be weapon or ability");
        else for (const e of validate(spec, item.system, `items.${i}.system`)) at(e.path, e.message);
      });
    }
    if (type === "JournalEntry") {
      const pages = Array.isArray(doc.pages) ? (doc.pages as Record<string, unknown>[]) : [];
      pages.forEach((page, i) => {
        if (page._key !== `!journal.pages!${id}.${String(page._id)}`) at(`pages.${i}._key`, `must be "!journal.pages!${id}.${String(page._id)}"`);
      });
    }
  }
  return problems;
}

export function formatProblems(problems: readonly PackProblem[]): string {
  return problems.map((p) => `${p.file}: ${p.field} ${p.message}`).join("\n");
}
