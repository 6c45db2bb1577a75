import { oneAgainstManyPlan, worstWinner } from "../../../engine/dice/opposed";
import { runSync } from "../../../engine/dice/plan";
import { resolveWindow, type Interjection } from "../../../engine/resolution/reaction-window";
import { canSnapAttack } from "../rules/actions";
import {
  resolveAttack,
  withAcAdjustment,
  type AttackPlan,
  type AttackOutcome,
} from "../rules/attack";
import { TOTAL_DEFENSE_AC } from "../rules/constants";
import { absorbShock, hitDamage, missShock } from "../rules/damage";
import { screenCapacity, screenSide } from "../rules/maneuvers";
import { swarmBonus } from "../rules/swarm";
import type { Weapon } from "../rules/statblock";
import { nextId, pay, type Context } from "./context";
import { dealDamage, grapple, rollDice } from "./damage";
import { oneAgainstManyLog, type AttackKind } from "./events";
import { dualBonus, guardOf, isUp, type Fighter } from "./fighter";
import { attackPlan, CHARGE, SNAP } from "./attack-memo";
import { heldWeapon } from "./hold";
import { distance, locate } from "./position";
import { bestWeapon, inMelee, situationNow, wantsSnapAttack, wantsTotalDefense } from "./reactions";
import { shove, shoveChoice } from "./shove";

/**
 * One attack in a headless `shock` fight, through the engine's reaction window: declare (a screen
 * may take the attack), roll, reactions seen after the roll (the target's Total Defense, allies'
 * Snap Attacks that may fell the attacker before damage), then damage: a hit's damage (or a grapple
 * or a shove instead), a miss's Shock through Total Defense, immunity and shield. A held action
 * taken in response resolves first, at the declaration.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Damage, §Shock, §Total Defense, §Make a
 * Snap Attack, §Screen an Ally, §Make a Swarm Attack, §Grappling, §Shoving, §Hold An Action.
 */
interface State {
  readonly swing: Swing;
  readonly target: Fighter;
  readonly screenedFrom: Fighter | null;
  readonly plan: AttackPlan | null;
  readonly outcome: AttackOutcome | null;
  readonly attackerDown: boolean;
}

/**
 * What an attack carries through its window, fixed when it is declared. The states carry it, so
 * the window's steps are shared functions rather than closures built for every attack.
 */
interface Swing {
  readonly ctx: Context;
  readonly id: string;
  readonly attacker: Fighter;
  readonly weapon: Weapon;
  readonly options: AttackOptions;
  readonly swarmOthers: number;
  /** The attack's own situation flags (`attack-memo.ts`: CHARGE, SNAP). */
  readonly flags: number;
}

function state(
  swing: Swing, target: Fighter, screenedFrom: Fighter | null,
  plan: AttackPlan | null, outcome: AttackOutcome | null, attackerDown: boolean,
): State {
  return { swing, target, screenedFrom, plan, outcome, attackerDown };
}

export interface AttackOptions {
  readonly kind: AttackKind;
  readonly charge?: boolean;
  /** A grapple attempt: on a hit, an opposed STR/Brawl check instead of damage. */
  readonly grapple?: boolean;
}

export interface AttackResult {
  readonly hit: boolean;
  readonly target: Fighter;
  readonly cancelled: boolean;
}

/** Whether `s` screens `ward` and can still screen against `attacker` this round. */
function canScreen(s: Fighter, ward: Fighter, attacker: Fighter): boolean {
  return s.screening === ward.key && isUp(s) && s.key !== attacker.key &&
    (s.screenedAttackers.has(attacker.key) || s.screenedAttackers.size < screenCapacity(s.block));
}

/** Whether anyone screens `ward` and can still screen against `attacker` this round. */
function anyScreen(ctx: Context, ward: Fighter, attacker: Fighter): boolean {
  for (const s of ctx.fighters) if (canScreen(s, ward, attacker)) return true;
  return false;
}

