import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import { runWindow } from "../../../engine/resolution/window/drive";
import { attackPlan } from "../rules/attack";
import { planCheck, resolveCheck } from "../rules/checks";
import { AP_WINDOW } from "../rules/reaction-window";
import type { Weapon } from "../rules/statblock";
import { CheckSlot, planFor, rollCheck } from "../encounter/check-roll";
import { unanswered } from "../encounter/attack-window";
import { block } from "./fights";
import { context, fighter, trio } from "./fixtures";

/**
 * The runner's checks against the rules': a kept attack plan is `attackPlan`'s for its situation,
 * a check rolled with `rollCheck` is `resolveCheck` on the same dice for every target and edge,
 * and a failed attack check is what the window settles at once as a miss, with nothing offered
 * and no die rolled (so the runner opens no window for it). Source: RULINGS.md §action-points
 * Checks, Reactions; `004_2cc57162401858c9.txt` §Dodge/Parry ("When an attack… would succeed").
 */
describe("the runner's checks (RULINGS §Checks)", () => {
  const slot = new CheckSlot(planCheck(50));

  it("rollCheck is resolveCheck on the same d100s, for every target and edge", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 130 }), fc.constantFrom(-1, 0, 1), fc.integer(),
      (skill, edge, seed) => {
        const plan = planCheck(skill, [], edge ? [{ source: "x", edge: edge as 1 | -1 }] : []);
        const a = new SeededRoller(seed);
        const got = rollCheck(plan, a);
        expect(got).toEqual(resolveCheck(plan, got.dice));
        const b = new SeededRoller(seed);
        expect(got.dice).toEqual(got.dice.map(() => b.die(100)));
        // Rolled into a slot (reused from run to run): the same result from the same dice.
        expect(rollCheck(plan, new SeededRoller(seed), slot)).toEqual(got);
      },
    ), { numRuns: 3000 });
  });

  it("a kept plan is the rules' attackPlan for the same situation", () => {
    const ivo = block("ivo-dask");
    const reyna = block("reyna-fell");
    const oswin = block("oswin-clay");
    const cases: [typeof ivo, { weapon: Weapon } | { spell: (typeof oswin.spells)[number] }][] = [
      [ivo, { weapon: ivo.weapons[0]! }], [ivo, { weapon: ivo.weapons[1]! }],
      [reyna, { weapon: reyna.weapons[0]! }], [oswin, { spell: oswin.spells[0]! }],
    ];
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 4 }),
      fc.boolean(), fc.boolean(),
      (k, distance, threateners, grappling, reaction) => {
        const [b, with_] = cases[k]!;
        const edgeSources = grappling ? [{ source: "grappling", edge: -1 as const }] : [];
        expect(planFor(b, with_, distance, threateners, grappling, reaction)).toEqual(
          attackPlan(b, with_, { distance, threateners, edgeSources, reactionAttack: reaction }),
        );
      },
    ), { numRuns: 2000 });
  });

  it("a failed attack check settles as a miss with nothing offered and no die rolled", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 }),
      (skill, roll) => {
        const c = context({ attack: { target: skill, edge: 0, dice: [roll] } });
        fc.pre(resolveCheck(planCheck(skill), [roll]).level === "failure"
          || resolveCheck(planCheck(skill), [roll]).level === "criticalFailure");
        const rolled: number[] = [];
        const run = runWindow(AP_WINDOW, c, { die: (f) => (rolled.push(f), 1) }, {
          choose: () => {
            throw new Error("nothing may be offered against a failed check");
          },
        });
        expect(rolled).toEqual([]);
        expect(run.effects.map((e) => e.kind)).toEqual(["settle"]);
        expect(run.state.settlement).toMatchObject({ hit: false, target: null, damage: 0, dice: [] });
      },
    ), { numRuns: 500 });
  });

  it("a hit nobody can answer settles as the window settles it: the same dice and damage", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 3 }),
      fc.constantFrom(4, 6, 8, 10, 12), fc.integer({ min: -2, max: 5 }), fc.integer(),
      (roll, dice, die, bonus, seed) => {
        const damage = { dice, die, bonus };
        const c = context({
          attack: { target: 60, edge: 0, dice: [roll] }, interceptors: [], damage,
          fighters: { ...trio({}), hero: fighter({ rp: 0 }) },
        });
        const check = resolveCheck(planCheck(60), [roll]);
        fc.pre(check.level !== "failure" && check.level !== "criticalFailure");
        const run = runWindow(AP_WINDOW, c, new SeededRoller(seed), {
          choose: () => {
            throw new Error("nothing may be offered to a target without RP");
          },
        });
        const mine = unanswered({ id: "a1", check, damage }, new SeededRoller(seed));
        expect(run.state.settlement).toMatchObject({
          hit: true, target: "hero", level: mine.level, multiplier: mine.multiplier,
          dice: mine.dice, damage: mine.amount,
        });
      },
    ), { numRuns: 500 });
  });
});
