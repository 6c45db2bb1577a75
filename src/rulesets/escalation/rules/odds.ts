import { poolDistribution } from "../../../engine/dice/distribution";
import { NATURAL_CRIT_FAIL } from "./constants";
import type { AttackPlan } from "./attack";

/**
 * Exact odds of an attack plan, as integer counts over all equally likely outcomes of its pool
 * (`hit / total` is the probability). Same rules as `resolveAttack`: natural 3 misses, a natural at
 * or above the crit threshold hits and crits, otherwise total ≥ defense hits.
 */
export interface AttackOdds {
  readonly hit: number;
  readonly crit: number;
  readonly critFail: number;
  readonly total: number;
}

export function attackOdds(
  plan: Pick<AttackPlan, "pool" | "modifier" | "defenseValue" | "critMin">,
): AttackOdds {
  const { counts, total } = poolDistribution(plan.pool);
  let hit = 0;
  let crit = 0;
  let critFail = 0;
  counts.forEach((count, natural) => {
    if (!count) return;
    if (natural === NATURAL_CRIT_FAIL) {
      critFail += count;
      return;
    }
    const isCrit = natural >= plan.critMin;
    if (isCrit) crit += count;
    if (isCrit || natural + plan.modifier >= plan.defenseValue) hit += count;
  });
  return { hit, crit, critFail, total };
}
