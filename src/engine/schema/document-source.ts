import { validate, withDefaults, type ObjectSpec, type SourceOf, type SpecError } from "./spec";

/**
 * An Actor as stored (a compendium entry, `Actor#toObject()`): `_id`, `name`, `type`, `system`
 * and embedded `items`. What a ruleset's statblock reader takes, in Node and in Foundry alike.
 */
export interface ActorDocumentSource {
  readonly _id: string;
  readonly name: string;
  readonly type: string;
  readonly system: Record<string, unknown>;
  readonly items?: readonly {
    readonly _id: string;
    readonly name: string;
    readonly type: string;
    readonly system: Record<string, unknown>;
  }[];
}

/** Thrown when source data does not fit its model; carries every problem found. */
export class StatblockError extends Error {
  constructor(readonly documentName: string, readonly errors: readonly SpecError[]) {
    super(`${documentName}: ${errors.map((e) => `${e.path} ${e.message}`).join("; ")}`);
    this.name = "StatblockError";
  }
}

/**
 * A document's `system` checked against its spec and filled with the spec's defaults.
 * @param documentName names the document in the error ("Actor / Item" for an embedded item).
 * @throws StatblockError with every problem when `system` does not fit `spec`.
 */
export function sourceOf<S extends ObjectSpec>(
  spec: S, system: Record<string, unknown>, documentName: string,
): SourceOf<S> {
  const errors = validate(spec, system);
  if (errors.length) throw new StatblockError(documentName, errors);
  return withDefaults(spec, system);
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** A shape problem, keyed as the specs' own (`FRAY.Validation.*`, `spec.ts`). */
const shapeError = (path: string, key: "Text" | "Object" | "List", got: unknown): SpecError => ({
  path, key: `FRAY.Validation.${key}`, data: { path, got: typeof got },
  message: key === "Text" ? `must be text (got ${typeof got})`
    : key === "List" ? "must be a list" : "must be a group of fields",
});

/** The document's name for an error, else what it is. */
const nameOf = (doc: Record<string, unknown>, kind: string): string =>
  typeof doc.name === "string" ? doc.name : kind;

/** The stored shape of one document: `_id`, `name`, `type` as text, `system` an object. */
function documentShape(doc: Record<string, unknown>, at: string): SpecError[] {
  const errors: SpecError[] = [];
  for (const key of ["_id", "name", "type"]) {
    if (typeof doc[key] !== "string") errors.push(shapeError(`${at}${key}`, "Text", doc[key]));
  }
  if (!isRecord(doc.system)) errors.push(shapeError(`${at}system`, "Object", doc.system));
  return errors;
}

/**
 * A stored Actor (a pack file, `Actor#toObject()`) read as an {@link ActorDocumentSource}: its
 * `_id`, `name` and `type` text, its `system` an object, and each embedded item likewise. What
 * the statblock readers then check field by field against their specs.
 * @throws StatblockError naming every part that does not have that shape.
 */
export function actorSource(doc: unknown): ActorDocumentSource {
  if (!isRecord(doc)) throw new StatblockError("Actor", [shapeError("(root)", "Object", doc)]);
  const errors = documentShape(doc, "");
  const items: unknown = doc.items;
  if (items !== undefined && !Array.isArray(items)) errors.push(shapeError("items", "List", items));
  else {
    (items ?? []).forEach((item: unknown, i: number) => {
      if (isRecord(item)) errors.push(...documentShape(item, `items.${i}.`));
      else errors.push(shapeError(`items.${i}`, "Object", item));
    });
  }
  if (errors.length) throw new StatblockError(nameOf(doc, "Actor"), errors);
  // Every field the interface names was checked above.
  return doc as unknown as ActorDocumentSource;
}

/** A stored Item (a pack file, an actor's embedded item) as its `_id`, `name`, `type`, `system`. */
export type ItemDocumentSource = NonNullable<ActorDocumentSource["items"]>[number];

/**
 * A stored Item read as an {@link ItemDocumentSource} (`_id`, `name`, `type` text, `system` an
 * object). @throws StatblockError naming every part that does not have that shape.
 */
export function itemSource(doc: unknown): ItemDocumentSource {
  if (!isRecord(doc)) throw new StatblockError("Item", [shapeError("(root)", "Object", doc)]);
  const errors = documentShape(doc, "");
  if (errors.length) throw new StatblockError(nameOf(doc, "Item"), errors);
  return doc as unknown as ItemDocumentSource;
}
