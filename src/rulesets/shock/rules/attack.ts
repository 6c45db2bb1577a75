import {
  planCheck, resolveCheck, type CheckOutcome, type CheckPlan, type Modifier,
} from "../../../engine/dice/check";
import {
  ATTACK_DIE, CHARGE_HIT, DUAL_WIELD_HIT, NATURALS_DEFAULT, RANGED_IN_MELEE, SNAP_PENALTY,
} from "./constants";
import { situationModifiers, type Situation } from "./situations";
import { weaponAttribute, type Statblock, type Weapon } from "./statblock";
import { swarmBonus } from "./swarm";

/**
 * The attack roll of the `shock` ruleset: 1d20 + attack bonus + the better of the weapon's
 * attribute modifiers + the combat skill + the weapon's magic, against AC; with the natural 20/1
 * option (on by default) and the named modifiers of charge, snap attack, swarm, dual wielding and
 * the situation table.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Charge, §Make a Snap Attack, §Make a Swarm
 * Attack, §Dual Wielding Weapons, §Make a Ranged Attack; RULINGS.md §shock Attack, NPCs.
 */
export interface AttackRequest {
  readonly attacker: Pick<Statblock, "attackBonus" | "attributes" | "skills">;
  readonly weapon: Weapon;
  /** The target's AC before adjustments. */
  readonly ac: number;
  /** AC changes in force (Total Defense +2, a charger's −2), by source. */
  readonly acAdjustments?: readonly Modifier[];
  readonly charge?: boolean;
  readonly snap?: boolean;
  /** Other assailants who swarmed this target this round (a Swarm Attack's striker). */
  readonly swarmOthers?: number;
  /** The attacker dual-wields (−1 on every attack). */
  readonly dualWield?: boolean;
  /**
   * A hit gets the dual-wielding +2 (`dualWieldDamageApplies`: one of the two wielded weapons, on
   * a target within range of both); read by the odds, not by the roll.
   */
  readonly dualWieldDamage?: boolean;
  /** A foe is in melee range of the attacker (matters for ranged and thrown weapons). */
  readonly inMelee?: boolean;
  readonly situations?: readonly Situation[];
  /** The natural 20/1 option (RULINGS.md §shock Attack, on by default). */
  readonly naturals?: boolean;
}

export interface AttackPlan {
  readonly check: CheckPlan;
  readonly ac: number;
  readonly acAdjustments: readonly Modifier[];
  /** Why the attack cannot be made (a bow in melee, an unseen and unlocated target), else null. */
  readonly forbidden: Situation | null;
}

export interface AttackOutcome extends CheckOutcome {
  readonly hit: boolean;
}

/** Every modifier of the attack, by source; zero terms are kept out of the list. */
export function attackModifiers(
  request: AttackRequest,
): { modifiers: Modifier[]; forbidden: Situation | null } {
  const { attacker, weapon } = request;
  const attr = weaponAttribute(attacker, weapon);
  const terms: Modifier[] = [
    { source: "attackBonus", value: attacker.attackBonus },
    { source: `attribute:${attr.attribute}`, value: attr.modifier },
    { source: `skill:${weapon.skill}`, value: attacker.skills[weapon.skill] },
    { source: "magic", value: weapon.magic },
  ];
  if (request.charge) terms.push({ source: "charge", value: CHARGE_HIT });
  if (request.snap) terms.push({ source: "snap", value: SNAP_PENALTY });
  if (request.swarmOthers)
    terms.push({ source: "swarm", value: swarmBonus(request.swarmOthers).hit });
  if (request.dualWield) terms.push({ source: "dualWield", value: DUAL_WIELD_HIT });
  const toggles = new Set(request.situations ?? []);
  if (request.inMelee && weapon.kind !== "melee") {
    toggles.add(weapon.kind === "ranged" && weapon.twoHanded ? "bowInMelee" : "thrownInMelee");
  }
  const situational = situationModifiers(toggles);
  // One-handed ranged weapons in melee take the same −4 the table gives thrown ones (§Make a
  // Ranged Attack).
  for (const m of situational.modifiers) {
    if (m.source === "situation:thrownInMelee") Object.assign(m, { value: RANGED_IN_MELEE });
  }
  terms.push(...situational.modifiers);
  return { modifiers: terms.filter((t) => t.value !== 0), forbidden: situational.forbidden };
}

/** Says what to roll and against which AC. Pure: no dice are rolled here. */
export function planAttack(request: AttackRequest): AttackPlan {
  const { modifiers, forbidden } = attackModifiers(request);
  const acAdjustments = (request.acAdjustments ?? []).filter((a) => a.value !== 0);
  const target = request.ac + acAdjustments.reduce((s, a) => s + a.value, 0);
  const check = planCheck({
    dice: 1, faces: ATTACK_DIE, modifiers, target, naturals: request.naturals ?? NATURALS_DEFAULT,
  });
  return { check, ac: request.ac, acAdjustments, forbidden };
}

/**
 * What the d20 means: hit when the total meets the adjusted AC, or on a natural 20 (option);
 * never on a natural 1 (option).
 * @throws RangeError when the die is not 1..20 or more than one die is given.
 */
export function resolveAttack(plan: AttackPlan, dice: readonly number[]): AttackOutcome {
  const o = resolveCheck(plan.check, dice);
  // Spelled out: a spread copy here cost more than the rest of the attack roll.
  return {
    dice: o.dice, natural: o.natural, total: o.total, success: o.success, decidedBy: o.decidedBy,
    hit: o.success,
  };
}

/** The same plan against a changed AC (a reaction such as Total Defense after the roll). */
export function withAcAdjustment(plan: AttackPlan, adjustment: Modifier): AttackPlan {
  const acAdjustments = [...plan.acAdjustments, adjustment];
  return {
    ...plan,
    acAdjustments,
    check: { ...plan.check, target: plan.check.target + adjustment.value },
  };
}
