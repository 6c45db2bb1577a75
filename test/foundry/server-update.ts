/**
 * Foundry v13's server deciding a user's write, in Node: what the Foundry server does with a
 * `modifyDocument` request a client sends over its socket, run with Foundry's own server code
 * imported from `FOUNDRY_V13` (dist/database/…, dist/core/utils.mjs, common/…).
 *
 * The server's path for an update, in Foundry build 350's order (read from the files named, and
 * recorded per request in `steps`, with Foundry's method names):
 * 1. dist/database/backend/server-backend.mjs, the socket's `modifyDocument` listener (private):
 *    stamps `userId` with the socket's User, then `modifyDocument(request, user)` picks the
 *    Document class from `db[type]` and runs the action under that database's semaphore.
 *    (`ServerWorld.request` calls `modifyDocument` as that listener does, `userId` stamped.)
 * 2. common/abstract/backend.mjs `DatabaseBackend#update`: `updates` must be an array; the parent
 *    is read from `parentUuid` (`fromUuid`, dist/core/utils.mjs); `diff`/`recursive` default on.
 * 3. server-backend.mjs `_updateDocuments`: every change must carry an `_id`. A primary document
 *    is read from the database (`getMany` → `fromSource`), an embedded one taken from its parent's
 *    collection. Then, per change, `preprocessData(change, {document, user})`
 *    (dist/database/backend/server-document.mjs): `sanitizeUserInput` — each field with a
 *    `sanitize` (HTML, file paths, ownership, the author: dist/database/sanitization.mjs, put on
 *    common's fields by fields-extensions.mjs) or a `gmOnly` flag, including the system's
 *    `gmOnlyFields` (as `system.<field>` AnyFields), is looked up by the change's keys taken
 *    literally after stripping a leading `==`, descending into nested objects — then
 *    `_deleteStats` drops the managed `_stats` keys. A throw refuses the whole request.
 * 4. `_preUpdateOperation(documents, operation, user)` of the class (false: nothing is updated).
 * 5. Per document: `loadRelatedDocuments()` (a Combatant's or Token's Actor);
 *    `canUserModify(user, "update", change)`, else it throws `_logError`'s "User <name> lacks
 *    permission to update <Document> [<id>]"; `_preUpdate(change, options, user)` — the server
 *    mixin's, which runs the common Base document's (BaseActor, BaseCombat, BaseToken…) and then
 *    stamps `_stats` into the change (dist/core/utils.mjs `tagModelStats`), false skipping the
 *    document with a debug line; `updateSource(change, options)`, which cleans and validates
 *    against the schema the server knows; then the write, `_onUpdate` and `_onUpdateOperation`.
 * `_createDocuments`: `preprocessData` (creation: a player's author becomes the sender),
 * `fromSource`, `_preCreateOperation`, `loadRelatedDocuments`, `canUserModify(user, "create")`,
 * `_preCreate`, `validate`. `_deleteDocuments`: read, `_preDeleteOperation`,
 * `loadRelatedDocuments`, `canUserModify(user, "delete")`, `_preDelete` (no sanitizing).
 *
 * The server never runs a system's code: its `CONFIG` is the one dist/database/database.mjs
 * builds (each Document's server class and the database backend), with no `dataModels`. Fray's
 * TypeDataModels are client-side only; on the server a Fray subtype's `system` is a plain object
 * (common/data/fields.mjs `TypeDataField` without a model), known only through the manifest's
 * `documentTypes` (`game.model`, `htmlFields`, `gmOnlyFields`).
 *
 * What is not Foundry's here, and why:
 * - the storage: `server-storage.ts`, an in-memory store with the members of LevelDatabase and
 *   SublevelDatabase this path calls (a Foundry folder ships without classic-level);
 * - stand-ins for the other packages a Foundry folder ships without (`server-packages.ts`): they
 *   throw when reached, so a write to an HTML field (which Foundry cleans with parse5 and
 *   sanitize-html) cannot be run here and fails saying so;
 * - the globals dist/init.mjs gives the server, set to what this path reads: `db` (the document
 *   classes this tier loads, the backend, `getDocumentClass`), `getDocumentClass`, `fromUuid`,
 *   `CONFIG`, `options.debug`, `packages.Module` (no module active), and `game.world`,
 *   `game.users`, `game.documentCache` (Foundry's own DocumentCache);
 * - each server class is wrapped in a subclass that only records which of the steps above were
 *   entered and which threw (`ServerOutcome.steps`), calling Foundry's method unchanged; a step
 *   run inside another (the Actor a Combatant loads, `updateSource` inside `_preCreate`) is not
 *   listed on its own.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { clientConfig, FOUNDRY_ROOT, installGame, logged, type FoundryCommon } from "./harness";
import { memoryDatabase } from "./server-storage";
import { observed, Trace, type ServerStep } from "./server-steps";

export type { ServerStep } from "./server-steps";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The server-side Document classes this tier loads: dist/database/documents/<file>.mjs and the
 * name it exports (`default` for most). These are the primary Documents Fray's rules write and
 * every Document embedded in them (Scene's placeables, Combat's groups), since the server
 * identifies sanitized fields down its whole hierarchy; not Journal or Playlist Documents, whose
 * server modules need packages a Foundry folder ships without (showdown, ProseMirror).
 */
