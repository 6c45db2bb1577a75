import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { performRefund, performSpend, registerKeptRequests } from "../../src/shell/combat/kept-spend";
import { joinKept } from "../../src/shell/combat/kept-lifecycle";
import { getProperty, gmUser } from "../support/stand-ins";
import { KEPT_VERSION } from "../../src/shell/combat/kept";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";
import { BANDS, type Band } from "../../src/rulesets/escalation/rules/constants";
import fc from "fast-check";
import type { KeptSource } from "../../src/rulesets/escalation/rules/models";
import { bandInitiative, orderByBands } from "../../src/rulesets/escalation/rules/initiative";
import { bandEntry } from "../../src/rulesets/escalation/play/combat/turn-order";

/**
 * FrayCombat's turn handling on a stand-in for Foundry's Combat that keeps only the contract Fray
 * relies on (Foundry v13 client/documents/combat.mjs): `turns` sorted by `_sortCombatants`,
 * `combatant` the one at `turn`, flags, `update`/`updateEmbeddedDocuments` (recorded here), and a
 * `nextTurn` that fires the `combatTurn` hook with its update data and options, which hooks may
 * change, before updating with them. Foundry's own turn-event dispatch is not modelled; the tests
 * call the lifecycle methods the way it does (turn's own round in the context).
 */
