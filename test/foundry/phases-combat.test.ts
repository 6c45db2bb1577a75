// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient, type Client } from "./client";
import { activeGM, drivenCombat, standInRoll, type DrivenCombat } from "./combat-client";
import { languageFor } from "../../scripts/lib/lang";
import { localizerFor } from "../../src/engine/i18n";

/**
 * phases' Combat on Foundry v13's own client Combat (client/documents/combat.mjs), through the
 * shell's stepped round: each round opens on its Initiative phase, where the active GM's client
 * rolls everyone's 2d6 + INT + AGI in one step (ties rolled off on a d6, shown in one message);
 * owners may then seize the initiative until the Movement phase starts, which puts a seizer first
 * to move and last to fight; next round everyone rolls again and the seizure is over. The dice
 * are a stand-in Roll giving the dice the test names; the actors are stand-ins with the statblock
 * the Combat reads. Each Combat update is applied as the server would send it back, then
 * `_onUpdate` runs as on every client. Source: `003_d18720f6cd315cc2.txt` §Initiative Phase,
 * §Movement Phase; RULINGS.md §phases Initiative phase, Seizing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const WREN = "wrenwrenwrenwren";
const GOB = "gobgobgobgobgobg";
const ORC = "orcorcorcorcorco";

describe.skipIf(!HAVE_FOUNDRY)("phases' Combat on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let c: Client;
  let Combat: Any;
  const dice: number[] = [];

  /** A stand-in actor: what the Combat reads (type, statblock, health). */
  /** Effects deleted from each stand-in actor, by its id. */
  const deleted = new Map<string, string[]>();
  const actor = (id: string, type: string, int: number, agi: number, health = "up",
    effects: Any[] = []) => ({
    id, uuid: `Actor.${id}`, name: id, type, statblock: { int, agi, activatables: [] }, health,
    statuses: new Set(), conditions: [],
    render: () => undefined,
    effects: { contents: effects, has: (e: string) => effects.some((x: Any) => x.id === e) },
    deleteEmbeddedDocuments: async (_name: string, ids: string[]) => {
      deleted.set(id, [...(deleted.get(id) ?? []), ...ids]);
    },
  });

  let driven: DrivenCombat;
  const combatOf = (hidden: string[] = []) => {
    driven = drivenCombat(Combat, {
      _id: "cccccccccccccccc", round: 0, turn: null,
      combatants: [
        { _id: WREN, name: "Wren", actorId: "actorwren0000001", hidden: hidden.includes(WREN) },
        { _id: GOB, name: "Goblin", actorId: "actorgob00000001", hidden: hidden.includes(GOB) },
        { _id: ORC, name: "Orc", actorId: "actororc00000001", hidden: hidden.includes(ORC) },
      ],
    }, GM, { combatants: true });
    return driven.combat;
  };
  const settle = () => driven.settle();
  const run = (_combat: Any, control: string) => driven.run(control);
  const names = (combat: Any) => combat.turns.map((t: Any) => t.name);
  const cards = () => c.writes.filter((w) => w.documentName === "ChatMessage")
    .map((w) => w.operation.data[0]);

  beforeAll(async () => {
    c = await loadClient();
    (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset("phases");
    const { PhasesCombat } = await import("../../src/rulesets/phases/foundry/documents/combat");
    // What install() sets: the End phase's work, the GM's.
    PhasesCombat.endPhase = (await import("../../src/rulesets/phases/foundry/gm/end-phase")).endPhase;
    const { PhasesCombatant } = await import("../../src/rulesets/phases/foundry/documents/combatant");
    // A world playing phases: the shared strings and phases' own.
    const t = localizerFor(languageFor("phases"));
    g.game.i18n = {
      ...g.game.i18n, localize: (k: string) => t(k), has: () => true,
      format: (k: string, d: Record<string, string>) => t(k, d),
      getListFormatter: () => new Intl.ListFormat("en"),
    };
    g.CONFIG.Combat.documentClass = PhasesCombat;
    g.CONFIG.Combatant.documentClass = PhasesCombatant;
    Combat = PhasesCombat;
    g.ui.combat = { viewed: null, render: () => undefined };
    g.canvas = { ready: false };
    g.CONFIG.time = { turnTime: 0, roundTime: 6 };
    g.CONFIG.Combat.sounds = {};
    g.CONFIG.sounds ??= { dice: "" };
    // No canvas or scene: the roll message speaks as the GM (client/documents/chat-message.mjs
    // `getSpeaker` reads both).
    g.ChatMessage.getSpeaker = () => ({ alias: "Gamemaster" });
    const { aimCombatStart } = await import("../../src/shell/combat/turn-combat");
    g.Hooks.on("combatStart", (combat: Any, data: Any) => aimCombatStart(combat, data));
    g.Roll = standInRoll(dice);
  });

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    dice.length = 0;
    const user = activeGM(GM);
    g.game.user = user;
    g.game.users = Object.assign([user], { get: (id: string) => (id === GM ? user : undefined) });
    g.game.actors.set("actorwren0000001", actor("actorwren0000001", "phasesCharacter", 2, 3));
    g.game.actors.set("actorgob00000001", actor("actorgob00000001", "phasesNpc", 0, 2));
    g.game.actors.set("actororc00000001", actor("actororc00000001", "phasesNpc", 1, 1));
  });

  it("rolls everyone as the round opens on its Initiative phase; the lowest moves first", async () => {
    const combat = combatOf();
    // Wren 2d6 3+4 + 5 = 12, Goblin 6+6 + 2 = 14, Orc 1+2 + 2 = 5.
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    expect([combat.round, combat.turn, combat.currentStep]).toEqual([1, null, "initiative"]);
    expect(names(combat)).toEqual(["Orc", "Wren", "Goblin", "Goblin", "Wren", "Orc"]);
    expect([WREN, GOB, ORC].map((id) => combat.combatants.get(id).initiative)).toEqual([12, 14, 5]);
    expect(combat.combatants.get(WREN).data).toMatchObject({ order: 1, rolled: 1 });
    expect(cards().length).toBe(1);
  });

  it("ties roll a d6 among the tied until one is higher", async () => {
    const combat = combatOf();
    // Wren 2+3 + 5 = 10, Goblin 4+4 + 2 = 10, Orc 1+1 + 2 = 4; d6 3 and 3 tie again, then 5 and 2.
    dice.push(2, 3, 4, 4, 1, 1, 3, 3, 5, 2);
    await run(combat, "startCombat");
    expect(names(combat).slice(3)).toEqual(["Wren", "Goblin", "Orc"]);
  });

  it("a hidden combatant's dice are shown to the GM alone", async () => {
    const combat = combatOf([ORC]);
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    // Two messages: the open dice, and the hidden Orc's whispered to the GM (a GM roll).
    const whispered = cards().map((m) => (m.whisper ?? []).length > 0);
    expect(whispered.sort()).toEqual([false, true]);
  });

  it("a seizer moves first and fights last, until the Movement phase starts", async () => {
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    const goblin = combat.combatants.get(GOB);
    await combat.seize(goblin);
    await settle();
    expect(goblin.data.seized).toBe(1);
    expect(names(combat)).toEqual(["Goblin", "Orc", "Wren", "Wren", "Orc", "Goblin"]);
    // Seizing twice changes nothing and is refused.
    await expect(combat.seize(goblin)).rejects.toThrow(/already stands that way/);
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(GOB);
    // The Movement phase has started: too late to seize, nothing written.
    const before = structuredClone(combat.flags);
    await expect(combat.seize(combat.combatants.get(ORC))).rejects.toThrow(/only be seized in the Initiative phase/);
    expect(combat.flags).toEqual(before);
  });

  it("next round everyone rolls again and last round's seizure is over", async () => {
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    await combat.seize(combat.combatants.get(GOB));
    await settle();
    // Round 2: Wren 6+6 + 5 = 17, Goblin 1+1 + 2 = 4, Orc 3+3 + 2 = 8.
    dice.push(6, 6, 1, 1, 3, 3);
    await run(combat, "nextRound");
    expect([combat.round, combat.turn, combat.currentStep]).toEqual([2, null, "initiative"]);
    expect(names(combat)).toEqual(["Goblin", "Orc", "Wren", "Wren", "Orc", "Goblin"]);
    expect(combat.turnMarks()).toEqual({ seize: [] });
    expect(combat.combatants.get(WREN).data).toMatchObject({ order: 0, rolled: 2 });
  });

  it("the tracker lists one phase's turns, the Movement phase's while the round stands on Initiative", async () => {
    const { PhasesCombatTracker } = await import("../../src/rulesets/phases/foundry/applications/combat-tracker");
    const tracker: Any = new (PhasesCombatTracker as Any)();
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    tracker.viewed = combat;
    const listed = async () => {
      const context: Any = {};
      await tracker._prepareTrackerContext(context, {});
      return context.turns.map((r: Any) => `${r.name}${r.active ? "*" : ""}`);
    };
    expect(await listed()).toEqual(["Orc", "Wren", "Goblin"]);
    const rows = tracker.trackerRows(new Set([WREN, GOB, ORC]));
    expect(rows.rows.map((r: Any) => r.orders.map((o: Any) => o.text).join(" "))).toEqual([
      "Mv 1 Bt 3", "Mv 2 Bt 2", "Mv 3 Bt 1",
    ]);
    for (let i = 0; i < 5; i++) await run(combat, "nextTurn");
    // Battle's second turn: the list is the Battle order, Wren acting.
    expect(await listed()).toEqual(["Goblin", "Wren*", "Orc"]);
    expect(tracker.trackerRows(new Set([WREN, GOB, ORC])).rows.map((r: Any) => r.active))
      .toEqual([false, true, false]);
  });

  it("the End phase rolls each condition's save as the round ends, once, and ends what it should", async () => {
    deleted.clear();
    const slowed = { id: "effslowed0000001", statuses: new Set(["phases.slowed"]) };
    const dazed = { id: "effdazed00000001", statuses: new Set(["phases.dazed"]) };
    // Its owner wrote this duration on the effect: no one reads it (the GM's record decides).
    const exposed = { id: "effexposed000001", statuses: new Set(["phases.exposed"]),
      flags: { fray: { phasesDuration: { name: "endOfRound", round: 1 } } } };
    g.game.actors.set("actororc00000001", actor("actororc00000001", "phasesNpc", 1, 1, "up",
      [slowed, dazed, exposed]));
    const combat = combatOf();
    // The GM recorded Dazed to the end of round 1 (as an attack card will).
    combat.updateSource({ flags: { fray: { kept: { [ORC]: {
      conditions: [{ effect: dazed.id, name: "endOfRound", round: 1 }],
    } } } } });
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    c.writes.length = 0;
    for (let i = 0; i < 6; i++) await run(combat, "nextTurn");
    expect(deleted.size).toBe(0);
    // The last Battle turn ends the round: Slowed saves on 5 + 2, Exposed fails on 1 + 1, Dazed
    // ends with the round; then round 2's initiative.
    dice.push(5, 2, 1, 1, 3, 4, 6, 6, 1, 2);
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(deleted.get("actororc00000001")).toEqual([slowed.id, dazed.id]);
    const note = cards().find((m) => String(m.content).includes("End phase, round 1"));
    expect(note?.content).toContain("Orc saves against Slowed (5 + 2 = 7): it ends.");
    expect(note?.content).toContain("Orc fails the save against Exposed (1 + 1 = 2): it lasts.");
    expect(note?.content).toContain("Orc&#x27;s Dazed ends with the round.");
    expect(note?.rolls?.length).toBe(2);
    // The ended Dazed's record went with it.
    expect(combat.combatants.get(ORC).data.conditions).toEqual([]);
    // Back and forward across the round's end: nothing is rolled or ended twice.
    await run(combat, "previousTurn");
    await run(combat, "previousTurn");
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    expect(deleted.get("actororc00000001")).toEqual([slowed.id, dazed.id]);
  });

  it("Reset Initiative keeps the acting combatant's turn, with no turn events", async () => {
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    for (let i = 0; i < 5; i++) await run(combat, "nextTurn");
    // Battle: Goblin, Wren, Orc; Wren acts.
    expect(combat.combatant.id).toBe(WREN);
    await combat.resetAll();
    await settle();
    expect(combat.combatant.id).toBe(WREN);
    expect(combat.currentStep).toBe("battle");
    expect([WREN, GOB, ORC].map((id) => combat.combatants.get(id).data.order)).toEqual([-1, -1, -1]);
  });

  it("Roll Initiative with nothing named rolls only those without a place this round", async () => {
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    await run(combat, "nextTurn");
    const before = names(combat);
    // A player's request reaches the GM as this call: everyone has a place, nothing is rolled.
    dice.push(6, 6, 6, 6, 6, 6);
    await combat.rollInitiative();
    await settle();
    expect(names(combat)).toEqual(before);
    expect(dice.length).toBe(6);
  });

  it("a seizure leaves no receipt: no refund gives it back once the phase is over", async () => {
    const { performRefund, performSpend } = await import("../../src/shell/combat/kept-spend");
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    const player: Any = { id: "playerplayerplay", isGM: false };
    g.game.users = Object.assign([g.game.user, player], {
      get: (id: string) => (id === GM ? g.game.user : id === player.id ? player : undefined),
    });
    g.game.combats = { get: () => combat };
    combat.combatants.get(WREN).testUserPermission = (u: Any) => u.isGM || u.id === player.id;
    const ask = { combatId: combat.id, combatantId: WREN };
    await expect(performSpend({ ...ask, args: { seize: true } }, player)).resolves.toEqual({ ok: true });
    await expect(performSpend({ ...ask, args: { seize: false } }, player)).resolves.toEqual({ ok: true });
    await settle();
    await run(combat, "nextTurn");
    await expect(performRefund({ ...ask, args: null }, player))
      .resolves.toEqual({ ok: false, reason: "notApplied" });
    expect(combat.combatants.get(WREN).data.seized).toBe(0);
  });

  it("Defend lasts until its taker's next turn starts, in the next round's Movement phase", async () => {
    const combat = combatOf();
    // Goblin 14, Wren 12, Orc 5: Battle goes Goblin, Wren, Orc.
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    for (let i = 0; i < 4; i++) await run(combat, "nextTurn");
    expect([combat.currentStep, combat.combatant.id]).toEqual(["battle", GOB]);
    const goblin = combat.combatants.get(GOB);
    // Not Wren's turn: refused, nothing written.
    await expect(combat.battleAction(combat.combatants.get(WREN), { action: "defend" }))
      .rejects.toThrow(/not Wren's turn/);
    await combat.battleAction(goblin, { action: "defend" });
    await settle();
    expect(goblin.data).toMatchObject({ battle: 1, defended: 1 });
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    // Round 2: Wren 17, Goblin 4, Orc 8: the Goblin moves first.
    dice.push(6, 6, 1, 1, 3, 3);
    await run(combat, "nextTurn");
    expect([combat.round, combat.currentStep]).toEqual([2, "initiative"]);
    expect(goblin.data.defended).toBe(1);
    await run(combat, "nextTurn");
    expect([combat.currentStep, combat.combatant.id]).toEqual(["movement", GOB]);
    expect(goblin.data).toMatchObject({ defended: 0, battle: 0 });
  });

  it("Delay moves its taker's Battle turn after the one it names, and the next turn starts", async () => {
    const combat = combatOf();
    // Goblin 14, Wren 12, Orc 5: Battle goes Goblin, Wren, Orc.
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    for (let i = 0; i < 4; i++) await run(combat, "nextTurn");
    expect([combat.currentStep, combat.combatant.id]).toEqual(["battle", GOB]);
    const goblin = combat.combatants.get(GOB);
    // Not after itself, nor after one who already acted this phase.
    await expect(combat.battleAction(goblin, { action: "delay", after: GOB }))
      .rejects.toThrow(/after a combatant whose turn is still to come/);
    // Wren Defends (as a GM's record says): her turn's start, now, ends it.
    await combat.keep({ [WREN]: { defended: 1 } });
    await combat.battleAction(goblin, { action: "delay", after: ORC });
    await settle();
    expect(names(combat).slice(3)).toEqual(["Wren", "Orc", "Goblin"]);
    expect([combat.currentStep, combat.combatant.id]).toEqual(["battle", WREN]);
    expect(combat.combatants.get(WREN).data.defended).toBe(0);
    expect(goblin.data).toMatchObject({ delayAfter: ORC, delayed: 1, battle: 0 });
    // Once a round: it may not Delay again when its turn comes.
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(GOB);
    await expect(combat.battleAction(goblin, { action: "delay", after: WREN }))
      .rejects.toThrow(/already Delayed/);
    // Next round, the Battle order is the initiative's again.
    dice.push(6, 6, 1, 1, 3, 3);
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(names(combat).slice(3)).toEqual(["Wren", "Orc", "Goblin"]);
  });

  it("a hidden combatant's End-phase save is the GM's alone", async () => {
    const slowed = { id: "effslowed0000002", statuses: new Set(["phases.slowed"]) };
    g.game.actors.set("actororc00000001", actor("actororc00000001", "phasesNpc", 1, 1, "up", [slowed]));
    // Foundry's users, as `gmUserIds` reads them (the GMs a note is whispered to).
    g.game.users = Object.assign([g.game.user], {
      get: (id: string) => (id === GM ? g.game.user : undefined), contents: [g.game.user],
    });
    const combat = combatOf([ORC]);
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    c.writes.length = 0;
    for (let i = 0; i < 6; i++) await run(combat, "nextTurn");
    dice.push(1, 1, 3, 4, 6, 6, 1, 2);
    await run(combat, "nextTurn");
    const notes = cards().filter((m) => String(m.content).includes("End phase, round 1"));
    expect(notes.length).toBe(1);
    expect(notes[0]?.whisper).toEqual([GM]);
    expect(notes[0]?.content).toContain("Orc fails the save against Slowed");
  });

  it("a combatant down cannot seize", async () => {
    const combat = combatOf();
    dice.push(3, 4, 6, 6, 1, 2);
    await run(combat, "startCombat");
    g.game.actors.set("actororc00000001", actor("actororc00000001", "phasesNpc", 1, 1, "defeated"));
    await expect(combat.seize(combat.combatants.get(ORC))).rejects.toThrow(/Orc is down/);
  });
});