export const SERVER_DOCUMENTS = {
  ActiveEffect: ["active-effect", "default"],
  Actor: ["actor", "default"],
  ActorDelta: ["actor-delta", "default"],
  AmbientLight: ["ambient-light", "default"],
  AmbientSound: ["ambient-sound", "default"],
  ChatMessage: ["chat-message", "default"],
  Combat: ["combat", "default"],
  Combatant: ["combatant", "default"],
  CombatantGroup: ["others", "CombatantGroup"],
  Drawing: ["drawing", "default"],
  Item: ["item", "default"],
  MeasuredTemplate: ["measured-template", "default"],
  Note: ["note", "default"],
  Region: ["region", "default"],
  RegionBehavior: ["region-behavior", "default"],
  Scene: ["scene", "default"],
  Tile: ["tile", "default"],
  Token: ["token", "default"],
  User: ["user", "default"],
  Wall: ["wall", "default"],
} as const;

export type ServerDocumentName = keyof typeof SERVER_DOCUMENTS;

/** Primary Documents: each has its own database (the others live inside their parent's). */
const PRIMARY: readonly ServerDocumentName[] = ["Actor", "ChatMessage", "Combat", "Item", "Scene", "User"];

/** A request the server refused. */
export interface Refusal {
  readonly ok: false;
  readonly steps: readonly ServerStep[];
  /**
   * The step that threw, or after which the server gave up: a false `canUserModify` is followed
   * by `_logError`'s message; a false `_pre*` skips the document, and `message` is then the
   * server's debug line.
   */
  readonly step: ServerStep;
  /** Foundry's message. */
  readonly message: string;
}

/**
 * What the server answered a request: done, with what `modifyDocument` returns (created
 * sources, update diffs, deleted ids), or refused.
 */
export type ServerOutcome =
  | { readonly ok: true; readonly steps: readonly ServerStep[]; readonly result: any[] }
  | Refusal;

/** An update's outcome: the diff and the document's stored source when the server made it. */
export type UpdateOutcome =
  | { readonly ok: true; readonly steps: readonly ServerStep[]; readonly diff: any; readonly source: any }
  | Refusal;

/** What a client running Fray makes of a stored source (see `ServerWorld.clientLoad`). */
export type ClientLoad =
  | { readonly valid: true; readonly document: any }
  | { readonly valid: false; readonly error: string };

/** A modifyDocument request as a client's socket sends it (client/data/client-backend.mjs). */
export interface DocumentRequest {
  readonly type: ServerDocumentName;
  readonly action: "create" | "update" | "delete";
  readonly operation: Record<string, unknown>;
}

export type Role = "PLAYER" | "TRUSTED" | "ASSISTANT" | "GAMEMASTER";

