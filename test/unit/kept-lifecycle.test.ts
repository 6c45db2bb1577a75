import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialOf } from "../../src/engine/schema/spec";
import { KEPT_REFS, KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
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
    keptOnJoin: (x: any) => ({ side: sideOf(x.isPC, x.token?.disposition ?? -1) }),
    keep: (patches: any) => writeKept(c, patches),
    update: vi.fn(async (changes: Record<string, unknown>) => {
      updates.push(changes);
      applyUpdate(c, changes);
    }),
  };
  Object.defineProperty(c, "constructor", { value: { kept: KEPT_SPEC, keptRefs: KEPT_REFS } });
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
    applyUpdate(combat, {
      "flags.fray.kept.combatantvask001.side": "party",
      "flags.fray.keptKeys.combatantvask001": { key: "x", born: 0 },
    });
    expect(await joinKept(combat, combat.combatants.contents[2])).toBe(false);
    expect(keptOf(combat, "combatantvask001").side).toBe("party");
    updates.length = 0;
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
      "flags.fray.keptKeys.-=combatantgone001": null, "flags.fray.rankedScores.-=combatantgone001": null,
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
  const ACTOR = "actorwenna000001";
  const spent = { main: true, moves: 1, side: "party" };
  /** Wenna as a Combatant: her linked actor's token, a token of an unlinked actor, or none. */
  const wenna = (id: string, token: "linked" | "unlinked" | null = "linked") => ({
    ...combatant(id, true), actorId: ACTOR,
    token: token ? { id: TOKEN, actorLink: token === "linked", disposition: 1 } : null,
  });
  beforeEach(() => {
    combat = makeCombat([wenna("combatantwenna01")], { combatantwenna01: spent });
    combat.flags.fray.keptKeys = { combatantwenna01: { key: ACTOR, born: 1 } };
    combat.flags.fray.rankedScores = { combatantwenna01: 7 };
    combat.started = true;
  });
  const gone = async () => {
    combat.combatants.contents = [];
    expect(await pruneKept(combat, ["combatantwenna01"])).toEqual(["combatantwenna01"]);
  };
  const joins = async (c: any, byPlayer = true) => {
    combat.combatants.contents.push(c);
    return joinKept(combat, c, byPlayer);
  };

  it("its entry and score are left by its key, and taken back once by the next combatant for it", async () => {
    await gone();
    expect(combat.flags.fray.keptLeft).toEqual({ [ACTOR]: { id: "combatantwenna01", entry: spent, score: 7 } });
    expect(combat.flags.fray.keptKeys).toEqual({});
    // Created again, tokenless this time (a player may): the same unit, not a newcomer.
    expect(await joins(wenna("combatantwenna02", null))).toBe(true);
    expect(keptOf(combat, "combatantwenna02")).toEqual({ ...initialOf(KEPT_SPEC), ...spent });
    expect(combat.flags.fray.rankedScores.combatantwenna02).toBe(7);
    expect(combat.flags.fray.keptLeft).toEqual({});
    expect(combat.flags.fray.keptKeys.combatantwenna02).toEqual({ key: ACTOR, born: 0 });
  });

  it("created again under its old id (a player may choose it), it is still the unit coming back", async () => {
    await gone();
    const again = { ...wenna("combatantwenna01", null), _stats: { createdTime: 2 } };
    expect(await joins(again)).toBe(true);
    expect(keptOf(combat, "combatantwenna01")).toMatchObject(spent);
    // And deleted again, it is pruned again: each creation is its own claim.
    await gone();
    expect(combat.flags.fray.keptLeft[ACTOR]).toMatchObject({ id: "combatantwenna01", entry: spent });
  });

  it("a second leaving replaces what the first left under the key", async () => {
    combat.flags.fray.keptLeft = { [ACTOR]: { id: "combatantold0001", entry: { holding: true }, score: 3 } };
    await gone();
    expect(combat.flags.fray.keptLeft[ACTOR]).toEqual({ id: "combatantwenna01", entry: spent, score: 7 });
  });

  it("added beside itself by a player, it is removed and the GM told; by a GM it is a newcomer", async () => {
    const warned: string[] = [];
    (globalThis as any).ui = { notifications: { warn: (m: string) => warned.push(m) } };
    (globalThis as any).game.i18n = { format: (k: string, d: any) => `${k}:${d.name}` };
    const twin = { ...wenna("combatantwenna02"), name: "Wenna", delete: vi.fn(async () => undefined) };
    expect(await joins(twin)).toBe(true);
    expect(twin.delete).toHaveBeenCalledOnce();
    expect(combat.flags.fray.kept.combatantwenna02).toBeUndefined();
    expect(warned).toEqual(["FRAY.Kept.TwinRemoved:Wenna"]);
    expect(await joins(wenna("combatantwenna03"), false)).toBe(true);
    expect(combat.flags.fray.kept.combatantwenna03).toEqual({ side: "party" });
    // The old one deleted while a twin is present leaves nothing to take later.
    combat.combatants.contents = combat.combatants.contents.filter((c: any) => c.id !== "combatantwenna01");
    await pruneKept(combat, ["combatantwenna01"]);
    expect(combat.flags.fray.keptLeft ?? {}).toEqual({});
  });

  it("a gone combatant not pruned yet (another tab prunes it) is taken back from where it is", async () => {
    combat.combatants.contents = [];
    expect(await joins(wenna("combatantwenna02"))).toBe(true);
    expect(keptOf(combat, "combatantwenna02")).toMatchObject(spent);
    expect(combat.flags.fray.rankedScores.combatantwenna02).toBe(7);
    await pruneKept(combat, ["combatantwenna01"]);
    expect(combat.flags.fray.keptLeft ?? {}).toEqual({});
  });

  it("an unlinked token's unit is its token: another token of the same actor is a newcomer", async () => {
    combat = makeCombat([wenna("combatantwenna01", "unlinked")], { combatantwenna01: spent });
    combat.started = true;
    expect(await joinKept(combat, combat.combatants.contents[0])).toBe(true);
    expect(combat.flags.fray.keptKeys.combatantwenna01).toEqual({ key: TOKEN, born: 0 });
    await gone();
    const other = { ...wenna("combatantother01", "unlinked"), token: { id: "tokenother000001", actorLink: false, disposition: 1 } };
    expect(await joins(other)).toBe(true);
    expect(combat.flags.fray.kept.combatantother01).toEqual({ side: "party" });
    expect(combat.flags.fray.keptLeft[TOKEN]).toMatchObject({ id: "combatantwenna01" });
  });

  it("a player's combatant naming a token that is not its actor's is removed, started or not", async () => {
    const warned: string[] = [];
    (globalThis as any).ui = { notifications: { warn: (m: string) => warned.push(m) } };
    (globalThis as any).game.i18n = { format: (k: string, d: any) => `${k}:${d.name}` };
    let n = 0;
    const forged = (token: any) => ({
      ...combatant(`combatantforged${++n}`, true), name: "Mara", actorId: "actormara0000001",
      tokenId: "tokenelsewhere01", token, delete: vi.fn(async () => undefined),
    });
    const nowhere = forged(null);
    combat.started = false;
    expect(await joins(nowhere)).toBe(true);
    expect(nowhere.delete).toHaveBeenCalledOnce();
    combat.started = true;
    const another = forged({ id: "tokenelsewhere01", actorId: "actorbrute000001", actorLink: true });
    await joins(another);
    expect(another.delete).toHaveBeenCalledOnce();
    expect(warned).toEqual(["FRAY.Kept.ForeignRemoved:Mara", "FRAY.Kept.ForeignRemoved:Mara"]);
    // A GM's is its own business.
    const byGM = forged(null);
    combat.combatants.contents.push(byGM);
    await joinKept(combat, byGM, false);
    expect(byGM.delete).not.toHaveBeenCalled();
  });

  it("the others' references to the unit follow it to its new id", async () => {
    const summon = { ...combatant("combatantsummon1", true), actorId: "actorhound000001", token: null };
    combat.combatants.contents.push(summon);
    combat.flags.fray.kept.combatantsummon1 = {
      grappledBy: ["combatantwenna01", "x"], screening: "combatantwenna01",
    };
    await gone();
    combat.combatants.contents = [summon];
    await joins(wenna("combatantwenna02"));
    expect(keptOf(combat, "combatantsummon1")).toMatchObject({
      grappledBy: ["combatantwenna02", "x"], screening: "combatantwenna02",
    });
  });

  it("the turns it had this fight stay its own under its new id (no second turn start)", async () => {
    combat.flags.fray.turnLedger = [
      "round:1", "start:1:combatantwenna01", "1:combatantwenna01", "round:2",
      "start:2:combatantwenna01", "start:2:combatantother01",
    ];
    await gone();
    await joins(wenna("combatantwenna02"));
    expect(combat.flags.fray.turnLedger).toEqual([
      "round:1", "start:1:combatantwenna02", "1:combatantwenna02", "round:2",
      "start:2:combatantwenna02", "start:2:combatantother01",
    ]);
    // A newcomer (a GM's second combatant for another unit) takes no one's turns.
    const before = [...combat.flags.fray.turnLedger];
    await joins({ ...combatant("combatantnewbie1", true), actorId: "actornewbie00001", token: null }, false);
    expect(combat.flags.fray.turnLedger).toEqual(before);
  });

  it("only the fields a ruleset declares as references are renamed", async () => {
    const other = { ...combatant("combatantother01", false), actorId: "actorother000001", token: null };
    combat.combatants.contents.push(other);
    // A field that is no reference, holding the same text (an id a player chose), stays.
    combat.flags.fray.kept.combatantother01 = { side: "combatantwenna01" };
    await gone();
    combat.combatants.contents = [other];
    await joins(wenna("combatantwenna02"));
    expect(combat.flags.fray.kept.combatantother01).toEqual({ side: "combatantwenna01" });
  });

  it("before the fight starts nothing is left; a left entry that does not fit reads as defaults", async () => {
    combat.started = false;
    await gone();
    expect(combat.flags.fray.keptLeft).toBeUndefined();
    combat.started = true;
    combat.flags.fray.keptLeft = { [ACTOR]: { id: "combatantwenna01", entry: { main: "yes", moves: 1 } } };
    await joins(wenna("combatantwenna02"));
    expect(keptOf(combat, "combatantwenna02")).toEqual({ ...initialOf(KEPT_SPEC), moves: 1 });
  });

  it("the hooks take a deletion and a quick re-creation in order", async () => {
    const hooks: Record<string, (...a: any[]) => unknown> = {};
    vi.stubGlobal("Hooks", { on: (name: string, fn: any) => void (hooks[name] = fn) });
    (globalThis as any).game.users = { get: () => ({ isGM: false }) };
    registerKeptLifecycle();
    const old = combat.combatants.contents[0];
    old.parent = combat;
    const again = { ...wenna("combatantwenna02", null), parent: combat };
    combat.combatants.contents = [again];
    hooks.deleteCombatant!(old);
    hooks.createCombatant!(again, {}, PLAYER.id);
    await vi.waitFor(() => expect(keptOf(combat, "combatantwenna02")).toMatchObject(spent));
    expect(combat.flags.fray.kept.combatantwenna01).toBeUndefined();
  });
});

describe("each ruleset's reference fields", () => {
  it("are fields of its kept spec holding text or lists of text", async () => {
    const rulesets = await Promise.all([
      import("../../src/rulesets/action-points/play/data/kept-spec"),
      import("../../src/rulesets/phases/play/data/kept-spec"),
      import("../../src/rulesets/shock/play/data/combatant-spec"),
      import("../../src/rulesets/wounds/play/data/kept-spec"),
    ]);
    for (const { KEPT_SPEC: spec, KEPT_REFS: refs } of rulesets) {
      expect(refs.length).toBeGreaterThan(0);
      for (const field of refs) {
        const initial = (initialOf(spec) as Record<string, unknown>)[field];
        expect(typeof initial === "string" || Array.isArray(initial), field).toBe(true);
      }
    }
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
