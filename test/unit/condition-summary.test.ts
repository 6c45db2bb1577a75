import { describe, expect, it } from "vitest";
import { critThreshold, planAttack } from "../../src/rulesets/escalation/rules/attack";
import { CONDITION_IDS, CONDITIONS, carriesFlag, expandConditions, summarizeConditions, type ConditionFlag } from "../../src/rulesets/escalation/rules/conditions";

/**
 * The headless runner reads a fighter's conditions through `summarizeConditions` (kept in step by
 * `setEffects`) instead of `planAttack`'s and `carriesFlag`'s scans: the answers must be the same
 * for every pair of conditions on attacker and target.
 */
const SETS: string[][] = [[], ...CONDITION_IDS.map((c) => [c]), ...CONDITION_IDS.flatMap((a, i) => CONDITION_IDS.slice(i + 1).map((b) => [a, b]))];
const FLAGS = [
  "escalationAsZero", "cannotMove", "losesMove", "coupDeGrace", "basicAttacksOnly", "grabbed", "attackerSaveFirst", "oddNaturalSelfDamage",
] as const satisfies readonly ConditionFlag[];

describe("condition summaries", () => {
  it("carry the same flags and sums as the expanded conditions", () => {
    for (const ids of SETS) {
      const s = summarizeConditions(ids);
      for (const flag of FLAGS) expect(s[flag], `${ids} ${flag}`).toBe(carriesFlag(ids, flag));
      const expanded = [...expandConditions(ids)];
      expect(s.saveEdge).toBe(expanded.reduce((t, id) => t + CONDITIONS[id].saveEdge, 0));
      expect(critThreshold(expanded, false)).toBe(critThreshold([], false) - s.critRangeAgainst);
    }
  });

  it("give planAttack's edge for every pair of attacker and target conditions, grabbed by the attacker or not", () => {
    for (const mine of SETS) {
      for (const theirs of SETS) {
        for (const grabbedByAttacker of [false, true]) {
          const plan = planAttack({
            attacker: { level: 1, volition: 0, isPC: true, usesEscalation: true, conditions: mine },
            target: { defenses: { ac: 10, pd: 10, md: 10 }, conditions: theirs, weaknesses: [], grabbedByAttacker },
            defense: "ac", escalationDie: 0, damageTypes: [],
          });
          const a = summarizeConditions(mine);
          const t = summarizeConditions(theirs);
          expect(a.attackEdge + t.edgeAgainst + (t.grabbed && grabbedByAttacker ? 1 : 0), `${mine} vs ${theirs}`).toBe(plan.edge);
        }
      }
    }
  });
});
