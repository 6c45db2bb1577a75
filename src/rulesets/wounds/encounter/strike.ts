import {
  defenseOf, planAttack, type AttackRoll,
} from "../rules/attack";
import type { Aim } from "../rules/constants";
import type { DamageOutcome } from "../rules/damage";
import { freeHitSlots, mayTakeFreeHit } from "../rules/free-hits";
import { afterDamage, healthState, type HealthState } from "../rules/health";
import { activePurchases, afterAttack } from "../rules/purchases";
import type { Weapon } from "../rules/statblock";
import { defenseState, withCause } from "../rules/states";
import {
  strikeEffects, strikePlan, tragedyFreeHitPlan, type HitTerms,
} from "../rules/strike";
import { summoningSick } from "../rules/summons";
import { afterHit } from "../rules/wounds";
import { fighterOf, nextAttackId, type Context } from "./context";
import { runLabelled } from "./dice";
import type { AttackWay, ChainLog, Paid } from "./events";
import { derivedOf, distance, freeHitsLeft, freeHitWeapon, type Fighter } from "./fighter";
import { chooseAim } from "./tactics";

/**
 * One strike in a headless `wounds` fight, through the rules' `strike.ts`: the d20 with its
 * modifiers by source against the defense by source (flat-footed when the attacker is undetected
 * or the target is a sick summon), the chain on a natural 20 or 1, the damage at the chain's
 * multiplier less armor, the wound with its aim, falls, a fatal blow's death of the attacker and
 * the free hit a natural 1 in the target's melee zone gives it (a tragedy's: an automatic critical
 * with no slot). Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Combat specific
 * Fails/Criticals, §Free Hits, §Flanking, §Sneak Damage; RULINGS.md §wounds.
 */
export interface StrikeWith {
  readonly weapon: Pick<Weapon, "id" | "name" | "kind" | "damage">;
  readonly way: AttackWay;
  readonly paid: Paid[];
  readonly aim: Aim;
  /** The attacker is undetected: the target is flat-footed and takes sneak damage. */
  readonly sneak: boolean;
}

/** Whether a summon is still sick (it cannot act or dodge). */
export const isSick = (f: Fighter, round: number): boolean =>
  f.summoned !== null && summoningSick(f.summoned, round);

/** Whether it may act at all now (in the fight, not a sick summon). */
export const mayAct = (f: Fighter, round: number): boolean => !f.out && !isSick(f, round);

/** An ally of the attacker stands on the target's other side: the attacker is behind it. */
function flanks(ctx: Context, attacker: Fighter, target: Fighter): boolean {
  const i = target.at.i - Math.sign(attacker.at.i - target.at.i);
  const j = target.at.j - Math.sign(attacker.at.j - target.at.j);
  return ctx.fighters.some((a) => a !== attacker && !a.out && a.side === attacker.side
    && a.at.i === i && a.at.j === j);
}

/** Takes a unit out of the fight (its summoner's slot freed), logging why. */
export function fall(ctx: Context, f: Fighter, state: Exclude<HealthState, "up"> | "dead"): void {
  if (f.out) return;
  f.out = true;
  if (f.summoner !== null) fighterOf(ctx, f.summoner).summons--;
  if (ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state });
}

function chainLog(roll: AttackRoll): ChainLog | null {
  const c = roll.chain;
  if (!c) return null;
  const result = c.kind === "critical"
    ? (c.decisive ? "decisive" : c.superCritical ? "superCritical" : "critical")
    : (c.fatalBlow ? "fatalBlow" : c.tragedy ? "tragedy" : "fumble");
  return { kind: c.kind, faces: [...c.chain.faces], rolls: [...c.chain.rolls], result };
}

function hitTerms(ctx: Context, attacker: Fighter, target: Fighter, w: StrikeWith): HitTerms {
  return {
    weapon: w.weapon, strength: derivedOf(attacker, ctx.round).strength,
    feats: attacker.block.feats, extraAttack: w.way === "extraAttack",
    meleeDamagePurchases: activePurchases(attacker.bought, ctx.round).meleeDamage,
    sneak: w.sneak, reductions: [{ source: "armor", value: target.block.armor }], aim: w.aim,
  };
}

/** Logs a damage outcome and applies it; returns the target's state after. */
function applyDamage(
  ctx: Context, attacker: Fighter, target: Fighter, id: string, aim: Aim,
  damage: DamageOutcome, dice: Record<string, number[]>, reason: "hit" | "tragedyFreeHit",
): void {
  const hpBefore = target.hp;
  target.hp = afterDamage(target.hp, damage.total);
  const before = target.wounds.length;
  const woundId = `w${++ctx.woundSeq}`;
  target.wounds = afterHit(target.wounds, damage.dealt, { id: woundId, aim, round: ctx.round });
  if (ctx.record) {
    ctx.emit({
      kind: "damage", round: ctx.round, source: attacker.key, target: target.key,
      amount: damage.total, dice: dice.damage ?? [], reason, attack: id, hpBefore,
      hpAfter: target.hp, sneak: dice.sneak ?? [], terms: [...damage.terms], raw: damage.raw,
      armor: damage.reduced, net: damage.net, multiplier: damage.multiplier, dealt: damage.dealt,
      fatalRoll: damage.fatalRoll, fatalBonus: damage.fatalBonus,
    });
    if (target.wounds.length > before) {
      ctx.emit({
        kind: "wound", round: ctx.round, target: target.key, id: woundId, aim, attack: id,
      });
    }
  }
}

