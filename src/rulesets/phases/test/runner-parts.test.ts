import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runSync } from "../../../engine/dice/plan";
import { SeededRoller } from "../../../engine/dice/roller";
import { CONDITION_IDS, DURATIONS, type ConditionId, type Duration } from "../rules/constants";
import { rollRoundInitiative } from "../rules/initiative";
import { endPhasePlan } from "../rules/saves";
import { moveEdgeOf } from "../rules/movement";
import { movementPowersOf } from "../rules/statblock";
import { loggedEdge, netEdgeOf } from "../encounter/attack-edge";
import { createContext } from "../encounter/context";
import { endPhase, inflict } from "../encounter/effects";
import { createFighter, type Fighter } from "../encounter/fighter";
import { rollInitiative } from "../encounter/initiative";
import { moveMark } from "../encounter/movement";
import { block } from "./runner-fixtures";

/**
 * The runner's parts that roll or sum in place, against the rules they play: a round's
 * initiative (`encounter/initiative.ts`) draws the dice of the rules' `initiativePlan` and gives
 * its order, seed for seed, ties and roll-offs included; the End phase (`encounter/effects.ts`)
 * rolls the saves of the rules' `endPhasePlan` and ends what it ends; an unrecorded attack's net
 * edge (`encounter/attack-edge.ts`) is the net of the sources the rules list. Source:
 * `003_d18720f6cd315cc2.txt` §Initiative Phase, §End Phase, §Advantage / Disadvantage.
 */
const SLUGS = ["brakka-stone", "lysa-vell", "odo-marsh", "senna-quill", "bog-goblin",
  "goblin-archer", "orc-raider", "orc-shaman", "dire-boar", "skeleton-guard", "hill-troll",
  "ghoul", "cultist"];

function fighters(slugs: readonly string[]): Fighter[] {
  return slugs.map((s, k) => createFighter(block(s), `${s}-${k}`, k % 2 ? "foes" : "party", k));
}

describe("the runner's initiative, End phase and edge against the rules", () => {
  it("initiative: the dice and order of the rules' initiativePlan, seed for seed", () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...SLUGS), { minLength: 1, maxLength: 12 }), fc.integer(),
      (slugs, seed) => {
        const fs = fighters(slugs);
        const a = new SeededRoller(seed);
        const b = new SeededRoller(seed);
        const ctx = createContext({ record: false, roller: a, emit: () => undefined, fighters: fs });
        const order: Fighter[] = [];
        rollInitiative(ctx, fs, order);
        const rules = rollRoundInitiative(
          fs.map((f) => ({ id: f.key, int: f.block.int, agi: f.block.agi })), b,
        );
        expect(order.map((f) => f.key)).toEqual(rules.map((r) => r.id));
        for (const r of rules) {
          const f = fs.find((x) => x.key === r.id) as Fighter;
          expect([f.die1, f.die2]).toEqual(r.dice);
          expect(f.score).toBe(r.score);
          expect(f.tieBreaks).toEqual(r.tiebreaks);
        }
        expect(a.next()).toBe(b.next());
      },
    ), { numRuns: 400 });
  });

  it("initiative with many ties (ten of one statblock) still matches, over 300 seeds", () => {
    let rollOffs = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const fs = fighters(Array(10).fill("cultist"));
      const a = new SeededRoller(seed);
      const b = new SeededRoller(seed);
      const ctx = createContext({ record: false, roller: a, emit: () => undefined, fighters: fs });
      const order: Fighter[] = [];
      rollInitiative(ctx, fs, order);
      const rules = rollRoundInitiative(fs.map((f) => ({ id: f.key, int: 2, agi: 1 })), b);
      expect(order.map((f) => f.key)).toEqual(rules.map((r) => r.id));
      rollOffs += fs.filter((f) => f.tieBreaks.length > 1).length;
      expect(a.next()).toBe(b.next());
    }
    expect(rollOffs).toBeGreaterThan(0);
  });

  it("the End phase: the saves of the rules' endPhasePlan, and what ends", () => {
    const effect = fc.record({
      condition: fc.constantFrom(...CONDITION_IDS), duration: fc.constantFrom(...DURATIONS),
    });
    fc.assert(fc.property(fc.array(effect, { maxLength: 6 }), fc.integer(), (list, seed) => {
      const [f, source] = fighters(["ghoul", "cultist"]) as [Fighter, Fighter];
      const a = new SeededRoller(seed);
      const ctx = createContext({ record: true, roller: a, emit: () => undefined, fighters: [f] });
      ctx.round = 3;
      for (const e of list) {
        inflict(ctx, f, e.condition as ConditionId, e.duration as Duration, source, "hit");
      }
      const timed = f.effects.map((e) => ({
        key: String(e.key), bearer: f.key, source: e.source, duration: e.duration, armed: true,
      }));
      const b = new SeededRoller(seed);
      const rules = runSync(endPhasePlan(timed, 3), b);
      endPhase(ctx);
      expect(f.effects.map((e) => String(e.key))).toEqual(rules.kept.map((e) => e.key));
      expect(a.next()).toBe(b.next());
    }), { numRuns: 300 });
  });

  it("an unrecorded attack's net edge is the net of the sources the rules list", () => {
    const powers = movementPowersOf(block("dire-boar"));
    fc.assert(fc.property(
      fc.constantFrom(...SLUGS), fc.constantFrom(...SLUGS),
      fc.array(fc.constantFrom(...CONDITION_IDS), { maxLength: 3 }),
      fc.array(fc.constantFrom(...CONDITION_IDS), { maxLength: 3 }),
      fc.array(fc.constantFrom(...powers), { maxLength: 3 }),
      fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom("melee" as const, "ranged" as const),
      (x, y, own, theirs, moves, seized, defending, atTarget, kind) => {
        const [a, t] = fighters([x, y]) as [Fighter, Fighter];
        let key = 0;
        for (const c of own) a.effects.push({ key: key++, condition: c, duration: { name: "saveEnds", round: 1 }, source: t.key });
        for (const c of theirs) t.effects.push({ key: key++, condition: c, duration: { name: "saveEnds", round: 1 }, source: a.key });
        for (const p of moves) {
          const edge = moveEdgeOf(p, atTarget ? t.key : "someone");
          if (edge) a.moveMarks.push({ edge, until: 1, mark: moveMark(p) });
        }
        t.seized = seized;
        t.defending = defending;
        expect(netEdgeOf(a, t, kind)).toBe(loggedEdge(a, t, kind).net);
      },
    ), { numRuns: 1000 });
  });
});
