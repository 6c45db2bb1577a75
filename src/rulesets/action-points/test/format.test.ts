import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { formatApEvent } from "../encounter/format";
import type { ApEvent, CheckLog } from "../encounter/events";
import { fight, FIGHTS } from "./fights";

/**
 * The action-points log's text (`encounter/format.ts` through `lang/runner.json` and the sizes of
 * `lang/en.json`): every event of many fights reads as a line with every key found and every
 * placeholder filled, and the lines of an attack, a reaction, a move and a damage say what their
 * numbers are.
 */
const t = localizerFor(languageFor("action-points"));

describe("the action-points log's text (lang/runner.json)", { timeout: 60_000 }, () => {
  it("every event of many fights reads as a line, every key found and placeholder filled", () => {
    const kinds = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 60; seed++) {
        const surprised = seed % 5 === 0 ? { surprised: "foes" as const } : {};
        for (const e of fight(name, seed, surprised).events) {
          const line = formatApEvent(e, t);
          kinds.add(e.kind);
          expect(line, JSON.stringify(e)).not.toMatch(/FRAY\./);
          expect(line, JSON.stringify(e)).not.toMatch(/\{\w+\}/);
          expect(line.length).toBeGreaterThan(3);
        }
      }
    }
    expect(kinds.size).toBe(17);
  });

  it("keys only under FRAY.ActionPoints.Log", () => {
    const own = JSON.parse(readFileSync(new URL("../lang/runner.json", import.meta.url), "utf8"));
    expect(Object.keys(own)).toEqual(["FRAY"]);
    expect(Object.keys(own.FRAY)).toEqual(["ActionPoints"]);
    expect(Object.keys(own.FRAY.ActionPoints)).toEqual(["Log"]);
  });

  it("an attack, a reaction, a move and a damage, each number named", () => {
    const check: CheckLog = {
      skill: "melee", value: 55, modifiers: [{ source: "gangUp", value: 10 }], target: 65,
      edge: "none", edgeSources: [], dice: [32], kept: 32, level: "hard",
    };
    const lines = ([
      {
        kind: "attack", round: 1, id: "a3", attacker: "Tamsin Holt", target: "Goblin", dice: [32],
        natural: 32, total: 32, hit: true, attackKind: "attack", with: "Arming Sword", melee: true,
        distance: 1, check, trigger: null, answers: null,
      },
      {
        kind: "reaction", round: 1, attack: "a3", by: "Goblin", reaction: "dodge", rp: 1,
        check: {
          skill: "agility", value: 50, modifiers: [], target: 50, edge: "advantage",
          edgeSources: [{ source: "totalDefense", edge: 1 }], dice: [70, 20], kept: 20, level: "hard",
        },
        attackLevel: "hard", shift: 0, won: false,
      },
      {
        kind: "move", round: 1, actor: "Goblin", reason: "move",
        path: [{ q: 0, r: 1 }, { q: 1, r: 1 }, { q: 2, r: 0 }], ap: 1,
      },
      {
        kind: "damage", round: 1, source: "Tamsin Holt", target: "Goblin", amount: 9, dice: [8],
        reason: "hit", attack: "a3", hpBefore: 12, hpAfter: 3, level: "hard", die: 8, bonus: 1,
        multiplier: 1, interceptedFrom: null,
      },
      {
        kind: "pool", round: 1, actor: "Goblin", pool: "rp", delta: -1, before: 2, after: 1,
        cause: "dodge",
      },
    ] satisfies ApEvent[]).map((e) => formatApEvent(e, t));
    expect(lines).toEqual([
      "Tamsin Holt attacks Goblin with Arming Sword (range 1): d100 32 under Melee 55 + 10 (gangUp)"
        + " = 65: hard success — it hits unless a reaction wins.",
      "Goblin answers a3 with Dodge (1 RP): d100 70, 20, keeps 20 under Agility 50 = 50 with"
        + " Advantage (totalDefense): hard success against a hard success — it fails.",
      "Goblin moves 2 hexes (1 AP): (0, 1) → (1, 1) → (2, 0).",
      "Goblin takes 9 damage from Tamsin Holt (a3: [8] + 1, hard success, ×1): 12 → 3 HP.",
      "Goblin: RP 2 → 1 (− 1, Dodge).",
    ]);
    expect(formatApEvent({ kind: "end", round: 30, winner: "draw" }, t))
      .toBe("The fight ends in a draw after round 30.");
    expect(formatApEvent({ kind: "end", round: 4, winner: "party" }, t))
      .toBe("The fight ends in round 4: the party wins.");
  });
});
