import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parrySizeShift, rollUnderEdge } from "../../../engine/dice/roll-under";
import { SIZES } from "../rules/constants";
import { createFighter } from "../encounter/fighter";
import { takesNoReaction, winChance } from "../encounter/reaction-tactics";
import { statblock } from "./arena";

/**
 * `takesNoReaction` keeps its answer on the fighter by situation (`Fighter.passes`): asked again
 * and again in changing situations, a fighter answers as the tactics' rule says afresh each time:
 * no Dodge, no Block with a shield, no Parry or Riposte (melee, size allowing) at least 1 in 5.
 */
function afresh(
  skills: { agility: number; athletics: number; endurance: number; melee: number },
  shield: boolean, netEdge: number, rank: number, melee: boolean, shift: number | null,
): boolean {
  const edge = rollUnderEdge(netEdge);
  if (winChance(Math.max(skills.agility, skills.athletics), edge, rank, 0) >= 0.2) return false;
  if (shield && winChance(skills.endurance, edge, rank, 0) >= 0.2) return false;
  return shift === null || winChance(skills.melee, edge, rank, shift) < 0.2;
}

const skill = fc.integer({ min: 0, max: 120 });

describe("takesNoReaction kept by situation", () => {
  it("answers as the rule afresh, whatever came before, RP or none", () => {
    fc.assert(fc.property(
      fc.record({ agility: skill, athletics: skill, endurance: skill, melee: skill }),
      fc.boolean(), fc.constantFrom(...SIZES),
      fc.array(fc.record({
        totalDefense: fc.boolean(), grappling: fc.boolean(), rank: fc.integer({ min: 0, max: 5 }),
        melee: fc.boolean(), size: fc.constantFrom(...SIZES), rp: fc.integer({ min: 0, max: 3 }),
      }), { minLength: 1, maxLength: 40 }),
      (skills, shield, size, asks) => {
        const target = createFighter(
          statblock({ name: "t", skills, shield, size }), "t", "party", { q: 0, r: 0 }, false,
        );
        for (const a of asks) {
          const attacker = createFighter(
            statblock({ name: "a", size: a.size }), "a", "foes", { q: 5, r: 0 }, false,
          );
          target.totalDefense = a.totalDefense;
          target.grappling = a.grappling ? attacker : null;
          const rp = target.points.get("rp");
          if (rp > a.rp) target.points.spend("rp", rp - a.rp);
          else if (rp < a.rp) target.points.gain("rp", a.rp - rp);
          const net = (a.totalDefense ? 1 : 0) - (a.grappling ? 1 : 0);
          const shift = a.melee ? parrySizeShift(attacker.sizeRank, target.sizeRank) : null;
          const want = a.rp < 1 || afresh(skills, shield, net, a.rank, a.melee, shift);
          expect(takesNoReaction(target, attacker, a.rank, a.melee)).toBe(want);
        }
      },
    ), { numRuns: 300 });
  });
});
