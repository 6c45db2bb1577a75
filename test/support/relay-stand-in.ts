import { queued } from "../../src/shell/relay/gm-relay";
import { StandInMessage } from "./message-stand-in";
import { GRID_TYPES, type World } from "./foundry-documents";
import { getProperty } from "./stand-ins";

/**
 * The server side of Fray's GM requests and chat hooks, shared by the worlds that drive a ruleset
 * through the shell's real request path (`shock-world.ts`, `action-points-world.ts`): the
 * `userQuery` socket listener the relay registers (the server stamps the sender and the query id
 * before the active GM's `CONFIG.queries` handler runs: client/documents/collections/users.mjs,
 * user.mjs `query` in v13), the hooks registered with `Hooks.on`, and a card posted or deleted as
 * the GM's client hears of it.
 * One world per test file: vitest gives each file its own copy of this module.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;

/** The users a world's requests come from: the GM, a card's author, another player, a stranger. */
export const GM = { id: "gamemastergamema", isGM: true } as const;
export const AUTHOR = { id: "authorauthorauth", isGM: false } as const;
export const OTHER = { id: "otherotherother1", isGM: false } as const;
export const STRANGER = { id: "strangerstranger", isGM: false } as const;
export const USERS = [GM, AUTHOR, OTHER, STRANGER] as const;

let socketFn: Fn = () => undefined;
let queries = 0;
let hooks: Record<string, Fn[]> = {};

/** Forgets the hooks of the world before (a new world registers its own). */
export function resetHooks(): void {
  hooks = {};
}

/**
 * Runs the hooks registered under `name` on this client, as `Hooks.call` would (a movement's
 * `preMoveToken` on the moving client, `moveToken` on the GM's), with their answers in order.
 */
export function fireHook(name: string, ...args: unknown[]): unknown[] {
  return (hooks[name] ?? []).map((fn) => fn(...args));
}

/** `game.socket` as the relay listens on it. */
export const socketStandIn = { on: (_event: string, fn: Fn) => (socketFn = fn) };

/** `Hooks` as the shell registers on it (only `on` is kept; the others do nothing). */
export const hooksStandIn = {
  on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn), once: () => 0, off: () => undefined,
  callAll: () => true,
};

/**
 * A request as a user's client sends it: the server stamps the sender and the query id, then the
 * active GM's query handler runs (`CONFIG.queries["fray.<name>"]`).
 */
export async function request(
  user: { id: string }, name: string, payload: unknown, options?: { timeout?: number },
): Promise<unknown> {
  const data = structuredClone(payload);
  socketFn(user.id, `q${queries++}`, `fray.${name}`, data);
  return g.CONFIG.queries[`fray.${name}`](data, options);
}

/**
 * The same query delivered to two tabs of the active GM (dist/components/activity.mjs emits it
 * to each of the user's sockets with one query id): both handlers run on their copy.
 */
export function requestTwice(
  user: { id: string }, name: string, payload: unknown, timeout: number,
): [Promise<unknown>, Promise<unknown>] {
  const id = `q${queries++}`;
  const send = () => {
    const data = structuredClone(payload);
    socketFn(user.id, id, `fray.${name}`, data);
    return g.CONFIG.queries[`fray.${name}`](data, { timeout }) as Promise<unknown>;
  };
  return [send(), send()];
}

/** Waits until the GM's queue has run everything sent so far. */
export const settle = (): Promise<void> => queued(async () => undefined);

/** Where a posted card goes: the world's documents and its chat log. */
export interface CardLog {
  readonly world: World;
  readonly messages: Map<string, StandInMessage>;
}

/**
 * Posts a card of `type` as its poster's client does; `seenByGM`: the active GM's client hears of
 * its creation (and seals it at once), else the first request seals it.
 */
export async function postCardOf(
  log: CardLog, type: string, id: string, system: object,
  options: { seenByGM: boolean; poster: { id: string }; before?: (m: StandInMessage) => Promise<void> },
): Promise<StandInMessage> {
  const m = new StandInMessage(log.world, id, type, system, g.game.users.get(options.poster.id));
  log.messages.set(id, m);
  if (options.seenByGM) for (const fn of hooks.createChatMessage ?? []) fn(m);
  await options.before?.(m);
  await settle();
  return m;
}

/** Deletes a message and runs the hooks its deletion fires on the GM's client (`gmId`). */
export async function deleteMessageAs(m: StandInMessage, gmId: string): Promise<void> {
  m.vanish();
  for (const fn of hooks.deleteChatMessage ?? []) await fn(m, {}, gmId);
  await settle();
}

/**
 * The globals every stand-in world sets alike (`shock-world.ts`, `action-points-world.ts`,
 * `phases-world.ts`): `game` with its users (the GM's client is the active GM's), messages,
 * its one combat, the socket and keys for words; `CONFIG` with no queries yet and the given
 * status effects; `CONST`'s grid types; `Hooks`; `foundry.utils` and a template renderer that
 * renders nothing. Forgets the hooks of the world before. Each world adds its own messages' and
 * rolls' stand-ins.
 */
export function installWorldGlobals(at: {
  readonly users: Map<string, any>;
  readonly messages: Map<string, StandInMessage>;
  readonly combat: any;
  readonly statusEffects?: readonly object[];
}): void {
  const { users, messages, combat } = at;
  resetHooks();
  g.game = {
    user: users.get(GM.id),
    users: { get: (id: string) => users.get(id), activeGM: { isSelf: true }, contents: [...users.values()] },
    messages: {
      get: (id: string) => (messages.get(id)?.deleted ? undefined : messages.get(id)),
      get contents() { return [...messages.values()].filter((m) => !m.deleted); },
    },
    combats: {
      get: (id: string) => (id === combat.id && !combat.deleted ? combat : undefined),
      get contents() { return combat.deleted ? [] : [combat]; },
    },
    get combat() { return combat.deleted ? null : combat; },
    socket: socketStandIn,
    i18n: {
      localize: (k: string) => k, format: (k: string) => k, has: () => false,
      getListFormatter: () => ({ format: (list: string[]) => list.join(", ") }),
    },
    settings: { get: () => undefined },
  };
  g.CONFIG = { queries: {}, statusEffects: [...(at.statusEffects ?? [])], sounds: { dice: "dice.wav" } };
  g.CONST = { GRID_TYPES: { ...GRID_TYPES } };
  g.Hooks = hooksStandIn;
  g.foundry = {
    utils: {
      randomID: () => Math.random().toString(36).slice(2, 18), getProperty,
      hasProperty: (o: any, p: string) => getProperty(o, p) !== undefined, escapeHTML: (s: string) => s,
    },
    applications: { handlebars: { renderTemplate: async () => "" } },
  };
}