export interface ServerWorld {
  readonly foundry: FoundryCommon;
  /** The server's `db`: each loaded Document's server class by name, and `DatabaseBackend`. */
  readonly db: Record<string, any>;
  /** A stored server User of `role`, also in `game.users`. */
  user(id: string, role: Role): Promise<any>;
  /**
   * Stores a primary Document (with its embedded ones, each with an `_id`) as world data at rest:
   * constructed by its server class (so cleaned and validated as the server knows its schema) and
   * written by Foundry's own `batchWrite`, without a create request.
   */
  seed(name: ServerDocumentName, data: object): Promise<any>;
  /** Runs a request through the server's `modifyDocument` as `user`. */
  request(user: any, request: DocumentRequest): Promise<ServerOutcome>;
  /** `user` creates a Document (`parentUuid` for an embedded one), keeping `data._id` if given. */
  create(user: any, name: ServerDocumentName, data: object, parentUuid?: string): Promise<ServerOutcome>;
  /**
   * `user` sends `changes` for the Document at `uuid` ("ChatMessage.<id>", "Actor.<id>.Item.<id>")
   * exactly as given: keys are not expanded, as a hand-made socket payload's are not.
   */
  update(user: any, uuid: string, changes: Record<string, unknown>): Promise<UpdateOutcome>;
  /** `user` deletes the Document at `uuid`. */
  delete(user: any, uuid: string): Promise<ServerOutcome>;
  /** The server's Document at `uuid`, read from storage (null when there is none). */
  document(uuid: string): Promise<any>;
  /** The stored source of the Document at `uuid` (`toObject()` of `document(uuid)`). */
  read(uuid: string): Promise<any>;
  /**
   * What a client running Fray makes of a primary Document's stored `source` when its world loads:
   * client/documents/abstract/document-collection.mjs `_initialize` constructs it with
   * `fromSource(source, {strict: true, dropInvalidEmbedded: true})` through Fray's data models, and
   * a Document that fails is left out of the world as invalid. Built from common's Base class with
   * the client's `CONFIG` (test/foundry/harness.ts `clientConfig`) in place for the call only.
   */
  clientLoad(name: ServerDocumentName, source: object): ClientLoad;
}

const importFoundry = (file: string): Promise<any> =>
  import(/* @vite-ignore */ pathToFileURL(join(FOUNDRY_ROOT, file)).href);

/** `uuid` split as a client's request carries it: the Document's type and id, its parent's uuid. */
function target(uuid: string): { type: ServerDocumentName; id: string; parent: { parentUuid?: string } } {
  const parts = uuid.split(".");
  if (parts.length < 2 || parts.length % 2) throw new Error(`not a world Document uuid: ${uuid}`);
  const [type, id] = parts.slice(-2) as [ServerDocumentName, string];
  const parentUuid = parts.slice(0, -2).join(".");
  return { type, id, parent: parentUuid ? { parentUuid } : {} };
}

let started: Promise<ServerWorld> | null = null;

/**
 * Starts Foundry's server data layer once per test file (its globals are process-wide): Fray's
 * built manifest as the world's system (`dist/system.json`), Foundry's server Document classes on
 * in-memory storage, and no Document stored yet.
 * @throws Error when `FOUNDRY_V13` does not name a Foundry v13 folder.
 */
export function startServer(): Promise<ServerWorld> {
  started ??= start();
  return started;
}

/** The server's Document classes (each observed by `trace`) and its backend, as `db`. */
async function loadServer(trace: Trace): Promise<Record<string, any>> {
  // dist/database/database.mjs imports fields-extensions.mjs first: it puts the server's sanitize
  // functions (sanitization.mjs) and storage methods on common's DataFields.
  await importFoundry("dist/database/fields-extensions.mjs");
  const Backend = (await importFoundry("dist/database/backend/server-backend.mjs")).default;
  const db: Record<string, any> = { DatabaseBackend: new Backend(), packs: new Map() };
  for (const [name, [file, exported]] of Object.entries(SERVER_DOCUMENTS)) {
    db[name] = observed((await importFoundry(`dist/database/documents/${file}.mjs`))[exported], trace);
  }
  db.getDocumentClass = (name: string) => db[name];
  return db;
}

