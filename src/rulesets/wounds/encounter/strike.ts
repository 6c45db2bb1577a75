import type { DefenseState } from "../rules/attack";
import { CRITICAL_MULTIPLIER, type Aim, type FlatFootedCause } from "../rules/constants";
import { freeHitSlots, fumbleFreeHit, mayTakeFreeHit } from "../rules/free-hits";
import { afterDamage, healthState, type HealthState } from "../rules/health";
import type { Weapon } from "../rules/statblock";
import { defenseState, flatFootedCauses } from "../rules/states";
import { summoningSick } from "../rules/summons";
import { afterHit, causesWound } from "../rules/wounds";
import { leaveFight, nextAttackId, upOf, type Context } from "./context";
import type { AttackWay } from "./events";
import {
  derivedOf, distance, focusOn, freeHitsLeft, freeHitWeapon, type Fighter,
} from "./fighter";
import {
  emitAttack, emitDamage, rollLogged, rollLoggedTragedyHit, type LoggedDamage,
} from "./strike-log";
import {
  decisive, fatalBlow, rollStrike, rollStrikeDamage, tragedy, type StrikeRoll, type StrikeWeapon,
} from "./strike-roll";
import { chooseAim } from "./tactics";

/**
 * One strike in a headless `wounds` fight, as the rules' `strike.ts` plays it: the d20 with its
 * modifiers against the defense (flat-footed when the attacker is undetected or the target is a
 * sick summon), the chain on a natural 20 or 1, the damage at the chain's multiplier less armor,
 * the wound with its aim, falls, a fatal blow's death of the attacker and the free hit a natural
 * 1 in the target's melee zone gives it (a tragedy's: an automatic critical with no slot). A
 * recorded fight rolls the rules' plans and logs them (`strike-log.ts`); an unrecorded one rolls
 * the same dice on the context's `StrikeRoll` (`strike-roll.ts`); what follows reads the roll's
 * fields either way. Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Combat
 * specific Fails/Criticals, §Free Hits, §Flanking, §Sneak Damage; RULINGS.md §wounds.
 */

/** Whether a summon is still sick (it cannot act or dodge). */
export const isSick = (f: Fighter, round: number): boolean =>
  f.summoned !== null && summoningSick(f.summoned, round);

/** Whether it may act at all now (in the fight, not a sick summon). */
export const mayAct = (f: Fighter, round: number): boolean => !f.out && !isSick(f, round);

/** An ally of the attacker stands on the target's other side: the attacker is behind it. */
function flanks(ctx: Context, attacker: Fighter, target: Fighter): boolean {
  const i = target.at.i - Math.sign(attacker.at.i - target.at.i);
  const j = target.at.j - Math.sign(attacker.at.j - target.at.j);
  for (const a of upOf(ctx, attacker.side)) {
    if (a !== attacker && a.at.i === i && a.at.j === j) return true;
  }
  return false;
}

/**
 * How the target meets the attack (`rules/states.ts` `defenseState`): flat-footed when the
 * attacker is undetected or the target a sick summon (its sickness is a cause that always
 * counts), else as its states say. A unit without a flat-footed cause, as every unit in these
 * fights is, skips the rules' reading of its causes.
 */
function defenseStateOf(target: Fighter, round: number, sneak: boolean): DefenseState {
  if (sneak || isSick(target, round)) return "flatFooted";
  const { states } = target;
  if (states.flatFooted.length === 0) return states.prone ? "prone" : "dodging";
  return defenseState(states, target.block.feats);
}

/**
 * Why the target is flat-footed for an attack, for the log: an undetected attacker, a summon's
 * first round, and its states' causes that count (`rules/states.ts` `flatFootedCauses`).
 */
function flatFootedBy(target: Fighter, round: number, sneak: boolean): FlatFootedCause[] {
  const causes: FlatFootedCause[] = [...target.states.flatFooted];
  if (isSick(target, round)) causes.unshift("summoningSickness");
  if (sneak) causes.unshift("snuckUpOn");
  return flatFootedCauses(causes, target.block.feats);
}

/** Takes a unit out of the fight (its summoner's slot freed), logging why. */
export function fall(ctx: Context, f: Fighter, state: Exclude<HealthState, "up"> | "dead"): void {
  if (f.out) return;
  f.out = true;
  f.fell = state;
  leaveFight(ctx, f);
  if (f.summonedBy !== null) f.summonedBy.summons--;
  if (ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state });
}

/**
 * Applies a hit's damage read from `s`: HP, and a wound with its aim when 6 or more were dealt
 * (each damage takes the next wound number, wound or not); logs both when `logged`.
 */