const stand = vi.hoisted(() => {
  type Fn = (...args: unknown[]) => void;
  const registered = new Map<number, { name: string; fn: Fn }>();
  let nextId = 1;
  const Hooks = {
    on(name: string, fn: Fn): number {
      registered.set(nextId, { name, fn });
      return nextId++;
    },
    off(_name: string, id: number): void {
      registered.delete(id);
    },
    callAll(name: string, ...args: unknown[]): void {
      for (const h of [...registered.values()]) if (h.name === name) h.fn(...args);
    },
  };
  class Roster<T extends { id: string }> extends Map<string, T> {
    get contents(): T[] {
      return [...this.values()];
    }
    find(test: (c: T) => boolean): T | undefined {
      return this.contents.find(test);
    }
  }
  type Update = { _id: string; system?: Record<string, unknown> };
  type Sorter = { _sortCombatants: (x: unknown, y: unknown) => number };
  class Combat {
    round = 0;
    turn: number | null = null;
    flags: Record<string, unknown> = {};
    combatants = new Roster<{ id: string; system: Record<string, unknown> }>();
    updates: { data: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    embedded: { updates: Update[]; options: Record<string, unknown> | undefined }[] = [];
    get turns() {
      return this.combatants.contents.sort((a, b) => (this as unknown as Sorter)._sortCombatants(a, b));
    }
    get combatant() {
      return this.turn === null ? null : this.turns[this.turn];
    }
    get started() {
      return this.round > 0;
    }
    getFlag(_scope: string, key: string) {
      return this.flags[key];
    }
    async setFlag(_scope: string, key: string, value: unknown) {
      this.flags[key] = value;
    }
    async update(data: Record<string, unknown>, options: Record<string, unknown> = {}) {
      this.updates.push({ data, options });
      for (const [key, value] of Object.entries(data)) {
        // The kept store's dotted keys (shell/combat/kept.ts), merged as Foundry merges them.
        const path = key.split(".");
        let at = this as unknown as Record<string, Record<string, unknown>>;
        for (const k of path.slice(0, -1)) at = (at[k] ??= {}) as Record<string, Record<string, unknown>>;
        const last = path.at(-1)!;
        if (last.startsWith("-=")) delete (at as Record<string, unknown>)[last.slice(2)];
        else (at as Record<string, unknown>)[last] = value;
      }
      return this;
    }
    async updateEmbeddedDocuments(_name: string, updates: Update[], options?: Record<string, unknown>) {
      this.embedded.push({ updates, options });
      for (const u of updates) {
        const c = this.combatants.get(u._id);
        if (c && u.system) c.system = { ...c.system, ...u.system };
      }
    }
    // Any number will do; Fray must ask for the ambusher's turn rather than keep core's.
    getTimeDelta(_fromRound: number, fromTurn: number | null, _toRound: number, toTurn: number | null) {
      return ((toTurn ?? 0) - (fromTurn ?? 0)) * 6;
    }
    async nextTurn() {
      const data = { round: this.round, turn: (this.turn ?? -1) + 1 };
      const delta = this.getTimeDelta(this.round, this.turn, this.round, data.turn);
      const options = { direction: 1, worldTime: { delta } };
      Hooks.callAll("combatTurn", this, data, options);
      return this.update(data, options);
    }
    async nextRound() {
      return this.update({ round: this.round + 1, turn: 0 }, { direction: 1 });
    }
    async _onStartTurn() {}
    async _onEndTurn() {}
    async _onStartRound() {}
  }
  class Combatant {}
  Object.assign(globalThis, { Combat, Combatant, Hooks });
  return { registered, Hooks };
});

const { FrayCombat } = await import("../../src/rulesets/escalation/foundry/documents/combat");

/** The Combat updates that wrote kept combatant fields (the actions, `shell/combat/kept.ts`). */
const keptWrites = (combat: { updates: { data: Record<string, unknown> }[] }) =>
  combat.updates.filter((u) => Object.keys(u.data).some((k) => k.startsWith("flags.fray.kept.")));

interface Stand {
  round: number;
  turn: number | null;
  flags: Record<string, unknown>;
  combatants: Map<string, ReturnType<typeof fighter>>;
  updates: { data: Record<string, unknown>; options: Record<string, unknown> }[];
  embedded: { updates: { _id: string }[]; options: Record<string, unknown> | undefined }[];
  readonly turns: { id: string }[];
}

/**
 * A combatant as FrayCombat reads it: FrayCombatant's getters (its place from what its combat
 * keeps, `bandEntry`; `band` its actor's, read until the GM keeps one) over a Combatant whose
 * `system` holds today's data (read by the store only before the world is migrated).
 */
function fighter(id: string, band: Band, isPC: boolean, order = 0) {
  const c = {
    id, isPC, actor: null, parent: null as { keptOf(id: string): unknown } | null,
    initiative: null as number | null,
    system: { band, order, actions: { ...NO_ACTIONS_USED, standard: true } } as Record<string, unknown>,
    updated: [] as unknown[],
    get band() {
      return c.turnEntry.band;
    },
    bandByDocuments: band as Band,
    get turnEntry() {
      return bandEntry(id, c.parent?.keptOf(id) as KeptSource | null, c.bandByDocuments, isPC);
    },
    get shownInitiative() {
      return bandInitiative(c.band, isPC);
    },
    async update(data: { system?: Record<string, unknown> }) {
      c.updated.push(data);
      c.system = { ...c.system, ...data.system };
    },
  };
  return c;
}

function combatOf(fighters: ReturnType<typeof fighter>[], round: number, currentId: string | null) {
  const combat = new FrayCombat() as unknown as InstanceType<typeof FrayCombat> & Stand;
  Object.assign(combat, { id: "combatcombatcomb" });
  for (const f of fighters) {
    f.parent = combat as unknown as { keptOf(id: string): unknown };
    combat.combatants.set(f.id, f);
  }
  combat.round = round;
  combat.turn = currentId === null ? null : combat.turns.findIndex((c) => c.id === currentId);
  return combat;
}

// The protected lifecycle methods, called the way Foundry calls them on the active GM.
type Lifecycle = {
  _onStartTurn(c: unknown, context: { round: number; turn: number; skipped: boolean }): Promise<void>;
  _onEndTurn(c: unknown, context: { round: number; turn: number; skipped: boolean }): Promise<void>;
  _onStartRound(context: { round: number; skipped: boolean }): Promise<void>;
};
const lifecycle = (combat: unknown) => combat as Lifecycle;

const handlers = { start: vi.fn(async () => {}), end: vi.fn(async () => {}), combatEnd: vi.fn(async () => {}) };
beforeEach(() => {
  vi.clearAllMocks();
  FrayCombat.turnEvents = handlers;
  // The active GM, whose User keeps the claims of each turn edge (shell/combat/edges.ts).
  vi.stubGlobal("game", { user: gmUser({ id: "gamemastergamema" }) });
  vi.stubGlobal("foundry", { utils: { getProperty, randomID: () => Math.random().toString(36).slice(2) } });
});

/** The last Combat update, as sent: the kept fields a reorder wrote, the turn, the options. */
const lastUpdate = (combat: Stand) => combat.updates.at(-1);

describe("reordering during a turn keeps the current combatant current, with no turn events", () => {
  // The reorder is one Combat update: the kept band and order (GM only, `shell/combat/kept.ts`)
  // and the turn index of the current combatant's new place; then the number shown for a band.
  it("the reorder arrows", async () => {
    const fighters = [fighter("p1", "fast", true, 0), fighter("p2", "fast", true, 1), fighter("e1", "fast", false)];
    const combat = combatOf(fighters, 2, "p2");
    await combat.shiftInGroup("p2", -1);
    expect(lastUpdate(combat)).toEqual({
      data: { "flags.fray.kept.p2.order": 0, "flags.fray.kept.p1.order": 1, turn: 0 },
      options: { turnEvents: false },
    });
    expect(combat.turns[0]?.id).toBe("p2");
    expect(combat.turns[combat.turn!]?.id).toBe("p2");
    // No band moved: no number to show anew.
    expect(combat.embedded).toEqual([]);
  });

  it("taking a readied action before the current turn", async () => {
    const fighters = [fighter("r", "veryFast", true), fighter("x", "fast", true), fighter("t", "medium", true)];
    const combat = combatOf(fighters, 1, "t");
    expect(combat.turn).toBe(2);
    await combat.takeReadiedAction("r", "t");
    // r now acts right before t in Medium; t is still current, at the same index.
    expect(combat.turns.map((c) => c.id)).toEqual(["x", "r", "t"]);
    expect(lastUpdate(combat)).toEqual({
      data: {
        "flags.fray.kept.r.band": "medium", "flags.fray.kept.r.order": 0, "flags.fray.kept.t.order": 1,
      },
      options: { turnEvents: false },
    });
    expect(combat.turn).toBe(2);
    expect(combat.embedded).toEqual([
      { updates: [{ _id: "r", initiative: bandInitiative("medium", true) }], options: undefined },
    ]);
  });

  it("delaying someone else", async () => {
    const fighters = [fighter("a", "fast", true), fighter("b", "medium", true), fighter("c", "slow", true)];
    const combat = combatOf(fighters, 1, "b");
    await combat.delayCombatant("a", "verySlow");
    expect(lastUpdate(combat)).toEqual({
      data: { "flags.fray.kept.a.band": "verySlow", turn: 0 }, options: { turnEvents: false },
    });
    expect(combat.turns.map((c) => c.id)).toEqual(["b", "c", "a"]);
    expect(combat.combatant?.id).toBe("b");
  });

  it("before the combat starts Fray leaves the turn to Foundry", async () => {
    const combat = combatOf([fighter("p1", "fast", true, 0), fighter("p2", "fast", true, 1)], 0, null);
    await combat.shiftInGroup("p2", -1);
    expect(lastUpdate(combat)?.data).toEqual({ "flags.fray.kept.p2.order": 0, "flags.fray.kept.p1.order": 1 });
    expect(combat.turns.map((c) => c.id)).toEqual(["p2", "p1"]);
  });

  it("a player's client cannot reorder: the GM writes the store (a player asks, gm/combat-requests.ts)", async () => {
    const combat = combatOf([fighter("p1", "fast", true, 0), fighter("p2", "fast", true, 1)], 1, "p1");
    vi.stubGlobal("game", { user: { id: "playerplayerpla1", isGM: false } });
    await expect(combat.shiftInGroup("p2", -1)).rejects.toThrow("only a GM's client");
    await expect(combat.delayCombatant("p1", "slow")).rejects.toThrow("only a GM's client");
    expect(combat.updates).toEqual([]);
  });
});

describe("Delay on one's own turn (§Delaying your Turn)", () => {
  it("passes the turn to the combatant that was next; the delayer's turn ends at its new place", async () => {
    const [a, b, c] = [fighter("a", "fast", true), fighter("b", "medium", true), fighter("c", "slow", true, 1)];
    const combat = combatOf([a, b, c], 1, "a");
    await lifecycle(combat)._onStartTurn(a, { round: 1, turn: 0, skipped: false });
    await combat.delayCombatant("a", "slow");
    // Turn index 0 (unchanged, so not in the update) now holds b, and Foundry is to report the
    // change of combatant there (`turnEvents`).
    expect(lastUpdate(combat)).toEqual({
      data: { "flags.fray.kept.a.band": "slow" }, options: { turnEvents: true },
    });
    expect(combat.turns.map((t) => t.id)).toEqual(["b", "a", "c"]);
    // What Foundry then reports: a's turn "ends" at index 0 (it is put off), b's starts.
    await lifecycle(combat)._onEndTurn(a, { round: 1, turn: 0, skipped: false });
    await lifecycle(combat)._onStartTurn(b, { round: 1, turn: 0, skipped: false });
    expect(handlers.end).not.toHaveBeenCalled();
    expect(handlers.start.mock.calls.map((call) => (call as unknown[])[1])).toEqual([a, b]);
    // The tracker reaches a again: no second start; its end when the tracker moves past it.
    combat.turn = 1;
    await lifecycle(combat)._onStartTurn(a, { round: 1, turn: 1, skipped: false });
    combat.turn = 2;
    await lifecycle(combat)._onEndTurn(a, { round: 1, turn: 1, skipped: false });
    expect(handlers.start).toHaveBeenCalledTimes(2);
    expect(handlers.end).toHaveBeenCalledWith(combat, a, { round: 1, skipped: false });
  });
});

describe("the turn order reads only what the GM keeps", () => {
  const entry = fc.record({
    band: fc.constantFrom(...BANDS), order: fc.integer({ min: -1000, max: 1000 }), isPC: fc.boolean(),
  });
  // What an owner may write on its own Combatant, by any key: any JSON at all.
  const forged = fc.record({ system: fc.anything(), initiative: fc.oneof(fc.double(), fc.constant(null)) });

  it("sorts by kept band, side, kept order and id, whatever each Combatant's system and initiative say", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z0-9]{4,8}$/), entry, forged), {
        minLength: 1, maxLength: 8, selector: ([id]) => id,
      }),
      (rows) => {
        vi.stubGlobal("game", { user: gmUser({ id: "gamemastergamema" }), settings: { get: () => KEPT_VERSION } });
        const fighters = rows.map(([id, e, f]) => Object.assign(fighter(id, "medium", e.isPC), f));
        const combat = combatOf(fighters, 1, null);
        const kept = Object.fromEntries(rows.map(([id, e]) => [id, { band: e.band, order: e.order }]));
        combat.flags = { fray: { kept } };
        const expected = orderByBands(rows.map(([id, e]) => ({ id, ...e }))).map((e) => e.id);
        expect(combat.turns.map((c) => c.id)).toEqual(expected);
      },
    ));
  });

  it("reads the actor's band for a combatant whose band the GM has not written yet", () => {
    vi.stubGlobal("game", { user: gmUser({ id: "gamemastergamema" }), settings: { get: () => KEPT_VERSION } });
    const combat = combatOf([fighter("late", "veryFast", true), fighter("kept", "verySlow", true)], 1, null);
    combat.flags = { fray: { kept: { kept: { band: "fast" }, late: { order: 3 } } } };
    expect(combat.turns.map((c) => c.id)).toEqual(["late", "kept"]);
  });
});

