/**
 * Foundry v13's own client classes in happy-dom, for the Foundry tier's sheet tests: the real
 * ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, ActorSheetV2 and ItemSheetV2
 * (client/applications/), DragDrop and TextEditor (client/applications/ux/), Hooks
 * (client/helpers/hooks.mjs) and the real client Actor, Item, ActiveEffect documents
 * (client/documents/) on the common data layer (`harness.ts`), with Fray's data models registered.
 * They are imported from `FOUNDRY_V13`; their own `@common`/`@client` imports resolve through the
 * aliases in vitest.foundry.config.ts. Nothing of Foundry's is copied here.
 *
 * Around them this sets up the little of a running client the sheets touch: `game` (the user,
 * i18n over Fray's built strings, settings, no combat), `CONFIG` (document classes and models,
 * status effects, the ux classes), `ui.notifications` (recorded), and
 * `foundry.applications.handlebars`, which renders Fray's templates with real Handlebars and the
 * helpers Foundry registers (test/support/handlebars.ts). Templates are read from each ruleset's
 * `templates/` folder, which the build copies as they are to `systems/fray/templates/<ruleset>/`.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor, mergeLang, rulesetLang } from "../../scripts/lib/lang";
import { RULESET_IDS } from "../../src/rulesets/registry";
import { FOUNDRY_ROOT, loadFoundry, loadSystem, makeUser } from "./harness";
import { rulesetModels } from "./ruleset-models";
import { rendererFor, root } from "../support/handlebars";

/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const client = (path: string) => import(/* @vite-ignore */ pathToFileURL(join(FOUNDRY_ROOT, path)).href);

export interface Client {
  Actor: Any;
  Item: Any;
  Hooks: Any;
  DocumentSheetConfig: Any;
  /** Warnings, infos and errors shown with `ui.notifications`, in order. */
  notes: { level: string; text: string }[];
  /**
   * Every database operation asked of the server, in order, as common/abstract/document.mjs passes
   * it to the backend (which here applies it to the client's data and runs nothing else).
   */
  writes: { action: string; documentName: string; operation: Any }[];
  /** Sets the world's user (GM or player). */
  user: Any;
}

let loaded: Promise<Client> | null = null;

/** The strings of a world with every ruleset's language file (the manifest lists them all). */
function allStrings(): Record<string, unknown> {
  const [first, ...rest] = RULESET_IDS;
  const tree = languageFor(first ?? "escalation");
  for (const id of rest) mergeLang(tree, rulesetLang(id), id);
  return tree;
}

/** Renders `systems/fray/templates/<ruleset>/<file>` with that ruleset's Handlebars partials. */
function templateRenderer(): (path: string, context: unknown) => Promise<string> {
  const renderers = new Map(RULESET_IDS.map((id) => [id, rendererFor(id)]));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  return async (path, context) => {
    const match = /^systems\/fray\/templates\/([^/]+)\/(.+)$/.exec(path);
    const shell = match?.[1] === "shell";
    const r = match ? renderers.get(shell ? RULESET_IDS[0]! : match[1]!) : undefined;
    if (!match || !r) throw new Error(`no template ${path}`);
    let template = compiled.get(path);
    if (!template) {
      const folder = shell ? join(root, "src/shell/templates") : join(root, "src/rulesets", match[1]!, "templates");
      template = r.hb.compile(readFileSync(join(folder, match[2]!), "utf8"));
      compiled.set(path, template);
    }
    return template(context);
  };
}

/**
 * Loads the client once and installs its globals as a world playing `ruleset` has them after
 * `init` (Fray's entry point is not run: each test registers what it exercises).
 */
