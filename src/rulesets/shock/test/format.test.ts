import { describe, expect, it } from "vitest";
import { rulesetLang } from "../../../../scripts/lib/lang";
import { formatShockEvent } from "../encounter/format";
import { localizerFor } from "../../../engine/i18n";
import type { ShockEvent } from "../encounter/events";
import { fight, FIGHTS } from "./fights";

// Every file of shock's lang/ folder, merged as the build merges them (en.json, runner.json…).
const lang = rulesetLang("shock");
const t = localizerFor(lang);

describe("the shock log's text (src/rulesets/shock/lang/en.json, runner.json)", () => {
  it("every event of many fights reads as a line with every key found and every placeholder filled", () => {
    const kinds = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 60; seed++) {
        for (const e of fight(name, seed, { surprised: seed % 5 === 0 ? ["foes"] : [] }).events) {
          const line = formatShockEvent(e, t);
          kinds.add(e.kind);
          expect(line, JSON.stringify(e)).not.toMatch(/FRAY\./);
          expect(line, JSON.stringify(e)).not.toMatch(/\{\w+\}/);
          expect(line.length).toBeGreaterThan(3);
        }
      }
    }
    expect(kinds.size).toBeGreaterThanOrEqual(18);
  });

  it("keys only under FRAY.Shock (the runner's own only under FRAY.Shock.Log)", async () => {
    const { readFileSync } = await import("node:fs");
    const read = (file: string) => JSON.parse(readFileSync(new URL(`../lang/${file}`, import.meta.url), "utf8")) as Record<string, Record<string, object>>;
    const en = read("en.json");
    expect(Object.keys(en)).toEqual(["FRAY"]);
    expect(Object.keys(en.FRAY!)).toEqual(["Shock"]);
    const own = read("runner.json");
    expect(Object.keys(own)).toEqual(["FRAY"]);
    expect(Object.keys(own.FRAY!)).toEqual(["Shock"]);
    expect(Object.keys(own.FRAY!.Shock!)).toEqual(["Log"]);
  });

  it("an attack line shows the d20, each modifier by source, the AC and the result", () => {
    const e: ShockEvent = {
      kind: "attack", round: 1, id: "a1", attacker: "Wenna", target: "Cutthroat", weapon: "Arming Sword", attackKind: "charge", feet: 0,
      dice: [11], natural: 11, modifiers: [{ source: "attackBonus", value: 1 }, { source: "charge", value: 2 }], total: 14,
      ac: 13, acAdjustments: [], targetAc: 13, hit: true, decidedBy: "total", shock: { amount: 2, ac: 13 }, screenedFrom: null,
    };
    expect(formatShockEvent(e, t)).toBe("Wenna attacks Cutthroat with Arming Sword (charge): d20 11 + 1 (attackBonus) + 2 (charge) = 14 vs AC 13 — hit.");
    const shock: ShockEvent = {
      kind: "damage", round: 1, source: "A", target: "B", attack: "a1", reason: "shock", dice: [], base: 0, swarmBonus: 0, floor: 2,
      amount: 0, absorbedBy: "shield", hpBefore: 5, hpAfter: 5,
    };
    expect(formatShockEvent(shock, t)).toBe("B's shield turns aside 2 Shock from A.");
  });
});