/** A tragedy's free hit: no roll, damage ×2, no chain; taken with no slot. */
function tragedyFreeHit(ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon): void {
  const aim = chooseAim(ctx, attacker, target, weapon);
  const w: StrikeWith = { weapon, way: "tragedyFreeHit", paid: ["none"], aim, sneak: false };
  const id = nextAttackId(ctx);
  if (ctx.record) {
    ctx.emit({
      kind: "attack", round: ctx.round, id, attacker: attacker.key, target: target.key,
      dice: [], natural: 0, total: 0, hit: true, way: w.way, paid: w.paid, weapon: weapon.name,
      aim, modifiers: [], defense: 0, defenseState: "dodging", defenseSources: [], chain: null,
      distance: distance(attacker.at, target.at),
    });
  }
  const { result, dice } = runLabelled(tragedyFreeHitPlan(hitTerms(ctx, attacker, target, w)),
    ctx.roller);
  applyDamage(ctx, attacker, target, id, aim, result, dice, "tragedyFreeHit");
  const state = healthState(target.hp, target.block.isPC);
  if (state !== "up") fall(ctx, target, state);
}

/** The free hit a natural 1 gives `target` against `attacker`, if it may take it. */
function fumbleReply(
  ctx: Context, attacker: Fighter, target: Fighter, kind: "freeHit" | "criticalFreeHit",
): void {
  const weapon = freeHitWeapon(target);
  if (!weapon || !mayAct(target, ctx.round) || attacker.out) return;
  const left = freeHitsLeft(target, ctx.round);
  const taken = mayTakeFreeHit(left, kind);
  if (ctx.record) {
    ctx.emit({
      kind: "freeHit", round: ctx.round, actor: target.key, target: attacker.key,
      trigger: kind === "freeHit" ? "natural1" : "tragedy", slotsLeft: left, taken,
    });
  }
  if (!taken) return;
  if (kind === "criticalFreeHit") {
    tragedyFreeHit(ctx, target, attacker, weapon);
    return;
  }
  target.freeUsed++;
  const aim = chooseAim(ctx, target, attacker, weapon);
  strike(ctx, target, attacker, { weapon, way: "freeHit", paid: ["freeHit"], aim, sneak: false });
}

/** Rolls and applies one strike of `attacker` on `target`, and whatever follows from it. */
export function strike(ctx: Context, attacker: Fighter, target: Fighter, w: StrikeWith): void {
  const { round } = ctx;
  const ad = derivedOf(attacker, round);
  const td = derivedOf(target, round);
  const states = isSick(target, round)
    ? withCause(target.states, "summoningSickness") : target.states;
  const dState = defenseState(states, target.block.feats, w.sneak);
  const defense = defenseOf({
    agility: td.agility, state: dState,
    dodgePurchases: activePurchases(target.bought, round).dodge,
  });
  const plan = planAttack({
    accuracy: attacker.block.accuracy, woundAccuracy: ad.penalties.accuracy, aim: w.aim,
    flanking: w.weapon.kind === "melee" && flanks(ctx, attacker, target),
    toHitPurchases: activePurchases(attacker.bought, round).toHit,
  }, defense);
  const hit = hitTerms(ctx, attacker, target, w);
  const { result: s, dice } = runLabelled(strikePlan(plan, hit), ctx.roller);
  attacker.bought = afterAttack(attacker.bought);
  const id = nextAttackId(ctx);
  const gap = distance(attacker.at, target.at);
  if (ctx.record) {
    ctx.emit({
      kind: "attack", round, id, attacker: attacker.key, target: target.key,
      dice: [...s.roll.check.dice], natural: s.roll.check.natural, total: s.roll.check.total,
      hit: s.roll.hit, way: w.way, paid: w.paid, weapon: w.weapon.name, aim: w.aim,
      modifiers: [...plan.modifiers], defense: defense.target, defenseState: dState,
      defenseSources: [...defense.sources], chain: chainLog(s.roll), distance: gap,
    });
  }
  const effects = strikeEffects(s, {
    hp: target.hp, isPC: target.block.isPC, wounds: target.wounds,
  }, {
    aim: w.aim, woundId: `w${ctx.woundSeq + 1}`, round, inTargetZone: gap <= td.meleeZone,
  });
  if (s.damage) applyDamage(ctx, attacker, target, id, w.aim, s.damage, dice, "hit");
  if (effects.state !== "up") fall(ctx, target, effects.state);
  if (effects.attackerDies) {
    fall(ctx, attacker, "dead");
    return;
  }
  if (effects.freeHit !== "none") fumbleReply(ctx, attacker, target, effects.freeHit);
}

/** Free Hit Slots at a round's start for the log: Agility after wounds + 1, none at ≤ 0. */
export const slotsAtRoundStart = (f: Fighter, round: number): number =>
  freeHitSlots(derivedOf(f, round).agility);
