/**
 * Foundry v13's own data layer in Node, for the Foundry tier (`npm run test:foundry`).
 *
 * It imports `common/server.mjs` from the local Foundry v13 application folder named by
 * `FOUNDRY_V13` (the folder that holds `common/` and `client/`) — the same module Foundry's server
 * loads — and sets up the few globals its server provides around it, the way Foundry does:
 * - `release`: the running Foundry's release (build 350 in the mirrored source);
 * - `getDocumentClass(name)`: the server answers with its document classes; the Base* classes carry
 *   the metadata (`coreTypes`, `hasTypeData`) that manifest validation reads
 *   (common/packages/sub-types.mjs);
 * - `game.system` and `game.model`: the loaded manifest and, per document, its core types plus the
 *   system's `documentTypes` (dist/packages/world.mjs `prepareDataModel`), which `Document.TYPES`
 *   reads (common/abstract/document.mjs);
 * - `CONFIG.<Document>.dataModels`: what Fray registers at `init`; `TypeDataField` looks models up
 *   there (common/data/fields.mjs `getModelForType`).
 * Nothing of Foundry's is copied here: the tier only imports it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { rulesetModels } from "./ruleset-models";

export const FOUNDRY_ROOT = process.env.FOUNDRY_V13 ?? "";

/** Whether a Foundry v13 source folder is available; the tier is skipped (and says so) without it. */
export const HAVE_FOUNDRY = Boolean(FOUNDRY_ROOT) && (() => {
  try {
    readFileSync(join(FOUNDRY_ROOT, "common", "server.mjs"));
    return true;
  } catch {
    return false;
  }
})();

export const DIST = join(process.cwd(), "dist");

/** What `common/server.mjs` exports, typed as loosely as the tier needs. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface FoundryCommon {
  CONST: any;
  abstract: any;
  data: any;
  documents: any;
  packages: any;
  utils: any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Warnings Foundry's data layer logged (it logs what it drops when validating with fallback). */
export const logged: string[] = [];

let loaded: Promise<FoundryCommon> | null = null;

/**
 * Loads Foundry's common layer once and installs the server-side globals it expects.
 * @throws Error when `FOUNDRY_V13` does not name a Foundry v13 folder.
 */
export function loadFoundry(): Promise<FoundryCommon> {
  loaded ??= (async () => {
    if (!HAVE_FOUNDRY) throw new Error("FOUNDRY_V13 does not name a Foundry v13 folder");
    const g = globalThis as Record<string, unknown>;
    const record = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
    g.logger = { warn: record, error: record, info: () => undefined, debug: () => undefined };
    const url = pathToFileURL(join(FOUNDRY_ROOT, "common", "server.mjs")).href;
    const common = (await import(/* @vite-ignore */ url)) as FoundryCommon;
    g.getDocumentClass = (name: string) => common.documents[`Base${name}`];
    // The server's release data (dist/init.mjs builds it from Foundry's package.json the same way).
    const pkg = JSON.parse(readFileSync(join(FOUNDRY_ROOT, "package.json"), "utf8")) as { release: object };
    const config = (await import(/* @vite-ignore */ pathToFileURL(join(FOUNDRY_ROOT, "common", "config.mjs")).href)) as {
      ReleaseData: new (data: object) => unknown;
    };
    g.release = new config.ReleaseData(pkg.release);
    return common;
  })();
  return loaded;
}

export interface Manifest {
  documentTypes: Record<string, Record<string, Record<string, unknown>>>;
  packs: { name: string; path: string; type: string }[];
  [key: string]: unknown;
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(DIST, "system.json"), "utf8")) as Manifest;
}

/**
 * The built manifest as Foundry's server loads an installed package: strictly, with fallback
 * (dist/packages/package.mjs constructs it with `{strict: true, fallback: true, installed: true}`),
 * so an invalid field is replaced by its default and a warning is logged instead of failing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function loadSystem(manifest = readManifest()): Promise<any> {
  const f = await loadFoundry();
  return new f.packages.BaseSystem(structuredClone(manifest), { strict: true, fallback: true, installed: true });
}

/**
 * Installs `game` with Fray's manifest as the world's system and, per document, its core types
 * plus the system's `documentTypes` (dist/packages/world.mjs `prepareDataModel`), which
 * `Document.TYPES` reads (common/abstract/document.mjs). Both a client world (`startWorld`) and the
 * server (test/foundry/server-update.ts) start from it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function installGame(): Promise<{ foundry: FoundryCommon; system: any; model: Record<string, Record<string, object>> }> {
  const f = await loadFoundry();
  const system = await loadSystem();
  const g = globalThis as Record<string, unknown>;
  const model: Record<string, Record<string, object>> = {};
  for (const cls of Object.values(f.documents) as { metadata?: { coreTypes?: string[]; name: string }; hasTypeData?: boolean }[]) {
    if (!cls.metadata?.coreTypes) continue;
    const types: Record<string, object> = (model[cls.metadata.name] = {});
    for (const t of cls.metadata.coreTypes) types[t] = {};
    if (!cls.hasTypeData) continue;
    for (const t of Object.keys(system.documentTypes[cls.metadata.name] ?? {})) types[t] = {};
  }
  g.game = { system, model, release: g.release, modules: new Map(), i18n: undefined };
  return { foundry: f, system, model };
}

/**
 * Installs `game` and `CONFIG` as a world running Fray has them after `init`: the system's
 * document types, and Fray's data models registered exactly as the entry point registers them.
 * @param active the world's ruleset (whose Combatant model is registered).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function startWorld(active = "escalation"): Promise<{ foundry: FoundryCommon; system: any }> {
  const { foundry: f, system, model } = await installGame();
  (globalThis as Record<string, unknown>).CONFIG = await clientConfig(model, active);
  return { foundry: f, system };
}

/**
 * `CONFIG` as a client running Fray has it after `init`, as far as Foundry's data layer reads it:
 * per document, Fray's data models registered as the entry point registers them (every ruleset's
 * document models, the active ruleset's Combatant model).
 * @param model `game.model` (document names → types), as `installGame` makes it.
 */
export async function clientConfig(
  model: Record<string, Record<string, object>>, active = "escalation",
): Promise<Record<string, { dataModels: Record<string, unknown> }>> {
  const config: Record<string, { dataModels: Record<string, unknown> }> = {};
  for (const name of Object.keys(model)) config[name] = { dataModels: {} };
  const models = await rulesetModels();
  for (const [id, m] of models) {
    for (const [document, types] of Object.entries(m.DATA_MODELS)) Object.assign(config[document]!.dataModels, types);
    if (id === active) Object.assign(config.Combatant!.dataModels, m.COMBATANT_MODELS);
  }
  return config;
}

/** A Foundry user of the given role (`PLAYER`, `GAMEMASTER`, …) as a BaseUser document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function makeUser(f: FoundryCommon, id: string, role: "PLAYER" | "TRUSTED" | "ASSISTANT" | "GAMEMASTER"): any {
  return new f.documents.BaseUser({ _id: id, name: id, role: f.CONST.USER_ROLES[role] }, { strict: true });
}
