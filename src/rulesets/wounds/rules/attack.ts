import {
  checkOdds, planCheck, resolveCheck, type CheckOutcome, type CheckPlan, type Modifier,
} from "../../../engine/dice/check";
import { chainFor } from "../../../engine/dice/chain";
import { rollDice, runSync, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import { chainOutcomePlan, type ChainOutcome } from "./chains";
import {
  ATTACK_FACES, CENTER_MASS_BONUS, DEFENSE_BASE, FLANKING_BONUS, FLAT_FOOTED_DEFENSE,
  PURCHASE_AMOUNTS, type Aim,
} from "./constants";

export type { Modifier };

/**
 * A `wounds` attack: d20 + Accuracy + bonuses against 10 + the target's Agility modifier (a hit
 * when the total reaches it). Bonuses: center mass +1, attacking from behind +1, each Bonus Action
 * bought for +1 to hit, a kept-up spell's ward (`upkeep.ts`); wound penalties lower it. A
 * flat-footed target is hit on 5 whatever its Agility; a prone one on 5 + Agility; bought dodge
 * raises a defense only when the target can dodge. A natural 20 always hits and starts the
 * critical chain; a natural 1 always misses and starts the tragedy chain (`chains.ts`). Every term
 * is a named source, for a card or a log. Source: `001_dbc5fcc02a99a518.txt` §Attacking,
 * §Wounds/Aiming, §Flanking, §Flat Footed, §Prone, §Bonus Actions, §Auto Fails/Criticals;
 * RULINGS.md §wounds Attack, Natural 20, Natural 1.
 */

/** The names of the modifier sources, stable ids for cards and logs. */
export const ATTACK_SOURCES = {
  accuracy: "accuracy",
  wounds: "wounds",
  ward: "ward",
  centerMass: "aim:centerMass",
  flanking: "flanking",
  toHit: "purchase:toHit",
} as const;

export const DEFENSE_SOURCES = {
  base: "base",
  flatFooted: "flatFooted",
  prone: "prone",
  agility: "agility",
  dodge: "purchase:dodge",
} as const;

export interface AttackerTerms {
  /** The statblock's Accuracy modifier. */
  readonly accuracy: number;
  /** Its wounds' accuracy penalty this round (`derive(...).penalties.accuracy`), ≤ 0. */
  readonly woundAccuracy: number;
  /** The Accuracy the ward of a spell it keeps up adds (`derive(...).ward.accuracy`; none: 0). */
  readonly wardAccuracy?: number;
  readonly aim: Aim;
  /** Attacking from behind (RULINGS.md §wounds Bonus purchases: "Flanking"). */
  readonly flanking: boolean;
  /** Bonus Actions bought for +1 to hit that this attack uses. */
  readonly toHitPurchases: number;
  /** Any other named terms (a spell's, the GM's). */
  readonly extra?: readonly Modifier[];
}

/** The attack's modifiers by source; accuracy always listed, the others when not 0. */
export function attackModifiers(a: AttackerTerms): Modifier[] {
  const out: Modifier[] = [{ source: ATTACK_SOURCES.accuracy, value: a.accuracy }];
  const add = (source: string, value: number) => {
    if (value !== 0) out.push({ source, value });
  };
  add(ATTACK_SOURCES.wounds, a.woundAccuracy);
  add(ATTACK_SOURCES.ward, a.wardAccuracy ?? 0);
  if (a.aim === "centerMass") add(ATTACK_SOURCES.centerMass, CENTER_MASS_BONUS);
  if (a.flanking) add(ATTACK_SOURCES.flanking, FLANKING_BONUS);
  add(ATTACK_SOURCES.toHit, a.toHitPurchases * PURCHASE_AMOUNTS.toHit);
  for (const m of a.extra ?? []) add(m.source, m.value);
  return out;
}

/** How the target meets the attack: dodging, flat-footed, or prone (semi flat-footed). */
export const DEFENSE_STATES = ["dodging", "flatFooted", "prone"] as const;
export type DefenseState = (typeof DEFENSE_STATES)[number];

export interface TargetTerms {
  /** Its Agility modifier after wounds. */
  readonly agility: number;
  readonly state: DefenseState;
  /** Bonus Actions it bought for +1 dodge that still last. */
  readonly dodgePurchases: number;
}

/** The number an attack must reach and its terms by source. */
export interface Defense {
  readonly target: number;
  readonly sources: readonly Modifier[];
}

/**
 * The target number: 10 + Agility + bought dodge when dodging; 5 when flat-footed; 5 + Agility
 * when prone (it cannot dodge, so bought dodge does not count).
 */
export function defenseOf(t: TargetTerms): Defense {
  const sources: Modifier[] = t.state === "dodging"
    ? [{ source: DEFENSE_SOURCES.base, value: DEFENSE_BASE },
      { source: DEFENSE_SOURCES.agility, value: t.agility },
      { source: DEFENSE_SOURCES.dodge, value: t.dodgePurchases * PURCHASE_AMOUNTS.dodge }]
    : t.state === "prone"
      ? [{ source: DEFENSE_SOURCES.prone, value: FLAT_FOOTED_DEFENSE },
        { source: DEFENSE_SOURCES.agility, value: t.agility }]
      : [{ source: DEFENSE_SOURCES.flatFooted, value: FLAT_FOOTED_DEFENSE }];
  const kept = sources.filter((s, i) => i === 0 || s.value !== 0);
  return { target: kept.reduce((n, s) => n + s.value, 0), sources: kept };
}

/** What to roll: 1d20 with the attack's modifiers against the defense, naturals deciding. */
export function planAttack(attacker: AttackerTerms, defense: Defense): CheckPlan {
  return planCheck({
    dice: 1, faces: ATTACK_FACES, modifiers: attackModifiers(attacker), target: defense.target,
    naturals: true,
  });
}

/** An attack rolled: the d20 check and, on a natural 20 or 1, its chain. */
export interface AttackRoll {
  readonly check: CheckOutcome;
  readonly hit: boolean;
  readonly chain: ChainOutcome | null;
}

/**
 * The attack as a roll plan: the d20 (labelled `attack`), then on a natural 20 the critical chain
 * or on a natural 1 the tragedy chain (engine `chainPlan`, one die per link).
 */
export function* attackPlan(plan: CheckPlan): RollPlan<AttackRoll> {
  const dice = yield* rollDice(1, ATTACK_FACES, "attack");
  const check = resolveCheck(plan, dice);
  const kind = chainFor(check.natural, ATTACK_FACES);
  const chain = kind === null ? null : yield* chainOutcomePlan(kind);
  return { check, hit: check.success, chain };
}

/** {@link attackPlan} with a core roller. */
export function rollAttack(plan: CheckPlan, roller: DiceRoller): AttackRoll {
  return runSync(attackPlan(plan), roller);
}

/** The exact chance to hit: `successes / 20` (engine `checkOdds`). */
export function hitOdds(plan: CheckPlan): { successes: number; total: number } {
  return checkOdds(plan);
}