async function start(): Promise<ServerWorld> {
  const { foundry: f, model } = await installGame();
  const client = await clientConfig(model);
  const g = globalThis as any;
  const trace = new Trace();
  // The server's logger: kept per request (why a `_pre*` stopped), warnings also in `logged`.
  const keep = (level: string) => (...args: unknown[]) => {
    const line = args.map(String).join(" ");
    trace.log.push(`${level}: ${line}`);
    if (level === "warn" || level === "error") logged.push(line);
  };
  g.logger = { debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };

  const db = await loadServer(trace);
  const backend = db.DatabaseBackend;
  const { fromUuid } = await importFoundry("dist/core/utils.mjs");
  const DocumentCache = (await importFoundry("dist/components/document-cache.mjs")).default;
  // The globals dist/init.mjs sets (db, getDocumentClass, fromUuid, options) and the CONFIG
  // dist/database/database.mjs sets; `packages` as dist/init.mjs exposes
  // dist/packages/_module.mjs, of which this path reads `Module.getPackages()` (no module active).
  g.db = db;
  g.getDocumentClass = db.getDocumentClass;
  g.fromUuid = fromUuid;
  g.options = { debug: false };
  g.packages = { Module: { getPackages: () => [] } };
  const { WARNING } = f.CONST.COMPATIBILITY_MODES;
  const config: Record<string, unknown> = {
    compatibility: { mode: WARNING, includePatterns: [], excludePatterns: [] },
    DatabaseBackend: backend,
  };
  for (const name of Object.keys(SERVER_DOCUMENTS)) config[name] = { documentClass: db[name] };
  g.CONFIG = config;
  // dist/core/game.mjs GameServer: the world (its path only names where base64 uploads would go;
  // nothing is written there), its users and its cache of Scenes.
  Object.assign(g.game, {
    world: { id: "fray-server-tier", path: join(tmpdir(), "fray-server-tier-world") },
    users: [],
    documentCache: new DocumentCache(),
  });

  // What each primary class's `connect()` leaves (server-document.mjs `_connect`): its database
  // with one sublevel per collection, its own sublevel, the state "fully migrated" (5 in
  // DATABASE_STATES, which `ready` requires) and its sanitized fields identified.
  for (const name of PRIMARY) {
    const cls = db[name];
    const semaphore = new f.utils.Semaphore(1);
    cls._db = memoryDatabase(cls._getSublevelNames(), semaphore, () => f.utils.randomID(16));
    cls.sublevel = cls._db.sublevels[cls.metadata.collection];
    cls._dbState = 5;
    cls.identifySanitizedFields();
  }

  async function request(user: any, req: DocumentRequest): Promise<ServerOutcome> {
    // What the socket carries: JSON, with the sender stamped by the server.
    const sent = { ...JSON.parse(JSON.stringify(req)), userId: user.id };
    trace.begin();
    let result: any[];
    try {
      result = await backend.modifyDocument(sent, user);
    } catch (error) {
      trace.end();
      const steps = [...trace.steps];
      const step = trace.failed ?? steps.at(-1) ?? "request";
      return { ok: false, steps, step, message: (error as Error).message };
    }
    trace.end();
    const steps = [...trace.steps];
    const last = steps.at(-1);
    if (result.length || !last?.startsWith("_pre")) return { ok: true, steps, result };
    // A `_pre*` returned false: the server logged why at debug level and changed nothing.
    const message = trace.log.filter((line) => line.startsWith("debug")).join("\n");
    return { ok: false, steps, step: last as ServerStep, message };
  }

  async function document(uuid: string): Promise<any> {
    return fromUuid(uuid, { invalid: true }).catch(() => null);
  }

  const world: ServerWorld = {
    foundry: f,
    db,
    async user(id, role) {
      const user = await world.seed("User", { _id: id, name: id, role: f.CONST.USER_ROLES[role] });
      g.game.users.push(user);
      return user;
    },
    async seed(name, data) {
      if (!PRIMARY.includes(name)) throw new Error(`${name} lives inside its parent: seed the parent`);
      const cls = db[name];
      const doc = new cls(structuredClone(data), { strict: true });
      const batch = cls.sublevel.db.batch();
      doc.batchWrite(batch);
      await batch.write();
      return doc;
    },
    request,
    create(user, name, data, parentUuid) {
      const operation = { data: [data], keepId: true, ...(parentUuid ? { parentUuid } : {}) };
      return request(user, { type: name, action: "create", operation });
    },
    async update(user, uuid, changes) {
      const { type, id, parent } = target(uuid);
      const operation = { updates: [{ ...changes, _id: id }], ...parent };
      const out = await request(user, { type, action: "update", operation });
      if (!out.ok) return out;
      return { ok: true, steps: out.steps, diff: out.result[0], source: await world.read(uuid) };
    },
    delete(user, uuid) {
      const { type, id, parent } = target(uuid);
      return request(user, { type, action: "delete", operation: { ids: [id], ...parent } });
    },
    document,
    async read(uuid) {
      return (await document(uuid))?.toObject() ?? null;
    },
    clientLoad(name, source) {
      const server = g.CONFIG;
      g.CONFIG = client;
      try {
        const cls = f.documents[`Base${name}`];
        const document = cls.fromSource(structuredClone(source), { strict: true, dropInvalidEmbedded: true });
        return { valid: true, document };
      } catch (error) {
        return { valid: false, error: (error as Error).message };
      } finally {
        g.CONFIG = server;
      }
    },
  };
  return world;
}