function applyDamage(
  ctx: Context, s: StrikeRoll, attacker: Fighter, target: Fighter, id: string, aim: Aim,
  logged: LoggedDamage | null, reason: "hit" | "tragedyFreeHit",
): void {
  const hpBefore = target.hp;
  target.hp = afterDamage(target.hp, s.total);
  const seq = ++ctx.woundSeq;
  const woundId = causesWound(s.dealt) ? `w${seq}` : null;
  if (woundId !== null) {
    target.wounds = afterHit(target.wounds, s.dealt, { id: woundId, aim, round: ctx.round });
  }
  if (logged) emitDamage(ctx, attacker, target, id, aim, logged, reason, hpBefore, woundId);
}

/** A tragedy's free hit: no roll, damage ×2, no chain; taken with no slot. */
function tragedyFreeHit(ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon): void {
  const { round } = ctx;
  const aim = chooseAim(ctx, attacker, target, weapon);
  const id = nextAttackId(ctx);
  const gap = distance(attacker.at, target.at);
  if (ctx.record) {
    emitAttack(ctx, null, id, attacker, target, weapon, "tragedyFreeHit", aim, "dodging", gap);
  }
  const s = ctx.roll.hitWith(weapon, focusOn(attacker, weapon), attacker.block.feats, false, false,
    derivedOf(attacker, round).strength, attacker.bought.meleeDamageIn(round),
    derivedOf(target, round).armor, aim);
  const logged = ctx.record ? rollLoggedTragedyHit(ctx, s, attacker, target, weapon, aim) : null;
  if (!logged) rollStrikeDamage(s, CRITICAL_MULTIPLIER, ctx.roller);
  applyDamage(ctx, s, attacker, target, id, aim, logged, "tragedyFreeHit");
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
  strike(ctx, target, attacker, weapon, "freeHit", chooseAim(ctx, target, attacker, weapon));
}

/**
 * Rolls and applies one strike of `attacker` on `target` with `weapon`, and whatever follows from
 * it (a fall, the attacker's death, the target's free hit).
 * @param sneak the attacker is undetected: the target is flat-footed and takes sneak damage.
 * @param improvement a spell attack's damage from the Bonus Actions improving it (`spells.ts`).
 */
export function strike(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: StrikeWeapon, way: AttackWay,
  aim: Aim, sneak = false, improvement = 0,
): void {
  const { round } = ctx;
  const ad = derivedOf(attacker, round);
  const td = derivedOf(target, round);
  const state = defenseStateOf(target, round, sneak);
  const flanking = weapon.kind === "melee" && flanks(ctx, attacker, target);
  const s = ctx.roll
    .aim(attacker.block.accuracy + ad.ward.accuracy, ad.penalties.accuracy, aim, flanking,
      attacker.bought.toHit, state, td.agility, target.bought.dodge)
    .hitWith(weapon, focusOn(attacker, weapon), attacker.block.feats, way === "extraAttack", sneak,
      ad.strength, attacker.bought.meleeDamageIn(round), td.armor, aim, improvement);
  const logged = ctx.record
    ? rollLogged(ctx, s, attacker, target, weapon, way, aim, sneak, state, flanking, improvement)
    : null;
  if (!logged) rollStrike(s, ctx.roller);
  attacker.bought.afterAttack();
  const id = nextAttackId(ctx);
  const gap = distance(attacker.at, target.at);
  if (logged) {
    const by = state === "flatFooted" ? flatFootedBy(target, round, sneak) : [];
    emitAttack(ctx, logged, id, attacker, target, weapon, way, aim, state, gap, by);
  }
  // `s` is the context's one roll, which the target's free hit below rolls again: everything
  // this strike needs from it is read before then.
  const defeated = decisive(s);
  const dies = fatalBlow(s);
  const reply = s.chain === "tragedy" ? fumbleFreeHit(gap <= td.meleeZone, tragedy(s)) : "none";
  if (s.hit) {
    const damage = logged && logged.strike.damage
      ? { damage: logged.strike.damage, dice: logged.dice } : null;
    applyDamage(ctx, s, attacker, target, id, aim, damage, "hit");
  }
  const after = defeated ? "defeated" : healthState(target.hp, target.block.isPC);
  if (after !== "up") fall(ctx, target, after);
  if (dies) {
    fall(ctx, attacker, "dead");
    return;
  }
  if (reply !== "none") fumbleReply(ctx, attacker, target, reply);
}

/** Free Hit Slots at a round's start for the log: Agility after wounds + 1, none at ≤ 0. */
export const slotsAtRoundStart = (f: Fighter, round: number): number =>
  freeHitSlots(derivedOf(f, round).agility);