describe("a combatant that joins gets its band from the active GM (band-on-create)", () => {
  it("writes the actor's band to the store, keeping the current combatant current", async () => {
    vi.stubGlobal("game", { user: gmUser({ id: "gamemastergamema" }), settings: { get: () => KEPT_VERSION } });
    const [a, b] = [fighter("a", "fast", true), fighter("b", "slow", false)];
    const combat = combatOf([a, b], 1, "b");
    combat.flags = { fray: { kept: { a: { band: "fast" }, b: { band: "slow" } } } };
    // A player added its token: its band not kept yet, read as its actor's (Very Fast) meanwhile,
    // and Foundry's create kept b current (client/documents/combatant.mjs `_preCreateOperation`).
    const late = fighter("late", "veryFast", true);
    late.parent = combat as unknown as { keptOf(id: string): unknown };
    combat.combatants.set("late", late);
    combat.turn = 2;
    expect(combat.keptOnJoin(late as never)).toEqual({ band: "veryFast" });
    expect(await joinKept(combat as never, late as never)).toBe(true);
    expect(lastUpdate(combat)).toEqual({
      data: { "flags.fray.kept.late.band": "veryFast" }, options: { turnEvents: false },
    });
    expect(combat.turns.map((c) => c.id)).toEqual(["late", "a", "b"]);
    expect(combat.combatant?.id).toBe("b");
    // Its owner later rewrites its Combatant and its actor's band: the kept band stands.
    Object.assign(late, { system: { band: "verySlow", order: -1000 }, bandByDocuments: "verySlow" });
    expect(late.turnEntry.band).toBe("veryFast");
    // Its entry has a band now: joining again (a second tab, the ready catch-up) writes nothing.
    expect(await joinKept(combat as never, late as never)).toBe(false);
    expect(combat.updates).toHaveLength(1);
  });
});

