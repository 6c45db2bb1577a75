import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { initialOf } from "../../src/engine/schema/spec";
import {
  askKept, fieldsBefore, performRefund, performSpend, registerKeptRequests,
} from "../../src/shell/combat/kept-spend";
import { keptRecord } from "../../src/shell/combat/kept-record";
import { KEPT_SPEC as SHOCK_KEPT } from "../../src/rulesets/shock/play/data/combatant-spec";
import { spendRuling as shockRuling, type SpendFacts as ShockFacts } from "../../src/rulesets/shock/play/round/spend-rule";
import { spendRuling as escalationRuling } from "../../src/rulesets/escalation/play/combat/spend-rule";
import { ACTIONS, FRESH_BUDGET, canTake, take, type ActionId } from "../../src/rulesets/shock/rules/actions";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";
import { applyUpdate, gmUser } from "../support/stand-ins";

/**
 * A player's spend of its own combatant's kept fields: a GM request (shell/combat/kept-spend.ts)
 * the active GM re-checks with the ruleset's rule from what it keeps; a refusal changes nothing.
 * A spend leaves a receipt the same player may redeem once, while nothing changed since and it
 * posted no card. With no GM connected the player is told so, in words.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const GM = { id: "gamemastergamema", isGM: true };
const OWNER = { id: "ownerownerowner1", isGM: false };
const OTHER = { id: "otherotherother1", isGM: false };

describe("the shock rule for a player's spend", () => {
  const facts = (over: Partial<ShockFacts> = {}): ShockFacts => ({
    budget: FRESH_BUDGET, turn: { actingSide: "party", side: "party", holding: false, surprised: false },
    able: true, held: false, self: "me", side: "party",
    sides: new Map([["me", "party"], ["ally", "party"], ["foe", "foes"]]), ...over,
  });

  it("pays what the budget pays for, and sets the marks itself", () => {
    expect(shockRuling({ action: "totalDefense", extra: { totalDefense: true } }, facts())).toEqual({
      ok: true, patch: { ...take(FRESH_BUDGET, "totalDefense"), totalDefense: true },
    });
    expect(shockRuling({ action: "totalDefense" }, facts())).toMatchObject({ patch: { totalDefense: true } });
    expect(shockRuling({ action: "charge", extra: { charging: true } }, facts())).toMatchObject({ patch: { charging: true } });
    expect(shockRuling({ action: "screen", extra: { screening: "ally" } }, facts())).toMatchObject({ patch: { screening: "ally" } });
    expect(shockRuling({ action: "swarmAttack", extra: { swarming: "foe" } }, facts())).toMatchObject({ patch: { swarming: "foe" } });
    expect(shockRuling({ action: "swarmAttack" }, facts())).toMatchObject({ ok: true });
  });

  it("refuses a forged mark, a second Main, another side's turn, a held move, one who cannot act", () => {
    const bad = { ok: false, key: "badRequest" };
    // Marks the request may not set: a shield unspent, holds let go, Total Defense with an attack.
    expect(shockRuling({ action: "meleeAttack", extra: { shieldUsed: false } }, facts())).toEqual(bad);
    expect(shockRuling({ action: "meleeAttack", extra: { grappledBy: [] } }, facts())).toEqual(bad);
    expect(shockRuling({ action: "meleeAttack", extra: { totalDefense: true } }, facts())).toEqual(bad);
    expect(shockRuling({ action: "forged" }, facts())).toEqual(bad);
    expect(shockRuling(null, facts())).toEqual(bad);
    const spent = take(FRESH_BUDGET, "meleeAttack");
    expect(shockRuling({ action: "meleeAttack" }, facts({ budget: spent })))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.Spent.meleeAttack" });
    const theirs = facts({ turn: { actingSide: "foes", side: "party", holding: false, surprised: false } });
    expect(shockRuling({ action: "meleeAttack" }, theirs)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NotYourSide" });
    expect(shockRuling({ action: "run" }, facts({ held: true }))).toEqual({ ok: false, key: "FRAY.Shock.Refuse.Held" });
    expect(shockRuling({ action: "meleeAttack" }, facts({ able: false }))).toEqual({ ok: false, key: "FRAY.Shock.Refuse.CannotAct" });
    expect(shockRuling({ action: "screen", extra: { screening: "foe" } }, facts())).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NoWard" });
    expect(shockRuling({ action: "screen", extra: { screening: "me" } }, facts())).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NoWard" });
    expect(shockRuling({ action: "swarmAttack", extra: { swarming: "ally" } }, facts())).toEqual({ ok: false, key: "FRAY.Shock.Refuse.NoSwarmTarget" });
  });

  it("writes only budget fields and the action's own mark, and only what the budget pays for", () => {
    const budget = fc.record({ main: fc.boolean(), moves: fc.integer({ min: 0, max: 2 }), disengaged: fc.boolean(), holding: fc.boolean() });
    const extra = fc.dictionary(fc.constantFrom("totalDefense", "charging", "screening", "swarming", "shieldUsed", "main", "fellRound"),
      fc.oneof(fc.boolean(), fc.constantFrom("ally", "foe", "me", ""), fc.integer()));
    fc.assert(fc.property(budget, fc.constantFrom(...(Object.keys(ACTIONS) as ActionId[])), extra, (b, action, ex) => {
      const ruling = shockRuling({ action, extra: ex }, facts({ budget: b }));
      if (!ruling.ok) return;
      expect(canTake(b, action)).toBe(true);
      const marks = Object.keys(ruling.patch).filter((k) => !["main", "moves", "disengaged", "holding"].includes(k));
      const own: Record<string, string> = { totalDefense: "totalDefense", charge: "charging", screen: "screening", swarmAttack: "swarming" };
      expect(marks.every((k) => own[action] === k)).toBe(true);
      expect({ main: ruling.patch.main, moves: ruling.patch.moves, disengaged: ruling.patch.disengaged, holding: ruling.patch.holding })
        .toEqual(take(b, action));
    }));
  });
});

describe("the escalation rule for a player's spend", () => {
  const facts = { actions: NO_ACTIONS_USED, losesMove: false, ownTurn: true };
  it("pays from a slot, refuses an Interrupt on one's own turn and a spent slot", () => {
    expect(escalationRuling({ action: "standard" }, facts)).toEqual({ ok: true, actions: { ...NO_ACTIONS_USED, standard: true } });
    expect(escalationRuling({ action: "interrupt" }, facts)).toEqual({ ok: false, key: "FRAY.Use.InterruptOwnTurn" });
    expect(escalationRuling({ action: "interrupt" }, { ...facts, ownTurn: false })).toMatchObject({ ok: true });
    const used = { standard: true, move: true, quick: true, interrupt: false };
    expect(escalationRuling({ action: "quick" }, { ...facts, actions: used })).toEqual({ ok: false, key: "FRAY.Use.NoAction", action: "quick" });
    // Stunned: the Move is withheld, so a Move needs the Standard.
    expect(escalationRuling({ action: "move" }, { ...facts, losesMove: true })).toEqual({ ok: true, actions: { ...NO_ACTIONS_USED, standard: true } });
  });

  it("takes a Coup de Grace only with all three unused, and nothing forged", () => {
    expect(escalationRuling({ coupDeGrace: true }, facts)).toEqual({ ok: true, actions: { standard: true, move: true, quick: true, interrupt: false } });
    expect(escalationRuling({ coupDeGrace: true }, { ...facts, actions: { ...NO_ACTIONS_USED, quick: true } }))
      .toEqual({ ok: false, key: "FRAY.CoupDeGrace.Actions" });
    for (const forged of [{ action: "standard", actions: NO_ACTIONS_USED }, { coupDeGrace: true, interrupt: false }, { action: "all" }, [], "standard"]) {
      expect(escalationRuling(forged, facts)).toEqual({ ok: false, key: "badRequest" });
    }
  });
});

describe("the GM's spend and refund requests", () => {
  let combat: any;
  let messages: any[];
  beforeEach(() => {
    messages = [];
    const combatant = { id: "combatantwenna01", testUserPermission: (u: any) => u.id === OWNER.id };
    combat = {
      id: "combatcombatcomb", flags: { fray: { kept: {} } }, combatants: { get: (id: string) => (id === combatant.id ? combatant : undefined) },
      update: vi.fn(async (changes: Record<string, unknown>) => void applyUpdate(combat, changes)),
      spendPatch: (_c: unknown, args: any) => {
        const now = keptRecord(SHOCK_KEPT, combat.flags.fray.kept[combatant.id]);
        const action = args?.action as ActionId;
        if (!Object.hasOwn(ACTIONS, action)) return { ok: false, reason: "badRequest" };
        const budget = { main: now.main, moves: now.moves, disengaged: now.disengaged, holding: now.holding } as any;
        return canTake(budget, action) ? { ok: true, patch: take(budget, action) } : { ok: false, reason: "spent" };
      },
    };
    Object.defineProperty(combat, "constructor", { value: { kept: SHOCK_KEPT } });
    const users = new Map([[GM.id, GM], [OWNER.id, OWNER], [OTHER.id, OTHER]]);
    vi.stubGlobal("game", {
      user: gmUser(GM), users: { get: (id: string) => users.get(id), activeGM: { isSelf: true } },
      combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
      messages: { get contents() { return messages; } },
      settings: { get: () => 1 },
      i18n: { localize: (k: string) => `«${k}»`, has: (k: string) => k === "FRAY.Relay.Reason.notOwner" },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const spend = (sender: typeof OWNER, args: unknown, combatantId = "combatantwenna01") =>
    performSpend({ combatId: combat.id, combatantId, args }, sender);
  const refund = (sender: typeof OWNER) =>
    performRefund({ combatId: combat.id, combatantId: "combatantwenna01", args: null }, sender);
  const kept = () => keptRecord(SHOCK_KEPT, combat.flags.fray.kept.combatantwenna01);

  it("writes the owner's spend to the store, after the ruleset's check, with a receipt", async () => {
    expect(await spend(OWNER, { action: "meleeAttack" })).toEqual({ ok: true });
    expect(kept()).toEqual({ ...initialOf(SHOCK_KEPT), main: true });
    expect(combat.flags.fray.keptReceipts.combatantwenna01).toMatchObject({ by: OWNER.id, before: { main: false }, after: { main: true } });
    // The Main is spent now: the same check refuses, and nothing changes.
    const before = structuredClone(combat.flags);
    expect(await spend(OWNER, { action: "meleeAttack" })).toEqual({ ok: false, reason: "spent" });
    expect(combat.flags).toEqual(before);
  });

  it("runs the ruleset's afterSpend once the spend is written, and never for a refused one", async () => {
    const seen: unknown[] = [];
    combat.afterSpend = vi.fn(async (_c: unknown, args: unknown) => {
      seen.push([args, kept().main]);
    });
    await spend(OWNER, { action: "meleeAttack" });
    await spend(OWNER, { action: "meleeAttack" });
    await spend(OTHER, { action: "move" });
    expect(seen).toEqual([[{ action: "meleeAttack" }, true]]);
  });

  it("runs the verdict's own work once written, before afterSpend; none for a refusal", async () => {
    const seen: string[] = [];
    const rule = combat.spendPatch;
    combat.spendPatch = (c: unknown, args: unknown) => {
      const verdict = rule(c, args);
      return verdict.ok ? { ...verdict, after: async () => void seen.push(`after:${kept().main}`) } : verdict;
    };
    combat.afterSpend = vi.fn(async () => void seen.push("afterSpend"));
    await spend(OWNER, { action: "meleeAttack" });
    await spend(OWNER, { action: "meleeAttack" });
    expect(seen).toEqual(["after:true", "afterSpend"]);
  });

  it("puts the spend back, receipt and all, when the verdict's own work throws", async () => {
    const rule = combat.spendPatch;
    combat.afterSpend = vi.fn(async () => undefined);
    combat.spendPatch = (c: unknown, args: unknown) => {
      const verdict = rule(c, args);
      return verdict.ok ? { ...verdict, after: async () => { throw new Error("no room"); } } : verdict;
    };
    const before = kept();
    // The relay answers a thrown refusal with its message (`gm-relay.ts` handle).
    await expect(spend(OWNER, { action: "meleeAttack" })).rejects.toThrow("no room");
    expect(kept()).toEqual(before);
    expect(combat.flags.fray.keptReceipts?.combatantwenna01).toBeUndefined();
    // A receipt from the spend before stays that spend's.
    const earlier = { by: OWNER.id, at: 1, before: { moves: 0 }, after: { moves: 1 } };
    combat.flags.fray.keptReceipts = { combatantwenna01: earlier };
    await expect(spend(OWNER, { action: "meleeAttack" })).rejects.toThrow("no room");
    expect(combat.flags.fray.keptReceipts.combatantwenna01).toEqual(earlier);
    expect(combat.afterSpend).not.toHaveBeenCalled();
    // Nothing was paid: the same spend may be asked again.
    combat.spendPatch = rule;
    expect(await spend(OWNER, { action: "meleeAttack" })).toEqual({ ok: true });
  });

  it("sets the verdict's statuses on the combatant's actor once its work is done; none if it throws", async () => {
    const statuses = new Set<string>(["prone"]);
    const toggled: string[] = [];
    const actor = {
      statuses,
      toggleStatusEffect: vi.fn(async (id: string, { active }: { active: boolean }) => {
        toggled.push(`${id}:${active}`);
        if (active) statuses.add(id);
        else statuses.delete(id);
      }),
    };
    combat.combatants.get("combatantwenna01").actor = actor;
    const rule = combat.spendPatch;
    let fail = false;
    combat.spendPatch = (c: unknown, args: unknown) => {
      const verdict = rule(c, args);
      const after = async () => { if (fail) throw new Error("no room"); };
      // Channeling on; prone off; a status already as asked is not toggled again.
      return verdict.ok ? { ...verdict, after, statuses: { channeling: true, prone: false, dead: false } } : verdict;
    };
    fail = true;
    await expect(spend(OWNER, { action: "meleeAttack" })).rejects.toThrow("no room");
    expect(toggled).toEqual([]);
    fail = false;
    expect(await spend(OWNER, { action: "meleeAttack" })).toEqual({ ok: true });
    expect(toggled).toEqual(["channeling:true", "prone:false"]);
    expect([...statuses]).toEqual(["channeling"]);
  });

  it("the fields a spend changes, as they were", () => {
    expect(fieldsBefore({ main: true, moves: 1, holding: "" }, { main: false, moves: 0 }))
      .toEqual({ main: true, moves: 1 });
    expect(fieldsBefore({}, { main: false })).toEqual({ main: undefined });
  });

  it("refuses another player's combatant, an unknown combat or combatant, and a malformed request", async () => {
    expect(await spend(OTHER, { action: "meleeAttack" })).toEqual({ ok: false, reason: "notOwner" });
    expect(await spend(OWNER, { action: "meleeAttack" }, "nobodynobodynobo")).toEqual({ ok: false, reason: "notInCombat" });
    expect(await performSpend({ combatId: "combatgonegone01", combatantId: "combatantwenna01" }, OWNER)).toEqual({ ok: false, reason: "notInCombat" });
    for (const payload of [null, "x", { combatId: "a.b", combatantId: "c" }, { combatId: combat.id, combatantId: "-=x" }]) {
      expect(await performSpend(payload, OWNER)).toEqual({ ok: false, reason: "badRequest" });
    }
    expect(combat.update).not.toHaveBeenCalled();
  });

  it("gives a spend back once, to its player, while nothing changed and no card was posted", async () => {
    await spend(OWNER, { action: "meleeAttack" });
    expect(await refund(OTHER)).toEqual({ ok: false, reason: "notOwner" });
    expect(await refund(GM)).toEqual({ ok: false, reason: "notApplied" });
    expect(await refund(OWNER)).toEqual({ ok: true });
    expect(kept().main).toBe(false);
    expect(combat.flags.fray.keptReceipts).toEqual({});
    expect(await refund(OWNER)).toEqual({ ok: false, reason: "notApplied" });
  });

  it("refuses a refund once its player posted a card, the fields changed, or a minute passed", async () => {
    await spend(OWNER, { action: "meleeAttack" });
    messages.push({ author: { id: "gamemastergamema" }, system: { poster: OWNER.id }, _stats: { createdTime: Date.now() } });
    expect(await refund(OWNER)).toEqual({ ok: false, reason: "used" });
    expect(kept().main).toBe(true);
    messages = [];
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.main": false });
    expect(await refund(OWNER)).toEqual({ ok: false, reason: "used" });
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.main": true });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await refund(OWNER)).toEqual({ ok: false, reason: "used" });
  });

  it("tells the asker in words when no GM is connected or the GM refused", async () => {
    vi.stubGlobal("CONFIG", { queries: {} });
    registerKeptRequests();
    // The active GM's own client asks itself (relay/gm-relay.ts askGM): the same handler.
    await askKept(combat.id, "combatantwenna01", { action: "meleeAttack" });
    expect(kept().main).toBe(true);
    await expect(askKept(combat.id, "combatantwenna01", { action: "meleeAttack" })).rejects.toThrow("spent");
    await expect(askKept(combat.id, "combatantwenna01", { action: "forged" })).rejects.toThrow("badRequest");
    (game as any).users.activeGM = null;
    await expect(askKept(combat.id, "combatantwenna01", { action: "run" })).rejects.toThrow("«FRAY.Relay.NoGM»");
    expect(kept()).toEqual({ ...initialOf(SHOCK_KEPT), main: true });
  });
});
