import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { runSync } from "../../../engine/dice/plan";
import { endPhasePlan } from "../rules/saves";
import {
  conditionStatus, endPhaseConditions, endPhaseLines, offeredSavesOf,
} from "../play/round/end-phase";
import { cardLinesOf, pendingLines, withRolled } from "../play/round/end-phase-card";

/**
 * The End phase in Foundry, pure (`play/round/end-phase.ts`): which status effects take part and
 * how long each lasts (a stated duration, else the ruled save-ends), and the card's lines.
 * Source: `003_d18720f6cd315cc2.txt` §End Phase; RULINGS.md §phases Conditions.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("phases"), "phases"));
const effect = (id: string, statuses: string[]) => ({ id, statuses });
/** A roller giving the dice listed, in order. */
const dice = (...rolls: number[]) => ({ die: () => rolls.shift() ?? 1 });

describe("the End phase's conditions", () => {
  it("reads each phases condition with the duration the GM recorded; without one it ends on a save", () => {
    const got = endPhaseConditions("c1", "Actor.a", [
      effect("e1", [conditionStatus("slowed")]),
      effect("e2", [conditionStatus("dazed")]),
      effect("e3", [conditionStatus("exposed")]),
      effect("e4", ["prone"]),
    ], 3, [
      { effect: "e2", name: "sustained", round: 2 }, { effect: "e3", name: "endOfRound", round: 3 },
      { effect: "gone", name: "endOfRound", round: 1 },
    ]);
    expect(got.map((c) => [c.key, c.condition, c.duration])).toEqual([
      ["Actor.a.e1", "slowed", { name: "saveEnds", round: 3 }],
      ["Actor.a.e2", "dazed", { name: "sustained", round: 2 }],
      ["Actor.a.e3", "exposed", { name: "endOfRound", round: 3 }],
    ]);
  });

  it("rolls a save for each save-ended or sustained one and lists what each did", () => {
    const conditions = endPhaseConditions("c1", "Actor.a", [
      effect("e1", [conditionStatus("slowed")]),
      effect("e2", [conditionStatus("dazed")]),
      effect("e3", [conditionStatus("exposed")]),
      effect("e4", [conditionStatus("immobilised")]),
    ], 3, [
      { effect: "e2", name: "sustained", round: 1 }, { effect: "e3", name: "endOfRound", round: 3 },
    ]);
    // Slowed 4 + 3 = 7 saves; Dazed 1 + 2 fails to sustain; Immobilised 2 + 2 fails its save.
    const result = runSync(endPhasePlan(conditions, 3), dice(4, 3, 1, 2, 2, 2));
    expect(result.ended.map((c) => c.effectId)).toEqual(["e1", "e2", "e3"]);
    expect(result.kept.map((c) => c.effectId)).toEqual(["e4"]);
    const lines = endPhaseLines(result, new Map([["c1", "Wren"]]), t);
    expect(lines).toEqual([
      { text: "Wren saves against Slowed (4 + 3 = 7): it ends.", ended: true, bearer: "c1" },
      { text: "Wren does not sustain Dazed (1 + 2 = 3): it ends.", ended: true, bearer: "c1" },
      {
        text: "Wren fails the save against Immobilised (2 + 2 = 4): it lasts.", ended: false,
        bearer: "c1",
      },
      { text: "Wren's Exposed ends with the round.", ended: true, bearer: "c1" },
    ]);
  });

  it("reads one bearer's offered saves from a prompt's flags, leaving out malformed ones", () => {
    const save = (bearer: string, over: Record<string, unknown> = {}) => ({
      key: `A.${bearer}`, bearer, actorId: "Actor.a", effectId: "e1", condition: "dazed",
      duration: { name: "saveEnds", round: 2 }, ...over,
    });
    const flags = { fray: { endPhase: { round: 2, saves: [
      save("c1"), save("c2"), save("c1", { condition: "asleep" }),
      save("c1", { duration: { name: "endOfRound", round: 2 } }), save("c1", { effectId: 3 }), null,
    ] } } };
    const read = offeredSavesOf(flags, "c1");
    expect(read?.round).toBe(2);
    expect(read?.saves).toEqual([{
      key: "A.c1", bearer: "c1", source: "", armed: true, condition: "dazed", actorId: "Actor.a",
      effectId: "e1", duration: { name: "saveEnds", round: 2 },
    }]);
    expect(offeredSavesOf({ fray: {} }, "c1")).toBeNull();
    expect(offeredSavesOf({ fray: { endPhase: { round: "2", saves: [] } } }, "c1")).toBeNull();
    expect(offeredSavesOf(null, "c1")).toBeNull();
  });
});

describe("the End phase's one card (play/round/end-phase-card.ts)", () => {
  const save = (bearer: string, condition: "slowed" | "dazed", effectId: string) => ({
    key: `Actor.${bearer}.${effectId}`, bearer, source: "", armed: true, condition,
    actorId: `Actor.${bearer}`, effectId, duration: { name: "saveEnds" as const, round: 2 },
  });
  const names = new Map([["b", "Brakka"], ["l", "Lysa"]]);

  it("lists each waiting save by its bearer and condition", () => {
    expect(pendingLines([save("b", "dazed", "e1"), save("l", "slowed", "e2")], names, t)).toEqual([
      { bearer: "b", pending: true, text: "Brakka has yet to roll against Dazed." },
      { bearer: "l", pending: true, text: "Lysa has yet to roll against Slowed." },
    ]);
  });

  it("puts a bearer's rolled saves where its waiting ones stood, and nothing else moves", () => {
    const lines = [
      { bearer: "g", text: "goblin", pending: false },
      { bearer: "b", text: "b waits 1", pending: true },
      { bearer: "l", text: "l waits", pending: true },
      { bearer: "b", text: "b waits 2", pending: true },
    ];
    const rolled = [
      { bearer: "b", text: "b saved", ended: true }, { bearer: "b", text: "b failed", ended: false },
    ];
    expect(withRolled(lines, "b", rolled)).toEqual([
      { bearer: "g", text: "goblin", pending: false },
      { bearer: "b", text: "b saved", pending: false },
      { bearer: "b", text: "b failed", pending: false },
      { bearer: "l", text: "l waits", pending: true },
    ]);
    // A bearer with nothing waiting (its lines already rolled) adds its lines at the end.
    expect(withRolled(lines.slice(0, 1), "x", [{ bearer: "x", text: "x", ended: true }]))
      .toEqual([lines[0], { bearer: "x", text: "x", pending: false }]);
  });

  it("reads the lines the GM kept, and leaves malformed ones out", () => {
    const kept = { bearer: "b", text: "waits", pending: true };
    const flags = { fray: { endPhase: { lines: [kept, { bearer: 3 }, null, { ...kept, pending: "no" }] } } };
    expect(cardLinesOf(flags)).toEqual([kept]);
    expect(cardLinesOf({})).toEqual([]);
    expect(cardLinesOf({ fray: { endPhase: { lines: "x" } } })).toEqual([]);
  });
});