/** Allies screening `ward` who can still screen against `attacker` this round. */
function screenersOf(ctx: Context, ward: Fighter, attacker: Fighter): Fighter[] {
  return ctx.fighters.filter((s) => canScreen(s, ward, attacker));
}

/**
 * A screen: the attacker's check against every screener; the worst-rolling winner takes the attack.
 */
function screen(s: State): State {
  const { ctx, attacker, id } = s.swing;
  const screeners = screenersOf(ctx, s.target, attacker);
  const single = screenSide(attacker.key, attacker.block);
  const others = screeners.map((x) => screenSide(x.key, x.block));
  const r = runSync(oneAgainstManyPlan(single, others), ctx.roller);
  for (const x of screeners) x.screenedAttackers.add(attacker.key);
  if (ctx.record) ctx.emit({
    kind: "opposed", round: ctx.round, purpose: "screen", ...oneAgainstManyLog(single, others, r),
  });
  const winner = worstWinner(r);
  const screener = winner ? (ctx.byKey.get(winner.id) as Fighter) : null;
  if (ctx.record) ctx.emit({
    kind: "reaction",
    round: ctx.round,
    actor: screener?.key ?? screeners[0]!.key,
    reaction: "screen",
    attack: id,
    changed: Boolean(screener),
  });
  return state(s.swing, screener ?? s.target, s.target, s.plan, s.outcome, s.attackerDown);
}

const SCREEN: Interjection<State> = {
  id: "screen", by: "", stage: "declare",
  // Asked at every attack: a test that builds no list.
  available: (s) => !s.screenedFrom && anyScreen(s.swing.ctx, s.target, s.swing.attacker),
  apply: screen,
};

/** Total Defense after seeing the roll: +2 AC on the same die. */
function totalDefense(s: State): State {
  const { ctx, id } = s.swing;
  pay(ctx, s.target, "totalDefense");
  s.target.totalDefense = true;
  const plan = withAcAdjustment(s.plan as AttackPlan, {
    source: "totalDefense",
    value: TOTAL_DEFENSE_AC,
  });
  const outcome = resolveAttack(plan, (s.outcome as AttackOutcome).dice);
  if (ctx.record) ctx.emit({
    kind: "reaction", round: ctx.round, actor: s.target.key, reaction: "totalDefense", attack: id,
    changed: outcome.hit !== s.outcome?.hit,
  });
  return state(s.swing, s.target, s.screenedFrom, plan, outcome, s.attackerDown);
}

function totalDefenseAvailable(s: State): boolean {
  const { ctx, attacker, weapon, swarmOthers } = s.swing;
  return !s.target.totalDefense && isUp(s.target) && s.outcome !== null && s.plan !== null &&
    wantsTotalDefense(ctx, s.target, attacker, weapon, s.plan, s.outcome, swarmOthers > 0);
}

/** A Snap Attack on the attacker by `snapper` before the hit's damage lands. */
function snapAttack(s: State, snapper: Fighter): State {
  const { ctx, attacker, id } = s.swing;
  pay(ctx, snapper, "snapAttack");
  if (ctx.record) ctx.emit({
    kind: "reaction", round: ctx.round, actor: snapper.key, reaction: "snapAttack", attack: id,
    changed: false,
  });
  const w = bestWeapon(ctx, snapper, attacker, "snap");
  if (w) attack(ctx, snapper, attacker, w, { kind: "snap" });
  return state(s.swing, s.target, s.screenedFrom, s.plan, s.outcome, !isUp(attacker));
}

/**
 * A held action taken in response to an attack on the holder or an ally: it resolves first, an
 * attack on the attacker, and a felled attacker's attack never lands (§Hold An Action; RULINGS.md
 * §shock Held action).
 */
function heldResponse(s: State, holder: Fighter): State {
  const { ctx, attacker, id } = s.swing;
  const w = heldWeapon(ctx, holder, attacker, s.target, s.swing.weapon) as Weapon;
  // The reaction first, then what it spends: the log reads as the table would say it.
  if (ctx.record) ctx.emit({
    kind: "reaction", round: ctx.round, actor: holder.key, reaction: "heldAction", attack: id,
    changed: false,
  });
  pay(ctx, holder, w.kind === "melee" ? "meleeAttack" : "rangedAttack");
  attack(ctx, holder, attacker, w, { kind: "held" });
  return state(s.swing, s.target, s.screenedFrom, s.plan, s.outcome, !isUp(attacker));
}

