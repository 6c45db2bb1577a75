import {
  levelRank, parrySizeShift, rollUnderEdge, type RollUnderEdge,
} from "../../../engine/dice/roll-under";
import type { Offer } from "../../../engine/resolution/window/definition";
import {
  attackLevel, fighter, type ApReaction, type ApWindowContext, type ApWindowFighter,
} from "../rules/reaction-window";
import type { Context } from "./context";
import { meanDamage, pool, type Fighter } from "./fighter";

/**
 * The runner's tactics for reactions: in an attack's window, which of the offered reactions to
 * take (or to take the hit), and whether to make an offered reaction attack. Tactics only: the
 * window (`rules/reaction-window.ts`) decides what is offered and how it resolves.
 *
 * A target takes the reaction most likely to win its opposed check when that is at least 1 in 5,
 * a Riposte over a Parry when its parry is about as likely as the best (it strikes back); an ally
 * Intercepts only a hit that could drop the target when the target takes none itself, if it is
 * likely enough to win and could take the blow itself. A reaction attack is made with RP to spare
 * (RP come back at the start of the attacker's own turn), or on a foe a blow could drop.
 */
const TAKE_AT = 0.2;
const RIPOSTE_MARGIN = 0.05;
const INTERCEPT_AT = 0.15;

/** The chance one d100 reaches level rank `rank` against `skill` (96+ always fail). */
function atLeast(skill: number, rank: number): number {
  if (rank <= 0) return 1;
  if (rank === 1) return 0.99;
  const critical = Math.max(1, Math.floor(skill / 10));
  const major = Math.max(critical, Math.floor(skill / 5));
  const hard = Math.max(major, Math.floor(skill / 2));
  const normal = Math.max(hard, Math.floor(skill));
  const t = rank === 2 ? normal : rank === 3 ? hard : rank === 4 ? major : critical;
  return Math.min(95, Math.max(0, t)) / 100;
}

/**
 * The chance a reaction of `skill` with `edge` beats an attack of level rank `attackRank` raised by
 * `shift` (the reactor must roll a higher level: RULINGS.md §action-points Opposed).
 */
export function winChance(
  skill: number, edge: RollUnderEdge, attackRank: number, shift: number,
): number {
  const need = attackRank + shift + 1;
  if (need > 5) return 0;
  const p = atLeast(skill, need);
  return edge === "none" ? p : edge === "advantage" ? 1 - (1 - p) * (1 - p) : p * p;
}

/** The skill a reaction rolls (as the window reads it). */
function skillOf(
  f: Pick<ApWindowFighter, "agility" | "athletics" | "endurance" | "melee">, r: ApReaction,
): number {
  if (r === "dodge") return Math.max(f.agility, f.athletics);
  if (r === "block") return f.endurance;
  if (r === "intercept") return f.agility;
  return f.melee;
}

function chance(c: ApWindowContext, o: Offer): number {
  const f = fighter(c, o.by);
  const r = o.answer as ApReaction;
  const attacker = fighter(c, c.attacker);
  const shift = r === "parry" || r === "riposte" ? (parrySizeShift(attacker.size, f.size) ?? 0) : 0;
  return winChance(skillOf(f, r), rollUnderEdge(f.edge), levelRank(attackLevel(c)), shift);
}

/** Most damage the attack can do (its dice at their highest, ×3 on a critical). */
function worstCase(c: ApWindowContext): number {
  const d = c.damage;
  const top = d.dice * d.die + d.bonus;
  return attackLevel(c) === "critical" ? 3 * top : top;
}

/** The edge of a fighter's reactions: Total Defense's Advantage, a grappler's Disadvantage. */
const edgeOf = (f: Fighter): RollUnderEdge =>
  rollUnderEdge((f.totalDefense ? 1 : 0) - (f.grappling ? 1 : 0));

/**
 * Whether `target` would take none of the reactions the window can offer it against an attack of
 * level rank `attackRank` (`chooseReaction`'s own test, before the window): it has no RP, or
 * neither a Dodge, nor a Block with its shield, nor a Parry or Riposte (melee; the same skill and
 * size shift) is likely enough. What the window offers is a subset of these, so the tactics then
 * pass whatever it offers the target.
 */
