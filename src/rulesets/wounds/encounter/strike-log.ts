import type { CheckPlan } from "../../../engine/dice/check";
import {
  defenseOf, planAttack, type AttackRoll, type Defense, type DefenseState,
} from "../rules/attack";
import type { Aim, FlatFootedCause } from "../rules/constants";
import type { DamageOutcome } from "../rules/damage";
import { strikePlan, tragedyFreeHitPlan, type HitTerms, type Strike } from "../rules/strike";
import type { Context } from "./context";
import { runLabelled } from "./dice";
import type { AttackWay, ChainLog, Paid } from "./events";
import { derivedOf, type Fighter } from "./fighter";
import type { StrikeRoll, StrikeWeapon } from "./strike-roll";

/**
 * A strike in a recorded fight: the rules' plans (`rules/strike.ts`) rolled with their dice kept
 * by label, their outcome copied into the fight's `StrikeRoll` (so what follows a strike reads
 * the same fields whether the fight records or not), and the attack and damage events built from
 * the plans' modifiers, defense terms, chain and damage terms. Unrecorded fights roll the same
 * strike on the `StrikeRoll` alone (`strike-roll.ts`). Source: `001_dbc5fcc02a99a518.txt`
 * §Attacking, §Wounds/Aiming, §Combat specific Fails/Criticals; RULINGS.md §wounds.
 */

/** What each way of attacking paid, as its attack event lists it. */
const PAID: Readonly<Record<AttackWay, readonly Paid[]>> = {
  attack: ["attack"], extraAttack: ["move", "bonus", "bonus"], spell: [], freeHit: ["freeHit"],
  tragedyFreeHit: ["none"], opening: ["none"],
};

/** A recorded strike's roll: its check, defense, the plan's outcome and the dice by label. */
export interface LoggedStrike {
  readonly plan: CheckPlan;
  readonly defense: Defense;
  readonly strike: Strike;
  readonly dice: Record<string, number[]>;
}

/** A recorded hit's damage and its dice by label (null on a miss). */
export interface LoggedDamage {
  readonly damage: DamageOutcome;
  readonly dice: Record<string, number[]>;
}

/** The damage terms of a hit (`rules/strike.ts` `HitTerms`), as the runner reads them now. */
function hitTerms(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: StrikeWeapon, extraAttack: boolean,
  aim: Aim, sneak: boolean, improvement = 0,
): HitTerms {
  return {
    weapon, strength: derivedOf(attacker, ctx.round).strength, feats: attacker.block.feats,
    extraAttack, meleeDamagePurchases: attacker.bought.meleeDamageIn(ctx.round), sneak,
    reductions: [{ source: "armor", value: derivedOf(target, ctx.round).armor }], aim,
    ...(improvement ? { improvement } : {}),
  };
}

/** Copies a plan's damage into the roll. */
function damageInto(s: StrikeRoll, d: DamageOutcome | null): void {
  s.multiplier = d ? d.multiplier : 1;
  s.dealt = d ? d.dealt : 0;
  s.fatalRoll = d?.fatalRoll ?? 0;
  s.total = d ? d.total : 0;
}

/** Rolls a recorded strike by the rules' `strikePlan` and copies its outcome into `s`. */
export function rollLogged(
  ctx: Context, s: StrikeRoll, attacker: Fighter, target: Fighter, weapon: StrikeWeapon,
  way: AttackWay, aim: Aim, sneak: boolean, state: DefenseState, flanking: boolean,
  improvement = 0,
): LoggedStrike {
  const { round } = ctx;
  const defense = defenseOf({
    agility: derivedOf(target, round).agility, state, dodgePurchases: target.bought.dodge,
  });
  const plan = planAttack({
    accuracy: attacker.block.accuracy, woundAccuracy: derivedOf(attacker, round).penalties.accuracy,
    wardAccuracy: derivedOf(attacker, round).ward.accuracy,
    aim, flanking, toHitPurchases: attacker.bought.toHit,
  }, defense);
  const hit = hitTerms(ctx, attacker, target, weapon, way === "extraAttack", aim, sneak,
    improvement);
  const { result: strike, dice } = runLabelled(strikePlan(plan, hit), ctx.roller);
  const chain = strike.roll.chain;
  s.natural = strike.roll.check.natural;
  s.hit = strike.roll.hit;
  s.chain = chain ? chain.kind : null;
  s.reached = chain ? chain.chain.reached : 0;
  damageInto(s, strike.damage);
  return { plan, defense, strike, dice };
}

