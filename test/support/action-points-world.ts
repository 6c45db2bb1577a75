import "./shock-bases";
import {
  Collection, gridScene, makeActor, placeOnGrid, REFUSED, StandInToken, World,
} from "./foundry-documents";
import type { StandInCombat, StandInCombatant } from "./shock-bases";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StandInMessage } from "./message-stand-in";
import { ScriptedRoll } from "./shock-world";
import { ActionPointsActor } from "../../src/rulesets/action-points/foundry/documents/actor";
import { ActionPointsCombat } from "../../src/rulesets/action-points/foundry/documents/combat";
import { ActionPointsCombatant } from "../../src/rulesets/action-points/foundry/documents/combatant";
import {
  KEPT_SPEC, sideOf, type KeptSource,
} from "../../src/rulesets/action-points/play/data/kept-spec";
import {
  CHARACTER_SPEC, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC,
} from "../../src/rulesets/action-points/rules/models";
import { withDefaults } from "../../src/engine/schema/spec";
import { startRelay } from "../../src/shell/relay/gm-relay";
import {
  AUTHOR, deleteMessageAs, GM, OTHER, postCardOf, request, requestTwice,
  settle, STRANGER, USERS, installWorldGlobals,
} from "./relay-stand-in";
import { keptOf } from "../../src/shell/combat/kept";
import { gmUser } from "./stand-ins";

/**
 * An action-points world on stand-ins for Foundry's globals, for tests that drive its attack card
 * through the shell's real request path (`shell/relay/gm-relay.ts`, `shell/cards/requests.ts`):
 * the real `ActionPointsActor` (`foundry-documents.ts`'s Actor base), `ActionPointsCombat` and
 * `ActionPointsCombatant` (`shock-bases.ts`), three pregens and three NPCs from the pack
 * (`packs/_source/action-points`), each on a token of a square-gridded scene (one space of 100
 * pixels; Foundry v13 common/documents/token.mjs `_positionToGridOffset` reads a token's top-left
 * space, here its position over the size), one started combat with all of them, chat messages
 * that take the card runtime's updates, and users (the GM; the author, who owns Ivo and Oswin;
 * another player, who owns Reyna; a stranger). What the GM keeps of a combatant (AP, RP, FP,
 * marks) is read through `ActionPointsCombatant#data` and written only by `setKept` here.
 * Data only: Foundry's permission rules are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export { AUTHOR, GM, OTHER, STRANGER, USERS };

export const ACTORS = ["ivo", "oswin", "reyna", "thug", "bowman", "cultist"] as const;
export type Who = (typeof ACTORS)[number];
export const PCS: readonly Who[] = ["ivo", "oswin", "reyna"];
export const FOES: readonly Who[] = ["thug", "bowman", "cultist"];
export const COMBAT_ID = "combatcombatcomb";
/** Combatant ids by actor. */
export const CIDS: Record<Who, string> = {
  ivo: "civocivocivocivo", oswin: "coswinoswinoswin", reyna: "creynareynareyna",
  thug: "cthugthugthugthu", bowman: "cbowmanbowmanbow", cultist: "ccultistcultistc",
};
const TOKEN_IDS: Record<Who, string> = {
  ivo: "tivoivoivoivoivo", oswin: "toswinoswinoswin", reyna: "treynareynareyna",
  thug: "tthugthugthugthu", bowman: "tbowmanbowmanbow", cultist: "tcultistcultistc",
};
export const TOKEN_UUIDS: Record<Who | "nobody" | "elsewhere", string> = {
  ...Object.fromEntries(ACTORS.map((w) => [w, `Scene.s.Token.${TOKEN_IDS[w]}`])) as Record<Who, string>,
  nobody: "Scene.s.Token.nobodynobodynobo",
  /** A token of Ivo's on another scene (a card may name any two tokens). */
  elsewhere: "Scene.t.Token.telsewhereelsewh",
};
export const ACTOR_UUIDS: Record<Who, string> = {
  ivo: "Actor.ivoivoivoivoivoi", oswin: "Actor.oswinoswinoswino", reyna: "Actor.reynareynareynar",
  thug: "Actor.thugthugthugthug", bowman: "Actor.bowmanbowmanbowm", cultist: "Actor.cultistcultistcu",
};
const FILES: Record<Who, [string, string]> = {
  ivo: ["pregens", "ivo-dask"], oswin: ["pregens", "oswin-clay"], reyna: ["pregens", "reyna-fell"],
  thug: ["npcs", "bandit-thug"], bowman: ["npcs", "bandit-bowman"], cultist: ["npcs", "cultist-adept"],
};
const OWNERS: Record<Who, string[]> = {
  ivo: [AUTHOR.id], oswin: [AUTHOR.id], reyna: [OTHER.id], thug: [], bowman: [], cultist: [],
};
/** Each one's owner (a GM for the NPCs). */
export const ownerOf = (who: Who): { id: string; isGM: boolean } =>
  (who === "reyna" ? OTHER : PCS.includes(who) ? AUTHOR : GM);

