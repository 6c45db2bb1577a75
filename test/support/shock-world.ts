import "./shock-bases";
import { Collection, makeActor, REFUSED, StandInToken, World } from "./foundry-documents";
import type { StandInCombat, StandInCombatant } from "./shock-bases";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StandInMessage } from "./message-stand-in";
import { ShockActor } from "../../src/rulesets/shock/foundry/documents/actor";
import { ShockCombat } from "../../src/rulesets/shock/foundry/documents/combat";
import { ShockCombatant } from "../../src/rulesets/shock/foundry/documents/combatant";
import { COMBATANT_SPEC, type CombatantSource } from "../../src/rulesets/shock/play/data/combatant-spec";
import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../src/rulesets/shock/rules/models";
import { withDefaults } from "../../src/engine/schema/spec";
import { startRelay } from "../../src/shell/relay/gm-relay";
import {
  AUTHOR, deleteMessageAs, GM, OTHER, postCardOf, request, requestTwice,
  settle, STRANGER, USERS, installWorldGlobals,
} from "./relay-stand-in";
import { keptOf } from "../../src/shell/combat/kept";
import { gmUser } from "./stand-ins";

/**
 * A shock world on stand-ins for Foundry's globals, for tests that drive shock's GM side through
 * the shell's real request path (`shell/relay/gm-relay.ts`, `shell/cards/requests.ts`): the real
 * `ShockActor` (`foundry-documents.ts`'s Actor base), `ShockCombat` and `ShockCombatant`
 * (`shock-bases.ts`), three pregens and two NPCs from the pack, each on a token of a gridless
 * scene (everyone within reach: the GM's word), one started combat with the party and the foes,
 * chat messages that take the card runtime's updates, and users (the GM; the author, who owns
 * Corvin and Lisbet; another player, who owns Wenna; a stranger). A combatant's round economy is
 * read through `ShockCombatant`'s own accessors (`data`, `budget`, `hold`) and written only by
 * `setEconomy` here, so a change of where shock keeps it touches this file alone.
 * Data only: Foundry's permission rules are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export { AUTHOR, GM, OTHER, STRANGER, USERS };

export const ACTORS = ["corvin", "wenna", "lisbet", "brute", "cutthroat"] as const;
export type Who = (typeof ACTORS)[number];
export const COMBAT_ID = "combatcombatcomb";
/** Combatant ids by actor. */
export const CIDS: Record<Who, string> = {
  corvin: "ccorvincorvincor", wenna: "cwennawennawenna", lisbet: "clisbetlisbetlis",
  brute: "cbrutebrutebrute", cutthroat: "ccutthroatcutthr",
};
export const TOKEN_UUIDS: Record<Who | "nobody", string> = {
  corvin: "Scene.s.Token.tcorvincorvincor", wenna: "Scene.s.Token.twennawennawenna",
  lisbet: "Scene.s.Token.tlisbetlisbetlis", brute: "Scene.s.Token.tbrutebrutebrute",
  cutthroat: "Scene.s.Token.tcutthroatcutthr", nobody: "Scene.s.Token.nobodynobodynobo",
};
export const ACTOR_UUIDS: Record<Who, string> = {
  corvin: "Actor.corvincorvincorv", wenna: "Actor.wennawennawennaw", lisbet: "Actor.lisbetlisbetlisb",
  brute: "Actor.brutebrutebruteb", cutthroat: "Actor.cutthroatcutthro",
};
const FILES: Record<Who, [string, string]> = {
  corvin: ["pregens", "corvin-ash"], wenna: ["pregens", "wenna-holt"], lisbet: ["pregens", "lisbet-marr"],
  brute: ["npcs", "bandit-brute"], cutthroat: ["npcs", "bandit-cutthroat"],
};
const OWNERS: Record<Who, string[]> = {
  corvin: [AUTHOR.id], wenna: [OTHER.id], lisbet: [AUTHOR.id], brute: [], cutthroat: [],
};

const root = join(import.meta.dirname, "../..");
const pack = (dir: string, file: string) =>
  JSON.parse(readFileSync(join(root, "packs/_source/shock", dir, `${file}.json`), "utf8"));

/** An item as shock reads it: its data, and `toObject` (its source). */
function itemOf(i: any) {
  const item: any = { id: i._id, name: i.name, type: i.type, system: withDefaults(WEAPON_SPEC, i.system) };
  item.toObject = () => structuredClone({ _id: item.id, name: item.name, type: item.type, system: item.system });
  return item;
}

