import { planAttack, type AttackRequest } from "../rules/attack";
import { expectedDamage } from "../rules/odds";
import { SWARM_ASSISTANTS_MAX } from "../rules/constants";
import { dualWields, type Statblock, type Weapon } from "../rules/statblock";

/**
 * The runner asks for the exact odds of the same attacks over and over (every weapon choice, every
 * swarm plan, every Total Defense decision), and each answer enumerates the d20 and the damage
 * dice. An answer depends only on the attacker's statblock, the weapon and a few small facts of the
 * moment, so it is computed once and kept: per statblock (statblocks are read-only), then per
 * weapon, then per situation packed into one number. Across fights too: the bench and the trials
 * replay the same statblocks thousands of times.
 */
export interface Odds {
  /** The attack cannot be made (a bow in melee). */
  readonly forbidden: boolean;
  /** Expected damage (`rules/odds.ts`), 0 when forbidden. */
  readonly value: number;
}

/** What an attack's odds depend on besides the attacker and the weapon. */
export interface OddsSituation {
  /** The target's AC with its adjustments in force. */
  readonly ac: number;
  readonly snap: boolean;
  /** Other swarm assailants (the bonus stops at four). */
  readonly swarmOthers: number;
  /** A foe is in melee range of the attacker (matters for ranged and thrown weapons only). */
  readonly inMelee: boolean;
  readonly naturals: boolean;
  /** The target's guard against Shock (no immunity in the runner). */
  readonly totalDefense: boolean;
  readonly shieldReady: boolean;
}

const memo = new WeakMap<Statblock, Map<Weapon, Map<number, Odds>>>();

/** One number per situation: each flag a bit, the swarm count 3 bits, the AC in what is left. */
function keyOf(s: OddsSituation, weapon: Weapon): number {
  const inMelee = s.inMelee && weapon.kind !== "melee";
  const bits = (+s.snap << 0) | (+inMelee << 1) | (+s.naturals << 2) | (+s.totalDefense << 3) |
    (+s.shieldReady << 4) | (Math.min(s.swarmOthers, SWARM_ASSISTANTS_MAX) << 5);
  return s.ac * 256 + bits;
}

/** The odds of `attacker`'s attack with `weapon` in situation `s`, from the cache when known. */
export function attackOdds(attacker: Statblock, weapon: Weapon, s: OddsSituation): Odds {
  let byWeapon = memo.get(attacker);
  if (!byWeapon) memo.set(attacker, (byWeapon = new Map()));
  let bySituation = byWeapon.get(weapon);
  if (!bySituation) byWeapon.set(weapon, (bySituation = new Map()));
  const key = keyOf(s, weapon);
  let odds = bySituation.get(key);
  if (!odds) {
    const request: AttackRequest = {
      attacker, weapon, ac: s.ac, dualWield: dualWields(attacker), inMelee: s.inMelee, naturals: s.naturals, snap: s.snap,
      swarmOthers: s.swarmOthers,
    };
    const guard = { totalDefense: s.totalDefense, immune: false, shieldReady: s.shieldReady };
    odds = { forbidden: planAttack(request).forbidden !== null, value: expectedDamage(request, guard) };
    bySituation.set(key, odds);
  }
  return odds;
}
