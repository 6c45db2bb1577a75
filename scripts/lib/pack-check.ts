import { validate } from "../../src/engine/schema/spec";
import { barAttributeFits, type RulesetManifest } from "../../src/shell/manifest";
import { ESCALATION_MANIFEST } from "../../src/rulesets/escalation/manifest";
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

/**
 * The problems of one pack's sources (empty when all is well); never throws for any parsed JSON.
 * @param type the pack's document type, as declared in system.json.
 * @param seenIds `_id` → file of documents already checked, shared across packs so that a
 *   duplicate in another pack is caught too; this call adds its own documents.
 * @param specsOf the field spec of each Actor and Item subtype of the pack's ruleset (escalation's
 *   unless given).
 */
export function checkPack(
  type: PackType, files: readonly SourceFile[], seenIds = new Map<string, string>(),
  specsOf: RulesetManifest["documentSpecs"] = ESCALATION_MANIFEST.documentSpecs,
): PackProblem[] {
  const DOCUMENT_SPECS = { Actor: specsOf.Actor ?? {}, Item: specsOf.Item ?? {} };
  const problems: PackProblem[] = [];
  for (const { file, doc } of files) {
    const at = (field: string, message: string) => problems.push({ file, field, message });
    // readPackSources only yields objects, but this is exported: any caller's null must not crash.
    if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
      at("(root)", `must be one document (a JSON object), got ${brief(doc)}`);
      continue;
    }
    const id = doc._id;
    if (typeof id !== "string" || !/^[A-Za-z0-9]{16}$/.test(id)) {
      at("_id", "must be 16 letters or digits");
      continue;
    }
    const other = seenIds.get(id);
    if (other) at("_id", `duplicates the _id of ${other}`);
    seenIds.set(id, file);
    if (doc._key !== `!${COLLECTION[type]}!${id}`)
      at("_key", `must be "!${COLLECTION[type]}!${id}" (the CLI skips documents without it)`);
    if (typeof doc.name !== "string" || !doc.name) at("name", "is required");
    if (type === "Actor" || type === "Item") {
      const specs = DOCUMENT_SPECS[type] as Record<string, Parameters<typeof validate>[0]>;
      const spec = Object.hasOwn(specs, String(doc.type)) ? specs[String(doc.type)] : undefined;
      if (!spec) at("type", `must be one of ${Object.keys(specs).join(", ")}`);
      else for (const e of validate(spec, doc.system, "system")) at(e.path, e.message);
      if (type === "Actor" && spec) checkBars(doc, spec, at);
    }
    if (type === "Actor") {
      const itemSpecs = DOCUMENT_SPECS.Item as Record<string, Parameters<typeof validate>[0]>;
      for (const [i, item] of embedded(doc, "items", at)) {
        const itemId = String(item._id ?? "");
        if (!/^[A-Za-z0-9]{16}$/.test(itemId)) at(`items.${i}._id`, "must be 16 letters or digits");
        if (item._key !== `!actors.items!${id}.${itemId}`)
          at(`items.${i}._key`, `must be "!actors.items!${id}.${itemId}"`);
        const spec = Object.hasOwn(itemSpecs, String(item.type))
          ? itemSpecs[String(item.type)]
          : undefined;
        if (!spec) at(`items.${i}.type`, `must be one of ${Object.keys(itemSpecs).join(", ")}`);
        else
          for (const e of validate(spec, item.system, `items.${i}.system`)) at(e.path, e.message);
      }
    }
    if (type === "JournalEntry") {
      for (const [i, page] of embedded(doc, "pages", at)) {
        if (page._key !== `!journal.pages!${id}.${String(page._id)}`)
          at(`pages.${i}._key`, `must be "!journal.pages!${id}.${String(page._id)}"`);
      }
    }
  }
  return problems;
}

/**
 * An actor's prototype token bars must show an attribute its subtype has (a number or a
 * `{value, max}` pair): another would be a bar that never draws (TokenDocument#getBarAttribute,
 * client/documents/token.mjs, gives null for it).
 */
function checkBars(
  doc: Record<string, unknown>,
  spec: Parameters<typeof validate>[0],
  at: (field: string, message: string) => void,
): void {
  const token = doc.prototypeToken as Record<string, { attribute?: unknown } | undefined> | undefined;
  for (const bar of ["bar1", "bar2"]) {
    const attribute = token?.[bar]?.attribute;
    if (attribute === undefined || attribute === null) continue;
    if (typeof attribute !== "string" || !barAttributeFits(spec, attribute))
      at(`prototypeToken.${bar}.attribute`,
        `must be an attribute of ${String(doc.type)} a bar can show, got ${brief(attribute)}`);
  }
}

/**
 * A document's embedded documents (`items`, `pages`) with their indices. Absent means none; any
 * other non-list, or an element that is not an object, is reported, since the Foundry CLI would
 * fail on it or skip it without naming the file.
 */
function embedded(
  doc: Record<string, unknown>,
  field: string,
  at: (field: string, message: string) => void,
): [number, Record<string, unknown>][] {
  const list = doc[field];
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    at(field, `must be a list, got ${brief(list)}`);
    return [];
  }
  const out: [number, Record<string, unknown>][] = [];
  list.forEach((element: unknown, i) => {
    if (typeof element === "object" && element !== null && !Array.isArray(element))
      out.push([i, element as Record<string, unknown>]);
    else at(`${field}.${i}`, `must be an object, got ${brief(element)}`);
  });
  return out;
}

/** A value as JSON, cut to a readable length: the message only needs to show what is there. */
function brief(value: unknown): string {
  const json = JSON.stringify(value) ?? "nothing";
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** One line per problem, `file: field message`, for the build's error. */
export function formatProblems(problems: readonly PackProblem[]): string {
  return problems.map((p) => `${p.file}: ${p.field} ${p.message}`).join("\n");
}