/** The pack's weapons by name (to give an actor another). */
export const packWeapon = (file: string): any => itemOf(pack("weapons", file));

/**
 * Foundry's Roll as shock uses it (`NdF` with an optional `+ k`): the scripted `dice` first (each
 * kept within the die), then dice from a seeded generator (`seed`), so an opposed check always
 * ends and a run replays from its seed.
 */
export class ScriptedRoll {
  static dice: number[] = [];
  static seed = 1;
  dice: { results: { result: number }[] }[] = [];
  total = 0;
  constructor(readonly formula: string, _data: object = {}, readonly options: object = {}) {}
  static next(faces: number): number {
    const d = ScriptedRoll.dice.shift();
    if (d !== undefined) return Math.min(faces, Math.max(1, d));
    // A 32-bit xorshift: small, seeded, good enough for dice.
    let x = ScriptedRoll.seed | 0 || 1;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    ScriptedRoll.seed = x;
    return ((x >>> 0) % faces) + 1;
  }
  async evaluate(): Promise<this> {
    const [, count = "1", faces = "6", rest = ""] = /^(\d+)d(\d+)(.*)$/.exec(this.formula) ?? [];
    const results = Array.from({ length: Number(count) }, () => ({ result: ScriptedRoll.next(Number(faces)) }));
    this.dice = [{ results }];
    const bonus = Number(/([+-]\s*\d+)\s*$/.exec(rest)?.[1]?.replace(/\s/g, "") ?? 0);
    this.total = results.reduce((s, r) => s + r.result, 0) + bonus;
    return this;
  }
  toJSON() {
    return { formula: this.formula, total: this.total };
  }
}

export interface ShockWorld {
  readonly world: World;
  readonly actors: Record<Who, any>;
  readonly tokens: Record<Who, StandInToken>;
  readonly combat: any;
  readonly combatants: Record<Who, any>;
  readonly messages: Map<string, StandInMessage>;
  /** The data of the plain messages the GM's client posted (initiative, first aid, offers). */
  readonly posted: any[];
  /** The roll messages the GM's client showed. */
  readonly shown: any[];
  /** Makes the GM's next post (a message or a roll message) fail, as the server refusing it. */
  failNextPost: boolean;
}

export interface ShockWorldOptions {
  /** A square grid (adjacency counts: screens, snaps, opportunity, carrying); gridless otherwise. */
  readonly square?: boolean;
  /** Where each token stands, in squares (default: the party on row 0, the foes on row 1). */
  readonly places?: Partial<Record<Who, readonly [number, number]>>;
}


/**
 * Writes a combatant's round economy and marks as a test sets a scene (not a request): the one
 * place that knows where shock keeps them.
 */
export function setEconomy(c: any, patch: Partial<CombatantSource>): void {
  // The GM-only kept store on the Combat (shell/combat/kept.ts): every kept field, as read now
  // with the patch on top; what the combat does not keep (the order in the side) stays on `system`.
  const combat = c.parent;
  const kept = keptOf(combat, c.id);
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(structuredClone(patch))) {
    if (key in kept) kept[key] = value;
    else own[key] = value;
  }
  combat.flags.fray ??= {};
  combat.flags.fray.kept = { ...combat.flags.fray.kept, [c.id]: kept };
  Object.assign(c.system, own);
}

/** A combatant's round economy and marks, as shock reads them (`ShockCombatant#data`). */
export const economyOf = (c: any): CombatantSource => structuredClone((c as ShockCombatant).data);

/**
 * Sets up the globals and the world (call in `beforeEach` or at each fuzz run's start; the relay is
 * started, nothing is registered). @param hp each actor's HP (the pack's maximum otherwise).
 */
