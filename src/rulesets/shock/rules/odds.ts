import { checkOdds, sumDistribution } from "../../../engine/dice/check";
import { planAttack, type AttackRequest } from "./attack";
import { absorbShock, hitDamage, missShock, type ShockGuard } from "./damage";
import { swarmBonus } from "./swarm";

/**
 * The exact expected damage of one attack, for tactics that weigh a swarm against separate
 * attacks: P(hit) × mean hit damage + P(miss) × the Shock that would land through the target's
 * guard. Every outcome of the d20 and of the damage dice is enumerated.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Damage, §Shock, §Make a Swarm Attack.
 */
export function expectedDamage(request: AttackRequest, guard: ShockGuard): number {
  const plan = planAttack(request);
  if (plan.forbidden) return 0;
  const { successes, total } = checkOdds(plan.check);
  const pHit = successes / total;
  const target = plan.check.target;
  const swarm = (request.swarmOthers ?? 0) > 0;
  const dual = request.dualWieldDamage ?? false;
  const shock = missShock(request.attacker, request.weapon, target, swarm, dual);
  const landed = absorbShock(shock, guard).amount;
  return pHit * meanHit(request, target) + (1 - pHit) * landed;
}

/** Mean hit damage over every face combination of the weapon's dice. */
function meanHit(request: AttackRequest, ac: number): number {
  const w = request.weapon;
  const bonus = request.swarmOthers ? swarmBonus(request.swarmOthers).damage : 0;
  // The dice only matter through their sum except for the cap, so one representative per sum is
  // exact.
  const { counts, total } = sumDistribution(w.dice, w.die);
  let sum = 0;
  counts.forEach((c, natural) => {
    if (!c) return;
    const dice = representative(natural, w.dice, w.die);
    const d = hitDamage({
      wielder: request.attacker, weapon: w, dice, ac, dualWield: request.dualWieldDamage ?? false,
      swarmDamage: bonus, swarm: bonus > 0,
    });
    sum += c * d.amount;
  });
  return sum / total;
}

/** Some dice of `count` × d`faces` summing to `natural` (hitDamage reads only their sum).
 * @throws RangeError when no such dice exist. */
export function representative(natural: number, count: number, faces: number): number[] {
  const dice: number[] = [];
  let left = natural;
  for (let i = count; i > 0; i--) {
    const d = Math.min(faces, left - (i - 1));
    dice.push(d);
    left -= d;
  }
  if (left !== 0 || dice.some((d) => d < 1)) {
    throw new RangeError(`${count}d${faces} cannot sum to ${natural}`);
  }
  return dice;
}
