import {
  setDeltas, toJson, type Bound, type Delta, type FieldRef, type Json,
} from "../../engine/deltas/delta";
import { planInverse, type Write, type WorldReading } from "../../engine/deltas/inverse";
import { keptLocation } from "../combat/kept";

/**
 * Records what a step changes in the world's documents, as deltas (engine/deltas): the step tells
 * the recorder which fields and embedded collections it is about to change, makes its writes the
 * usual way (its ruleset's document methods), and the recorder reads the same fields again when
 * the step is done. Foundry updates the local copy of a document before its `update` returns
 * (client/data/client-backend.mjs `#handleUpdateDocuments`), so a reading after an awaited write
 * sees it. Runs on the active GM's client.
 */
type AnyDocument = foundry.abstract.Document.Any;

/** How a watched number is recorded: as a change later changes may stay on top of (`add`). */
export interface AddRule {
  readonly min?: Bound;
  readonly max?: Bound;
  readonly nowMin?: number;
}

export interface WatchOptions {
  /**
   * Numbers recorded as an `add`, by path. A function decides once the step is done, from the
   * value before and after (null: record as an exact `set`).
   */
  readonly add?: Readonly<Record<string, AddRule | ((before: number, after: number) => AddRule | null)>>;
  /** Record every watched field, changed or not: the undo then needs each to be as left. */
  readonly exact?: boolean;
  /** A `set` of these paths is owed only while the guard holds (see `SetDelta.guard`). */
  readonly guard?: FieldRef & { readonly equals: Json };
  /**
   * The options a put-back's update of this document passes (`putBack`): a token put back where
   * it stood is a rule's move, not a creature's (`shell/movement/watch.ts` `FORCED_MOVE`).
   */
  readonly update?: Readonly<Record<string, unknown>>;
}

interface Watch {
  readonly doc: AnyDocument;
  readonly uuid: string;
  readonly paths: readonly string[];
  readonly before: Record<string, Json>;
  readonly options: WatchOptions;
}

interface EmbeddedWatch {
  readonly parent: AnyDocument;
  readonly documentName: string;
  readonly collection: string;
  readonly before: Map<string, Json>;
}

/** The document at a uuid, synchronously (world documents and their embedded ones). */
const documentAt = (uuid: string): AnyDocument | null =>
  fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as AnyDocument | null;

const sourceOf = (doc: AnyDocument): unknown => (doc as unknown as { _source: unknown })._source;

function readPaths(doc: AnyDocument, paths: readonly string[]): Record<string, Json> {
  const source = sourceOf(doc) as object;
  return Object.fromEntries(paths.map((p) => [p, toJson(foundry.utils.getProperty(source, p))]));
}

function embedded(parent: AnyDocument, collection: string): Map<string, AnyDocument> {
  const c = (parent as unknown as Record<string, unknown>)[collection] as
    { contents?: AnyDocument[] } | undefined;
  return new Map((c?.contents ?? []).map((d) => [d.id ?? "", d]));
}

export class Recorder {
  readonly #watches: Watch[] = [];
  readonly #embedded: EmbeddedWatch[] = [];
  readonly #made: Delta[] = [];
  readonly #settle: (() => Promise<unknown>)[] = [];

  /** Watches fields of a document (dotted paths of its stored data) before the step writes. */
  watch(doc: AnyDocument, paths: readonly string[], options: WatchOptions = {}): void {
    this.#watches.push({ doc, uuid: doc.uuid ?? "", paths, before: readPaths(doc, paths), options });
  }

  /** The options a put-back's update of the document at `uuid` passes (`WatchOptions.update`). */
  updateOptions(uuid: string): Readonly<Record<string, unknown>> | undefined {
    return this.#watches.find((w) => w.uuid === uuid && w.options.update)?.options.update;
  }

  /** Watches an embedded collection (`effects` of an Actor) for documents created or deleted. */
  watchEmbedded(parent: AnyDocument, documentName: string, collection: string): void {
    const before = new Map([...embedded(parent, collection)].map(([id, d]) => [
      id, toJson((d as unknown as { toObject(): unknown }).toObject()),
    ]));
    this.#embedded.push({ parent, documentName, collection, before });
  }

  /**
   * Records a document the step created on purpose (an ActiveEffect it applies). Derived changes,
   * such as the status markers an actor keeps in line with its HP, are not recorded: the ruleset
   * puts those in line again after an undo.
   */
  created(doc: AnyDocument, options: { required?: boolean } = {}): void {
    this.#made.push({ kind: "create", uuid: doc.uuid ?? "", ...(options.required ? { required: true } : {}) });
  }