export function shockWorld(
  hp: Partial<Record<Who, number>> = {}, options: ShockWorldOptions = {},
): ShockWorld {
  const world = new World();
  const users = new Map<string, any>(USERS.map((u) => [u.id, { ...u }]));
  users.set(GM.id, gmUser(GM));
  const scene = { id: "s", grid: { type: options.square ? 1 : 0, size: 100 } };
  const actors = {} as Record<Who, any>;
  const tokens = {} as Record<Who, StandInToken>;
  for (const who of ACTORS) {
    const [dir, file] = FILES[who];
    const source = pack(dir, file);
    const spec = source.type === "shockCharacter" ? CHARACTER_SPEC : NPC_SPEC;
    const system = withDefaults(spec, source.system) as Record<string, any>;
    if (hp[who] !== undefined) system.hp.value = Math.min(system.hp.max, hp[who]!);
    const a = makeActor(ShockActor as any, world, {
      id: ACTOR_UUIDS[who].slice(6), name: source.name, type: source.type, system,
      owners: OWNERS[who], items: [],
    }) as any;
    a.items = new Collection(source.items.map((i: any) => [i._id, Object.assign(itemOf(i), { parent: a })]));
    a.toObject = () => structuredClone({
      _id: a.id, name: a.name, type: a.type, system: a.system,
      items: a.items.contents.map((i: any) => i.toObject()),
    });
    actors[who] = a;
    const token = new StandInToken(world, TOKEN_UUIDS[who].split(".").at(-1)!, source.name, a, true, scene);
    const [x, y] = options.places?.[who] ?? [ACTORS.indexOf(who), a.type === "shockCharacter" ? 0 : 1];
    Object.assign(token, { x: x * 100, y: y * 100 });
    // The v13 movement API as the GM's forced moves use it (client/documents/token.mjs `move`).
    Object.assign(token, {
      async move(to: { x: number; y: number }) {
        world.touch(token);
        Object.assign(token, { x: to.x, y: to.y });
        return true;
      },
    });
    tokens[who] = token;
  }
  // Foundry's constructors take (data, context); the stand-in bases take none.
  const Combat = ShockCombat as unknown as new () => StandInCombat & ShockCombat;
  const Combatant = ShockCombatant as unknown as new () => StandInCombatant;
  const combat = new Combat();
  Object.assign(combat, {
    id: COMBAT_ID, uuid: `Combat.${COMBAT_ID}`, world, scene, started: true, round: 2, turn: 0,
  });
  const combatants = {} as Record<Who, any>;
  for (const who of ACTORS) {
    const c = new Combatant();
    const side = actors[who].type === "shockCharacter" ? "party" : "foes";
    Object.assign(c, {
      id: CIDS[who], uuid: `${combat.uuid}.Combatant.${CIDS[who]}`, name: tokens[who].name,
      tokenId: tokens[who].id, actorId: actors[who].id, token: tokens[who], world, parent: combat,
      system: withDefaults(COMBATANT_SPEC, { side, order: ACTORS.indexOf(who) }),
    });
    combat.combatants.set(c.id, c);
    combatants[who] = world.add(c);
  }
  world.add(combat);
  const messages = new Map<string, StandInMessage>();
  const state: ShockWorld = {
    world, actors, tokens, combat, combatants, messages, posted: [], shown: [], failNextPost: false,
  };
  const refused = () => {
    if (!state.failNextPost) return false;
    state.failNextPost = false;
    return true;
  };
  installWorldGlobals({ users, messages, combat });
  const create = async (data: any) => {
    if (refused()) throw new Error(`${REFUSED}: the server refused the message`);
    state.posted.push(data);
    // A plain message the GM's client authors (a prompt, a roll card), kept in the log.
    const m = new StandInMessage(world, `posted${String(state.posted.length).padStart(10, "0")}`,
      "base", {}, g.game.user);
    m.flags = structuredClone(data.flags ?? {});
    m.content = String(data.content ?? "");
    messages.set(m.id, m);
    return m;
  };
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Fray" }), create,
    implementation: {
      applyRollMode: (data: any, rollMode: string) => ({ ...data, rollMode }),
      create: async (data: any) => {
        if (refused()) throw new Error(`${REFUSED}: the server refused the roll message`);
        state.shown.push(data);
      },
    },
  };
  g.Roll = ScriptedRoll;
  g.fromUuidSync = (uuid: unknown) => world.get(uuid);
  g.fromUuid = async (uuid: unknown) => world.get(uuid);
  g.ui = { notifications: { warn: () => undefined, info: () => undefined } };
  startRelay();
  return state;
}

export { request, requestTwice, settle };

/**
 * Posts a shock card as its poster's client does; `seenByGM`: the active GM's client hears of its
 * creation (and seals it at once), else the first request seals it.
 */
export async function postCard(
  state: ShockWorld, id: string, system: object,
  options: { seenByGM: boolean; poster?: { id: string }; before?: (m: StandInMessage) => Promise<void> },
): Promise<StandInMessage> {
  return postCardOf(state, "shockAttack", id, system, { ...options, poster: options.poster ?? AUTHOR });
}

/** Runs the hooks a deleted message fires on the GM's client (a Snap Attack's refund). */
export async function deleteMessage(m: StandInMessage): Promise<void> {
  await deleteMessageAs(m, GM.id);
}