/**
 * Each fighter's own reactions, each made on its first use in the fight (most fighters never
 * snap or hold): they read everything else from the state.
 */
export interface Reactions {
  totalDefense: Interjection<State> | null;
  snapAttack: Interjection<State> | null;
  heldAction: Interjection<State> | null;
}

function totalDefenseOf(f: Fighter): Interjection<State> {
  return f.reactions.totalDefense ??= {
    id: "totalDefense", by: f.key, stage: "react", available: totalDefenseAvailable,
    apply: totalDefense,
  };
}

function snapAttackOf(f: Fighter): Interjection<State> {
  return f.reactions.snapAttack ??= {
    id: "snapAttack", by: f.key, stage: "react",
    available: (s) => Boolean(s.outcome?.hit) && !s.attackerDown &&
      wantsSnapAttack(s.swing.ctx, f, s.swing.attacker, s.target, s.swing.weapon),
    apply: (s) => snapAttack(s, f),
  };
}

function heldActionOf(f: Fighter): Interjection<State> {
  return f.reactions.heldAction ??= {
    id: "heldAction", by: f.key, stage: "declare",
    available: (s) => !s.attackerDown &&
      heldWeapon(s.swing.ctx, f, s.swing.attacker, s.target, s.swing.weapon) !== null,
    apply: (s) => heldResponse(s, f),
  };
}

/** The roll: the plan against the (possibly screened) target, one d20, the attack event. */
function roll(s: State): State {
  const { ctx, attacker, weapon, flags, swarmOthers } = s.swing;
  const situation = situationNow(
    ctx, attacker, s.target, weapon, inMelee(ctx, attacker), flags, swarmOthers,
  );
  // The tactics only attack what the weapon reaches; a screener stands by its ward.
  if (situation === null) throw new Error(`${weapon.name} cannot reach ${s.target.key}`);
  const plan = attackPlan(attacker.block, weapon, situation);
  const outcome = resolveAttack(plan, [ctx.roller.die(20)]);
  if (ctx.record) logAttack(s, plan, outcome);
  return state(s.swing, s.target, s.screenedFrom, plan, outcome, s.attackerDown);
}

/** The attack event of the roll. */
function logAttack(s: State, plan: AttackPlan, outcome: AttackOutcome): void {
  const { ctx, id, attacker, weapon, options } = s.swing;
  const rating = weapon.shock;
  const shock =
    rating.amount > 0 ? { amount: rating.amount, ac: rating.anyAc ? null : rating.ac } : null;
  ctx.emit({
    kind: "attack",
    round: ctx.round,
    id,
    attacker: attacker.key,
    target: s.target.key,
    weapon: weapon.name,
    attackKind: options.kind,
    feet: distance(ctx, attacker, s.target),
    dice: [...outcome.dice],
    natural: outcome.natural,
    modifiers: [...plan.check.modifiers],
    total: outcome.total,
    ac: plan.ac,
    acAdjustments: [...plan.acAdjustments],
    targetAc: plan.check.target,
    hit: outcome.hit,
    decidedBy: outcome.decidedBy,
    shock, screenedFrom: s.screenedFrom?.key ?? null,
  });
}

/** The damage steps, one list per kind (shared: they read the attack from the state). */
const LANDING = Object.fromEntries((["hit", "grapple", "shock"] as const).map((id) => [id, [{
  id, apply: (x: State) => (land(x), x),
}]]));

const firstOffer = (_stage: unknown, _s: State, offers: readonly Interjection<State>[]) =>
  offers[0] ?? null;
const landingKind = (s: State) =>
  s.outcome?.hit ? (s.swing.options.grapple ? "grapple" : "hit") : "shock";
