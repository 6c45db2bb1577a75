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
