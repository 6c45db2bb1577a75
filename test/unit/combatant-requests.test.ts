import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  combatantOfRequest, registerCombatantRequest, senderOwns,
} from "../../src/shell/relay/combatant-requests";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { registerTokenRequest } from "../../src/shell/relay/token-requests";
import { getProperty, gmUser } from "../support/stand-ins";

const GM = { id: "gamemastergamema", isGM: true };
const OWNER = { id: "owneronwerowner1", isGM: false };
const OTHER = { id: "otherotherother1", isGM: false };
const users = new Map([[GM.id, GM], [OWNER.id, OWNER], [OTHER.id, OTHER]]);
// A Combatant's permission is its actor's (common/documents/combatant.mjs `getUserLevel`).
const combatant = { id: "fighter", testUserPermission: (u: { id: string | null }) => u.id === OWNER.id };
const combat = { id: "combat1", combatants: { get: (id: string) => (id === "fighter" ? combatant : undefined) } };

let socketFn: (...args: unknown[]) => void;
let queries = 0;
/** A request as a client sends it: the server stamps the sender, then the GM's query runs. */
async function request(user: { id: string }, name: string, payload: unknown) {
  socketFn(user.id, `q${queries++}`, `fray.${name}`, payload);
  const config = (globalThis as unknown as { CONFIG: { queries: Record<string, (p: unknown) => unknown> } }).CONFIG;
  return config.queries[`fray.${name}`]!(payload);
}

beforeEach(() => {
  vi.stubGlobal("game", {
    i18n: { localize: (k: string) => k, format: (k: string) => k },
    user: gmUser(GM), users: { get: (id: string) => users.get(id) },
    socket: { on: (_e: string, fn: (...args: unknown[]) => void) => (socketFn = fn) },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
  });
  vi.stubGlobal("CONFIG", { queries: {} });
  vi.stubGlobal("foundry", { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty } });
});

describe("a GM request about one combatant (shell/relay/combatant-requests.ts)", () => {
  it("a GM or the combatant's owner may act for it; another player, an unknown user or nothing not", () => {
    expect(senderOwns(GM, combatant)).toBe(true);
    expect(senderOwns(OWNER, combatant)).toBe(true);
    expect(senderOwns(OTHER, combatant)).toBe(false);
    expect(senderOwns({ id: "strangerstranger", isGM: true }, combatant)).toBe(false);
    expect(senderOwns(GM, null)).toBe(false);
  });

  it("finds the combat and combatant in the GM's documents, by the payload's ids", () => {
    expect(combatantOfRequest<never>({ combatId: "combat1", combatantId: "fighter" }, OWNER))
      .toEqual({ combat, combatant, owns: true });
    expect(combatantOfRequest<never>({ combatId: "combat1", targetId: "fighter" }, OTHER, "targetId"))
      .toEqual({ combat, combatant, owns: false });
    expect(combatantOfRequest<never>({ combatId: 7, combatantId: ["fighter"] }, GM))
      .toEqual({ combat: undefined, combatant: undefined, owns: false });
  });

  it("runs only for a sender who may act, and refuses the rest with the reason, running nothing", async () => {
    const ran: unknown[] = [];
    registerCombatantRequest("poke", async (c, id, payload, sender) => {
      ran.push([c.id, id, payload.extra, sender.id]);
      return { ok: true };
    });
    startRelay();
    const ok = { combatId: "combat1", combatantId: "fighter", extra: 1 };
    expect(await request(OTHER, "poke", ok)).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(OWNER, "poke", "garbage")).toEqual({ ok: false, reason: "badRequest" });
    expect(await request(OWNER, "poke", { ...ok, combatantId: "nobody" })).toEqual({ ok: false, reason: "noTarget" });
    expect(await request(OWNER, "poke", { ...ok, combatId: "other" })).toEqual({ ok: false, reason: "noTarget" });
    expect(ran).toEqual([]);
    expect(await request(OWNER, "poke", ok)).toEqual({ ok: true });
    expect(await request(GM, "poke", ok)).toEqual({ ok: true });
    expect(ran).toEqual([["combat1", "fighter", 1, OWNER.id], ["combat1", "fighter", 1, GM.id]]);
  });
});

describe("a GM request about one token's actor (shell/relay/token-requests.ts)", () => {
  // A token's actor: the owner's (a synthetic actor's permission is its own delta's).
  const actor = { id: "actor1", testUserPermission: (u: { id: string | null }) => u.id === OWNER.id };
  const s1 = { id: "s1" };
  const docs: Record<string, unknown> = {
    "Scene.s1.Token.t1": { documentName: "Token", id: "t1", actor, parent: s1, hidden: false },
    "Scene.s1.Token.t2": { documentName: "Token", id: "t2", actor: null, parent: s1 },
    "Scene.s1.Token.t3": { documentName: "Token", id: "t3", actor, parent: s1, hidden: true },
    "Scene.s2.Token.t4": { documentName: "Token", id: "t4", actor, parent: { id: "s2" }, hidden: false },
    // An item's `actor` is its owner: its uuid names no token.
    "Actor.actor1.Item.i1": { documentName: "Item", id: "i1", actor },
  };

  it("runs for the token's actor's owner or a GM; refuses a non-token, no actor, others", async () => {
    vi.stubGlobal("fromUuidSync", (uuid: string) => docs[uuid] ?? null);
    // Each user's viewed scene, as its activity reports it (client/documents/collections/users.mjs).
    Object.assign(OWNER, { viewedScene: "s1" });
    const ran: unknown[] = [];
    registerTokenRequest("nudge", async (token, a, payload, sender) => {
      ran.push([token.id, a.id, payload.extra, sender.id]);
      return { ok: true };
    });
    startRelay();
    const ok = { tokenUuid: "Scene.s1.Token.t1", extra: 2 };
    expect(await request(OTHER, "nudge", ok)).toEqual({ ok: false, reason: "notOwner" });
    expect(await request(OWNER, "nudge", "garbage")).toEqual({ ok: false, reason: "badRequest" });
    for (const tokenUuid of ["Scene.s1.Token.t2", "Actor.actor1.Item.i1", "Scene.s1.Token.gone", 5]) {
      expect(await request(OWNER, "nudge", { ...ok, tokenUuid })).toEqual({ ok: false, reason: "noTarget" });
    }
    // A player's token hidden from it, or on a scene it does not view (a linked actor's other token).
    for (const tokenUuid of ["Scene.s1.Token.t3", "Scene.s2.Token.t4"]) {
      expect(await request(OWNER, "nudge", { ...ok, tokenUuid })).toEqual({ ok: false, reason: "notInView" });
    }
    expect(ran).toEqual([]);
    expect(await request(OWNER, "nudge", ok)).toEqual({ ok: true });
    // No scene reported (no canvas drawn): the active scene stands for it.
    Object.assign(OWNER, { viewedScene: null });
    const scenes = { active: { id: "s1" } };
    vi.stubGlobal("game", { ...(globalThis as unknown as { game: object }).game, scenes });
    expect(await request(OWNER, "nudge", ok)).toEqual({ ok: true });
    scenes.active.id = "s2";
    expect(await request(OWNER, "nudge", ok)).toEqual({ ok: false, reason: "notInView" });
    // A GM acts from any token, wherever it looks.
    expect(await request(GM, "nudge", { ...ok, tokenUuid: "Scene.s2.Token.t4" })).toEqual({ ok: true });
    expect(ran).toEqual([
      ["t1", "actor1", 2, OWNER.id], ["t1", "actor1", 2, OWNER.id], ["t4", "actor1", 2, GM.id],
    ]);
  });
});
