// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient } from "./client";
import { activeGM, drivenCombat, type DrivenCombat } from "./combat-client";

/**
 * A round of steps (phases: Initiative, Movement lowest first, Battle highest first, End) on
 * Foundry v13's own client Combat (client/documents/combat.mjs: `startCombat`, `nextTurn`,
 * `previousTurn`, `nextRound`, `_onUpdate` → `_manageTurnEvents` → `#triggerTurnEvents`), through
 * the shell's FraySteppedCombat: every combatant has a Movement turn and a Battle turn in
 * `turns`, the round opens on no one's turn (the Initiative phase), and each turn's start and end
 * is processed once, with its step, whatever the GM does with the controls. Each update is applied
 * on the client as the server would send it back, then `_onUpdate` runs as on every client.
 * Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Initiative Phase, §Movement Phase.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const PLAYER = "playerplayerplay";
const ARA = "araaraaraaraaraa";
const BRAN = "branbranbranbran";
const CUTH = "cuthcuthcuthcuth";

describe.skipIf(!HAVE_FOUNDRY)("a stepped round on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  let aimCombatStart: Any;
  /** Every edge the Combat processed: `start|end step id round` (`skipped` appended). */
  let edges: string[] = [];
  let driven: DrivenCombat;

  /** The GM's copy of a combat whose updates come back at once (by `by`), turn events awaited. */
  const combatOf = (by = GM) => {
    driven = drivenCombat(Combat, {
      _id: "cccccccccccccccc", round: 0, turn: null,
      combatants: [
        { _id: ARA, name: "Ara", actorId: "actorara00000001", initiative: 14 },
        { _id: BRAN, name: "Bran", actorId: "actorbran0000001", initiative: 9 },
        { _id: CUTH, name: "Cuth", actorId: "actorcuth0000001", initiative: 5 },
      ],
    }, by);
    return driven.combat;
  };
  const run = (_combat: Any, control: string) => driven.run(control);
  const at = (combat: Any) => [combat.round, combat.turn, combat.currentStep, combat.combatant?.id ?? null];

  beforeAll(async () => {
    await loadClient();
    const { FraySteppedCombat } = await import("../../src/shell/combat/stepped-combat");
    ({ aimCombatStart } = await import("../../src/shell/combat/turn-combat"));
    /** phases' round; ordered by Foundry's initiative field, highest first; no economy. */
    class TestCombat extends FraySteppedCombat {
      static override scheme = {
        initiative: { by: "combatant", reroll: "eachRound" },
        compare: (a: number, b: number) => b - a,
        steps: [
          { id: "initiative", order: "none" },
          { id: "movement", order: "reversed", markedLast: "seize" },
          { id: "battle", order: "initiative", markedLast: "seize" },
          { id: "end", order: "none" },
        ],
        economy: { kind: "points", points: { pools: {}, caps: {}, limits: {} } },
        groups: { kind: "none", names: [] },
      } as Any;
      static override edges = ["turnStart", "turnEnd", "roundStart", "roundEnd"] as Any;
      override turnMarks() {
        return { seize: ((this as Any).getFlag("fray", "seized") as string[] | undefined) ?? [] };
      }
      protected override async onTurnEdge(edge: string, c: Any, context: Any) {
        const kind = edge === "turnStart" ? "start" : "end";
        edges.push(`${kind} ${context.step} ${c.name} ${context.round}${context.skipped ? " skipped" : ""}`);
      }
      protected override async onRoundEdge(edge: string, context: Any) {
        edges.push(`${edge} ${context.round}${context.skipped ? " skipped" : ""}`);
      }
    }
    const { FraySteppedCombatant } = await import("../../src/shell/combat/stepped-combatant");
    class TestCombatant extends FraySteppedCombatant {
      get turnEntry() {
        return this.initiative;
      }
    }
    g.CONFIG.Combat.documentClass = TestCombat;
    g.CONFIG.Combatant.documentClass = TestCombatant;
    Combat = TestCombat;
    g.ui.combat = { viewed: null, render: () => undefined };
    g.canvas = { ready: false };
    g.CONFIG.time = { turnTime: 0, roundTime: 6 };
    g.CONFIG.Combat.sounds = {};
    g.Hooks.on("combatStart", (combat: Any, data: Any) => aimCombatStart(combat, data));
  });

  beforeEach(() => {
    edges = [];
    const user = activeGM(GM);
    g.game.user = user;
    g.game.users = Object.assign([user], { get: (id: string) => (id === GM ? user : undefined) });
  });

  it("lays out a Movement turn and a Battle turn for each, lowest moving first", () => {
    const combat = combatOf();
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Cuth", "Bran", "Ara", "Ara", "Bran", "Cuth"]);
  });

  it("opens each round on the Initiative phase; each turn starts and ends once, with its step", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    expect(at(combat)).toEqual([1, null, "initiative", null]);
    expect(edges).toEqual(["roundStart 1"]);
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 0, "movement", CUTH]);
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 3, "battle", ARA]);
    expect(edges).toEqual([
      "roundStart 1", "start movement Cuth 1", "end movement Cuth 1", "start movement Bran 1",
      "end movement Bran 1", "start movement Ara 1", "end movement Ara 1", "start battle Ara 1",
    ]);
    // The GM steps back into Movement and forward again: nothing twice.
    await run(combat, "previousTurn");
    expect(at(combat)).toEqual([1, 2, "movement", ARA]);
    await run(combat, "nextTurn");
    expect(edges.length).toBe(8);
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    // The last Battle turn ends the round: the next opens on its Initiative phase, no turn begun.
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([2, null, "initiative", null]);
    expect(edges.slice(8)).toEqual([
      "end battle Ara 1", "start battle Bran 1", "end battle Bran 1", "start battle Cuth 1",
      "end battle Cuth 1", "roundEnd 1", "roundStart 2",
    ]);
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([2, 0, "movement", CUTH]);
    expect(edges.slice(15)).toEqual(["start movement Cuth 2"]);
  });

  it("names who acts next: the first mover on the Initiative phase, nobody on the round's last turn", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    expect(combat.nextCombatant?.id).toBe(CUTH);
    await run(combat, "nextTurn");
    expect(combat.nextCombatant?.id).toBe(BRAN);
    for (let i = 0; i < 5; i++) await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 5, "battle", CUTH]);
    expect(combat.nextCombatant).toBeUndefined();
  });

  it("steps back from the first turn to the Initiative phase, and from it to the last round", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    await run(combat, "nextTurn");
    await run(combat, "previousTurn");
    expect(at(combat)).toEqual([1, null, "initiative", null]);
    // Round 1's opening has nothing before it.
    await run(combat, "previousTurn");
    expect(at(combat)).toEqual([1, null, "initiative", null]);
    await run(combat, "nextTurn");
    expect(edges).toEqual(["roundStart 1", "start movement Cuth 1"]);
    await run(combat, "nextRound");
    expect(at(combat)).toEqual([2, null, "initiative", null]);
    await run(combat, "previousTurn");
    expect(at(combat)).toEqual([1, 5, "battle", CUTH]);
  });

  it("Next Turn pressed again while the round's end still runs waits for it: nothing skipped", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    for (let i = 0; i < 6; i++) await run(combat, "nextTurn");
    edges = [];
    // The last Battle turn's End Turn, and at once Next Turn out of the next Initiative phase.
    await combat.nextTurn();
    await combat.nextTurn();
    await driven.settle();
    expect(edges).toEqual([
      "end battle Cuth 1", "roundEnd 1", "roundStart 2", "start movement Cuth 2",
    ]);
  });

  it("a round left from its Initiative phase passes over every turn of it, once each", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    await run(combat, "nextRound");
    expect(at(combat)).toEqual([2, null, "initiative", null]);
    const turns = edges.filter((e) => e.startsWith("start") || e.startsWith("end"));
    expect(turns.filter((e) => e.startsWith("start")).sort()).toEqual([
      "start battle Ara 1 skipped", "start battle Bran 1 skipped", "start battle Cuth 1 skipped",
      "start movement Ara 1 skipped", "start movement Bran 1 skipped", "start movement Cuth 1 skipped",
    ]);
    expect(turns.filter((e) => e.startsWith("end")).length).toBe(6);
    // Nothing of round 2 began early.
    expect(edges.filter((e) => e.endsWith(" 2"))).toEqual(["roundStart 2"]);
  });

  it("seizers move first and fight last; a seize in the Initiative phase reorders the round", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    await combat.setFlag("fray", "seized", [ARA]);
    await driven.settle();
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Ara", "Cuth", "Bran", "Bran", "Cuth", "Ara"]);
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 0, "movement", ARA]);
  });

  it("a player's End Turn on the round's last Battle turn opens the next round", async () => {
    const combat = combatOf(PLAYER);
    const player: Any = { id: PLAYER, isGM: false };
    g.game.users = Object.assign([g.game.user, player], {
      get: (id: string) => (id === GM ? g.game.user : id === PLAYER ? player : undefined),
    });
    // The player owns Cuth, whose Battle turn is the round's last.
    for (const c of combat.combatants) {
      c.testUserPermission = (user: Any) => user.isGM || (user.id === PLAYER && c.id === CUTH);
    }
    combat.updateSource({ round: 1, turn: 5 });
    combat.setupTurns();
    combat.previous = combat.current;
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([2, null, "initiative", null]);
    expect(edges).toEqual(["end battle Cuth 1", "roundEnd 1", "roundStart 2"]);
  });

  it("a player's hand-sent start of the Movement phase is put back: no one's turn is no player's", async () => {
    const combat = combatOf(PLAYER);
    const player: Any = { id: PLAYER, isGM: false };
    g.game.users = Object.assign([g.game.user, player], {
      get: (id: string) => (id === GM ? g.game.user : id === PLAYER ? player : undefined),
    });
    // The player owns Cuth, the first to move.
    for (const c of combat.combatants) {
      c.testUserPermission = (user: Any) => user.isGM || (user.id === PLAYER && c.id === CUTH);
    }
    const warned: string[] = [];
    g.ui.notifications = { warn: (m: string) => warned.push(m) };
    combat.updateSource({ round: 1, turn: null });
    combat.setupTurns();
    combat.previous = combat.current;
    await combat.update({ turn: 0 });
    await driven.settle();
    expect(at(combat)).toEqual([1, null, "initiative", null]);
    expect(edges).toEqual([]);
    expect(warned.length).toBe(1);
  });

  /**
   * A combatant change as Foundry makes it: the client's `_pre…Operation` works out the turn to
   * keep (client/documents/combatant.mjs), the server stores it as the Combat's turn
   * (dist/database/documents/combatant.mjs), every client adds or removes the combatant and sets
   * its turns up again with the operation's options (client/documents/combat.mjs).
   */
  const created = async (combat: Any, data: Any) => {
    const doc = new g.CONFIG.Combatant.documentClass(data, { parent: combat });
    const operation: Any = { parent: combat };
    await g.CONFIG.Combatant.documentClass._preCreateOperation([doc], operation, g.game.user);
    combat.updateSource({
      combatants: [...combat.combatants.map((c: Any) => c.toObject()), data], turn: operation.combatTurn,
    });
    combat._onCreateDescendantDocuments(combat, "combatants", [combat.combatants.get(data._id)],
      [data], operation, GM);
    await driven.settle();
  };
  const deleted = async (combat: Any, id: string) => {
    const operation: Any = { parent: combat, ids: [id] };
    await g.CONFIG.Combatant.documentClass._preDeleteOperation([], operation, g.game.user);
    const doc = combat.combatants.get(id);
    combat.combatants.delete(id);
    if (typeof operation.combatTurn === "number") combat.updateSource({ turn: operation.combatTurn });
    combat._onDeleteDescendantDocuments(combat, "combatants", [doc], [id], operation, GM);
    await driven.settle();
  };

  it("a combatant joining or leaving mid-Battle keeps the turn on whoever had it, in Battle", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    for (let i = 0; i < 5; i++) await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 4, "battle", BRAN]);
    await created(combat, { _id: "dunadunadunaduna", name: "Duna", actorId: "actorduna0000001", initiative: 11 });
    expect(combat.turns.map((c: Any) => c.name)).toEqual([
      "Cuth", "Bran", "Duna", "Ara", "Ara", "Duna", "Bran", "Cuth",
    ]);
    expect(at(combat)).toEqual([1, 6, "battle", BRAN]);
    // Bran's turn neither ended nor started again.
    expect(edges.filter((e) => e.includes("Bran 1") && e.includes("battle"))).toEqual(["start battle Bran 1"]);
    // Cuth leaves: still Bran's Battle turn (Ara, Duna, Bran fight in that order now).
    await deleted(combat, CUTH);
    expect(at(combat)).toEqual([1, 5, "battle", BRAN]);
    await run(combat, "nextTurn");
    expect(at(combat)).toEqual([2, null, "initiative", null]);
    expect(edges.filter((e) => e.startsWith("end battle Bran"))).toEqual(["end battle Bran 1"]);
  });

  it("a combatant changed mid-Battle (hidden, defeated) leaves the turn where it is", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    for (let i = 0; i < 4; i++) await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 3, "battle", ARA]);
    const updates = [{ _id: BRAN, hidden: true }];
    const operation: Any = { parent: combat, updates };
    await g.CONFIG.Combatant.documentClass._preUpdateOperation([], operation, g.game.user);
    combat.updateSource({ combatants: updates, turn: operation.combatTurn });
    combat._onUpdateDescendantDocuments(combat, "combatants", [combat.combatants.get(BRAN)],
      updates, operation, GM);
    await driven.settle();
    expect(at(combat)).toEqual([1, 3, "battle", ARA]);
  });

  it("the acting combatant leaving hands the turn to the next in its phase", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    for (let i = 0; i < 4; i++) await run(combat, "nextTurn");
    expect(at(combat)).toEqual([1, 3, "battle", ARA]);
    await deleted(combat, ARA);
    expect(at(combat)).toEqual([1, 2, "battle", BRAN]);
  });
});

