import "./shock-bases";
import {
  Collection, gridScene, makeActor, placeOnGrid, StandInToken, World,
} from "./foundry-documents";
import type { StandInCombat, StandInCombatant } from "./shock-bases";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StandInMessage } from "./message-stand-in";
import { ScriptedRoll } from "./shock-world";
import { PhasesActor } from "../../src/rulesets/phases/foundry/documents/actor";
import { PhasesCombat } from "../../src/rulesets/phases/foundry/documents/combat";
import { PhasesCombatant } from "../../src/rulesets/phases/foundry/documents/combatant";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/phases/play/data/kept-spec";
import {
  ACTIVATABLE_SPEC, ATTACK_POWER_SPEC, CHARACTER_SPEC, MOVEMENT_POWER_SPEC, NPC_SPEC,
} from "../../src/rulesets/phases/rules/models";
import { withDefaults } from "../../src/engine/schema/spec";
import { registerRequest, startRelay } from "../../src/shell/relay/gm-relay";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { registerKeptRequests } from "../../src/shell/combat/kept-spend";
import { registerOffers } from "../../src/shell/offers/runtime";
import { PHASES_ATTACK_KIND } from "../../src/rulesets/phases/foundry/cards/attack-kind";
import { rollOfferedSaves } from "../../src/rulesets/phases/foundry/gm/end-phase";
import {
  AUTHOR, GM, OTHER, postCardOf, request, settle,
  STRANGER, USERS, installWorldGlobals,
} from "./relay-stand-in";
import { keptOf } from "../../src/shell/combat/kept";
import { applyUpdate, gmUser } from "./stand-ins";

/**
 * A phases world on stand-ins for Foundry's globals, for tests that drive its attack card through
 * the shell's real request path (`shell/relay/gm-relay.ts`, `shell/cards/requests.ts`): the real
 * `PhasesActor` (`foundry-documents.ts`'s Actor base), `PhasesCombat` and `PhasesCombatant`
 * (`shock-bases.ts`), two pregens and two NPCs from the pack (`packs/_source/phases`), each on a
 * token of a square-gridded scene (one space of 100 pixels), one started combat with all of them
 * standing in round 2 on a turn `setTurn` names, chat messages that take the card runtime's
 * updates, and users (the GM; the author, who owns Brakka; another player, who owns Lysa; a
 * stranger). The stand-in Combat lists each ordered step's turns in the world's order (the step
 * layout is Foundry-tier tested: test/foundry/stepped-turns.test.ts). Data only: Foundry's
 * permission rules are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export { AUTHOR, GM, OTHER, STRANGER, request, settle };

export const ACTORS = ["brakka", "lysa", "goblin", "orc"] as const;
export type Who = (typeof ACTORS)[number];
export const COMBAT_ID = "combatcombatcomb";
export const CIDS: Record<Who, string> = {
  brakka: "cbrakkabrakkabra", lysa: "clysalysalysalys", goblin: "cgoblingoblingob",
  orc: "corcorcorcorcorc",
};
const TOKEN_IDS: Record<Who, string> = {
  brakka: "tbrakkabrakkabra", lysa: "tlysalysalysalys", goblin: "tgoblingoblingob",
  orc: "torcorcorcorcorc",
};
export const TOKEN_UUIDS = Object.fromEntries(ACTORS.map((w) => [w, `Scene.s.Token.${TOKEN_IDS[w]}`])) as
  Record<Who, string>;
const FILES: Record<Who, [string, string]> = {
  brakka: ["pregens", "brakka-stone"], lysa: ["pregens", "lysa-vell"],
  goblin: ["npcs", "bog-goblin"], orc: ["npcs", "orc-raider"],
};
const OWNERS: Record<Who, string[]> = { brakka: [AUTHOR.id], lysa: [OTHER.id], goblin: [], orc: [] };
/** Where each token stands, `[column, row]`: Brakka beside the goblin, the others apart. */
const PLACES: Record<Who, [number, number]> = { brakka: [0, 0], goblin: [1, 0], lysa: [0, 3], orc: [4, 3] };

const root = join(import.meta.dirname, "../..");
const pack = (dir: string, file: string) =>
  JSON.parse(readFileSync(join(root, "packs/_source/phases", dir, `${file}.json`), "utf8"));

