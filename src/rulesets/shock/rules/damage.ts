import { DUAL_WIELD_DAMAGE } from "./constants";
import { weaponModifier, wieldedPair, type Statblock, type Weapon } from "./statblock";
import { swarmDamageAdded } from "./swarm";

/**
 * Damage and Shock of the `shock` ruleset. A hit deals the weapon's dice + the attribute modifier
 * (+ Brawl when unarmed) + magic (+2 when dual-wielding; + the swarm bonus up to the usual
 * maximum), never less than the Shock the attack would have dealt on a miss. A miss deals Shock
 * `X/AC Y` when the target's AC is at most Y (`X/-`: any AC): X + attribute modifier + magic; a
 * swarm's Shock lands at any AC. Who absorbs Shock: Total Defense (everything, a swarm's included),
 * an immunity, then a shield (the first Shock each round; not a swarm's).
 * Source: `002_5e27cdf788b28f5f.txt` §Damage, §Shock, §Dual Wielding Weapons, §Make a Swarm
 * Attack, §Total Defense; RULINGS.md §shock Damage, Shock, Swarm.
 */

type Wielder = Pick<Statblock, "attributes" | "skills">;

/**
 * The flat part every hit and Shock of this weapon adds: attribute modifier + magic (+ Brawl
 * unarmed for hits), given the wielder's attribute modifier with the weapon (`weaponModifier`):
 * a hit's damage needs it three times, and finding it is a search.
 */
function flatWith(wielder: Wielder, weapon: Weapon, modifier: number): number {
  const brawl = weapon.unarmed ? wielder.skills.brawl : 0;
  return modifier + weapon.magic + brawl;
}
/** `shockValue` given the wielder's attribute modifier with the weapon. */
function shockWith(weapon: Weapon, modifier: number): number {
  if (weapon.shock.amount <= 0) return 0;
  return Math.max(0, weapon.shock.amount + modifier + weapon.magic);
}

/**
 * The Shock value of a weapon for a wielder (0 when it has none): X + attribute modifier + magic,
 * at least 0.
 */
export function shockValue(wielder: Wielder, weapon: Weapon): number {
  if (weapon.shock.amount <= 0) return 0;
  return shockWith(weapon, weaponModifier(wielder, weapon));
}

/** Whether a weapon's Shock reaches a target of this AC (`X/AC Y`: AC ≤ Y; `X/-`: any). */
export function shockReaches(weapon: Weapon, ac: number): boolean {
  return weapon.shock.amount > 0 && (weapon.shock.anyAc || ac <= weapon.shock.ac);
}

/**
 * Whether a dual-wielder's hit gets the +2 damage: it dual-wields (`wieldedPair`), the hit is made
 * with one of its two wielded weapons (not bare hands, not a third weapon), and the target, `feet`
 * away (0: adjacent), is within range of both. A melee weapon reaches an adjacent target only; a
 * shot or a throw reaches out to its long range. The bonus never adds to Shock (`missShock`).
 * Source: `002_5e27cdf788b28f5f.txt` §Dual Wielding Weapons.
 */
export function dualWieldDamageApplies(
  wielder: Pick<Statblock, "weapons" | "skills">, weapon: Weapon, feet: number,
): boolean {
  return pairDamageApplies(wieldedPair(wielder), weapon, feet);
}

/**
 * {@link dualWieldDamageApplies} for a wielder's pair already found (`wieldedPair`; null: none),
 * for a caller that asks often about the same statblock.
 */
export function pairDamageApplies(
  pair: readonly [Weapon, Weapon] | null, weapon: Weapon, feet: number,
): boolean {
  if (!pair || !pair.some((w) => w === weapon || w.id === weapon.id)) return false;
  return pair.every((w) => feet <= (w.kind === "melee" ? 0 : w.range.long || w.range.normal));
}

/**
 * The attack's usual maximum damage (dice at their highest).
 * @param dualWield the dual-wielding +2 applies to this hit (`dualWieldDamageApplies`).
 */
export function maxDamage(wielder: Wielder, weapon: Weapon, dualWield = false): number {
  return maxWith(wielder, weapon, dualWield, weaponModifier(wielder, weapon));
}
/** `maxDamage` given the wielder's attribute modifier with the weapon. */
function maxWith(wielder: Wielder, weapon: Weapon, dualWield: boolean, modifier: number): number {
  return weapon.dice * weapon.die + flatWith(wielder, weapon, modifier)
    + (dualWield ? DUAL_WIELD_DAMAGE : 0);
}

export interface MissShock {
  /** Shock the miss deals before absorption (0: none). */
  readonly amount: number;
  /** Why it applies: the AC rating, `X/-`, or a swarm. */
  readonly reason: "ac" | "anyAc" | "swarm" | "none";
}

