import type { DiceRoller } from "../../../engine/dice/roller";
import { WOUNDS_CHAIN } from "../../../engine/dice/chain";
import type { DefenseState } from "../rules/attack";
import {
  ATTACK_FACES, CENTER_MASS_BONUS, CRITICAL_MULTIPLIER, DEFENSE_BASE, FATAL_BONUS, FATAL_DIE,
  FLANKING_BONUS, FLAT_FOOTED_DEFENSE, PURCHASE_AMOUNTS, SNEAK_DIE, WOUND_THRESHOLD, type Aim,
} from "../rules/constants";
import { sneakDice, type FeatLike } from "../rules/feats";
import { BLOW_LINKS, SUPER_LINKS } from "../rules/chains";
import type { Weapon } from "../rules/statblock";

/** What a strike hits with: a weapon, or an attack spell's damage as a ranged weapon. */
export type StrikeWeapon = Pick<Weapon, "id" | "name" | "kind" | "damage">;

/**
 * A strike as an unrecorded fight rolls it, thousands a second: the rules' `strikePlan` (the d20
 * against the defense, the chain on a natural 20 or 1, the damage on a hit at the chain's
 * multiplier, the fatal d4) and `tragedyFreeHitPlan`, played without a generator, a dice list or
 * a term list, on one object whose fields each strike rewrites. Given the same dice it draws the
 * same dice in the same order and comes to the same numbers as the plans do
 * (`test/strike-roll.test.ts` holds them equal over random terms and dice). Recorded fights roll
 * the plans, which give the log its dice by label and its terms by source.
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Auto Fails/Criticals, §Combat
 * specific Fails/Criticals, §Sneak Damage; RULINGS.md §wounds Damage, Crit arithmetic.
 */
export class StrikeRoll {
  /** What the d20 adds (every term of `attackModifiers`) and the defense it must reach. */
  modifier = 0;
  target = 0;
  /** The damage's dice (Weapon Focus included) of `die` faces, sneak d4s, flat terms, armor. */
  weaponDice = 0;
  die = 0;
  sneakDice = 0;
  flat = 0;
  armor = 0;
  /** A fatal aim: a wound rolls the fatal d4. */
  fatalAim = false;

  /** The d20 as rolled, and whether it hit. */
  natural = 0;
  hit = false;
  /** The chain a natural started (null: none) and its links on their top face. */
  chain: "critical" | "tragedy" | null = null;
  reached = 0;
  /** The damage's multiplier, what it dealt (net × multiplier), the fatal d4 (0: not rolled). */
  multiplier = 1;
  dealt = 0;
  fatalRoll = 0;
  /** What the target loses: dealt + the fatal bonus; 0 on a miss. */
  total = 0;

  /**
   * Sets the d20's terms (as `planAttack(attacker, defenseOf(target))` sums them).
   * @param woundAccuracy the wounds' accuracy penalty, ≤ 0.
   */
  aim(
    accuracy: number, woundAccuracy: number, aim: Aim, flanking: boolean, toHitPurchases: number,
    state: DefenseState, agility: number, dodgePurchases: number,
  ): this {
    this.modifier = accuracy + woundAccuracy + (aim === "centerMass" ? CENTER_MASS_BONUS : 0)
      + (flanking ? FLANKING_BONUS : 0) + toHitPurchases * PURCHASE_AMOUNTS.toHit;
    this.target = state === "dodging"
      ? DEFENSE_BASE + agility + dodgePurchases * PURCHASE_AMOUNTS.dodge
      : state === "prone" ? FLAT_FOOTED_DEFENSE + agility : FLAT_FOOTED_DEFENSE;
    return this;
  }

