import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialOf } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import { sideOf } from "../../src/rulesets/shock/play/round/sides";
import { writeKept, keptOf, KEPT_VERSION } from "../../src/shell/combat/kept";
import {
  catchUpKept, joinKept, pruneKept, registerKeptLifecycle,
} from "../../src/shell/combat/kept-lifecycle";
import { applyUpdate, getProperty, gmUser } from "../support/stand-ins";

/**
 * A combatant's kept entry follows the combatant (shell/combat/kept-lifecycle.ts): the active GM
 * writes what a newcomer's class reads from the documents (shock's side) once, and deletes a gone
 * combatant's entry and receipt once, both claimed on the GM's User whichever tab sees the hook;
 * what happened with no GM connected is caught up on a ready world.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const GM = { id: "gamemastergamema" };
const PLAYER = { id: "playerplayerpla1", isGM: false, isActiveGM: false };

/** A Combatant: a PC, or an NPC whose token has a disposition. */
const combatant = (id: string, pc: boolean, disposition = -1): any =>
  ({ id, isPC: pc, token: { disposition } });

let updates: Record<string, unknown>[];
let combat: any;

/** A combat keeping shock's fields, joining a newcomer with its side as its documents say. */
function makeCombat(list: any[], kept: Record<string, unknown> = {}) {
  const c: any = {
    id: "combatcombatcomb", flags: { fray: { kept: structuredClone(kept), keptReceipts: {} } },
    combatants: { contents: list },
    keptOnJoin: (x: any) => ({ side: sideOf(x.isPC, x.token.disposition) }),
    keep: (patches: any) => writeKept(c, patches),
    update: vi.fn(async (changes: Record<string, unknown>) => {
      updates.push(changes);
      applyUpdate(c, changes);
    }),
  };
  Object.defineProperty(c, "constructor", { value: { kept: KEPT_SPEC } });
  return c;
}