/** Rolls a recorded tragedy's free hit by `tragedyFreeHitPlan` and copies it into `s`. */
export function rollLoggedTragedyHit(
  ctx: Context, s: StrikeRoll, attacker: Fighter, target: Fighter, weapon: StrikeWeapon, aim: Aim,
): LoggedDamage {
  const hit = hitTerms(ctx, attacker, target, weapon, false, aim, false);
  const { result: damage, dice } = runLabelled(tragedyFreeHitPlan(hit), ctx.roller);
  damageInto(s, damage);
  return { damage, dice };
}

function chainLog(roll: AttackRoll): ChainLog | null {
  const c = roll.chain;
  if (!c) return null;
  const result = c.kind === "critical"
    ? (c.decisive ? "decisive" : c.superCritical ? "superCritical" : "critical")
    : (c.fatalBlow ? "fatalBlow" : c.tragedy ? "tragedy" : "fumble");
  return { kind: c.kind, faces: [...c.chain.faces], rolls: [...c.chain.rolls], result };
}

/** Logs a strike's attack (`logged` null: a tragedy's free hit, which rolls nothing). */
export function emitAttack(
  ctx: Context, logged: LoggedStrike | null, id: string, attacker: Fighter, target: Fighter,
  weapon: StrikeWeapon, way: AttackWay, aim: Aim, state: DefenseState, distance: number,
  flatFootedBy: readonly FlatFootedCause[] = [],
): void {
  const common = {
    kind: "attack" as const, round: ctx.round, id, attacker: attacker.key, target: target.key,
  };
  if (!logged) {
    ctx.emit({
      ...common, dice: [], natural: 0, total: 0, hit: true, way, paid: [...PAID[way]],
      weapon: weapon.name, aim, modifiers: [], defense: 0, defenseState: "dodging",
      flatFootedBy: [], defenseSources: [], chain: null, distance,
    });
    return;
  }
  const { check } = logged.strike.roll;
  ctx.emit({
    ...common, dice: [...check.dice], natural: check.natural, total: check.total,
    hit: logged.strike.roll.hit, way, paid: [...PAID[way]], weapon: weapon.name, aim,
    modifiers: [...logged.plan.modifiers], defense: logged.defense.target, defenseState: state,
    flatFootedBy: [...flatFootedBy], defenseSources: [...logged.defense.sources],
    chain: chainLog(logged.strike.roll), distance,
  });
}

/** Logs a hit's damage, and its wound (`woundId` null: it dealt none). */
export function emitDamage(
  ctx: Context, attacker: Fighter, target: Fighter, id: string, aim: Aim, logged: LoggedDamage,
  reason: "hit" | "tragedyFreeHit", hpBefore: number, woundId: string | null,
): void {
  const { damage, dice } = logged;
  ctx.emit({
    kind: "damage", round: ctx.round, source: attacker.key, target: target.key,
    amount: damage.total, dice: dice.damage ?? [], reason, attack: id, hpBefore,
    hpAfter: target.hp, sneak: dice.sneak ?? [], terms: [...damage.terms], raw: damage.raw,
    armor: damage.reduced, net: damage.net, multiplier: damage.multiplier, dealt: damage.dealt,
    fatalRoll: damage.fatalRoll, fatalBonus: damage.fatalBonus,
  });
  if (woundId !== null) {
    ctx.emit({ kind: "wound", round: ctx.round, target: target.key, id: woundId, aim, attack: id });
  }
}
