import { setKept, withKeptStore } from "./kept-stand-in";
import { KEPT_SPEC } from "../../src/rulesets/escalation/rules/models";
import { Collection, GONE, makeActor, newId, StandInToken, World } from "./foundry-documents";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FrayActor } from "../../src/rulesets/escalation/foundry/documents/actor";
import { withDefaults, validate, type FieldSpec, type ObjectSpec } from "../../src/engine/schema/spec";
import {
  ABILITY_SPEC, CHARACTER_SPEC, COMBATANT_SPEC, NPC_SPEC, WEAPON_SPEC,
} from "../../src/rulesets/escalation/rules/models";
import { spendAction } from "../../src/rulesets/escalation/rules/actions";
import { frayStatusEffects } from "../../src/rulesets/escalation/play/views/status-effects";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { StandInMessage } from "./message-stand-in";
import {
  AUTHOR, GM, hooksStandIn, OTHER, postCardOf, request, requestTwice, resetHooks, settle,
  socketStandIn, STRANGER, USERS,
} from "./relay-stand-in";
import { applyUpdate, getProperty, gmUser } from "./stand-ins";

/**
 * An escalation world on stand-ins for Foundry's globals, for tests that drive the GM's side
 * through the shell's real request path (`shell/relay/gm-relay.ts`: the server-stamped sender,
 * the query claim, the one queue): the real `FrayActor` on the stand-in Actor base
 * (`foundry-documents.ts`), three pregens from the pack (Brann and Oriel owned by the author, Tam by
 * another player) and a Marsh Hag on an unlinked token, one started combat (gridless; engagement
 * from the GM's overrides), chat messages that take the card runtime's updates, and users (the
 * GM, the author, another player, a stranger). `request` sends a query as a user's client does.
 * Data only: Foundry's permission rules are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export { AUTHOR, GM, OTHER, STRANGER, USERS, StandInMessage };

/** The world's tokens' uuids ("nobody": a token that is not on the scene). */
export const TOKEN_UUIDS = {
  brann: "Scene.s.Token.tokenbrannbrannb", tam: "Scene.s.Token.tokentamtamtamta",
  oriel: "Scene.s.Token.tokenorielorielo", hag: "Scene.s.Token.tokenhaghaghagha",
  nobody: "Scene.s.Token.nobodynobodynobo",
} as const;

/** The world's actors' uuids (the Hag's is its unlinked token's synthetic actor). */
export const ACTOR_UUIDS = {
  brann: "Actor.brannbrannbrannb", tam: "Actor.tamtamtamtamtamt", oriel: "Actor.orielorielorielo",
  hag: `${TOKEN_UUIDS.hag}.Actor.haghaghaghaghagh`,
} as const;

const root = join(import.meta.dirname, "../..");
const pack = (path: string) =>
  JSON.parse(readFileSync(join(root, "packs/_source/escalation", path), "utf8"));

/** A pregen's data and items, with the fields' defaults filled in. */
function pregen(file: string, over: Record<string, unknown>) {
  const source = pack(`pregens/${file}.json`);
  return {
    system: withDefaults(CHARACTER_SPEC, { ...source.system, ...over }) as Record<string, any>,
    items: source.items.map((i: any) => ({
      id: i._id, name: i.name, type: i.type,
      system: withDefaults(i.type === "escalationWeapon" ? WEAPON_SPEC : ABILITY_SPEC, i.system),
    })),
  };
}