const SPECS: Record<string, any> = {
  phasesAttack: ATTACK_POWER_SPEC, phasesMovement: MOVEMENT_POWER_SPEC,
  phasesActivatable: ACTIVATABLE_SPEC,
};

/** An item as phases reads it (`toObject`: its source, into the statblock), written in place. */
function itemOf(i: any, world: World) {
  const system = SPECS[i.type] ? withDefaults(SPECS[i.type], i.system) : structuredClone(i.system);
  const item: any = { id: i._id, name: i.name, type: i.type, system };
  item.toObject = () =>
    structuredClone({ _id: item.id, name: item.name, type: item.type, system: item.system });
  item.update = async (changes: Record<string, unknown>) => {
    world.touch(item);
    applyUpdate(item, changes);
    return item;
  };
  return item;
}

/**
 * Foundry's Roll for the dice a phases card rolls: every `NdF` of the formula (a dice pool's
 * `{1d6,1d6,1d8}kh2` is one term a die), each rolled from the scripted dice in order, as
 * `roll.dice` lists a pool's dice term by term (client/dice/roll.mjs `dice`).
 */
export class PoolRoll extends ScriptedRoll {
  override async evaluate(): Promise<this> {
    this.dice = [...this.formula.matchAll(/(\d+)d(\d+)/g)].map(([, count, faces]) => ({
      results: Array.from({ length: Number(count) }, () => ({ result: ScriptedRoll.next(Number(faces)) })),
    }));
    this.total = this.dice.flatMap((d) => d.results).reduce((s, r) => s + r.result, 0);
    return this;
  }
}

export interface PhasesWorld {
  readonly world: World;
  readonly scene: any;
  readonly actors: Record<Who, any>;
  readonly tokens: Record<Who, any>;
  readonly combat: any;
  readonly combatants: Record<Who, any>;
  readonly messages: Map<string, StandInMessage>;
  /** The roll messages the GM's client showed. */
  readonly shown: any[];
  /** The plain messages posted (notes, offers' prompts). */
  readonly posted: any[];
  /** Stands the combat on `who`'s turn in a step (`movement`, `battle`), or on no one's. */
  setTurn(step: "movement" | "battle" | null, who?: Who): void;
}

/** Writes what the GM keeps of a combatant, as a test sets a scene (not a request). */
export function setKept(c: any, patch: Partial<KeptSource>): void {
  const combat = c.parent;
  const kept = { ...keptOf(combat, c.id), ...structuredClone(patch) };
  combat.flags.fray ??= {};
  combat.flags.fray.kept = { ...combat.flags.fray.kept, [c.id]: kept };
}

/** What the GM keeps of a combatant, as phases reads it (`PhasesCombatant#data`). */
export const keptOfCombatant = (c: any): KeptSource => structuredClone((c as PhasesCombatant).data);