/**
 * The Shock a miss would deal at this AC (before any shield or immunity).
 * @param swarm a Swarm Attack's striker: its Shock lands at any AC, and never past the usual
 * maximum.
 * @param dualWield the dual-wielding +2 would apply to a hit (it only raises that maximum).
 */
export function missShock(
  wielder: Wielder, weapon: Weapon, ac: number, swarm = false, dualWield = false,
): MissShock {
  // Without a Shock rating there is nothing to find: no search for the attribute modifier.
  if (weapon.shock.amount <= 0) return NO_SHOCK;
  return missShockWith(wielder, weapon, ac, swarm, dualWield, weaponModifier(wielder, weapon));
}
const NO_SHOCK: MissShock = { amount: 0, reason: "none" };

/** `missShock` given the wielder's attribute modifier with the weapon (`weaponModifier`). */
function missShockWith(
  wielder: Wielder, weapon: Weapon, ac: number, swarm: boolean, dualWield: boolean,
  modifier: number,
): MissShock {
  const value = shockWith(weapon, modifier);
  if (!value) return NO_SHOCK;
  if (swarm) {
    const amount = Math.min(value, maxWith(wielder, weapon, dualWield, modifier));
    return { amount, reason: "swarm" };
  }
  if (!shockReaches(weapon, ac)) return NO_SHOCK;
  return { amount: value, reason: weapon.shock.anyAc ? "anyAc" : "ac" };
}

export interface HitDamageRequest {
  readonly wielder: Wielder;
  readonly weapon: Weapon;
  /** The damage dice as rolled. */
  readonly dice: readonly number[];
  /** The target's AC as attacked (for the Shock floor). */
  readonly ac: number;
  /** The dual-wielding +2 applies to this hit (`dualWieldDamageApplies`). */
  readonly dualWield?: boolean;
  /** The swarm bonus damage (already capped at +3), 0 for others. */
  readonly swarmDamage?: number;
  readonly swarm?: boolean;
}

export interface HitDamage {
  readonly dice: readonly number[];
  /** dice + attribute + magic (+ Brawl unarmed) + dual wield. */
  readonly base: number;
  /** Swarm bonus damage actually added (capped by the usual maximum). */
  readonly swarm: number;
  /** The miss Shock the hit may not fall below. */
  readonly floor: number;
  readonly amount: number;
}

/**
 * A hit's damage.
 * @throws RangeError when the number of dice or a face does not fit the weapon.
 */
export function hitDamage(request: HitDamageRequest): HitDamage {
  const { wielder, weapon, dice } = request;
  if (dice.length !== weapon.dice) {
    throw new RangeError(`${weapon.name}: expected ${weapon.dice} dice, got ${dice.length}`);
  }
  let natural = 0;
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > weapon.die) {
      throw new RangeError(`a d${weapon.die} cannot show ${d}`);
    }
    natural += d;
  }
  const dual = request.dualWield ?? false;
  const modifier = weaponModifier(wielder, weapon);
  const base = Math.max(
    0, natural + flatWith(wielder, weapon, modifier) + (dual ? DUAL_WIELD_DAMAGE : 0),
  );
  const swarm = swarmDamageAdded(
    request.swarmDamage ?? 0, base, maxWith(wielder, weapon, dual, modifier),
  );
  const floor = missShockWith(
    wielder, weapon, request.ac, request.swarm ?? false, dual, modifier,
  ).amount;
  return { dice, base, swarm, floor, amount: Math.max(base + swarm, floor) };
}

/** What protects a target from Shock right now. */
export interface ShockGuard {
  /** Total Defense until the start of its next turn: immune to all Shock, a swarm's included. */
  readonly totalDefense: boolean;
  /** Another immunity (a feat, a power): not against a swarm's Shock. */
  readonly immune: boolean;
  /** Carries a shield and has not yet ignored a Shock this round. */
  readonly shieldReady: boolean;
}

export type ShockAbsorber = "totalDefense" | "immunity" | "shield";

/**
 * Whether Shock lands, and what absorbed it. A shield is spent only when it actually absorbs
 * (the caller marks it used when `absorbedBy` is `shield`).
 */
export function absorbShock(
  shock: MissShock, guard: ShockGuard,
): { amount: number; absorbedBy: ShockAbsorber | null } {
  if (shock.amount <= 0) return { amount: 0, absorbedBy: null };
  if (guard.totalDefense) return { amount: 0, absorbedBy: "totalDefense" };
  if (shock.reason === "swarm") return { amount: shock.amount, absorbedBy: null };
  if (guard.immune) return { amount: 0, absorbedBy: "immunity" };
  if (guard.shieldReady) return { amount: 0, absorbedBy: "shield" };
  return { amount: shock.amount, absorbedBy: null };
}
