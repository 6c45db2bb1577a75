import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { validate, initialOf } from "../../src/engine/schema/spec";
import { planInverse } from "../../src/engine/deltas/inverse";
import type { Delta, Json } from "../../src/engine/deltas/delta";
import {
  keptChanges, keptPath, keptRecord, keptRedirect, migrationChanges, splitKept,
} from "../../src/shell/combat/kept-record";
import { keptOf, KEPT_VERSION } from "../../src/shell/combat/kept";
import { migrateKept } from "../../src/shell/combat/kept-migration";
import { makeWrites, worldNow } from "../../src/shell/cards/recorder";
import {
  KEPT_SPEC as SHOCK_KEPT, COMBATANT_SPEC as SHOCK_COMBATANT, KEPT_SINCE as SHOCK_SINCE, keptLegacy as shockLegacy,
} from "../../src/rulesets/shock/play/data/combatant-spec";
import {
  KEPT_SPEC as ESCALATION_KEPT, KEPT_SINCE as ESCALATION_SINCE,
} from "../../src/rulesets/escalation/rules/models";
import { applyUpdate, getProperty, gmUser } from "../support/stand-ins";

/**
 * The kept store (shell/combat/kept-record.ts, kept.ts, kept-migration.ts): what the GM trusts of
 * each combatant, on the Combat where only a GM writes. Reads fill every field and never trust a
 * stored value that does not fit its field; writes are one dotted key per field; the migration
 * copies today's Combatant data once; undo plans written against the kept paths, and steps
 * recorded on a Combatant before the store, land in the store.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A shock Combatant's `system` as Foundry stores it today (every field of its model). */
const SHOCK_TODAY = {
  side: "party", order: 1, main: true, moves: 1, disengaged: false, holding: true,
  totalDefense: true, charging: false, shieldUsed: true, screening: "combatantpia0001",
  screenedAttackers: ["combatantcorvin1"], swarming: "", grappling: "", grappledBy: ["combatantvask001"],
  fellRound: 0,
};
/** An escalation Combatant's `system` today. */
const ESCALATION_TODAY = {
  band: "fast", order: 0, actions: { standard: true, move: false, quick: true, interrupt: false },
};

describe("a combatant's kept record", () => {
  it("reads what is stored, every field filled with its default when missing", () => {
    expect(keptRecord(SHOCK_KEPT, { main: true, grappledBy: ["a"] })).toEqual({
      ...initialOf(SHOCK_KEPT), main: true, grappledBy: ["a"],
    });
    expect(keptRecord(ESCALATION_KEPT, undefined)).toEqual({
      actions: { standard: false, move: false, quick: false, interrupt: false }, band: "", order: 0,
    });
  });

  it("never reads a stored value that does not fit its field, whatever was stored", () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (stored, legacy) => {
      for (const spec of [SHOCK_KEPT, ESCALATION_KEPT]) {
        const record = keptRecord(spec, stored, legacy);
        expect(Object.keys(record).sort()).toEqual(Object.keys(spec.fields).sort());
        expect(validate(spec, record)).toEqual([]);
      }
    }));
    // A misfit (moves above 2, a number for a list) reads the old value, else the default.
    expect(keptRecord(SHOCK_KEPT, { moves: 7, grappledBy: 3 }, { moves: 1 })).toMatchObject({
      moves: 1, grappledBy: [],
    });
  });

  it("reads the Combatant's own data only where nothing fitting is stored", () => {
    const fromOld = keptRecord(SHOCK_KEPT, undefined, SHOCK_TODAY);
    expect(fromOld).toMatchObject({ main: true, totalDefense: true, shieldUsed: true, side: "party" });
    expect(fromOld).not.toHaveProperty("order");
    expect(keptRecord(SHOCK_KEPT, { totalDefense: false }, SHOCK_TODAY).totalDefense).toBe(false);
  });

  it("is written one dotted key per field, arrays and objects whole", () => {
    expect(keptChanges(SHOCK_KEPT, { combatantwenna01: { main: true, grappledBy: ["x"] } })).toEqual({
      "flags.fray.kept.combatantwenna01.main": true,
      "flags.fray.kept.combatantwenna01.grappledBy": ["x"],
    });
    expect(keptChanges(ESCALATION_KEPT, { cb: { actions: ESCALATION_TODAY.actions } })).toEqual({
      "flags.fray.kept.cb.actions": ESCALATION_TODAY.actions,
    });
  });

  it("refuses a field it does not keep, a value that does not fit, and an id that is a path", () => {
    expect(() => keptChanges(SHOCK_KEPT, { c: { order: 2 } })).toThrow(/order/);
    expect(() => keptChanges(SHOCK_KEPT, { c: { fled: "yes" } })).toThrow(/fled/);
    expect(() => keptChanges(SHOCK_KEPT, { c: { moves: 3 } })).toThrow(/moves/);
    expect(() => keptChanges(SHOCK_KEPT, { c: { main: "yes" } })).toThrow(/main/);
    for (const id of ["a.b", "-=a", "==a", "", "a b"]) {
      expect(() => keptChanges(SHOCK_KEPT, { [id]: { main: true } })).toThrow();
      expect(() => keptPath(id)).toThrow();
    }
  });

  it("splits a patch into kept fields and the Combatant's own", () => {
    expect(splitKept(SHOCK_KEPT, { main: true, order: 2 })).toEqual({ kept: { main: true }, own: { order: 2 } });
    expect(splitKept(null, { main: true })).toEqual({ kept: {}, own: { main: true } });
  });

  it("locates a field recorded on a Combatant before the store in its combat's store", () => {
    const uuid = "Combat.combatcombatcomb.Combatant.combatantwenna01";
    expect(keptRedirect(SHOCK_KEPT, uuid, "system.shieldUsed")).toEqual({
      uuid: "Combat.combatcombatcomb", path: "flags.fray.kept.combatantwenna01.shieldUsed",
    });
    expect(keptRedirect(ESCALATION_KEPT, "Combat.c.Combatant.cb", "system.actions.standard")).toEqual({
      uuid: "Combat.c", path: "flags.fray.kept.cb.actions.standard",
    });
    expect(keptRedirect(SHOCK_KEPT, uuid, "system.order")).toBeNull();
    expect(keptRedirect(SHOCK_KEPT, uuid, "defeated")).toBeNull();
    expect(keptRedirect(SHOCK_KEPT, "Actor.abc", "system.shieldUsed")).toBeNull();
    expect(keptRedirect(null, uuid, "system.shieldUsed")).toBeNull();
  });
});

