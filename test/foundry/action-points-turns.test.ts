// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient } from "./client";
import { activeGM } from "./combat-client";
import { KEPT_VERSION } from "../../src/shell/combat/kept";

/**
 * action-points' pools on Foundry v13's own client Combat (client/documents/combat.mjs: `startCombat`,
 * `nextTurn`, `previousTurn`, `nextRound`, and `_onUpdate` → `_manageTurnEvents` →
 * `#triggerTurnEvents`, which runs the turn and round events on the active GM's client), with
 * ActionPointsCombat and its combatants: AP and RP refill at a combatant's own turn start, unspent
 * AP are lost and FP decay at its end, once per edge whatever the GM does with the turn controls
 * (stepping back and forward again changes nothing twice), and a combatant caught by surprise
 * starts at 0 and gets its FP at the first normal round. Each update is applied on the client as
 * the server would send it back (the harness's backend), then `_onUpdate` runs as on every client.
 * Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet, §Surprise Attacks.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const TAMSIN = "tamsintamsintams";
const THUG = "thugthugthugthug";
const pack = (path: string) =>
  JSON.parse(readFileSync(`packs/_source/action-points/${path}.json`, "utf8"));

describe.skipIf(!HAVE_FOUNDRY)("action-points' pools on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  let pending: Promise<unknown> | null = null;

  /** The GM's copy of a combat whose updates come back at once, turn events awaited. */
  const combatOf = (flags: object = {}, by = GM) => {
    const combat = new Combat({
      _id: "cccccccccccccccc", round: 0, turn: null, flags,
      combatants: [
        { _id: TAMSIN, name: "Tamsin", actorId: "actortamsin00001", initiative: 9 },
        { _id: THUG, name: "Thug", actorId: "actorthug0000001", initiative: 4 },
      ],
    });
    const manage = combat._manageTurnEvents.bind(combat);
    combat._manageTurnEvents = () => (pending = manage());
    combat.update = async (changes: Any, options: Any = {}) => {
      const diff = combat.updateSource(changes);
      combat._onUpdate(diff, options, by);
      return combat;
    };
    return combat;
  };
  /** Runs a control and waits for the turn events it set off. */
  const run = async (combat: Any, control: string) => {
    await combat[control]();
    while (pending) {
      const p = pending;
      pending = null;
      await p;
    }
  };
  const pools = (combat: Any, id: string) => {
    const k = combat.keptOf(id);
    return [k.ap, k.rp, k.fp];
  };
  /** Waits for the turn events the last write set off. */
  const settleAll = async () => {
    while (pending) {
      const p = pending;
      pending = null;
      await p;
    }
  };

  beforeAll(async () => {
    const c = await loadClient();
    (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset("action-points");
    const { ActionPointsCombat } = await import("../../src/rulesets/action-points/foundry/documents/combat");
    const { ActionPointsCombatant } = await import("../../src/rulesets/action-points/foundry/documents/combatant");
    const { ActionPointsActor } = await import("../../src/rulesets/action-points/foundry/documents/actor");
    g.CONFIG.Combat.documentClass = ActionPointsCombat;
    g.CONFIG.Combatant.documentClass = ActionPointsCombatant;
    g.CONFIG.Actor.documentClass = ActionPointsActor;
    Combat = ActionPointsCombat;
    const get = g.game.settings.get;
    g.game.settings.get = (scope: string, key: string) => (key === "keptEconomy" ? KEPT_VERSION : get(scope, key));
    g.ui.combat = { viewed: null, render: () => undefined };
    g.canvas = { ready: false };
    g.game.users = Object.assign([], { get: () => undefined });
    g.CONFIG.time = { turnTime: 0, roundTime: 6 };
    // No combat theme: Foundry plays no sound (client/documents/combat.mjs `_playCombatSound`).
    g.CONFIG.Combat.sounds = {};
    for (const [id, src] of [["actortamsin00001", pack("pregens/tamsin-holt")],
      ["actorthug0000001", pack("npcs/bandit-thug")]] as const) {
      g.game.actors.set(id, new ActionPointsActor({ ...src, _id: id }));
    }
    void c;
  });

  beforeEach(() => {
    // The active GM, whose claims (shell/gm/claim.ts) live in its own User's flags.
    const user = activeGM(GM);
    g.game.user = user;
  });

  it("starts full, refills at the own turn's start, loses AP at its end, once whatever the GM does", async () => {
    const combat = combatOf({ fray: { kept: { [TAMSIN]: { order: 0 }, [THUG]: { order: 1 } } } });
    await run(combat, "startCombat");
    expect(combat.combatant.id).toBe(TAMSIN);
    expect(pools(combat, TAMSIN)).toEqual([5, 2, 2]);
    // Tamsin spends 3 AP and 1 RP; her turn ends: AP lost, FP −1.
    await combat.keep({ [TAMSIN]: { ap: 2, rp: 1 } });
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(THUG);
    expect(pools(combat, TAMSIN)).toEqual([0, 1, 1]);
    // The GM steps back to Tamsin and forward again: nothing happens twice.
    await run(combat, "previousTurn");
    await run(combat, "nextTurn");
    expect(pools(combat, TAMSIN)).toEqual([0, 1, 1]);
    // A new round: Tamsin's turn starts again, AP and RP full.
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(combat.combatant.id).toBe(TAMSIN);
    expect(pools(combat, TAMSIN)).toEqual([5, 2, 1]);
  });

  it("a joining combatant's side is the GM's from its documents; a late joiner gets its starting pools", async () => {
    const combat = combatOf({ fray: { kept: { [TAMSIN]: { order: 0 }, [THUG]: { order: 1 } } } });
    expect(combat.keptOnJoin(combat.combatants.get(TAMSIN))).toEqual({ side: "party" });
    expect(combat.keptOnJoin(combat.combatants.get(THUG))).toEqual({ side: "foes" });
    await run(combat, "startCombat");
    expect(combat.keptOnJoin(combat.combatants.get(THUG))).toMatchObject({ side: "foes", ap: 5, rp: 2, fp: 2 });
    // The kept side decides, whatever disposition its token's owner sets later.
    await combat.keep({ [THUG]: { side: "party" } });
    expect(combat.combatants.get(THUG).side).toBe("party");
  });

  it("a Ready puts the turn off; fired on the foe's turn it acts there, keeping its AP, and keeps that place", async () => {
    const combat = combatOf({ fray: { kept: { [TAMSIN]: { order: 0 }, [THUG]: { order: 1 } } } });
    await run(combat, "startCombat");
    const tamsin = combat.combatants.get(TAMSIN);
    await combat.keep({ [TAMSIN]: { ap: 3 } });
    await combat.spendKept(tamsin, { ready: "declare", trigger: "the thug moves", action: "attack" });
    await settleAll();
    // Tamsin waits after the thug, her turn put off: her AP stay; the thug's turn started.
    expect(combat.turns.map((c: Any) => c.id)).toEqual([THUG, TAMSIN]);
    expect(combat.combatant.id).toBe(THUG);
    expect(pools(combat, TAMSIN)).toEqual([3, 2, 2]);
    expect(combat.keptOf(TAMSIN).readyTrigger).toBe("the thug moves");
    await combat.keep({ [THUG]: { ap: 4 } });
    // The trigger happens: Tamsin acts now, before the thug, with the AP she kept.
    await combat.spendKept(tamsin, { ready: "fire" });
    await settleAll();
    expect(combat.combatant.id).toBe(TAMSIN);
    expect(combat.turns.map((c: Any) => c.id)).toEqual([TAMSIN, THUG]);
    expect(pools(combat, TAMSIN)).toEqual([3, 2, 2]);
    expect(combat.keptOf(TAMSIN).readyTrigger).toBe("");
    // Her turn ends (AP lost, FP −1); the thug goes on with what it had, not refilled.
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(THUG);
    expect(pools(combat, TAMSIN)).toEqual([0, 2, 1]);
    expect(pools(combat, THUG)[0]).toBe(4);
    // Next round Tamsin keeps her new place, first.
    await run(combat, "nextTurn");
    expect([combat.round, combat.combatant.id]).toEqual([2, TAMSIN]);
    expect(pools(combat, TAMSIN)).toEqual([5, 2, 1]);
  });

  it("a combatant caught by surprise starts at 0 and gets its FP at the first normal round", async () => {
    const combat = combatOf({ fray: {
      surprisers: [TAMSIN], kept: { [TAMSIN]: { order: 0 }, [THUG]: { order: 1 } },
    } });
    await run(combat, "startCombat");
    expect(pools(combat, THUG)).toEqual([0, 0, 0]);
    expect(pools(combat, TAMSIN)).toEqual([5, 2, 2]);
    // Only Tamsin acts in the surprise round: next goes to round 2.
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(pools(combat, THUG)).toEqual([0, 0, 2]);
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(THUG);
    expect(pools(combat, THUG)).toEqual([5, 2, 2]);
  });
});

