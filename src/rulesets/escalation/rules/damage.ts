import type { DamageType, DieSize } from "./constants";

/**
 * The damage pipeline of the `escalation` ruleset: roll → crit doubles → resistance halves
 * (round down) → subtract from HP. Source: `000_c2dc3d650823e22d.txt` §Damage, §Resistance and
 * Weakness, §Basic Attacks; RULINGS.md §escalation Damage order, Basic attacks.
 */
export interface DamageFormula {
  /** Number of dice, or dice per Level when `perLevel`. */
  readonly dice: number;
  readonly perLevel: boolean;
  /** Die size; 0 for flat damage only. */
  readonly die: 0 | DieSize;
  readonly flat: number;
  /** Add the attacker's Volition. */
  readonly volition: boolean;
}

export interface Resistance {
  readonly type: DamageType;
  /** `Resist X+`: an attack whose natural is below X is halved. */
  readonly threshold: number;
}

/** Concrete dice for a formula and attacker: `count`d`faces` + `flat`. */
export interface DamageDice {
  readonly count: number;
  readonly faces: number;
  readonly flat: number;
}

/**
 * Basic attack hit damage: Level dice of the stance die + Volition (Level 3, d8 → 3d8 +
 * Volition).
 */
export function basicAttackFormula(stanceDie: DieSize): DamageFormula {
  return { dice: 1, perLevel: true, die: stanceDie, flat: 0, volition: true };
}

export function damageDice(
  formula: DamageFormula,
  attacker: { level: number; volition: number },
): DamageDice {
  const count = formula.die === 0 ? 0 : formula.dice * (formula.perLevel ? attacker.level : 1);
  return {
    count,
    faces: formula.die,
    flat: formula.flat + (formula.volition ? attacker.volition : 0),
  };
}

/** Foundry formula for concrete dice, e.g. `3d8 + 4`. */
export function damageDiceFormula(d: DamageDice): string {
  const parts: string[] = [];
  if (d.count > 0 && d.faces > 0) parts.push(`${d.count}d${d.faces}`);
  if (d.flat !== 0 || parts.length === 0) parts.push(String(d.flat));
  return parts.join(" + ").replace(/\+ -/g, "- ");
}

export interface DamageInput {
  /** The rolled (or fixed) damage before any multiplier. */
  readonly rolled: number;
  readonly crit: boolean;
  /** The attack's natural, for `Resist X+`. */
  readonly natural: number;
  /** Types the damage carries; empty means `weapon`. */
  readonly types: readonly DamageType[];
  readonly resistances: readonly Resistance[];
}

export interface DamageResult {
  readonly rolled: number;
  readonly doubled: boolean;
  readonly halved: boolean;
  readonly amount: number;
  readonly types: readonly DamageType[];
  /** The resistance that halved it, if any. */
  readonly resistedBy: Resistance | null;
}

const WEAPON_ONLY: readonly DamageType[] = ["weapon"];

/**
 * Runs the pipeline in the rule's order. A resistance applies when it names any of the attack's
 * types and the natural is below its threshold; it halves once however many types match.
 * Negative rolled damage counts as 0.
 */
export function resolveDamage(input: DamageInput): DamageResult {
  const types = input.types.length ? input.types : WEAPON_ONLY;
  const rolled = Math.max(0, Math.trunc(input.rolled));
  const resistedBy = resistanceTo(types, input.natural, input.resistances);
  const doubled = input.crit ? rolled * 2 : rolled;
  const amount = resistedBy ? Math.floor(doubled / 2) : doubled;
  return { rolled, doubled: input.crit, halved: resistedBy !== null, amount, types, resistedBy };
}

/**
 * `resolveDamage(input).amount` from the same values passed one by one: the headless runner's
 * unrecorded hits (every hit of every trial) build neither the input nor the result.
 */
export function damageAmount(
  rolled: number,
  crit: boolean,
  natural: number,
  types: readonly DamageType[],
  resistances: readonly Resistance[],
): number {
  const amount = Math.max(0, Math.trunc(rolled)) * (crit ? 2 : 1);
  return resistanceTo(types.length ? types : WEAPON_ONLY, natural, resistances)
    ? Math.floor(amount / 2)
    : amount;
}

/**
 * The resistance that halves damage of `types` with this natural, or null. A plain loop: every
 * simulated hit comes here, and most targets resist nothing.
 */
function resistanceTo(
  types: readonly DamageType[],
  natural: number,
  resistances: readonly Resistance[],
): Resistance | null {
  for (const r of resistances) if (types.includes(r.type) && natural < r.threshold) return r;
  return null;
}

/**
 * Confused: on an odd natural (hit or miss) the attacker takes half the damage it deals, computed
 * before crits or resistance multiply it. Source: §Conditions and Effects (Confused).
 */
export function confusedSelfDamage(rolled: number, natural: number): number {
  return natural % 2 === 1 ? Math.floor(Math.max(0, rolled) / 2) : 0;
}

/** Miss damage: none, or the attacker's Level. A crit fail has no miss effects. */
export function missDamage(mode: "none" | "level", level: number, critFail: boolean): number {
  if (critFail) return 0;
  return mode === "level" ? level : 0;
}