export function takesNoReaction(
  target: Fighter, attacker: Fighter, attackRank: number, melee: boolean,
): boolean {
  if (pool(target, "rp") < 1) return true;
  const edge = (target.totalDefense ? 1 : 0) - (target.grappling ? 1 : 0);
  const size = melee ? attacker.sizeRank : 4;
  if (attackRank < 0 || attackRank > 5 || size < 0 || size > (melee ? 3 : 4)) {
    return passesAll(target, edge, attackRank, melee, size);
  }
  // The answer reads only the target's statblock (its skills and shield, which never change) and
  // the situation in the key, so each fighter keeps it by situation once found.
  const k = ((edge + 1) * 6 + attackRank) * 5 + size;
  let v = target.passes[k] as number;
  if (v === 0) target.passes[k] = v = passesAll(target, edge, attackRank, melee, size) ? 2 : 1;
  return v === 2;
}

/**
 * `takesNoReaction` with RP to react: whether no reaction is likely enough, for the target's `edge`
 * (net, as `edgeOf`) and an attacker of size rank `size` (melee).
 */
function passesAll(
  target: Fighter, netEdge: number, attackRank: number, melee: boolean, size: number,
): boolean {
  const s = target.block.skills;
  const edge = rollUnderEdge(netEdge);
  if (winChance(Math.max(s.agility, s.athletics), edge, attackRank, 0) >= TAKE_AT) return false;
  if (target.block.shield && winChance(s.endurance, edge, attackRank, 0) >= TAKE_AT) return false;
  const shift = melee ? parrySizeShift(size, target.sizeRank) : null;
  return shift === null || winChance(s.melee, edge, attackRank, shift) < TAKE_AT;
}

/**
 * Whether an ally may Intercept for `target` at all (`chooseReaction`'s own test, before the
 * window): a hit that could drop it, against which it would take no reaction of its own.
 */
export function interceptWanted(
  target: Fighter, attacker: Fighter, attackRank: number, worst: number, melee: boolean,
): boolean {
  return target.hp <= worst && takesNoReaction(target, attacker, attackRank, melee);
}

/**
 * Whether `ally` would take the Intercept (`chooseReaction`'s test): likely enough to win, and
 * able to take the blow itself.
 */
export function allyWouldIntercept(
  ally: Fighter, target: Fighter, attackRank: number, worst: number,
): boolean {
  return ally.hp > worst && ally.hp > target.hp
    && winChance(ally.block.skills.agility, edgeOf(ally), attackRank, 0) >= INTERCEPT_AT;
}

/** The window's choice among `offers` (never empty). */
export function chooseReaction(
  ctx: Context, c: ApWindowContext, offers: readonly Offer[],
): { by: string; answer: string } | { pass: string } {
  let best: Offer | null = null;
  let bestP = 0;
  let riposte: Offer | null = null;
  let riposteP = 0;
  for (const o of offers) {
    if (o.by !== c.target) continue;
    const p = chance(c, o);
    if (o.answer === "riposte") {
      riposte = o;
      riposteP = p;
    } else if (p > bestP) {
      best = o;
      bestP = p;
    }
  }
  if (riposte && riposteP >= TAKE_AT && riposteP >= bestP - RIPOSTE_MARGIN) return riposte;
  if (best && bestP >= TAKE_AT) return best;
  const first = offers[0] as Offer;
  if (first.by === c.target) return { pass: c.target };
  // Only allies' Intercepts are left (listed only for a hit that could drop the target).
  const target = ctx.byKey.get(c.target) as Fighter;
  for (const o of offers) {
    const ally = ctx.byKey.get(o.by) as Fighter;
    if (ally.hp > worstCase(c) && ally.hp > target.hp && chance(c, o) >= INTERCEPT_AT) return o;
  }
  return { pass: first.by };
}

/** Whether `attacker` makes an offered reaction attack on `mover`. */
export function wantsReactionAttack(attacker: Fighter, mover: Fighter): boolean {
  if (pool(attacker, "rp") >= 2) return true;
  const w = attacker.arms.main ?? attacker.arms.offHand;
  return w !== null && mover.hp <= 2 * meanDamage(w.damage);
}