/** Sets up the globals and the world (the relay started, nothing registered). */
export function phasesWorld(options: { gridless?: boolean } = {}): PhasesWorld {
  const world = new World();
  const users = new Map<string, any>(USERS.map((u) => [u.id, { ...u }]));
  users.set(GM.id, gmUser(GM));
  const size = 100;
  const scene = gridScene(size, options.gridless);
  const actors = {} as Record<Who, any>;
  const tokens = {} as Record<Who, any>;
  for (const who of ACTORS) {
    const [dir, file] = FILES[who];
    const source = pack(dir, file);
    const spec = source.type === "phasesCharacter" ? CHARACTER_SPEC : NPC_SPEC;
    const a = makeActor(PhasesActor as any, world, {
      id: `${who}${who}${who}${who}`.slice(0, 16), name: source.name, type: source.type,
      system: withDefaults(spec, source.system), owners: OWNERS[who], items: [],
    }) as any;
    a.items = new Collection(source.items.map((i: any) => [i._id, Object.assign(itemOf(i, world), { parent: a })]));
    a.toObject = () => structuredClone({
      _id: a.id, name: a.name, type: a.type, system: a.system,
      items: a.items.contents.map((i: any) => i.toObject()),
    });
    actors[who] = a;
    const token: any = new StandInToken(world, TOKEN_IDS[who], source.name, a, true, scene);
    const [x, y] = PLACES[who];
    placeOnGrid(token, world, size, [x, y], OWNERS[who].length ? 1 : -1);
    scene.tokens.set(token.id, token);
    tokens[who] = token;
  }
  const Combat = PhasesCombat as unknown as new () => StandInCombat & PhasesCombat;
  const Combatant = PhasesCombatant as unknown as new () => StandInCombatant;
  const combat = new Combat();
  const list: any[] = [];
  Object.assign(combat, {
    id: COMBAT_ID, uuid: `Combat.${COMBAT_ID}`, world, scene, started: true, round: 2, turn: null,
  });
  // Movement's turns, then Battle's, each in the world's order (round-turns.ts lays a round out so).
  Object.defineProperty(combat, "turns", { get: () => [...list, ...list], configurable: true });
  const combatants = {} as Record<Who, any>;
  for (const who of ACTORS) {
    const c = new Combatant();
    Object.assign(c, {
      id: CIDS[who], uuid: `${combat.uuid}.Combatant.${CIDS[who]}`, name: tokens[who].name,
      tokenId: tokens[who].id, actorId: actors[who].id, world, parent: combat, system: {},
    });
    // Foundry v13 client/documents/combatant.mjs: `token` is its scene's token of that id.
    Object.defineProperty(c, "token", {
      get: () => scene.tokens.get(tokens[who].id) ?? null, configurable: true,
    });
    combat.combatants.set(c.id, c);
    combatants[who] = world.add(c);
    list.push(c);
  }
  world.add(combat);
  for (const who of ACTORS) {
    setKept(combatants[who], { ...withDefaults(KEPT_SPEC, {}), order: ACTORS.indexOf(who), rolled: 2 });
  }
  const messages = new Map<string, StandInMessage>();
  const shown: any[] = [];
  const posted: any[] = [];
  const setTurn = (step: "movement" | "battle" | null, who?: Who) => {
    combat.turn = step === null || !who
      ? null : (step === "battle" ? ACTORS.length : 0) + ACTORS.indexOf(who);
  };
  installWorldGlobals({ users, messages, combat });
  // client/documents/active-effect.mjs `fromStatusEffect`: the status entry's effect, its id among
  // its statuses (its name localized), not yet created.
  g.ActiveEffect = {
    implementation: {
      fromStatusEffect: async (id: string) => ({ toObject: () => ({ name: id, statuses: [id] }) }),
    },
  };
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Fray" }),
    async create(data: any) {
      posted.push(data);
      // A plain message the poster authors (a note, an offer's prompt), kept in the log.
      const m = new StandInMessage(world, `posted${String(posted.length).padStart(10, "0")}`,
        "base", {}, g.game.user);
      m.flags = structuredClone(data.flags ?? {});
      m.content = String(data.content ?? "");
      m.rolls = (data.rolls ?? []).map((r: string) => JSON.parse(r));
      messages.set(m.id, m);
      return m;
    },
    implementation: {
      applyRollMode: (data: any, rollMode: string) => ({ ...data, rollMode }),
      create: async (data: any) => void shown.push(data),
    },
  };
  g.Roll = PoolRoll;
  g.fromUuidSync = (uuid: unknown) => world.get(uuid);
  g.fromUuid = async (uuid: unknown) => world.get(uuid);
  g.ui = { notifications: { warn: () => undefined, info: () => undefined } };
  startRelay();
  return { world, scene, actors, tokens, combat, combatants, messages, shown, posted, setTurn };
}

/**
 * Registers what phases' `install` registers for its GM requests on this client: its card kind
 * with the shell's sealing and card requests, the kept spends, the offers and the End phase's
 * saves (each world registers afresh: `installWorldGlobals` forgot the hooks).
 */
export function registerPhasesRequests(): void {
  registerCardKind(PHASES_ATTACK_KIND);
  registerSealing();
  registerCardRequests();
  registerKeptRequests();
  registerOffers();
  registerRequest("phasesSaves", rollOfferedSaves);
}

/**
 * Posts a phases attack card as its poster's client does; `seenByGM`: the active GM's client
 * hears of its creation (and seals it at once), else the first request seals it.
 */
export async function postCard(
  state: PhasesWorld, id: string, system: object,
  options: { seenByGM: boolean; poster: { id: string } },
): Promise<StandInMessage> {
  return postCardOf(state, "phasesAttack", id, system, options);
}