beforeEach(() => {
  updates = [];
  vi.stubGlobal("game", {
    user: gmUser(GM), settings: { get: () => KEPT_VERSION },
  });
  vi.stubGlobal("foundry", {
    utils: { getProperty, randomID: () => Math.random().toString(36).slice(2, 18) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a combatant joins", () => {
  beforeEach(() => {
    combat = makeCombat([combatant("combatantwenna01", true), combatant("combatantpia0001", false, 1),
      combatant("combatantvask001", false, -1)]);
  });

  it("the active GM writes its side from its documents, once whichever tab sees it", async () => {
    for (const c of combat.combatants.contents) expect(await joinKept(combat, c)).toBe(true);
    expect(Object.fromEntries(combat.combatants.contents.map((c: any) => [c.id, keptOf(combat, c.id).side])))
      .toEqual({ combatantwenna01: "party", combatantpia0001: "party", combatantvask001: "foes" });
    // The same hook in a second tab of the GM (one User, one claim): nothing more is written.
    expect(await joinKept(combat, combat.combatants.contents[0])).toBe(false);
    expect(updates).toHaveLength(3);
    expect(updates[0]).toEqual({ "flags.fray.kept.combatantwenna01.side": "party" });
  });

  it("a side the GM wrote already stays; a player's client writes nothing", async () => {
    applyUpdate(combat, { "flags.fray.kept.combatantvask001.side": "party" });
    expect(await joinKept(combat, combat.combatants.contents[2])).toBe(false);
    expect(keptOf(combat, "combatantvask001").side).toBe("party");
    (globalThis as any).game.user = PLAYER;
    expect(await joinKept(combat, combat.combatants.contents[0])).toBe(false);
    expect(updates).toEqual([]);
  });
});

describe("a combatant leaves", () => {
  const kept = {
    combatantwenna01: { main: true, side: "party" },
    combatantgone001: { totalDefense: true, side: "foes" },
  };
  beforeEach(() => {
    combat = makeCombat([combatant("combatantwenna01", true)], kept);
    combat.flags.fray.keptReceipts = { combatantgone001: { by: PLAYER.id } };
  });

  it("the active GM deletes its entry and receipt, once whichever tab sees it", async () => {
    expect(await pruneKept(combat, ["combatantgone001"])).toEqual(["combatantgone001"]);
    expect(updates).toEqual([{
      "flags.fray.kept.-=combatantgone001": null, "flags.fray.keptReceipts.-=combatantgone001": null,
    }]);
    expect(combat.flags.fray.kept).toEqual({ combatantwenna01: kept.combatantwenna01 });
    expect(combat.flags.fray.keptReceipts).toEqual({});
    // Its id used again later: a newcomer starts from the defaults, nothing of the one gone.
    expect(keptOf(combat, "combatantgone001")).toEqual(initialOf(KEPT_SPEC));
    expect(await pruneKept(combat, ["combatantgone001"])).toEqual([]);
    expect(updates).toHaveLength(1);
  });

  it("a combatant still there, an id with no entry or a path is never pruned", async () => {
    expect(await pruneKept(combat, ["combatantwenna01", "combatantnone001", "a.b", "-=x"])).toEqual([]);
    (globalThis as any).game.user = PLAYER;
    expect(await pruneKept(combat, ["combatantgone001"])).toEqual([]);
    expect(updates).toEqual([]);
  });

  it("a second tab's prune of the same combatant writes nothing", async () => {
    const [first, second] = await Promise.all([
      pruneKept(combat, ["combatantgone001"]), pruneKept(combat, ["combatantgone001"]),
    ]);
    expect([...first, ...second]).toEqual(["combatantgone001"]);
    expect(updates).toHaveLength(1);
  });
});

describe("a combatant leaves a started fight and comes back", () => {
  const TOKEN = "tokenwenna000001";
  const spent = { main: true, moves: 1, side: "party" };
  beforeEach(() => {
    combat = makeCombat([{ ...combatant("combatantwenna01", true), tokenId: TOKEN }],
      { combatantwenna01: spent });
    combat.started = true;
  });

  it("its entry is left by its token and taken back by the next combatant for it, once", async () => {
    combat.combatants.contents = [];
    expect(await pruneKept(combat, ["combatantwenna01"], { combatantwenna01: TOKEN })).toEqual(["combatantwenna01"]);
    expect(combat.flags.fray.keptLeft).toEqual({ [TOKEN]: spent });
    // Created again under a new id (a player may delete and create its own Combatant): what the
    // GM kept comes back, not a newcomer's fields.
    const again = { ...combatant("combatantwenna02", true), tokenId: TOKEN };
    combat.combatants.contents = [again];
    expect(await joinKept(combat, again)).toBe(true);
    expect(keptOf(combat, "combatantwenna02")).toEqual({ ...initialOf(KEPT_SPEC), ...spent });
    expect(combat.flags.fray.keptLeft).toEqual({});
    // A third combatant for the same token is a newcomer again.
    const third = { ...combatant("combatantwenna03", true), tokenId: TOKEN };
    expect(await joinKept(combat, third)).toBe(true);
    expect(combat.flags.fray.kept.combatantwenna03).toEqual({ side: "party" });
  });

  it("before the fight starts, or with no token or actor known, nothing is left", async () => {
    combat.started = false;
    combat.combatants.contents = [];
    await pruneKept(combat, ["combatantwenna01"], { combatantwenna01: TOKEN });
    expect(combat.flags.fray.keptLeft).toBeUndefined();
    combat = makeCombat([], { combatantgone001: spent });
    combat.started = true;
    await pruneKept(combat, ["combatantgone001"]);
    expect(combat.flags.fray.keptLeft).toBeUndefined();
  });

  it("a left entry that does not fit the spec comes back as the defaults where it does not", async () => {
    combat.flags.fray.keptLeft = { [TOKEN]: { main: "yes", moves: 1 } };
    combat.combatants.contents = [];
    const again = { ...combatant("combatantwenna02", true), tokenId: TOKEN };
    await joinKept(combat, again);
    expect(keptOf(combat, "combatantwenna02")).toEqual({ ...initialOf(KEPT_SPEC), moves: 1 });
  });

  it("the hooks take a deletion and a quick re-creation in order", async () => {
    const hooks: Record<string, (...a: any[]) => unknown> = {};
    vi.stubGlobal("Hooks", { on: (name: string, fn: any) => void (hooks[name] = fn) });
    registerKeptLifecycle();
    const gone = combat.combatants.contents[0];
    gone.parent = combat;
    const again = { ...combatant("combatantwenna02", true), tokenId: TOKEN, parent: combat };
    combat.combatants.contents = [again];
    hooks.deleteCombatant!(gone);
    hooks.createCombatant!(again);
    await vi.waitFor(() => expect(keptOf(combat, "combatantwenna02")).toMatchObject(spent));
    expect(combat.flags.fray.kept.combatantwenna01).toBeUndefined();
  });
});

describe("catching up on a ready world", () => {
  it("prunes the entries of combatants gone and joins those that came while no GM was there", async () => {
    combat = makeCombat([combatant("combatantwenna01", true), combatant("combatantnew0001", false, -1)], {
      combatantwenna01: { side: "party", main: true }, combatantgone001: { side: "foes" },
    });
    await catchUpKept([combat, makeCombat([])]);
    expect(combat.flags.fray.kept).toEqual({
      combatantwenna01: { side: "party", main: true }, combatantnew0001: { side: "foes" },
    });
    // Caught up: a second pass writes nothing.
    const before = updates.length;
    await catchUpKept([combat]);
    expect(updates).toHaveLength(before);
  });
});

describe("the hooks", () => {
  it("createCombatant joins and deleteCombatant prunes, on the active GM", async () => {
    const hooks: Record<string, (...a: any[]) => unknown> = {};
    vi.stubGlobal("Hooks", { on: (name: string, fn: any) => void (hooks[name] = fn) });
    registerKeptLifecycle();
    combat = makeCombat([combatant("combatantwenna01", true)]);
    const joined = combat.combatants.contents[0];
    joined.parent = combat;
    hooks.createCombatant!(joined);
    await vi.waitFor(() => expect(keptOf(combat, "combatantwenna01").side).toBe("party"));
    combat.combatants.contents = [];
    hooks.deleteCombatant!(joined);
    await vi.waitFor(() => expect(combat.flags.fray.kept).toEqual({}));
  });

  it("a combat created with its combatants joins them all (no createCombatant fires for them)", async () => {
    const hooks: Record<string, (...a: any[]) => unknown> = {};
    vi.stubGlobal("Hooks", { on: (name: string, fn: any) => void (hooks[name] = fn) });
    registerKeptLifecycle();
    combat = makeCombat([combatant("combatantwenna01", true), combatant("combatantvask001", false)]);
    hooks.createCombat!(combat);
    await vi.waitFor(() => expect(combat.flags.fray.kept).toEqual({
      combatantwenna01: { side: "party" }, combatantvask001: { side: "foes" },
    }));
  });
});
