import { describe, expect, it } from "vitest";
import { rulesetLang } from "../../../../scripts/lib/lang";
import { formatShockEvent } from "../encounter/format";
import { localizerFor } from "../../../engine/i18n";
import type { ShockEvent } from "../encounter/events";
import { fight, FIGHTS } from "./fights";

// Every file of shock's lang/ folder, merged as the build merges them (en.json, runner.json…).
const lang = rulesetLang("shock");
const t = localizerFor(lang);

describe(
  "the shock log's text (src/rulesets/shock/lang/en.json, runner.json)",
  { timeout: 60_000 },
  () => {
    it("every event of many fights reads as a line with every key found and every placeholder "
      + "filled", () => {
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
      const read = (file: string) =>
        JSON.parse(readFileSync(new URL(`../lang/${file}`, import.meta.url), "utf8")) as Record<
          string,
          Record<string, object>
        >;
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
        kind: "attack",
        round: 1,
        id: "a1",
        attacker: "Wenna",
        target: "Cutthroat",
        weapon: "Arming Sword",
        attackKind: "charge",
        feet: 0,
        dice: [11],
        natural: 11,
        modifiers: [
          { source: "attackBonus", value: 1 },
          { source: "charge", value: 2 },
        ],
        total: 14,
        ac: 13,
        acAdjustments: [],
        targetAc: 13,
        hit: true,
        decidedBy: "total",
        shock: { amount: 2, ac: 13 },
        screenedFrom: null,
      };
      expect(formatShockEvent(e, t)).toBe(
        "Wenna attacks Cutthroat with Arming Sword (charge): d20 11 + 1 (attackBonus) + 2 (charge) = 14 vs AC 13 — hit.",
      );
      const shock: ShockEvent = {
        kind: "damage",
        round: 1,
        source: "A",
        target: "B",
        attack: "a1",
        reason: "shock",
        dice: [],
        base: 0,
        swarmBonus: 0,
        floor: 2,
        amount: 0,
        absorbedBy: "shield",
        hpBefore: 5,
        hpAfter: 5,
      };
      expect(formatShockEvent(shock, t)).toBe("B's shield turns aside 2 Shock from A.");
    });

    it("an opposed line shows every roll, each tie's re-rolls with the opponent they answer",
      () => {
        const r = (a: number, b: number, m: number) =>
          ({ dice: [a, b], natural: a + b, total: a + b + m });
        const str = [{ source: "attribute:str", value: 2 }];
        const strBrawl = [...str, { source: "skill:brawl", value: 2 }];
        const e: ShockEvent = {
          kind: "opposed", round: 5, purpose: "breakFree",
          single: { id: "Oskar", modifiers: str, rolls: [r(5, 6, 2), r(2, 1, 2)] },
          others: [
            { id: "S1", modifiers: strBrawl, rolls: [r(1, 3, 4)], against: [r(5, 6, 2)],
              singleWins: true },
            { id: "S2", modifiers: strBrawl, rolls: [r(4, 5, 4), r(2, 1, 4)],
              against: [r(5, 6, 2), r(2, 1, 2)], singleWins: false },
          ],
        };
        expect(formatShockEvent(e, t)).toBe("Breaking free: Oskar [5, 6]=13 vs S1 [1, 3]=8 "
          + "(beaten); S2 [4, 5]=13 → tie; Oskar [2, 1]=5 vs [2, 1]=7 (wins).");
      });

    it("the runner's position, shove and held-action lines", () => {
      const lines = (
        [
          {
            kind: "field",
            round: 0,
            spots: [
              { actor: "Lisbet", die: 4, spot: "halfCover" },
              { actor: "Oskar", die: null, spot: "open" },
            ],
          },
          { kind: "spot", round: 1, actor: "Mara", spot: "shadow", located: true },
          {
            kind: "shove",
            round: 1,
            attacker: "Oskar",
            target: "Captain",
            attack: "a3",
            result: "prone",
          },
          {
            kind: "shove",
            round: 1,
            attacker: "Oskar",
            target: "Captain",
            attack: "a3",
            result: "pushed",
          },
          {
            kind: "shove",
            round: 1,
            attacker: "Oskar",
            target: "Captain",
            attack: "a3",
            result: "resisted",
          },
          { kind: "prone", round: 1, actor: "Captain", prone: true, reason: "shoved" },
          { kind: "prone", round: 2, actor: "Captain", prone: false, reason: "stood" },
          {
            kind: "move", round: 1, actor: "Captain", to: null, feet: 5, reason: "pushed",
            action: null, paid: "forced",
          },
          { kind: "held", round: 1, actor: "Lisbet", outcome: "roundEnd" },
          { kind: "held", round: 1, actor: "Lisbet", outcome: "lost" },
          {
            kind: "reaction",
            round: 1,
            actor: "Lisbet",
            reaction: "heldAction",
            attack: "a4",
            changed: false,
          },
        ] satisfies ShockEvent[]
      ).map((e) => formatShockEvent(e, t));
      expect(lines).toEqual([
        "The field: Lisbet behind half cover (d6 4); Oskar in the open.",
        "Mara gives its place away (in shadow).",
        "Oskar shoves Captain to the ground instead of dealing damage.",
        "Oskar shoves Captain back a square instead of dealing damage.",
        "Oskar tries to shove Captain, who keeps its footing.",
        "Captain is knocked prone.",
        "Captain stands up.",
        "Captain is pushed back 5 ft.",
        "Lisbet takes its held action as the round ends.",
        "Lisbet's held action is lost with the round.",
        "Lisbet takes its held action in response, and it resolves first.",
      ]);
    });
  },
);