describe("turn starts and ends, once per turn", () => {
  it("stepping back and forward again starts the turn once: one death save, one action reset", async () => {
    const [a, b] = [fighter("a", "fast", true), fighter("b", "medium", true)];
    const combat = combatOf([a, b], 2, "b");
    await lifecycle(combat)._onStartTurn(b, { round: 2, turn: 1, skipped: false });
    await lifecycle(combat)._onStartTurn(b, { round: 2, turn: 1, skipped: false });
    expect(handlers.start).toHaveBeenCalledTimes(1);
    expect(keptWrites(combat)).toHaveLength(1);
    expect(b.updated).toHaveLength(0);
    expect(combat.actionsOf("b")).toEqual(NO_ACTIONS_USED);
    combat.round = 3;
    await lifecycle(combat)._onStartTurn(b, { round: 3, turn: 1, skipped: false });
    expect(handlers.start).toHaveBeenCalledTimes(2);
  });

  it("the last turn of a round ends with its own round, after the tracker has moved on", async () => {
    const [a, b] = [fighter("a", "fast", true), fighter("b", "medium", true)];
    const combat = combatOf([a, b], 2, "a");
    await lifecycle(combat)._onEndTurn(b, { round: 1, turn: 1, skipped: false });
    expect(handlers.end).toHaveBeenLastCalledWith(combat, b, { round: 1, skipped: false });
    expect(combat.flags.turnLedger).toEqual(["1:b"]);
  });

  it("a GM's two tabs start a turn and a round once, though both read the ledger before either writes", async () => {
    const [a, b] = [fighter("a", "fast", true), fighter("b", "medium", true)];
    const combat = combatOf([a, b], 2, "b");
    await Promise.all([
      lifecycle(combat)._onStartTurn(b, { round: 2, turn: 1, skipped: false }),
      lifecycle(combat)._onStartTurn(b, { round: 2, turn: 1, skipped: false }),
      lifecycle(combat)._onStartRound({ round: 2, skipped: false }),
      lifecycle(combat)._onStartRound({ round: 2, skipped: false }),
    ]);
    expect(handlers.start).toHaveBeenCalledTimes(1);
    // One turn start and one round start, each written once to the combat's kept store.
    expect(keptWrites(combat)).toHaveLength(2);
    expect(b.updated).toHaveLength(0);
  });

  it("a round's start gives interrupts back once, even when the GM rewinds across it", async () => {
    const combat = combatOf([fighter("a", "fast", true)], 2, "a");
    await lifecycle(combat)._onStartRound({ round: 2, skipped: false });
    await lifecycle(combat)._onStartRound({ round: 2, skipped: false });
    expect(keptWrites(combat)).toHaveLength(1);
    expect(combat.embedded).toHaveLength(0);
  });
});

