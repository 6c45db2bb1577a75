import { planAttack, type AttackPlan, type AttackRequest } from "../rules/attack";
import { CHARGE_AC, SWARM_ASSISTANTS_MAX, TOTAL_DEFENSE_AC } from "../rules/constants";
import { expectedDamage } from "../rules/odds";
import { dualWields, type Statblock, type Weapon } from "../rules/statblock";

/**
 * The runner plans the same attacks over and over, and weighs their exact odds for every weapon
 * choice, swarm plan and Total Defense decision (each answer enumerates the d20 and the damage
 * dice). Both depend only on the attacker's statblock, the weapon and a few small facts of the
 * moment, so each is computed once and kept: per statblock (statblocks are read-only), then per
 * weapon, then per situation packed into one number. Across fights too: the bench and the trials
 * replay the same statblocks thousands of times. Cached plans are shared: nobody may change them.
 */
export interface Odds {
  /** The attack cannot be made (a bow in melee). */
  readonly forbidden: boolean;
  /** Expected damage (`rules/odds.ts`), 0 when forbidden. */
  readonly value: number;
}

/** What an attack's plan depends on besides the attacker and the weapon. */
export interface PlanSituation {
  /** The target's AC before adjustments. */
  readonly ac: number;
  /** The target charged this round (−2 AC) / is in Total Defense (+2 AC). */
  readonly targetCharged: boolean;
  readonly targetDefending: boolean;
  readonly charge: boolean;
  readonly snap: boolean;
  /** Other swarm assailants (the bonus stops at four). */
  readonly swarmOthers: number;
  /** A foe is in melee range of the attacker (matters for ranged and thrown weapons only). */
  readonly inMelee: boolean;
  readonly naturals: boolean;
}

type Memo<T> = WeakMap<Statblock, Map<Weapon, Map<number, T>>>;
const plans: Memo<AttackPlan> = new WeakMap();
const odds: Memo<Odds> = new WeakMap();

/** One number per situation: each flag a bit, the swarm count 3 bits, the AC in what is left. */
function keyOf(s: PlanSituation, weapon: Weapon, shield = false): number {
  const inMelee = s.inMelee && weapon.kind !== "melee";
  const bits = +s.targetCharged | (+s.targetDefending << 1) | (+s.charge << 2) | (+s.snap << 3) |
    (+inMelee << 4) | (+s.naturals << 5) | (+shield << 6) | (Math.min(s.swarmOthers, SWARM_ASSISTANTS_MAX) << 7);
  return s.ac * 1024 + bits;
}

function cached<T>(memo: Memo<T>, attacker: Statblock, weapon: Weapon, key: number, make: () => T): T {
  let byWeapon = memo.get(attacker);
  if (!byWeapon) memo.set(attacker, (byWeapon = new Map()));
  let bySituation = byWeapon.get(weapon);
  if (!bySituation) byWeapon.set(weapon, (bySituation = new Map()));
  let value = bySituation.get(key);
  if (value === undefined) bySituation.set(key, (value = make()));
  return value;
}

function requestOf(attacker: Statblock, weapon: Weapon, s: PlanSituation): AttackRequest {
  const acAdjustments = [];
  if (s.targetCharged) acAdjustments.push({ source: "charge", value: CHARGE_AC });
  if (s.targetDefending) acAdjustments.push({ source: "totalDefense", value: TOTAL_DEFENSE_AC });
  return {
    attacker, weapon, ac: s.ac, acAdjustments, charge: s.charge, snap: s.snap, swarmOthers: s.swarmOthers,
    dualWield: dualWields(attacker), inMelee: s.inMelee, naturals: s.naturals,
  };
}

/** `planAttack` of `attacker`'s attack with `weapon` in situation `s`, from the cache when known. */
export function attackPlan(attacker: Statblock, weapon: Weapon, s: PlanSituation): AttackPlan {
  return cached(plans, attacker, weapon, keyOf(s, weapon), () => planAttack(requestOf(attacker, weapon, s)));
}

/**
 * The odds of `attacker`'s attack with `weapon` in situation `s`, from the cache when known.
 * @param shieldReady the target's shield will ignore the next Shock (its guard, with `targetDefending`).
 */
export function attackOdds(attacker: Statblock, weapon: Weapon, s: PlanSituation, shieldReady: boolean): Odds {
  return cached(odds, attacker, weapon, keyOf(s, weapon, shieldReady), () => {
    const request = requestOf(attacker, weapon, s);
    const guard = { totalDefense: s.targetDefending, immune: false, shieldReady };
    return { forbidden: planAttack(request).forbidden !== null, value: expectedDamage(request, guard) };
  });
}