const root = join(import.meta.dirname, "../..");
const pack = (dir: string, file: string) =>
  JSON.parse(readFileSync(join(root, "packs/_source/action-points", dir, `${file}.json`), "utf8"));

/** An item as action-points reads it (`toObject`: its source, into the statblock). */
function itemOf(i: any) {
  const spec = i.type === "actionPointsSpell" ? SPELL_SPEC : WEAPON_SPEC;
  const item: any = { id: i._id, name: i.name, type: i.type, system: withDefaults(spec, i.system) };
  item.toObject = () => structuredClone({ _id: item.id, name: item.name, type: item.type, system: item.system });
  return item;
}

export interface ApWorld {
  readonly world: World;
  readonly scene: any;
  /** Each combatant's actor: its token's synthetic actor when the token is unlinked. */
  readonly actors: Record<Who, any>;
  /** The world actors (`Actor.<id>`): the same as `actors` for a linked token. */
  readonly worldActors: Record<Who, any>;
  readonly tokens: Record<Who, StandInToken & Record<string, any>>;
  readonly combat: any;
  readonly combatants: Record<Who, any>;
  readonly messages: Map<string, StandInMessage>;
  /** The data of the plain messages the GM's client posted (reaction attack offers). */
  readonly posted: any[];
  /** The roll messages the GM's client showed. */
  readonly shown: any[];
  /** Makes the GM's next post (a message or a roll message) fail, as the server refusing it. */
  failNextPost: boolean;
}

export interface ApWorldOptions {
  /** Each actor's HP (the pack's maximum otherwise). */
  readonly hp?: Partial<Record<Who, number>>;
  /** Where each token stands, in spaces `[column, row]` (default: the party on row 0, the foes on row 1). */
  readonly places?: Partial<Record<Who, readonly [number, number]>>;
  /** A gridless scene (nothing measured: reach, range and intercept spots are the GM's call). */
  readonly gridless?: boolean;
  /** The scene's grid type (`GRID_TYPES`: square, or one of the four hex layouts); wins over `gridless`. */
  readonly grid?: number;
  /**
   * Whose tokens are unlinked (`actorLink` false): each has its own synthetic actor (under the
   * token, `Scene.s.Token.<id>.Actor.<actor id>`, a copy of the world actor's data and owners,
   * as v13 builds one from the base actor and an empty delta), which is what the fight changes.
   */
  readonly unlinked?: readonly Who[];
}


/** Writes what the GM keeps of a combatant, as a test sets a scene (not a request). */
export function setKept(c: any, patch: Partial<KeptSource>): void {
  const combat = c.parent;
  const kept = { ...keptOf(combat, c.id), ...structuredClone(patch) };
  combat.flags.fray ??= {};
  combat.flags.fray.kept = { ...combat.flags.fray.kept, [c.id]: kept };
}

/** What the GM keeps of a combatant, as action-points reads it (`ActionPointsCombatant#data`). */
export const keptOfCombatant = (c: any): KeptSource => structuredClone((c as ActionPointsCombatant).data);

/**
 * Sets up the globals and the world (call at each fuzz run's start; the relay is started, nothing
 * is registered). Every combatant starts with its pack pools (`pools`) and its side kept.
 */