/** Foundry's Roll as Fray uses it: `NdF…` rolled from the world's scripted dice, then 1s. */
export class FakeRoll {
  static dice: number[] = [];
  dice: { results: { result: number }[] }[] = [];
  total = 0;
  constructor(readonly formula: string) {}
  async evaluate(): Promise<this> {
    const [, count = "1", faces = "6", rest = ""] = /^(\d+)d(\d+)(.*)$/.exec(this.formula) ?? [];
    const results = Array.from({ length: Number(count) }, () => {
      const d = FakeRoll.dice.shift() ?? 1;
      return { result: Math.min(Number(faces), Math.max(1, d)) };
    });
    this.dice = [{ results }];
    const bonus = Number(/([+-]\s*\d+)\s*$/.exec(rest)?.[1]?.replace(/\s/g, "") ?? 0);
    this.total = results.reduce((s, r) => s + r.result, 0) + bonus;
    return this;
  }
  toJSON() {
    return { formula: this.formula, total: this.total };
  }
}

/** A combatant of the world's combat, for its token. */
function combatant(world: World, id: string, token: StandInToken, band: string) {
  const c: any = {
    documentName: "Combatant", id, uuid: `Combat.combatcombatcomb.Combatant.${id}`,
    name: token.name, tokenId: token.id, actorId: token.base.id, token,
    system: withDefaults(COMBATANT_SPEC, { band }), defeated: false, deleted: false,
    get actor() { return token.deleted ? null : token.actor; },
    get isPC() { return Boolean((c.actor as any)?.isPC); },
    get _source() { return structuredClone({ system: c.system, defeated: c.defeated }); },
    testUserPermission: (user: any) => Boolean(c.actor?.testUserPermission(user)),
    get isOwner() { return c.testUserPermission(g.game.user); },
    async update(changes: Record<string, unknown>) {
      world.touch(c);
      applyUpdate(c, changes);
      return c;
    },
  };
  return world.add(c);
}

export interface EscalationWorld {
  readonly world: World;
  /** `FrayActor`s on the stand-in base (typed loosely: tests read and write their data). */
  readonly brann: any;
  readonly tam: any;
  readonly oriel: any;
  /** The Marsh Hag on its unlinked token (its synthetic actor). */
  readonly hag: any;
  readonly tokens: Record<"brann" | "tam" | "oriel" | "hag", StandInToken>;
  readonly combat: any;
  readonly messages: Map<string, StandInMessage>;
  /** The data of the plain messages the GM's client posted (event cards, offers). */
  readonly posted: any[];
  /** Makes the next `ChatMessage.create` throw (a write the server refused). */
  failNextPost: boolean;
}


/**
 * Sets up the globals and the world (call in `beforeEach`, then register what the test drives
 * and `startRelay`d — done here).
 * @param hp each actor's HP (Brann, Tam, Oriel, the Hag).
 */
