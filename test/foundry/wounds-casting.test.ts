// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat } from "./combat-client";

/**
 * wounds' casting on Foundry v13's own client Combat (client/documents/combat.mjs, its turn
 * events on the active GM) with WoundsCombat, its combatants and actors: each press of Cast is
 * the GM's spend (`spendKept` → `spendPatch` → the kept store → `afterSpend` → the GM's cast
 * work, `foundry/gm/cast.ts`): the MP paid once from the actor, one action a press, channeling
 * while the cast spans turns, cast on a later turn, or cancelled. The actor's own writes are
 * applied where the server would send them back.
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const ORLA = "orlaorlaorlaorla";
const BRUTE = "brutebrutebrute1";
const RITE = "spelllongrite001";
const WARD = "spellslowward001";
const CHANNELING = "wounds.channeling";
const pack = woundsPack;

describe.skipIf(!HAVE_FOUNDRY)("wounds' casting on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  let orla: Any;

  beforeAll(async () => {
    const { Combat: WoundsCombat, Actor: WoundsActor } = await woundsClient();
    const { afterCast } = await import("../../src/rulesets/wounds/foundry/gm/cast");
    WoundsCombat.castWork = afterCast;
    Combat = WoundsCombat;
    const source = pack("pregens/orla-venn");
    const rite = {
      _id: RITE, name: "Long Rite", type: "woundsSpell",
      system: { castTime: 3, mp: 4, upkeep: 0, damage: { dice: 0, die: "6", bonus: 0 }, summon: "" },
    };
    const ward = { ...rite, _id: WARD, name: "Slow Ward", system: { ...rite.system, castTime: 2, mp: 1 } };
    orla = new WoundsActor({ ...source, _id: ORLA, items: [...source.items, rite, ward] });
    // Her writes come back as the server would send them; her statuses as the effects would make them.
    orla.update = async (changes: Any) => orla.updateSource(changes);
    orla.toggleStatusEffect = async (id: string, { active }: { active: boolean }) => {
      if (active) orla.statuses.add(id);
      else orla.statuses.delete(id);
    };
    g.game.actors.set(ORLA, orla);
    g.game.actors.set(BRUTE, new WoundsActor({ ...pack("npcs/orc-brute"), _id: BRUTE }));
  });

  beforeEach(() => {
    g.game.user = activeGM(GM);
    orla.updateSource({ "system.mp.value": 10 });
    orla.statuses.delete(CHANNELING);
  });

  const driven = () => drivenCombat(Combat, {
    _id: "woundscombat0001", round: 0, turn: null,
    flags: { fray: { kept: { [ORLA]: { order: 0 }, [BRUTE]: { order: 1 } } } },
    combatants: [
      { _id: ORLA, name: "Orla", actorId: ORLA }, { _id: BRUTE, name: "Brute", actorId: BRUTE },
    ],
  }, GM);

  it("pays the MP once and an action a press; channels across turns; cast on the next turn", async () => {
    const { combat, run, settle } = driven();
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    expect(combat.combatant.id).toBe(ORLA);
    await combat.spendKept(c, { action: "cast", spellId: RITE });
    expect(orla.system.mp.value).toBe(6);
    expect(combat.keptOf(ORLA)).toMatchObject({ casting: RITE, castPaid: 1, attack: 0, move: 1 });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    await combat.spendKept(c, { action: "cast", spellId: RITE, option: 1 });
    expect(orla.system.mp.value).toBe(6);
    expect(combat.keptOf(ORLA)).toMatchObject({ castPaid: 2, move: 0 });
    // No action left this turn: refused, nothing changes.
    await expect(combat.spendKept(c, { action: "cast", spellId: RITE })).rejects.toThrow();
    expect(combat.keptOf(ORLA)).toMatchObject({ casting: RITE, castPaid: 2 });
    // Another spell meanwhile is refused too.
    const dart = orla.items.find((i: Any) => i.name === "Ember Dart").id;
    await expect(combat.spendKept(c, { action: "cast", spellId: dart })).rejects.toThrow();
    await run("nextTurn");
    await run("nextTurn");
    await settle();
    expect([combat.round, combat.combatant.id]).toEqual([2, ORLA]);
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    await combat.spendKept(c, { action: "cast", spellId: RITE });
    expect(combat.keptOf(ORLA)).toMatchObject({ casting: "", castPaid: 0, attack: 0, castReady: "" });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.system.mp.value).toBe(6);
  });

  it("an attack spell's cast leaves its attack due; a cancelled cast ends channeling, MP spent", async () => {
    const { combat, run } = driven();
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    const dart = orla.items.find((i: Any) => i.name === "Ember Dart").id;
    await combat.spendKept(c, { action: "cast", spellId: dart });
    expect(combat.keptOf(ORLA)).toMatchObject({ castReady: dart, attack: 0 });
    expect(orla.system.mp.value).toBe(8);
    await combat.spendKept(c, { action: "cast", spellId: RITE, option: 1 });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    await combat.spendKept(c, { action: "cancelCast" });
    expect(combat.keptOf(ORLA)).toMatchObject({ casting: "", castPaid: 0 });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.system.mp.value).toBe(4);
    await expect(combat.spendKept(c, { action: "cancelCast" })).rejects.toThrow();
  });

  it("a cast one turn could pay channels once the turn ends with it under way", async () => {
    const { combat, run } = driven();
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    await combat.spendKept(c, { action: "cast", spellId: WARD });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    await run("nextTurn");
    expect(combat.combatant.id).toBe(BRUTE);
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    await run("nextTurn");
    await combat.spendKept(c, { action: "cast", spellId: WARD });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.system.mp.value).toBe(9);
  });

  it("the battle's start work runs once, as its first round starts", async () => {
    const started: number[] = [];
    Combat.battle = { start: async (c: Any) => void started.push(c.round) };
    try {
      const { combat, run, settle } = driven();
      await run("startCombat");
      await run("nextTurn");
      await run("nextTurn");
      await settle();
      expect(combat.round).toBe(2);
      expect(started).toEqual([1]);
    } finally {
      Combat.battle = {};
    }
  });

  it("as a battle begins, summons from before it that are not thralls vanish, with their combatants", async () => {
    const { startBattle } = await import("../../src/rulesets/wounds/foundry/gm/battle-end");
    const { storedSummonMark } = await import("../../src/rulesets/wounds/play/round/summon-marks");
    // As the GM's client stores them (`shell/documents/token-marks.ts`): with their scene's id.
    const mark = (battle: string, thrall: boolean) => ({
      scene: "scenesummons0001", mark: storedSummonMark({ summoner: `Actor.${ORLA}`, battle, thrall }),
    });
    const tokens = ["tokenleftover001", "tokenthrall00001", "tokenfreshsumm01", "tokenunmarked001"];
    const deleted: Record<string, string[]> = { Token: [], Combatant: [] };
    const scene = {
      id: "scenesummons0001", tokens: { get: (id: string) => tokens.includes(id) || undefined },
      flags: { fray: { tokenMarks: {
        tokenleftover001: mark("", false), tokenthrall00001: mark("", true),
        tokenfreshsumm01: mark("woundscombat0002", false), tokengone0000001: mark("", false),
        // A copy of a duplicated scene's mark: not this scene's.
        tokenunmarked001: { ...mark("", false), scene: "sceneduplicated1" },
      } } },
      deleteEmbeddedDocuments: async (name: string, ids: string[]) => void deleted[name]!.push(...ids),
    };
    const combat = {
      id: "woundscombat0002", scene,
      combatants: [{ id: "combatantleft001", tokenId: "tokenleftover001" },
        { id: "combatantthrall1", tokenId: "tokenthrall00001" }],
      deleteEmbeddedDocuments: async (name: string, ids: string[]) => void deleted[name]!.push(...ids),
    };
    await startBattle(combat as Any);
    expect(deleted).toEqual({ Token: ["tokenleftover001"], Combatant: ["combatantleft001"] });
  });

  it("the battle's end: the winning party's MP refill, channeling ends, once on the active GM", async () => {
    const { endBattle } = await import("../../src/rulesets/wounds/foundry/gm/battle-end");
    const { combat, run } = driven();
    await run("startCombat");
    await combat.spendKept(combat.combatants.get(ORLA), { action: "cast", spellId: RITE });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    const max = orla.system.mp.max;
    expect(orla.system.mp.value).toBeLessThan(max);
    await endBattle(combat);
    expect(orla.system.mp.value).toBe(max);
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    // A second tab of the same GM (its claim taken) does nothing again.
    orla.updateSource({ "system.mp.value": 1 });
    await endBattle(combat);
    expect(orla.system.mp.value).toBe(1);
  });
});