describe("moving today's combats onto the store", () => {
  // Today's Combatants as the migration reads them (`keptLegacy`: the `system`, the fled flag).
  const combatants = [
    { id: "combatantwenna01", legacy: shockLegacy({ system: SHOCK_TODAY }) },
    { id: "combatantoskar01", legacy: shockLegacy({
      system: { ...initialOf(SHOCK_COMBATANT), side: "foes" }, flags: { fray: { fled: true } },
    }) },
  ];
  const since = SHOCK_SINCE;

  it("from before the store: copies each combatant's kept fields from its data, and nothing else", () => {
    const changes = migrationChanges(SHOCK_KEPT, undefined, combatants, { since })!;
    const kept = Object.fromEntries(Object.entries(SHOCK_TODAY).filter(([k]) => k !== "order"));
    expect(changes).toEqual({
      "flags.fray.kept.combatantwenna01": { ...kept, fled: false },
      "flags.fray.kept.combatantoskar01": { ...initialOf(SHOCK_KEPT), side: "foes", fled: true },
    });
    const combat: any = { flags: {} };
    applyUpdate(combat, changes);
    expect(combat.flags.fray.kept.combatantwenna01.grappledBy).toEqual(["combatantvask001"]);
    // Run again: every combatant has its entry, nothing changes.
    expect(migrationChanges(SHOCK_KEPT, combat.flags.fray.kept, combatants, { since })).toBeNull();
  });

  it("leaves a field an entry has alone, and gives a newcomer its own", () => {
    const stored = { combatantwenna01: { main: false } };
    // Before the store, an entry's missing first-version fields read their defaults: not copied.
    expect(migrationChanges(SHOCK_KEPT, stored, combatants, { since })).toEqual({
      "flags.fray.kept.combatantwenna01.side": "party",
      "flags.fray.kept.combatantwenna01.fled": false,
      "flags.fray.kept.combatantoskar01": { ...initialOf(SHOCK_KEPT), side: "foes", fled: true },
    });
    expect(migrationChanges(ESCALATION_KEPT, {}, [{ id: "cb", legacy: ESCALATION_TODAY }], {
      since: ESCALATION_SINCE,
    })).toEqual({ "flags.fray.kept.cb": ESCALATION_TODAY });
  });

  it("from version 1: copies only the side and the fled mark, never a round's field again", () => {
    // A v1 world: wenna's entry was migrated then; pia joined after (no entry: nothing kept for
    // her was written yet). Since v1 their players may have written anything on their `system`.
    const forged = { ...SHOCK_TODAY, totalDefense: true, shieldUsed: false, grappledBy: [] };
    const v1 = { combatantwenna01: keptRecord({ ...SHOCK_KEPT, fields: Object.fromEntries(
      Object.entries(SHOCK_KEPT.fields).filter(([k]) => !(k in since))) } as typeof SHOCK_KEPT, SHOCK_TODAY) };
    const list = [
      { id: "combatantwenna01", legacy: shockLegacy({ system: forged }) },
      { id: "combatantpia0001", legacy: shockLegacy({ system: { ...forged, side: "foes" }, flags: { fray: { fled: true } } }) },
    ];
    const changes = migrationChanges(SHOCK_KEPT, v1, list, { done: 1, since })!;
    expect(changes).toEqual({
      "flags.fray.kept.combatantwenna01.side": "party",
      "flags.fray.kept.combatantwenna01.fled": false,
      "flags.fray.kept.combatantpia0001": { side: "foes", fled: true },
    });
    const combat: any = { flags: { fray: { kept: structuredClone(v1) } } };
    applyUpdate(combat, changes);
    // What v1 kept is as it was; pia's round fields read their defaults, not her `system`.
    expect(combat.flags.fray.kept.combatantwenna01).toEqual({ ...v1.combatantwenna01, side: "party", fled: false });
    expect(keptRecord(SHOCK_KEPT, combat.flags.fray.kept.combatantpia0001))
      .toEqual({ ...initialOf(SHOCK_KEPT), side: "foes", fled: true });
    expect(migrationChanges(SHOCK_KEPT, combat.flags.fray.kept, list, { done: 1, since })).toBeNull();
    // Done at version 2: nothing is copied from a Combatant again.
    expect(migrationChanges(SHOCK_KEPT, {}, list, { done: 2, since })).toBeNull();
  });

  it("copies nothing from a stored side or fled mark that does not fit: defaults then", () => {
    const odd = [{ id: "combatantodd0001", legacy: shockLegacy({ system: { side: 3 }, flags: { fray: { fled: "yes" } } }) }];
    expect(migrationChanges(SHOCK_KEPT, { combatantodd0001: {} }, odd, { done: 1, since })).toEqual({
      "flags.fray.kept.combatantodd0001.side": "", "flags.fray.kept.combatantodd0001.fled": false,
    });
  });

  describe("the active GM's migration on world load", () => {
    const todays = [
      { id: "combatantwenna01", system: SHOCK_TODAY },
      { id: "combatantoskar01", system: { ...initialOf(SHOCK_COMBATANT), side: "foes" }, flags: { fray: { fled: true } } },
    ];
    const settings: Record<string, unknown> = {};
    let combats: any[];
    const combat = (id: string, kept: unknown, list: { id: string; system: object }[], flags: object = {},
      statics: object = {}) => {
      const c: any = {
        id, flags: { fray: { ...flags } }, combatants: { contents: list },
        update: vi.fn(async (changes: Record<string, unknown>) => void applyUpdate(c, changes)),
      };
      Object.defineProperty(c, "constructor", { value: { kept, ...statics } });
      return c;
    };
    beforeEach(() => {
      for (const k of Object.keys(settings)) delete settings[k];
      combats = [
        combat("shock", SHOCK_KEPT, todays, {}, { keptSince: SHOCK_SINCE, keptLegacy: shockLegacy }),
        combat("escalation", ESCALATION_KEPT, [{ id: "cb", system: ESCALATION_TODAY }], { kept: { cb: { actions: {} } } },
          { keptSince: ESCALATION_SINCE }),
        combat("none", null, todays),
      ];
      vi.stubGlobal("game", {
        user: gmUser({ id: "gamemastergamema" }), combats: { contents: combats },
        settings: {
          get: (_s: string, key: string) => settings[key],
          set: async (_s: string, key: string, v: unknown) => void (settings[key] = v),
        },
      });
      vi.stubGlobal("foundry", { utils: { getProperty, randomID: () => Math.random().toString(36).slice(2, 18) } });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("writes each combat from before once, records the version, and is idempotent", async () => {
      expect(await migrateKept()).toBe(2);
      expect(combats[0].update).toHaveBeenCalledOnce();
      expect(combats[0].flags.fray.kept.combatantwenna01.totalDefense).toBe(true);
      expect(combats[0].flags.fray.kept.combatantoskar01).toMatchObject({ side: "foes", fled: true });
      // The escalation combat already had its combatant's entry: only the band and order (version
      // 3) are copied, its actions left as kept. A combat keeping nothing is skipped.
      expect(combats[1].update).toHaveBeenCalledOnce();
      expect(combats[1].flags.fray.kept.cb).toEqual({ actions: {}, band: "fast", order: 0 });
      expect(combats[2].update).not.toHaveBeenCalled();
      expect(settings.keptEconomy).toBe(KEPT_VERSION);
      expect(await migrateKept()).toBe(0);
      settings.keptEconomy = 0;
      expect(await migrateKept()).toBe(0);
      expect(combats[0].update).toHaveBeenCalledOnce();
      expect(combats[1].update).toHaveBeenCalledOnce();
    });

    it("reads the Combatant's own data only until the world was migrated", async () => {
      const shock = combats[0];
      shock.combatants.get = (id: string) => todays.find((c) => c.id === id);
      expect(keptOf(shock, "combatantwenna01").shieldUsed).toBe(true);
      expect(keptOf(shock, "combatantoskar01").fled).toBe(true);
      settings.keptEconomy = KEPT_VERSION;
      // Migrated: nothing stored for it reads as the defaults, whatever its Combatant says.
      expect(keptOf(shock, "combatantwenna01")).toEqual(initialOf(SHOCK_KEPT));
      applyUpdate(shock, { "flags.fray.kept.combatantwenna01.main": true });
      expect(keptOf(shock, "combatantwenna01")).toEqual({ ...initialOf(SHOCK_KEPT), main: true });
    });
  });
});

describe("undoing a step recorded against the store", () => {
  const at = (path: string) => ({ uuid: "Combat.c", path });
  it("puts back a field the step wrote first (null before: the default again)", () => {
    const shield = at("flags.fray.kept.cw.shieldUsed");
    const deltas: Delta[] = [{ kind: "set", ...shield, before: null, after: true,
      guard: { ...at("round"), equals: 3 } }];
    const world = (values: Record<string, Json>) => ({
      read: (ref: { path: string }) => values[ref.path], exists: () => true,
    });
    expect(planInverse(deltas, world({ [shield.path]: true, round: 3 }))).toEqual({
      ok: true, writes: [{ kind: "update", ...shield, value: null }],
    });
    // Used again since, or a round later (the guard): refused, or nothing owed.
    expect(planInverse(deltas, world({ [shield.path]: false, round: 3 }))).toMatchObject({ ok: false, reason: "changedSince" });
    expect(planInverse(deltas, world({ [shield.path]: true, round: 4 }))).toEqual({ ok: true, writes: [] });
    expect(keptRecord(SHOCK_KEPT, { shieldUsed: null }).shieldUsed).toBe(false);
  });

  describe("a step recorded on a Combatant before the store", () => {
    let combat: any;
    let combatant: any;
    beforeEach(() => {
      combat = { uuid: "Combat.c", flags: { fray: { kept: { cw: { shieldUsed: true, fellRound: 2 } } } },
        get _source() { return { flags: structuredClone(combat.flags) }; },
        update: vi.fn(async (changes: Record<string, unknown>) => void applyUpdate(combat, changes)) };
      Object.defineProperty(combat, "constructor", { value: { kept: SHOCK_KEPT } });
      // What its player may have written there since: never read, never written back.
      combatant = { uuid: "Combat.c.Combatant.cw", system: { shieldUsed: false, fellRound: 0 },
        get _source() { return { system: structuredClone(combatant.system) }; }, update: vi.fn() };
      const docs: Record<string, unknown> = { [combat.uuid]: combat, [combatant.uuid]: combatant };
      vi.stubGlobal("fromUuidSync", (uuid: string) => docs[uuid] ?? null);
      vi.stubGlobal("foundry", { utils: { getProperty } });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("is judged and undone in the store", async () => {
      const legacy: Delta[] = [
        { kind: "set", uuid: combatant.uuid, path: "system.shieldUsed", before: false, after: true },
        { kind: "set", uuid: combatant.uuid, path: "system.fellRound", before: 0, after: 2 },
      ];
      const plan = planInverse(legacy, worldNow());
      expect(plan.ok).toBe(true);
      if (!plan.ok) return;
      await makeWrites(plan.writes);
      expect(combat.update).toHaveBeenCalledWith({
        "flags.fray.kept.cw.fellRound": 0, "flags.fray.kept.cw.shieldUsed": false,
      });
      expect(combatant.update).not.toHaveBeenCalled();
      // Now the store holds what the undo left: a second undo is refused.
      expect(planInverse(legacy, worldNow())).toMatchObject({ ok: false, reason: "changedSince" });
    });
  });
});