export function apWorld(options: ApWorldOptions = {}): ApWorld {
  const world = new World();
  const users = new Map<string, any>(USERS.map((u) => [u.id, { ...u }]));
  users.set(GM.id, gmUser(GM));
  const size = 100;
  const scene = gridScene(size, options.grid ?? Boolean(options.gridless));
  const actors = {} as Record<Who, any>;
  const worldActors = {} as Record<Who, any>;
  const tokens = {} as Record<Who, any>;
  for (const who of ACTORS) {
    const [dir, file] = FILES[who];
    const source = pack(dir, file);
    const spec = source.type === "actionPointsCharacter" ? CHARACTER_SPEC : NPC_SPEC;
    const system = withDefaults(spec, source.system) as Record<string, any>;
    if (options.hp?.[who] !== undefined) system.hp.value = Math.min(system.hp.max, options.hp[who]!);
    const actorOf = (uuid?: string) => {
      const a = makeActor(ActionPointsActor as any, world, {
        id: ACTOR_UUIDS[who].slice(6), name: source.name, type: source.type, system,
        owners: OWNERS[who], items: [], ...(uuid ? { uuid } : {}),
      }) as any;
      a.items = new Collection(source.items.map((i: any) => [i._id, Object.assign(itemOf(i), { parent: a })]));
      a.toObject = () => structuredClone({
        _id: a.id, name: a.name, type: a.type, system: a.system,
        items: a.items.contents.map((i: any) => i.toObject()),
      });
      return a;
    };
    const linked = !options.unlinked?.includes(who);
    worldActors[who] = actorOf();
    const a = linked ? worldActors[who] : actorOf(`${TOKEN_UUIDS[who]}.Actor.${ACTOR_UUIDS[who].slice(6)}`);
    actors[who] = a;
    const token: any = new StandInToken(world, TOKEN_IDS[who], source.name, a, linked, scene);
    // A synthetic actor knows its token (client/documents/actor.mjs `token`, its parent).
    if (!linked) a.token = token;
    const [x, y] = options.places?.[who] ?? [ACTORS.indexOf(who) % 3, PCS.includes(who) ? 0 : 1];
    placeOnGrid(token, world, size, [x, y], source.prototypeToken?.disposition ?? 0);
    scene.tokens.set(token.id, token);
    tokens[who] = token;
  }
  // Ivo's token on another scene: a card naming it and a token of this one spans two scenes.
  const elsewhere: any = new StandInToken(world, TOKEN_UUIDS.elsewhere.split(".").at(-1)!, "Ivo Dask",
    actors.ivo, true, { id: "t", grid: scene.grid });
  Object.assign(elsewhere, { _positionToGridOffset: () => ({ i: 0, j: 0 }), disposition: 1 });
  // Foundry's constructors take (data, context); the stand-in bases take none.
  const Combat = ActionPointsCombat as unknown as new () => StandInCombat & ActionPointsCombat;
  const Combatant = ActionPointsCombatant as unknown as new () => StandInCombatant;
  const combat = new Combat();
  Object.assign(combat, {
    id: COMBAT_ID, uuid: `Combat.${COMBAT_ID}`, world, scene, started: true, round: 2, turn: 0,
  });
  // Foundry keeps `turns` sorted by the Combat's own comparator (client/documents/combat.mjs
  // `setupTurns`), here by the kept order as it stands.
  Object.defineProperty(combat, "turns", {
    get: () => combat.combatants.contents.sort((a: any, b: any) => (combat as any)._sortCombatants(a, b)),
    configurable: true,
  });
  const combatants = {} as Record<Who, any>;
  for (const who of ACTORS) {
    const c = new Combatant();
    Object.assign(c, {
      id: CIDS[who], uuid: `${combat.uuid}.Combatant.${CIDS[who]}`, name: tokens[who].name,
      tokenId: tokens[who].id, actorId: actors[who].id, world, parent: combat,
      system: {},
    });
    // Foundry v13 client/documents/combatant.mjs: `token` is its scene's token of that id (none once
    // deleted), `actor` the token's, else the world actor of its `actorId`.
    Object.defineProperties(c, {
      token: { get: () => scene.tokens.get(tokens[who].id) ?? null, configurable: true },
      actor: {
        get: () => (c.token ? c.token.actor : world.get(`Actor.${c.actorId}`) ?? null),
        configurable: true,
      },
    });
    combat.combatants.set(c.id, c);
    combatants[who] = world.add(c);
  }
  world.add(combat);
  for (const who of ACTORS) {
    const { pools } = actors[who].statblock;
    setKept(combatants[who], {
      ...withDefaults(KEPT_SPEC, {}), order: ACTORS.indexOf(who), ap: pools.ap, rp: pools.rp, fp: pools.fp,
      side: sideOf(PCS.includes(who), tokens[who].disposition),
    });
  }
  const messages = new Map<string, StandInMessage>();
  const state: ApWorld = {
    world, scene, actors, worldActors, tokens, combat, combatants, messages, posted: [], shown: [],
    failNextPost: false,
  };
  const refused = () => {
    if (!state.failNextPost) return false;
    state.failNextPost = false;
    return true;
  };
  installWorldGlobals({ users, messages, combat, statusEffects: [{ id: "prone", name: "Prone" }] });
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Fray" }),
    async create(data: any) {
      if (refused()) throw new Error(`${REFUSED}: the server refused the message`);
      state.posted.push(data);
      // A plain message the GM's client authors (a reaction attack's offer), kept in the log.
      const m = new StandInMessage(world, `posted${String(state.posted.length).padStart(10, "0")}`,
        "base", {}, g.game.user);
      m.flags = structuredClone(data.flags ?? {});
      m.content = String(data.content ?? "");
      messages.set(m.id, m);
      return m;
    },
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
 * Posts an action-points attack card as its poster's client does; `seenByGM`: the active GM's
 * client hears of its creation (and seals it at once), else the first request seals it.
 */
export async function postCard(
  state: ApWorld, id: string, system: object,
  options: { seenByGM: boolean; poster: { id: string }; before?: (m: StandInMessage) => Promise<void> },
): Promise<StandInMessage> {
  return postCardOf(state, "actionPointsAttack", id, system, { ...options, poster: options.poster });
}

/** Runs the hooks a deleted message fires on the GM's client. */
export async function deleteMessage(m: StandInMessage): Promise<void> {
  await deleteMessageAs(m, GM.id);
}
