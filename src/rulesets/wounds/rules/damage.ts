import type { Modifier } from "../../../engine/dice/check";
import { rollDice, runSync, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import {
  FATAL_BONUS, FATAL_DIE, PURCHASE_AMOUNTS, SNEAK_DIE, type Aim,
} from "./constants";
import { focused, sneakDice, type FeatLike } from "./feats";
import type { Weapon } from "./statblock";
import { causesWound } from "./wounds";

/**
 * A `wounds` hit's damage: the weapon's formula (one more die with Weapon Focus), + Strength for
 * a melee weapon, + each Bonus Action bought for melee damage this round, + a spell's
 * improvements (Bonus Actions spent on it as it strikes), + sneak damage (a d4, one more per
 * Sneak Attack feat) when the attacker is undetected; less armor, resistances and
 * guarding, never below 0; then ×2 on a critical, ×4 on a super critical (sneak damage included);
 * 6 or more dealt is a wound, and a fatal aim's wound rolls a d4 that adds 16 on a 4, after the
 * doubling. The extra attack bought with a Move and both Bonus Actions adds no feat and no
 * Strength. Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Sneak Damage, §Bonus
 * Actions, §Feats, §Combat specific Fails/Criticals; RULINGS.md §wounds Damage, Crit arithmetic.
 */
export interface DamageTerms {
  readonly weapon: Pick<Weapon, "id" | "name" | "kind" | "damage">;
  /** Strength after wounds. */
  readonly strength: number;
  readonly feats: readonly FeatLike[];
  /** The extra attack of a Move and both Bonus Actions: no feats, no Strength. */
  readonly extraAttack: boolean;
  /** Bonus Actions bought this round for +1 melee damage. */
  readonly meleeDamagePurchases: number;
  /** A spell attack's damage from the Bonus Actions spent improving it (`spells.ts`); 0 none. */
  readonly improvement?: number;
  /** The attacker is undetected: the target is flat-footed and takes sneak damage. */
  readonly sneak: boolean;
  /** What the target takes off (armor, resistances, guarding), each ≥ 0, by source. */
  readonly reductions: readonly Modifier[];
  /** 1, 2 (critical, a tragedy's free hit) or 4 (super critical). */
  readonly multiplier: number;
  readonly aim: Aim;
}

/** The dice a hit rolls: the weapon's (with Weapon Focus) and the sneak d4s. */
export function damageDice(t: DamageTerms): { weapon: number; die: number; sneak: number } {
  const focus = !t.extraAttack && focused(t.feats, t.weapon) ? 1 : 0;
  const sneak = t.sneak ? (t.extraAttack ? 1 : sneakDice(t.feats)) : 0;
  return { weapon: t.weapon.damage.dice + focus, die: t.weapon.damage.die, sneak };
}

/** Ids of the damage terms, for cards and logs. */
export const DAMAGE_SOURCES = {
  dice: "weapon:dice", bonus: "weapon:bonus", strength: "strength",
  meleeDamage: "purchase:meleeDamage", improvement: "spell:improvement", sneak: "sneak",
} as const;

export interface DamageOutcome {
  /** Every term added before reductions, by source (zeros left out). */
  readonly terms: readonly Modifier[];
  /** Their sum, at least 0. */
  readonly raw: number;
  readonly reduced: number;
  /** After reductions, never below 0. */
  readonly net: number;
  readonly multiplier: number;
  /** `net × multiplier`: what the wound rule reads. */
  readonly dealt: number;
  readonly wound: boolean;
  /** The fatal aim's d4 (only on a fatal aim's wound), or null. */
  readonly fatalRoll: number | null;
  readonly fatalBonus: number;
  /** What the target loses: `dealt + fatalBonus`. */
  readonly total: number;
}

const sum = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0);

function checkDice(what: string, dice: readonly number[], count: number, faces: number): void {
  if (dice.length !== count || dice.some((d) => !Number.isInteger(d) || d < 1 || d > faces)) {
    throw new RangeError(`${what}: expected ${count}d${faces}, got [${dice.join(", ")}]`);
  }
}

/**
 * The damage from the dice rolled (the fatal d4 only when a fatal aim's hit wounded; null before
 * it is rolled, in which case `fatalRoll` is null and nothing is added).
 * @throws RangeError when dice do not fit, a reduction is negative or the multiplier is not 1, 2
 *   or 4.
 */
export function resolveDamage(
  t: DamageTerms, weaponDice: readonly number[], sneak: readonly number[],
  fatalRoll: number | null = null,
): DamageOutcome {
  const dice = damageDice(t);
  checkDice("weapon", weaponDice, dice.weapon, dice.die);
  checkDice("sneak", sneak, dice.sneak, SNEAK_DIE);
  if (![1, 2, 4].includes(t.multiplier)) throw new RangeError(`multiplier ${t.multiplier}`);
  if (t.reductions.some((r) => !Number.isInteger(r.value) || r.value < 0)) {
    throw new RangeError("reductions must be whole numbers ≥ 0");
  }
  const melee = t.weapon.kind === "melee";
  const terms: Modifier[] = [
    { source: DAMAGE_SOURCES.dice, value: sum(weaponDice) },
    { source: DAMAGE_SOURCES.bonus, value: t.weapon.damage.bonus },
    { source: DAMAGE_SOURCES.strength, value: melee && !t.extraAttack ? t.strength : 0 },
    {
      source: DAMAGE_SOURCES.meleeDamage,
      value: melee ? t.meleeDamagePurchases * PURCHASE_AMOUNTS.meleeDamage : 0,
    },
    { source: DAMAGE_SOURCES.improvement, value: t.improvement ?? 0 },
    { source: DAMAGE_SOURCES.sneak, value: sum(sneak) },
  ].filter((m) => m.value !== 0);
  const raw = Math.max(0, sum(terms.map((m) => m.value)));
  const reduced = sum(t.reductions.map((r) => r.value));
  const net = Math.max(0, raw - reduced);
  const dealt = net * t.multiplier;
  const wound = causesWound(dealt);
  const fatal = wound && t.aim === "fatal" ? fatalRoll : null;
  if (fatal !== null) checkDice("fatal", [fatal], 1, FATAL_DIE);
  const fatalBonus = fatal === FATAL_DIE ? FATAL_BONUS : 0;
  return {
    terms, raw, reduced, net, multiplier: t.multiplier, dealt, wound, fatalRoll: fatal,
    fatalBonus, total: dealt + fatalBonus,
  };
}

/**
 * The damage as a roll plan: the weapon dice (`damage`), the sneak d4s (`sneak`), then the fatal
 * d4 (`fatal`) only when the hit wounds and was aimed at a fatal target.
 */
export function* damagePlan(t: DamageTerms): RollPlan<DamageOutcome> {
  const dice = damageDice(t);
  const weapon = dice.weapon ? yield* rollDice(dice.weapon, dice.die, "damage") : [];
  const sneak = dice.sneak ? yield* rollDice(dice.sneak, SNEAK_DIE, "sneak") : [];
  const before = resolveDamage(t, weapon, sneak);
  if (!before.wound || t.aim !== "fatal") return before;
  const [fatal] = yield* rollDice(1, FATAL_DIE, "fatal");
  return resolveDamage(t, weapon, sneak, fatal as number);
}

/** {@link damagePlan} with a core roller. */
export function rollDamage(t: DamageTerms, roller: DiceRoller): DamageOutcome {
  return runSync(damagePlan(t), roller);
}