export function escalationWorld(hp: { brann?: number; tam?: number; oriel?: number; hag?: number } = {})
  : EscalationWorld {
  const world = new World();
  const users = new Map<string, any>(USERS.map((u) => [u.id, { ...u }]));
  users.set(GM.id, gmUser(GM));
  const pc = (file: string, id: string, owner: string, value: number | undefined) => {
    const data = pregen(file, {});
    if (value !== undefined) data.system.hp.value = value;
    return makeActor(FrayActor as any, world, {
      id, name: file, type: "escalationCharacter", system: data.system, owners: [owner], items: data.items,
    }) as any;
  };
  const brann = pc("brann-tallow", "brannbrannbrannb", AUTHOR.id, hp.brann);
  const tam = pc("tam-reed", "tamtamtamtamtamt", OTHER.id, hp.tam);
  const oriel = pc("mother-oriel", "orielorielorielo", AUTHOR.id, hp.oriel);
  const hagSystem = withDefaults(NPC_SPEC, { level: 3, hp: { value: hp.hag ?? 30, max: 30 } });
  const scene = { id: "s", grid: { type: 0, size: 100 } };
  const hag = makeActor(FrayActor as any, world, {
    id: "haghaghaghaghagh", name: "Marsh Hag", type: "escalationNpc", system: hagSystem,
    owners: [], uuid: ACTOR_UUIDS.hag,
  }) as any;
  const tokens = {
    brann: new StandInToken(world, "tokenbrannbrannb", "Brann", brann, true, scene),
    tam: new StandInToken(world, "tokentamtamtamta", "Tam", tam, true, scene),
    oriel: new StandInToken(world, "tokenorielorielo", "Oriel", oriel, true, scene),
    hag: new StandInToken(world, "tokenhaghaghagha", "Marsh Hag", hag, false, scene),
  };
  hag.token = tokens.hag;
  const combatants = new Collection<any>([
    ["cbrannbrannbrann", combatant(world, "cbrannbrannbrann", tokens.brann, "fast")],
    ["ctamtamtamtamtam", combatant(world, "ctamtamtamtamtam", tokens.tam, "fast")],
    ["corielorielorie1", combatant(world, "corielorielorie1", tokens.oriel, "medium")],
    ["chaghaghaghaghag", combatant(world, "chaghaghaghaghag", tokens.hag, "slow")],
  ]);
  const combat: any = {
    documentName: "Combat", id: "combatcombatcomb", uuid: "Combat.combatcombatcomb",
    started: true, round: 2, turn: 0, scene, flags: {}, deleted: false, combatants, calls: [] as unknown[][],
    get turns() { return combatants.contents; },
    get combatant() { return combat.turns[combat.turn] ?? null; },
    get _source() { return structuredClone({ flags: combat.flags, round: combat.round, turn: combat.turn }); },
    getFlag: (scope: string, key: string) => combat.flags[scope]?.[key],
    async setFlag(scope: string, key: string, value: unknown) {
      world.touch(combat);
      combat.flags = { ...combat.flags, [scope]: { ...combat.flags[scope], [key]: structuredClone(value) } };
      return combat;
    },
    async update(changes: Record<string, unknown>) {
      world.touch(combat);
      applyUpdate(combat, changes);
      return combat;
    },
    combatantOf: (actor: any) => combatants.find((c) => c.actor === actor),
    // FrayCombat's kept actions (shell/combat/kept.ts), as a GM's client writes them.
    actionsOf: (id: string) => combat.keptOf(id).actions,
    async spendAction(id: string, action: string) {
      const c = combatants.get(id);
      if (!c) return false;
      const next = spendAction(combat.actionsOf(id), action as any);
      if (!next) return false;
      await combat.keep({ [id]: { actions: next } });
      return true;
    },
    async markActions(id: string, used: object) {
      if (!combatants.get(id)) return;
      await combat.keep({ [id]: { actions: { ...combat.actionsOf(id), ...used } } });
    },
    // The order's own writes are the combat documents' (another layer): recorded, and one write.
    async shiftInGroup(id: string, direction: number) {
      world.touch(combat);
      combat.calls.push(["shift", id, direction]);
    },
    async delayCombatant(id: string, band: string) {
      world.touch(combat);
      combat.calls.push(["delay", id, band]);
    },
    async takeReadiedAction(id: string, trigger: string) {
      world.touch(combat);
      combat.calls.push(["ready", id, trigger]);
    },
  };
  withKeptStore(combat, KEPT_SPEC);
  for (const c of combatants.contents) {
    setKept(combat, c.id, { actions: c.system.actions });
    delete c.system.actions;
  }
  world.add(combat);
  const messages = new Map<string, StandInMessage>();
  const state: EscalationWorld = {
    world, brann, tam, oriel, hag, tokens, combat, messages, posted: [], failNextPost: false,
  };
  resetHooks();
  g.game = {
    user: users.get(GM.id),
    users: { get: (id: string) => users.get(id), activeGM: { isSelf: true }, contents: [...users.values()] },
    messages: { get: (id: string) => (messages.get(id)?.deleted ? undefined : messages.get(id)),
      get contents() { return [...messages.values()].filter((m) => !m.deleted); } },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined), contents: [combat] },
    combat,
    socket: socketStandIn,
    i18n: {
      localize: (k: string) => k, format: (k: string) => k, has: () => false,
      getListFormatter: () => ({ format: (list: string[]) => list.join(", ") }),
    },
    settings: { get: () => undefined },
  };
  g.CONFIG = { queries: {}, statusEffects: frayStatusEffects(), sounds: { dice: "dice.wav" } };
  g.CONST = { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
  g.Hooks = hooksStandIn;
  g.foundry = {
    utils: { randomID: () => Math.random().toString(36).slice(2, 18), getProperty, escapeHTML: (s: string) => s },
    applications: { handlebars: { renderTemplate: async () => "" } },
  };
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Fray" }),
    async create(data: any) {
      if (state.failNextPost) {
        state.failNextPost = false;
        throw new Error(`${GONE}: the server refused the message`);
      }
      state.posted.push(data);
      // A plain message the GM's client authors (a prompt such as an offer), kept in the log.
      const m = new StandInMessage(world, newId("message"), "base", {}, g.game.user);
      m.flags = structuredClone(data.flags ?? {});
      m.content = String(data.content ?? "");
      messages.set(m.id, m);
      return m;
    },
  };
  g.Roll = FakeRoll;
  g.fromUuidSync = (uuid: unknown) => world.get(uuid);
  g.fromUuid = async (uuid: unknown) => world.get(uuid);
  g.ui = { notifications: { warn: () => undefined } };
  startRelay();
  return state;
}