  /** Records a document the step is about to delete on purpose (call before deleting it). */
  deleting(doc: AnyDocument): void {
    const parent = (doc as unknown as { parent: AnyDocument | null }).parent;
    this.#made.push({
      kind: "delete", uuid: doc.uuid ?? "", parentUuid: parent?.uuid ?? "",
      documentName: doc.documentName,
      data: toJson((doc as unknown as { toObject(): unknown }).toObject()),
    });
  }

  /**
   * Work that puts derived state back in line (health markers kept with HP) once what this step
   * changed was put back because it failed; the recorder records no derived change itself.
   */
  afterPutBack(work: () => Promise<unknown>): void {
    this.#settle.push(work);
  }

  /** Runs the `afterPutBack` work, each part on its own (a document may be gone by now). */
  async settle(): Promise<void> {
    for (const work of this.#settle) await work().catch(() => undefined);
  }

  /** The deltas of everything watched, read now. */
  deltas(): Delta[] {
    const out: Delta[] = [...this.#made];
    for (const w of this.#watches) {
      const after = readPaths(w.doc, w.paths);
      for (const path of w.paths) {
        const b = w.before[path] ?? null;
        const a = after[path] ?? null;
        const rule = w.options.add?.[path];
        const add = typeof rule === "function" && typeof b === "number" && typeof a === "number"
          ? rule(b, a) : typeof rule === "function" ? null : rule;
        if (add && typeof b === "number" && typeof a === "number") {
          if (a !== b) out.push({ kind: "add", uuid: w.uuid, path, amount: a - b, ...add });
          continue;
        }
        const sets = w.options.exact
          ? [{ kind: "set" as const, uuid: w.uuid, path, before: b, after: a }]
          : setDeltas(w.uuid, [path], { [path]: b }, { [path]: a });
        out.push(...sets.map((d) => (w.options.guard ? { ...d, guard: w.options.guard } : d)));
      }
    }
    for (const e of this.#embedded) {
      const now = embedded(e.parent, e.collection);
      for (const [id, doc] of now) {
        if (!e.before.has(id)) out.push({ kind: "create", uuid: doc.uuid ?? "" });
      }
      for (const [id, data] of e.before) {
        if (now.has(id)) continue;
        out.push({
          kind: "delete", uuid: `${e.parent.uuid}.${e.documentName}.${id}`,
          parentUuid: e.parent.uuid ?? "", documentName: e.documentName, data,
        });
      }
    }
    return out;
  }
}

/**
 * Where a recorded field is now: itself, or, for a combatant's field a step recorded on the
 * Combatant before its combat kept it (`combat/kept.ts`), the Combat's kept path. Steps recorded
 * since watch the Combat's kept paths themselves.
 */
export function located(ref: FieldRef): FieldRef {
  return keptLocation(ref.uuid, ref.path) ?? ref;
}

/** The world as the undo planner reads it: documents' stored data, by uuid. */
export function worldNow(): WorldReading {
  return {
    read: (ref) => {
      if (!documentAt(ref.uuid)) return undefined;
      const at = located(ref);
      const doc = documentAt(at.uuid);
      return doc ? toJson(foundry.utils.getProperty(sourceOf(doc) as object, at.path)) : undefined;
    },
    exists: (uuid) => Boolean(documentAt(uuid)),
  };
}

/**
 * Makes an undo plan's writes, in order: a document's field updates that follow each other in one
 * update (so an actor's HP and death track are written together, as its `_preUpdate` expects),
 * deletions, and documents created again with their old ids (`keepId`).
 * @param optionsFor the options of a document's update, by its uuid (none: Foundry's defaults).
 */
export async function makeWrites(
  planned: readonly Write[],
  optionsFor: (uuid: string) => Readonly<Record<string, unknown>> | undefined = () => undefined,
): Promise<void> {
  const writes = planned.map((w) => (w.kind === "update" ? { ...w, ...located(w) } : w));
  for (let i = 0; i < writes.length; i++) {
    const write = writes[i]!;
    if (write.kind === "update") {
      const changes: Record<string, Json> = { [write.path]: write.value };
      for (let next = writes[i + 1]; next?.kind === "update" && next.uuid === write.uuid;
        next = writes[i + 1]) {
        changes[next.path] = next.value;
        i++;
      }
      const doc = documentAt(write.uuid) as unknown as
        { update(d: object, o?: object): Promise<unknown> } | null;
      const options = optionsFor(write.uuid);
      await (options ? doc?.update(changes, options) : doc?.update(changes));
    } else if (write.kind === "delete") {
      const doc = documentAt(write.uuid);
      await (doc as unknown as { delete(): Promise<unknown> } | null)?.delete();
    } else {
      const parent = documentAt(write.parentUuid) as unknown as {
        createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown>;
      } | null;
      await parent?.createEmbeddedDocuments(write.documentName, [write.data as object],
        { keepId: true });
    }
  }
}

/**
 * Puts back what a failed step (or a seal whose record could not be written, `takeover.ts`) had
 * changed, as far as it can, then runs its `afterPutBack` work. A document deleted meanwhile (by
 * another client, or the very write that failed) is left out: the planner refuses a whole plan
 * for one gone document, and what is still there must still be put back.
 */
export async function putBack(recorder: Recorder): Promise<void> {
  const now = worldNow();
  const deltas = recorder.deltas()
    .filter((d) => d.kind === "create" || d.kind === "delete" || now.exists(d.uuid));
  const plan = planInverse(deltas, now);
  const options = (uuid: string) => recorder.updateOptions(uuid);
  if (plan.ok) await makeWrites(plan.writes, options).catch(() => undefined);
  await recorder.settle();
}
