import type { CheckPlan } from "../../../engine/dice/check";
import { runSync, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import { attackPlan, type AttackRoll } from "./attack";
import { CRITICAL_MULTIPLIER, type Aim } from "./constants";
import { damagePlan, type DamageOutcome, type DamageTerms } from "./damage";
import { fumbleFreeHit, type FumbleFreeHit } from "./free-hits";
import { afterDamage, healthState, type HealthState } from "./health";
import { afterHit, type Wound } from "./wounds";

/**
 * One strike from roll to consequences: the attack roll and its chain (`attack.ts`), the damage
 * on a hit at the chain's multiplier (`damage.ts`), then what it does: HP lost, a wound with its
 * aim, a decisive blow's defeat, a fatal blow's death of the attacker, and the free hit a natural
 * 1 gives the target. A tragedy's free hit is an automatic critical: no roll, damage ×2, no chain
 * ({@link tragedyFreeHitPlan}). Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming,
 * §Combat specific Fails/Criticals; RULINGS.md §wounds Natural 20, Natural 1, Wound, Crit
 * arithmetic, Free hit.
 */
export interface Strike {
  readonly roll: AttackRoll;
  /** The damage on a hit; null on a miss. */
  readonly damage: DamageOutcome | null;
}

/** The damage of a hit, without the multiplier (the chain gives it). */
export type HitTerms = Omit<DamageTerms, "multiplier">;

/** The multiplier of a rolled attack: 1, 2 on a critical, 4 on a super critical. */
export const multiplierOf = (roll: AttackRoll): number =>
  (roll.chain?.kind === "critical" ? roll.chain.multiplier : 1);

/** The plan of a strike: the attack (and its chain), then on a hit its damage. */
export function* strikePlan(check: CheckPlan, hit: HitTerms): RollPlan<Strike> {
  const roll = yield* attackPlan(check);
  if (!roll.hit) return { roll, damage: null };
  const damage = yield* damagePlan({ ...hit, multiplier: multiplierOf(roll) });
  return { roll, damage };
}

/** {@link strikePlan} with a core roller. */
export function rollStrike(check: CheckPlan, hit: HitTerms, roller: DiceRoller): Strike {
  return runSync(strikePlan(check, hit), roller);
}

/** A tragedy's free hit: it hits, damage ×2, no chain (only the damage dice are rolled). */
export function tragedyFreeHitPlan(hit: HitTerms): RollPlan<DamageOutcome> {
  return damagePlan({ ...hit, multiplier: CRITICAL_MULTIPLIER });
}

/** The target as a strike changes it. */
export interface StrikeTarget {
  readonly hp: number;
  readonly isPC: boolean;
  readonly wounds: readonly Wound[];
}

/** What a strike did. */
export interface StrikeEffects {
  readonly hp: number;
  readonly wounds: Wound[];
  /** The wound it dealt, or null. */
  readonly wound: Wound | null;
  /** The target's state after: a decisive blow defeats it whatever its HP. */
  readonly state: HealthState;
  readonly decisive: boolean;
  /** A fatal blow: the attacker dies. */
  readonly attackerDies: boolean;
  /** The free hit the target gets for a natural 1. */
  readonly freeHit: FumbleFreeHit;
}

/**
 * The consequences of a strike on its target.
 * @param ctx the aim, the id and round of a wound it may deal, and whether the attacker stood in
 *   the target's melee zone (a natural 1 gives a free hit only then).
 */
export function strikeEffects(
  strike: Strike, target: StrikeTarget,
  ctx: { readonly aim: Aim; readonly woundId: string; readonly round: number;
    readonly inTargetZone: boolean },
): StrikeEffects {
  const chain = strike.roll.chain;
  const decisive = chain?.kind === "critical" && chain.decisive;
  const tragedy = chain?.kind === "tragedy" ? chain : null;
  const dealt = strike.damage?.dealt ?? 0;
  const wound: Wound = { id: ctx.woundId, aim: ctx.aim, round: ctx.round };
  const wounds = afterHit(target.wounds, dealt, wound);
  const hp = afterDamage(target.hp, strike.damage?.total ?? 0);
  return {
    hp, wounds,
    wound: wounds.length > target.wounds.length ? (wounds[wounds.length - 1] as Wound) : null,
    state: decisive ? "defeated" : healthState(hp, target.isPC),
    decisive,
    attackerDies: tragedy?.fatalBlow === true,
    freeHit: tragedy ? fumbleFreeHit(ctx.inTargetZone, tragedy.tragedy) : "none",
  };
}