export function loadClient(): Promise<Client> {
  loaded ??= (async () => {
    const f = await loadFoundry();
    const g = globalThis as Record<string, Any>;
    const api = await client("client/applications/api/_module.mjs");
    const { default: ActorSheetV2 } = await client("client/applications/sheets/actor-sheet.mjs");
    const { default: ItemSheetV2 } = await client("client/applications/sheets/item-sheet.mjs");
    const { default: DragDrop } = await client("client/applications/ux/drag-drop.mjs");
    const { default: TextEditor } = await client("client/applications/ux/text-editor.mjs");
    const { default: Hooks } = await client("client/helpers/hooks.mjs");
    const { default: DocumentSheetConfig } = await client("client/applications/apps/document-sheet-config.mjs");
    const { default: CombatTracker } = await client("client/applications/sidebar/tabs/combat-tracker.mjs");
    const { default: Actor } = await client("client/documents/actor.mjs");
    const { default: Item } = await client("client/documents/item.mjs");
    const { default: ActiveEffect } = await client("client/documents/active-effect.mjs");
    const { default: Combat } = await client("client/documents/combat.mjs");
    const { default: Combatant } = await client("client/documents/combatant.mjs");
    const { default: ChatMessage } = await client("client/documents/chat-message.mjs");
    const { default: Macro } = await client("client/documents/macro.mjs");
    const { default: TokenDocument } = await client("client/documents/token.mjs");
    const { default: CombatantGroup } = await client("client/documents/combatant-group.mjs");
    const { default: VideoHelper } = await client("client/helpers/media/video-helper.mjs");
    // Fray's document classes extend these globals when their modules load.
    Object.assign(g, { Actor, Item, ActiveEffect, Combat, Combatant, ChatMessage, Macro });
    // The manifest's document stats read the release from `game`, as a running server has it.
    g.game = { release: g.release };
    const system = await loadSystem();
    const model: Record<string, Record<string, object>> = {};
    for (const cls of Object.values(f.documents) as Any[]) {
      if (!cls.metadata?.coreTypes) continue;
      const types: Record<string, object> = (model[cls.metadata.name] = {});
      for (const t of cls.metadata.coreTypes) types[t] = {};
      if (!cls.hasTypeData) continue;
      for (const t of Object.keys(system.documentTypes[cls.metadata.name] ?? {})) types[t] = {};
    }
    const t = localizerFor(allStrings());
    const notes: Client["notes"] = [];
    const writes: Client["writes"] = [];
    const note = (level: string) => (text: unknown) => void notes.push({ level, text: String(text) });
    // A stand-in for the server: it records each operation and applies it to the client's data
    // (no hooks or `_on…` handlers run; a test calls those itself where it reads their effect).
    const write = (action: string) => async (documentClass: Any, operation: Any) => {
      writes.push({ action, documentName: documentClass.documentName, operation });
      const parent = operation.parent;
      const existing = (id: string) =>
        parent ? parent.getEmbeddedCollection(documentClass.documentName).get(id) : null;
      if (action === "create") {
        // Not strict: the server would fill what a client leaves out (a message's author).
        return (operation.data ?? []).map((d: Any) => {
          const source = d instanceof documentClass ? d.toObject() : d;
          const doc = new documentClass({ _id: f.utils.randomID(), ...source }, { parent, strict: false });
          parent?.getEmbeddedCollection(documentClass.documentName).set(doc.id, doc);
          return doc;
        });
      }
      if (action === "update") {
        return (operation.updates ?? []).flatMap((u: Any) => {
          const { _id, ...changes } = u;
          const doc = existing(_id) ?? g.game.actors?.get(_id);
          if (!doc) return [];
          doc.updateSource(changes);
          return [doc];
        });
      }
      const embedded = parent?.getEmbeddedCollection(documentClass.documentName);
      for (const id of operation.ids ?? []) embedded?.delete(id);
      return [];
    };
    const settings = new Map<string, unknown>([
      ["fray.ruleset", "escalation"], ["core.prototypeTokenOverrides", { base: {} }],
      ["core.sheetClasses", {}], ["core.sheetThemes", {}],
    ]);
    g.Hooks = Hooks;
    // Foundry's Hooks logs every registration with console.debug; the tests do not read it.
    console.debug = () => undefined;
    g.game = {
      system, model, release: g.release, packs: new Map(), compendiumArt: { enabled: false },
      // The world's documents are loaded: new ones prepare their data when made (client-document.mjs).
      _documentsReady: true,
      actors: new Map(), items: new Map(),
      user: makeUser(f, "gmgmgmgmgmgmgmgm", "GAMEMASTER"), combat: null,
      i18n: { localize: (k: string) => t(k), format: (k: string, d: Record<string, string>) => t(k, d) },
      settings: { get: (scope: string, key: string) => settings.get(`${scope}.${key}`) },
      tooltip: { deactivate: () => undefined },
    };
    g.ui = { notifications: { warn: note("warn"), info: note("info"), error: note("error") } };
    const docConfig = (documentClass: Any) => ({
      documentClass, dataModels: {}, sheetClasses: {}, typeLabels: {}, trackableAttributes: {},
    });
    g.CONFIG = {
      Actor: docConfig(Actor), Item: docConfig(Item), ActiveEffect: docConfig(ActiveEffect),
      Combat: docConfig(Combat),
      Combatant: docConfig(Combatant), Macro: docConfig(Macro),
      CombatantGroup: docConfig(CombatantGroup),
      ChatMessage: docConfig(ChatMessage),
      Token: { movement: { actions: { walk: {} } } },
      statusEffects: [], specialStatusEffects: {},
      ux: { DragDrop, TextEditor },
      TextEditor: { enrichers: [] },
      debug: {},
      DatabaseBackend: {
        getFlagScopes: () => ["core", "fray", "world"],
        create: write("create"), update: write("update"), delete: write("delete"),
      },
    };
    // Every document type has its CONFIG entry, as client/config.mjs gives it.
    for (const name of f.CONST.ALL_DOCUMENT_TYPES as string[]) {
      g.CONFIG[name] = { ...docConfig(f.documents[`Base${name}`]), ...g.CONFIG[name] };
    }
    g.game.documentTypes = Object.fromEntries(Object.entries(model).map(([k, v]) => [k, Object.keys(v)]));
    g.getDocumentClass = (name: string) => g.CONFIG[name]?.documentClass;
    // World documents by uuid (client/utils/helpers.mjs `fromUuid` reads the world's
    // collections): the actors in `game.actors`, their items, and the items in `game.items`.
    const resolve = (uuid: string) => {
      const [kind, id, embedded, itemId] = uuid.split(".");
      if (kind === "Item") return g.game.items?.get(id) ?? null;
      const actor = kind === "Actor" ? g.game.actors?.get(id) : null;
      if (!actor || !embedded) return actor ?? null;
      return embedded === "Item" ? actor.items.get(itemId) ?? null : null;
    };
    g.fromUuidSync = resolve;
    g.fromUuid = async (uuid: string) => resolve(uuid);
    g.foundry.utils = { ...g.foundry.utils, fromUuid: g.fromUuid, fromUuidSync: resolve };
    g.foundry.utils.getDocumentClass ??= g.getDocumentClass;
    for (const [, m] of await rulesetModels()) {
      for (const [document, types] of Object.entries(m.DATA_MODELS)) {
        if (g.CONFIG[document]) Object.assign(g.CONFIG[document].dataModels, types);
      }
    }
    Object.assign(g.foundry, {
      // The client's document classes beside the common ones (client/client.mjs exports both).
      documents: {
        ...g.foundry.documents, Actor, Item, ActiveEffect, Combat, Combatant, ChatMessage, Macro, TokenDocument,
        // The tracker's settings, as CombatEncounters keeps them (no tracked resource).
        collections: { CombatEncounters: { settings: { resource: "", skipDefeated: false } } },
      },
      helpers: { ...g.foundry.helpers, media: { VideoHelper } },
      // No AppV1 sheet is involved; `get sheet` only asks whether a class is one.
      appv1: { api: { Application: class NoAppV1 {} } },
      applications: {
        api, instances: new Map(),
        // No token configuration is open; the Actor's update only asks whether an app is one.
        sheets: { ActorSheetV2, ItemSheetV2, TokenConfig: class NoTokenConfig {} },
        apps: { DocumentSheetConfig },
        sidebar: { tabs: { CombatTracker } },
        handlebars: { renderTemplate: templateRenderer(), loadTemplates: async () => undefined },
        ux: { DragDrop, TextEditor },
      },
    });
    return { Actor, Item, Hooks, DocumentSheetConfig, notes, writes, get user() { return g.game.user; }, set user(u: Any) { g.game.user = u; } };
  })();
  return loaded;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