  /**
   * Sets the damage's terms (as `damageDice` and `resolveDamage` read a hit's `DamageTerms`).
   * @param focus `weapon` is one of the attacker's Weapon Focus weapons (`rules/feats.ts`
   *   `focused`: the runner reads it once per weapon, `fighter.ts` `focusOn`).
   * @param armor what the target takes off (the sum of the reductions, each ≥ 0).
   * @param improvement a spell attack's damage from the Bonus Actions improving it.
   */
  hitWith(
    weapon: StrikeWeapon, focus: boolean, feats: readonly FeatLike[],
    extraAttack: boolean, sneak: boolean, strength: number, meleeDamagePurchases: number,
    armor: number, aim: Aim, improvement = 0,
  ): this {
    const melee = weapon.kind === "melee";
    const { dice, die, bonus } = weapon.damage;
    this.weaponDice = dice + (!extraAttack && focus ? 1 : 0);
    this.die = die;
    this.sneakDice = sneak ? (extraAttack ? 1 : sneakDice(feats)) : 0;
    this.flat = bonus + (melee && !extraAttack ? strength : 0)
      + (melee ? meleeDamagePurchases * PURCHASE_AMOUNTS.meleeDamage : 0) + improvement;
    this.armor = armor;
    this.fatalAim = aim === "fatal";
    return this;
  }
}

/** Links of a chain on their top face: d4, d6, d8 … until one misses or the cap (`chainPlan`). */
function rollChain(roller: DiceRoller): number {
  let reached = 0;
  for (let link = 0; link < WOUNDS_CHAIN.maxLinks; link++) {
    const faces = WOUNDS_CHAIN.start + WOUNDS_CHAIN.step * link;
    if (roller.die(faces) !== faces) break;
    reached++;
  }
  return reached;
}

/**
 * Rolls the damage of a hit at `multiplier` into `s` (`damagePlan`): the weapon dice, the sneak
 * d4s, then the fatal d4 when a fatal aim's hit wounds.
 */
export function rollStrikeDamage(s: StrikeRoll, multiplier: number, roller: DiceRoller): void {
  let raw = s.flat;
  for (let k = 0; k < s.weaponDice; k++) raw += roller.die(s.die);
  for (let k = 0; k < s.sneakDice; k++) raw += roller.die(SNEAK_DIE);
  const net = Math.max(0, Math.max(0, raw) - s.armor);
  s.multiplier = multiplier;
  s.dealt = net * multiplier;
  s.fatalRoll = s.fatalAim && s.dealt >= WOUND_THRESHOLD ? roller.die(FATAL_DIE) : 0;
  s.total = s.dealt + (s.fatalRoll === FATAL_DIE ? FATAL_BONUS : 0);
}

/**
 * Rolls a whole strike into `s` (`strikePlan`): the d20, the chain a natural 20 or 1 starts, and
 * on a hit the damage at the chain's multiplier (2, 4 on a super critical).
 */
export function rollStrike(s: StrikeRoll, roller: DiceRoller): void {
  const natural = roller.die(ATTACK_FACES);
  s.natural = natural;
  s.hit = natural === ATTACK_FACES || (natural > 1 && natural + s.modifier >= s.target);
  s.chain = natural === ATTACK_FACES ? "critical" : natural === 1 ? "tragedy" : null;
  s.reached = s.chain === null ? 0 : rollChain(roller);
  if (!s.hit) {
    s.multiplier = 1;
    s.dealt = 0;
    s.fatalRoll = 0;
    s.total = 0;
    return;
  }
  const multiplier = s.chain !== "critical" ? 1
    : s.reached >= SUPER_LINKS ? CRITICAL_MULTIPLIER * CRITICAL_MULTIPLIER : CRITICAL_MULTIPLIER;
  rollStrikeDamage(s, multiplier, roller);
}

/** A critical chain's decisive blow (the target is defeated), from `s` after `rollStrike`. */
export const decisive = (s: StrikeRoll): boolean =>
  s.chain === "critical" && s.reached >= BLOW_LINKS;

/** A tragedy chain's fatal blow (the attacker dies). */
export const fatalBlow = (s: StrikeRoll): boolean =>
  s.chain === "tragedy" && s.reached >= BLOW_LINKS;

/** A tragedy (the target's free hit is a critical, slot or not). */
export const tragedy = (s: StrikeRoll): boolean =>
  s.chain === "tragedy" && s.reached >= SUPER_LINKS;