describe("the surprise round goes through core's nextTurn", () => {
  it("aims core's update at the next ambusher, with the combatTurn hook and its time advance", async () => {
    const fighters = [fighter("x", "fast", true), fighter("y", "medium", true), fighter("z", "slow", true)];
    const combat = combatOf(fighters, 1, "x");
    combat.flags.surprise = ["x", "z"];
    const seen = vi.fn();
    const other = stand.Hooks.on("combatTurn", seen);
    await combat.nextTurn();
    expect(seen).toHaveBeenCalledOnce();
    // z is two turns on from x: the stand-in's time for two turns, not core's for one.
    expect(combat.updates.at(-1)).toEqual({
      data: { round: 1, turn: 2 }, options: { direction: 1, worldTime: { delta: 12 } },
    });
    stand.Hooks.off("combatTurn", other);
    expect(stand.registered.size).toBe(0);
    // No ambusher is left: the next round, through core's nextRound.
    await combat.nextTurn();
    expect(combat.updates.at(-1)?.data).toEqual({ round: 2, turn: 0 });
  });
});

describe("the ambush option in a Foundry combat", () => {
  // Tracker round 2 is the first real round after the surprise round.
  const die = (ambushers: string[], option: boolean) => {
    const fighters = [fighter("pc1", "fast", true), fighter("pc2", "slow", true), fighter("npc", "medium", false)];
    const combat = combatOf(fighters, 2, "pc1");
    combat.flags.surprise = ambushers;
    combat.flags.ambush = option;
    return combat.escalationDie;
  };

  it("starts the die at 1 only after a surprise round played by PCs alone", () => {
    expect(die(["pc1", "pc2"], true)).toBe(1);
    expect(die(["pc1", "pc2"], false)).toBe(0);
    expect(die(["npc"], true)).toBe(0);
    expect(die(["pc1", "npc"], true)).toBe(0);
  });

  it("keeps the GM's +/- offset measured from the gated automatic value", async () => {
    const fighters = [fighter("pc1", "fast", true), fighter("npc", "medium", false)];
    const combat = combatOf(fighters, 2, "pc1");
    combat.flags.surprise = ["npc"];
    combat.flags.ambush = true;
    await combat.adjustEscalation(1);
    expect(combat.flags.escalationOffset).toBe(1);
    expect(combat.escalationDie).toBe(1);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- stand-ins for Foundry's globals */
describe("a player's spend is the GM's write, checked again from what the GM keeps", () => {
  const GM = { id: "gamemastergamema", isGM: true };
  const PLAYER = { id: "playerplayerpla1", isGM: false };
  let combat: InstanceType<typeof FrayCombat> & Stand;
  let asked: { name: string; data: any }[];
  let warned: string[];

  /** The player's client, its query answered by the active GM's handler (`kept-spend.ts`). */
  function asPlayer(gmOnline = true) {
    const gm = gmUser(GM);
    const users = new Map<string, any>([[GM.id, gm], [PLAYER.id, PLAYER]]);
    const activeGM = gmOnline ? {
      isSelf: false,
      async query(name: string, data: any) {
        asked.push({ name, data });
        const player = (globalThis as any).game.user;
        (globalThis as any).game.user = gm;
        try {
          const sender = { id: PLAYER.id, isGM: false };
          return name === "fray.keptSpend" ? await performSpend(data, sender) : await performRefund(data, sender);
        } finally {
          (globalThis as any).game.user = player;
        }
      },
    } : null;
    vi.stubGlobal("game", {
      user: PLAYER, users: { get: (id: string) => users.get(id), activeGM },
      combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
      messages: { contents: [] }, settings: { get: () => KEPT_VERSION },
      i18n: { localize: (k: string) => `«${k}»`, format: (k: string, d: object) => `«${k} ${JSON.stringify(d)}»`, has: () => false },
    });
    vi.stubGlobal("ui", { notifications: { warn: (m: string) => warned.push(m) } });
    vi.stubGlobal("CONFIG", { queries: {} });
    registerKeptRequests();
  }

  beforeEach(() => {
    asked = [];
    warned = [];
    const [a, b] = [fighter("ca", "fast", true), fighter("cb", "medium", true)];
    for (const f of [a, b]) Object.assign(f, { name: f.id, testUserPermission: (u: any) => u.isGM || (f.id === "ca" && u.id === PLAYER.id) });
    combat = combatOf([a, b], 2, "cb");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the player's client sends only what it spends; the GM writes it to the store", async () => {
    asPlayer();
    expect(await combat.spendAction("ca", "standard")).toBe(true);
    expect(asked.map((q) => q.data)).toEqual([{ combatId: "combatcombatcomb", combatantId: "ca", args: { action: "standard" } }]);
    expect(combat.actionsOf("ca")).toEqual({ ...NO_ACTIONS_USED, standard: true });
    // Nothing on the Combatant: its player could rewrite it.
    expect((combat.combatants.get("ca") as any)?.updated).toEqual([]);
    expect(await combat.spendCoupDeGrace("ca")).toBe(false);
    expect(warned).toEqual([`«FRAY.CoupDeGrace.Actions ${JSON.stringify({ action: "", name: "ca" })}»`]);
  });

  it("refuses in words what the store does not pay for, an Interrupt on one's own turn, another's combatant", async () => {
    asPlayer();
    await combat.spendAction("ca", "standard");
    const before = structuredClone(combat.flags);
    expect(await combat.spendAction("ca", "standard")).toBe(false);
    expect(await combat.spendAction("cb", "quick")).toBe(false);
    combat.turn = combat.turns.findIndex((c) => c.id === "ca");
    expect(await combat.spendAction("ca", "interrupt")).toBe(false);
    expect(warned).toEqual([
      `«FRAY.Use.NoAction ${JSON.stringify({ action: "«FRAY.Action.standard»", name: "ca" })}»`,
      "notOwner",
      `«FRAY.Use.InterruptOwnTurn ${JSON.stringify({ action: "", name: "ca" })}»`,
    ]);
    expect(combat.flags).toEqual(before);
  });

  it("with no GM online the player is told so and nothing is paid", async () => {
    asPlayer(false);
    expect(await combat.spendAction("ca", "standard")).toBe(false);
    expect(warned).toEqual(["«FRAY.Relay.NoGM»"]);
    // (The world is migrated: the Combatant's own old `actions` are not read.)
    expect(combat.actionsOf("ca")).toEqual(NO_ACTIONS_USED);
    expect((combat.flags as any).fray?.kept).toBeUndefined();
  });

  it("gives back a use that did not happen, through the GM's receipt", async () => {
    asPlayer();
    await combat.spendAction("ca", "move");
    await combat.giveBack("ca", { actions: NO_ACTIONS_USED });
    expect(combat.actionsOf("ca")).toEqual(NO_ACTIONS_USED);
    expect(asked.map((q) => q.name)).toEqual(["fray.keptSpend", "fray.keptRefund"]);
    await expect(combat.giveBack("ca", { actions: NO_ACTIONS_USED })).rejects.toThrow("notApplied");
  });
});
