import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { formatPhasesEvent } from "../encounter/format";
import type { PhasesEvent } from "../encounter/events";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * The phases log's text (`encounter/format.ts` through `lang/runner.json`): every event of many
 * fights reads as a line with every key found and every placeholder filled, and the lines of an
 * initiative, a move, an attack with its stepped die, a damage on a miss and a save say what their
 * numbers are.
 */
const t = localizerFor(languageFor("phases"));

describe("the phases log's text (lang/runner.json)", { timeout: 60_000 }, () => {
  it("every event of many fights reads as a line, every key found and placeholder filled", () => {
    const kinds = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 60; seed++) {
        for (const e of fight(name, seed).events) {
          const line = formatPhasesEvent(e, t);
          kinds.add(e.kind);
          expect(line, JSON.stringify(e)).not.toMatch(/FRAY\./);
          expect(line, JSON.stringify(e)).not.toMatch(/\{\w+\}/);
          expect(line.length).toBeGreaterThan(3);
        }
      }
    }
    expect(kinds.size).toBe(18);
  });

  it("keys only under FRAY.Phases.Log", () => {
    const own = JSON.parse(readFileSync(new URL("../lang/runner.json", import.meta.url), "utf8"));
    expect(Object.keys(own)).toEqual(["FRAY"]);
    expect(Object.keys(own.FRAY)).toEqual(["Phases"]);
    expect(Object.keys(own.FRAY.Phases)).toEqual(["Log"]);
  });

  it("an initiative, a move, an attack, a damage on a miss and a save, each number named", () => {
    const lines = ([
      {
        kind: "initiative", round: 2, order: ["Odo", "Gob"],
        rolls: [
          { actor: "Odo", dice: [3, 4], int: 3, agi: 0, score: 10, tieBreaks: [5] },
          { actor: "Gob", dice: [6, 2], int: 0, agi: 2, score: 10, tieBreaks: [2] },
        ],
      },
      {
        kind: "move", round: 2, actor: "Gob", power: "Hustle", movement: "hustle",
        phase: "movement", path: [{ i: 6, j: 1 }, { i: 5, j: 2 }, { i: 4, j: 2 }], cost: 3,
        allowance: 8, difficult: [{ i: 4, j: 2 }], provoked: ["a4"], stopped: "slowed", at: null,
      },
      {
        kind: "attack", round: 2, id: "a5", attacker: "Odo", target: "Gob", dice: [2, 6, 3],
        natural: 9, total: 12, hit: true, power: "Searing Light", attackKind: "ranged",
        opportunity: false, trigger: null, distance: 3, atk: 3, def: 11,
        sources: [{ source: "target:exposed", amount: 1 }, { source: "tier", amount: 1 }],
        net: 2, edge: 2, extraDie: 8, kept: [6, 3],
      },
      {
        kind: "damage", round: 2, source: "Odo", target: "Gob", amount: 2, dice: [5],
        reason: "miss", attack: "a5", hpBefore: 9, hpAfter: 7, die: 8, bonus: 0, onMiss: "half",
      },
      {
        kind: "save", round: 2, actor: "Gob", condition: "exposed", duration: "saveEnds",
        dice: [3, 4], total: 7, success: true,
      },
    ] satisfies PhasesEvent[]).map((e) => formatPhasesEvent(e, t));
    expect(lines).toEqual([
      "Initiative: Odo 2d6 [3, 4] + 3 INT + 0 AGI = 10, tie broken by d6 [5]; Gob 2d6 [6, 2] + 0"
        + " INT + 2 AGI = 10, tie broken by d6 [2]. Order, highest first: Odo, Gob.",
      "Gob uses Hustle: 2 squares, cost 3 of 8: (6, 1) → (5, 2) → (4, 2); difficult terrain at"
        + " (4, 2); provoked a4; Slowed, it stops.",
      "a5: Odo makes a ranged attack on Gob with Searing Light (3 squares): dice [2, 6, d8: 3],"
        + " keeps [6, 3] = 9 + 3 ATK = 12 against DEF 11 (edge target:exposed + 1, tier + 1;"
        + " net + 2, stepped + 2): a hit.",
      "Gob takes 2 damage from Odo (a5: [5] + 0, halved on a miss): 9 → 7 HP.",
      "Gob saves against Exposed: 2d6 [3, 4] = 7: it ends.",
    ]);
    expect(formatPhasesEvent({ kind: "end", round: 30, winner: "draw" }, t))
      .toBe("The fight ends in a draw after round 30.");
    expect(formatPhasesEvent({ kind: "end", round: 4, winner: "party" }, t))
      .toBe("The fight ends in round 4: the party win.");
  });
});