export { request, requestTwice, settle };

/**
 * Posts a card as its poster's client does. `seenByGM`: the active GM's client hears of its
 * creation (the card runtime seals it at once); otherwise it is sealed by the first request.
 * `before`: what happens between the post and the seal (the poster's edits arriving first).
 */
export async function postCard(
  state: EscalationWorld, id: string, type: string, system: object,
  options: { seenByGM: boolean; before?: (m: StandInMessage) => Promise<void> },
): Promise<StandInMessage> {
  return postCardOf(state, type, id, system, { ...options, poster: AUTHOR });
}


/**
 * A list edited by index arrives as an object (`system.targets.0.damage`); Foundry's ArrayField
 * casts it to a list of the entries it names (common/data/fields.mjs `ArrayField#_cast`), which
 * then replaces the whole list, each entry cleaned with every field's initial value.
 */
function castLists(spec: FieldSpec, value: unknown): unknown {
  if (spec.kind === "array") {
    let list = value;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      list = Array.from(arr, (v) => v ?? {});
    }
    return Array.isArray(list) ? list.map((v) => castLists(spec.element, v)) : list;
  }
  if (spec.kind === "object" && typeof value === "object" && value !== null && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) =>
      [k, Object.hasOwn(spec.fields, k) ? castLists(spec.fields[k]!, v) : v]));
  }
  return value;
}

/**
 * A player's edit of a message, as Foundry's server takes it: only the message's author may
 * write it (common/documents/chat-message.mjs), and the result must still be valid card data
 * (its spec, as the data model casts, validates and cleans it; the GM's record fields are plain
 * objects, kept as written).
 * @returns whether it was written.
 */
export async function playerEdit(
  m: StandInMessage, user: { id: string }, changes: Record<string, unknown>,
  spec: ObjectSpec,
): Promise<boolean> {
  if (m.author?.id !== user.id || m.deleted) return false;
  const copy: any = { system: structuredClone({ ...m.system }) };
  applyUpdate(copy, changes);
  const records: Record<string, unknown> = {};
  for (const field of ["seal", "ledger", "steps", "poster", "claims"]) {
    if (field in copy.system) records[field] = copy.system[field];
    delete copy.system[field];
  }
  const content = castLists(spec, copy.system) as Record<string, unknown>;
  if (validate(spec, content).length) return false;
  m.world.touch(m);
  for (const key of Object.keys(m.system)) delete m.system[key];
  Object.assign(m.system, withDefaults(spec, content), records);
  return true;
}