const damageSteps = (s: State) => LANDING[landingKind(s)]!;
const cancelled = (s: State) => s.attackerDown || !isUp(s.swing.attacker);

export function attack(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon, options: AttackOptions,
): AttackResult {
  // An attack gives a shadowed attacker's place away.
  if (!attacker.located) locate(ctx, attacker);
  const swarmOthers = options.kind === "swarm" ? (ctx.swarms.get(target.key)?.length ?? 0) : 0;
  const flags = (options.charge ? CHARGE : 0) | (options.kind === "snap" ? SNAP : 0);
  const swing: Swing = { ctx, id: nextId(ctx), attacker, weapon, options, swarmOthers, flags };
  // Only those who could snap or take a held action now are offered: none of these facts can
  // turn back during one attack. Held actions resolve first (before the screen), in reverse
  // listed order; then the screen and Total Defense; then snaps in listed order.
  const interjections: Interjection<State>[] = [];
  const { fighters } = ctx;
  for (let i = fighters.length - 1; i >= 0; i--) {
    const f = fighters[i] as Fighter;
    if (f.budget.holding && !f.budget.main && f.party === target.party && isUp(f)) {
      interjections.push(heldActionOf(f));
    }
  }
  interjections.push(SCREEN, totalDefenseOf(target));
  for (const f of target.party ? ctx.partySnappers : ctx.foeSnappers) {
    if (isUp(f) && canSnapAttack(true, f.budget)) interjections.push(snapAttackOf(f));
  }
  const result = resolveWindow<State>({
    declared: state(swing, target, null, null, null, false),
    interjections, roll, choose: firstOffer, damage: damageSteps, cancelled,
  });
  const final = result.final;
  const hit = Boolean(final.outcome?.hit) && !result.cancelled;
  return { hit, target: final.target, cancelled: result.cancelled };
}

/**
 * The final result lands: a hit's damage (or the grapple), else a miss's Shock through the guard.
 */
function land(s: State): void {
  const { ctx, attacker, weapon, id, swarmOthers, options } = s.swing;
  const target = s.target;
  const plan = s.plan as AttackPlan;
  if (!isUp(target)) return;
  const dual = dualBonus(attacker, weapon, distance(ctx, attacker, target));
  if (s.outcome?.hit && options.grapple) {
    grapple(ctx, attacker, target);
    return;
  }
  if (s.outcome?.hit) {
    const choice = SHOVES[options.kind] && weapon.kind === "melee"
      ? shoveChoice(ctx, attacker, target, weapon, plan.check.target) : null;
    if (choice) return shove(ctx, attacker, target, id, choice);
    const dice = rollDice(ctx, weapon);
    const d = hitDamage({
      wielder: attacker.block, weapon, dice, ac: plan.check.target, dualWield: dual,
      swarmDamage: swarmOthers ? swarmBonus(swarmOthers).damage : 0, swarm: swarmOthers > 0,
    });
    dealDamage(ctx, attacker.key, target, d.amount, {
      attack: id,
      reason: "hit",
      dice,
      base: d.base,
      swarmBonus: d.swarm,
      floor: d.floor,
      absorbedBy: null,
    });
    return;
  }
  const shock = missShock(attacker.block, weapon, plan.check.target, swarmOthers > 0, dual);
  if (!shock.amount) return;
  const landed = absorbShock(shock, guardOf(target, ctx.round));
  if (landed.absorbedBy === "shield") target.shieldRound = ctx.round;
  dealDamage(ctx, attacker.key, target, landed.amount, {
    attack: id,
    reason: shock.reason === "swarm" ? "swarm" : "shock",
    dice: [],
    base: 0,
    swarmBonus: 0,
    floor: shock.amount,
    absorbedBy: landed.absorbedBy,
  });
}

/**
 * The attacks after whose hit the runner may shove instead (not a swarm's, a snap's or a grapple).
 */
const SHOVES: Readonly<Record<AttackKind, boolean>> = {
  normal: true,
  charge: true,
  held: true,
  opportunity: true,
  snap: false,
  swarm: false,
  grapple: false,
};