describe.skipIf(!HAVE_FOUNDRY)("a player's forged turn change on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  const PLAYER = "playerplayerplay";
  let Combat: Any;
  let pending: Promise<unknown> | null = null;
  const settle = async () => {
    while (pending) {
      const p = pending;
      pending = null;
      await p;
    }
  };

  beforeAll(async () => {
    await loadClient();
    (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset("action-points");
    Combat = (await import("../../src/rulesets/action-points/foundry/documents/combat"))
      .ActionPointsCombat;
    const { ActionPointsActor } = await import("../../src/rulesets/action-points/foundry/documents/actor");
    // Tamsin is the player's (a character made in the world: its owner's ownership).
    g.game.actors.set("actortamsin00001", new ActionPointsActor({
      ...pack("pregens/tamsin-holt"), _id: "actortamsin00001", ownership: { [PLAYER]: 3 },
    }));
    g.game.actors.set("actorthug0000001", new ActionPointsActor({
      ...pack("npcs/bandit-thug"), _id: "actorthug0000001",
    }));
  });

  beforeEach(() => {
    // The active GM, whose claims (shell/gm/claim.ts) live in its own User's flags.
    const gm: Any = {
      id: GM, name: "Gamemaster", isGM: true, isActiveGM: true, flags: {},
      async update(changes: Record<string, unknown>) {
        foundry.utils.mergeObject(gm, foundry.utils.expandObject(changes), { performDeletions: true });
        return gm;
      },
    };
    const player = { id: PLAYER, name: "Pia", isGM: false, role: 1 };
    g.game.user = gm;
    g.game.users = Object.assign([gm, player], {
      get: (id: string) => [gm, player].find((u) => u.id === id),
    });
    g.ui.notifications = { warn: (m: string) => warnings.push(m) };
    warnings.length = 0;
  });
  const warnings: string[] = [];

  /**
   * The GM's copy of a started combat on Tamsin's turn; `forge` is an update as the server sends it
   * back after the player sent it by hand (the server lets any player write round and turn).
   */
  const started = async () => {
    const combat = new Combat({
      _id: "cccccccccccccccc", round: 1, turn: 0,
      flags: { fray: { kept: {
        [TAMSIN]: { order: 0, ap: 1, rp: 0, fp: 2 }, [THUG]: { order: 1, ap: 5, rp: 2, fp: 2 },
      } } },
      combatants: [
        { _id: TAMSIN, name: "Tamsin", actorId: "actortamsin00001", initiative: 9 },
        { _id: THUG, name: "Thug", actorId: "actorthug0000001", initiative: 4 },
      ],
    });
    const manage = combat._manageTurnEvents.bind(combat);
    combat._manageTurnEvents = () => (pending = manage());
    const apply = (by: string) => async (changes: Any, options: Any = {}) => {
      const diff = combat.updateSource(changes);
      combat._onUpdate(diff, options, by);
      return combat;
    };
    combat.update = apply(GM);
    const forge = async (changes: object) => {
      await apply(PLAYER)(changes);
      await settle();
    };
    return { combat, forge };
  };
  const pools = (combat: Any, id: string) => {
    const k = combat.keptOf(id);
    return [k.ap, k.rp, k.fp];
  };

  it("skipping the foe's turn into a new round is put back and refills nothing", async () => {
    const { combat, forge } = await started();
    expect(combat.combatant.id).toBe(TAMSIN);
    await forge({ round: 2, turn: 0 });
    expect([combat.round, combat.turn]).toEqual([1, 0]);
    expect(pools(combat, TAMSIN)).toEqual([1, 0, 2]);
    expect(combat.flags.fray.turnLedger ?? []).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("Pia");
  });

  it("ending the surprise round from the own turn passes over those who sit it out", async () => {
    const { combat, forge } = await started();
    await combat.setFlag("fray", "surprisers", [TAMSIN]);
    // Tamsin, the one surpriser, ends her turn: the thug sat the round out, round 2 begins.
    await forge({ round: 2, turn: 0 });
    expect([combat.round, combat.turn]).toEqual([2, 0]);
    expect(warnings).toEqual([]);
  });

  it("on the foe's turn the player cannot end it; on the own turn End Turn runs as usual", async () => {
    const { combat, forge } = await started();
    await forge({ turn: 1 });
    expect(combat.combatant.id).toBe(THUG);
    // Tamsin's turn ended as the tracker's End Turn ends it: AP lost, FP −1.
    expect(pools(combat, TAMSIN)).toEqual([0, 0, 1]);
    expect(warnings).toEqual([]);
    await forge({ round: 2, turn: 0 });
    expect([combat.round, combat.turn]).toEqual([1, 1]);
    expect(pools(combat, THUG)).toEqual([5, 2, 2]);
    expect(warnings).toHaveLength(1);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: action-points' pools on the client", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
