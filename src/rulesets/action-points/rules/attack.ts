import type { SuccessLevel } from "../../../engine/dice/roll-under";
import { GANG_UP_BONUS, OFF_HAND_PENALTY, RANGE_STEP_PENALTY } from "./constants";
import { planCheck, type CheckPlan, type EdgeSource, type Modifier } from "./checks";
import type { Damage, Spell, Statblock, Weapon } from "./statblock";

/**
 * An attack's check and damage in `action-points`: a Melee or Ranged skill check (a spell: the
 * casting skill), with gang-up (+10 in melee when two or more of the attacker's side threaten the
 * target), range increments (−10 for each increment past the weapon's range), the off hand (−10
 * unless finesse or brawl), and the named Advantage and Disadvantage sources (Feint, Disarm,
 * grappling). A reaction attack is one unmodified attack: no modifier and no edge. Damage is the
 * dice + bonus, ×2 on a Critical success, ×3 when a critical hit meets a critically failed Dodge
 * or Parry (the reaction window decides the multiplier).
 * Source: `004_2cc57162401858c9.txt` §Reaction Attacks, §Gang-up, §Range Penalties, §Two-Weapon
 * Fighting, §Disarm, §Critical Results; RULINGS.md §action-points Attacks, Reaction attack,
 * Grid.
 */
export interface AttackSituation {
  /** Hexes to the target (ranged: counted in increments past the weapon's range). */
  readonly distance: number;
  /** Allies of the attacker (the attacker included) threatening the target. */
  readonly threateners: number;
  readonly edgeSources?: readonly EdgeSource[];
  /** A reaction attack: unmodified. */
  readonly reactionAttack?: boolean;
}

/** The weapon or spell an attack is made with. */
export type Attacking =
  | { readonly weapon: Weapon; readonly spell?: undefined }
  | { readonly spell: Spell; readonly weapon?: undefined };

/**
 * Range increments past the first: 0 within range, 1 from range + 1 to 2 × range, …; 0 for a
 * weapon without range (melee). Source: §Range Penalties (a Shortbow, Range 6, −10 at 7–12
 * hexes, −20 at 13–18).
 */
export function rangeSteps(range: number, distance: number): number {
  if (range <= 0 || distance <= range) return 0;
  return Math.ceil(distance / range) - 1;
}

/** The attack's modifiers by source (none for a reaction attack). */
export function attackModifiers(with_: Attacking, situation: AttackSituation): Modifier[] {
  if (situation.reactionAttack) return [];
  const out: Modifier[] = [];
  const kind = with_.weapon?.kind ?? with_.spell?.kind ?? "melee";
  if (kind === "melee" && situation.threateners >= 2) {
    out.push({ source: "gangUp", value: GANG_UP_BONUS });
  }
  const range = with_.weapon?.range ?? with_.spell?.range ?? 0;
  const steps = kind === "ranged" ? rangeSteps(range, situation.distance) : 0;
  if (steps > 0) out.push({ source: "range", value: RANGE_STEP_PENALTY * steps });
  const w = with_.weapon;
  if (w?.offHand && !w.finesse && w.category !== "brawl") {
    out.push({ source: "offHand", value: OFF_HAND_PENALTY });
  }
  return out;
}

/** The skill an attack rolls: Melee or Ranged by the weapon's kind, a spell's casting skill. */
export function attackSkill(block: Pick<Statblock, "skills">, with_: Attacking): number {
  if (with_.spell) return block.skills.arcana;
  return with_.weapon.kind === "melee" ? block.skills.melee : block.skills.ranged;
}

/** The attack's check plan (a reaction attack: the bare skill, no edge). */
export function attackPlan(
  block: Pick<Statblock, "skills">, with_: Attacking, situation: AttackSituation,
): CheckPlan {
  const edges = situation.reactionAttack ? [] : (situation.edgeSources ?? []);
  return planCheck(attackSkill(block, with_), attackModifiers(with_, situation), edges);
}

/** What a successful attack's level multiplies its damage by: 2 on a Critical, else 1. */
export function levelMultiplier(level: SuccessLevel): number {
  return level === "critical" ? 2 : 1;
}

/** Whether a level is the critical one (for FP: +3 instead of +2). */
export const isCritical = (level: SuccessLevel): boolean => level === "critical";

/**
 * Damage dealt: (the dice + the bonus) × the multiplier, never below 0.
 * @throws RangeError when the dice are not `damage.dice` values in 1..`damage.die`.
 */
export function damageTotal(damage: Damage, dice: readonly number[], multiplier: number): number {
  // Counted in one loop: every hit of every fight the runner plays comes here.
  let sum = damage.bonus;
  let ok = dice.length === damage.dice;
  for (let k = 0; k < dice.length && ok; k++) {
    const d = dice[k] as number;
    ok = Number.isInteger(d) && d >= 1 && d <= damage.die;
    sum += d;
  }
  if (!ok) throw new RangeError(`expected ${damage.dice}d${damage.die}, got [${dice.join(", ")}]`);
  return Math.max(0, sum * multiplier);
}
