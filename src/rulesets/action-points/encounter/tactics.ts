import { FLOW_STATE, TAGS } from "../rules/pools";
import { ATTACK_AP } from "../rules/constants";
import { STAND_UP_AP, SHOVE_REACH } from "../rules/silent";
import { sizeRefusal, SPECIAL } from "../rules/special-actions";
import type { Spell, Weapon } from "../rules/statblock";
import type { Plan } from "./actions";
import { foesUp, type Context } from "./context";
import { pool, type Fighter } from "./fighter";
import { canPay } from "./ledger";
import { moveApLeft } from "./movement";
import {
  distanceBetween, safeStep, stepInto, threatCount, threatens, walkToward,
} from "./position";

/**
 * The runner's tactics for a turn in a headless `action-points` fight: the next thing to do with
 * the AP left, or null to end the turn. Tactics only: what each choice costs and does is the rules'
 * (`actions.ts`), which refuse what the economy does not allow.
 *
 * Prone: stand up. Badly hurt among several foes at the start of the turn: Total Defense. A strong
 * wrestler next to a foe who would rather shoot or cast: Grapple it. A shooter or caster: Take a
 * Step out of reach when threatened, then shoot or cast at the weakest foe in range (up to two
 * increments past it), or walk into range. Others: strike the weakest foe in reach (a dual
 * wielder's second swing is its off hand's), else Take a Step into reach when a walk would
 * provoke, else walk toward the nearest foe (at most 2 AP of movement), or throw at one out of
 * reach. With AP left that buy no attack: Shove a foe no larger and no stronger (prone first, then
 * back), else Flow State to keep the FP. A walk that finds no way is not tried again that turn.
 */
export function nextPlan(ctx: Context, f: Fighter): Plan | null {
  const ap = pool(f, "ap");
  if (ap <= 0 || f.grappledBy) return null;
  if (f.prone) return ap >= STAND_UP_AP ? { do: "standUp" } : null;
  // The foes in the fight, in listed order.
  const foes = foesUp(ctx, f.side);
  if (!foes.length) return null;
  const fresh = f.swings === 0 && ap === f.econ.pools.ap?.full;
  if (fresh && f.hp * 4 <= f.block.hpMax && ap >= SPECIAL.totalDefense.ap
    && threatCount(ctx, f) >= 2) {
    return { do: "totalDefense" };
  }
  if (fresh && ap >= SPECIAL.grapple.ap) {
    const held = grappleTarget(f, foes);
    if (held) return { do: "grapple", target: held };
  }
  const plan = f.arms.prefersRange ? rangedPlan(ctx, f, foes, ap) : meleePlan(ctx, f, foes, ap);
  return plan ?? leftover(f, foes, ap);
}

/** The nearest foe (the weakest among the nearest, the first listed of those). */
function nearest(f: Fighter, foes: readonly Fighter[]): Fighter {
  let best = foes[0] as Fighter;
  let bestD = distanceBetween(f, best);
  for (let k = 1; k < foes.length; k++) {
    const x = foes[k] as Fighter;
    const d = distanceBetween(f, x);
    if (d < bestD || (d === bestD && x.hp < best.hp)) {
      best = x;
      bestD = d;
    }
  }
  return best;
}

/** A foe worth holding: next to it, no larger, no grapple either way, and much weaker at it. */
function grappleTarget(f: Fighter, foes: readonly Fighter[]): Fighter | null {
  if (f.arms.prefersRange || f.grappling || f.block.skills.athletics < 55) return null;
  for (const x of foes) {
    if (!x.arms.prefersRange || x.grappling || x.grappledBy) continue;
    if (x.block.skills.athletics + 10 > f.block.skills.athletics) continue;
    if (distanceBetween(f, x) !== 1 || sizeRefusal("grapple", f.block.size, x.block.size)) continue;
    return x;
  }
  return null;
}

/** The weapon for this swing: a dual wielder's off hand every second swing, when it reaches. */
function swingWith(f: Fighter, target: Fighter): Weapon {
  const { main, offHand } = f.arms;
  const off = offHand && f.swings % 2 === 1 && distanceBetween(f, target) <= f.arms.ownReach;
  return (off ? offHand : main ?? offHand) as Weapon;
}

function meleePlan(ctx: Context, f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  let target: Fighter | null = null;
  for (const x of foes) if ((!target || x.hp < target.hp) && threatens(f, x)) target = x;
  if (target) return ap >= ATTACK_AP ? { do: "attack", target, weapon: swingWith(f, target) } : null;
  if (f.grappling) return null;
  const near = nearest(f, foes);
  const reach = f.arms.reach;
  if (reach > 0 && ap >= SPECIAL.step.ap + ATTACK_AP && canPay(f, "ap", SPECIAL.step.ap, TAGS.step)
    && distanceBetween(f, near) === reach + 1 && threatCount(ctx, f) > 0) {
    const to = stepInto(ctx, f, near, reach);
    if (to) return { do: "step", to };
  }
  const moveAp = moveApLeft(f);
  const d = distanceBetween(f, near);
  const shot = f.arms.ranged;
  if ((reach <= 0 || d > moveAp * f.block.moveHexes + reach) && shot && ap >= ATTACK_AP
    && d <= 3 * shot.range) {
    return { do: "attack", target: near, weapon: shot };
  }
  return walk(ctx, f, near, reach, moveAp);
}

/** A walk toward `target` until within `within` hexes, or null when none goes anywhere. */
function walk(ctx: Context, f: Fighter, target: Fighter, within: number, moveAp: number): Plan | null {
  if (moveAp < 1 || within <= 0 || f.walkBlocked) return null;
  const path = walkToward(ctx, f, target, within, moveAp * f.block.moveHexes);
  if (path.length > 1) return { do: "move", path };
  f.walkBlocked = true;
  return null;
}

/** What a shooter or caster uses now, at whom. */
interface Shot {
  readonly weapon?: Weapon;
  readonly spell?: Spell;
  readonly cost: number;
  readonly target: Fighter;
}

/** The spell or ranged weapon to use now and its target, or null. */
function shotNow(f: Fighter, ap: number, foes: readonly Fighter[]): Shot | null {
  if (f.block.skills.arcana > f.block.skills.melee) {
    for (const spell of f.arms.spells) {
      if (spell.ap > ap) continue;
      const melee = spell.kind === "melee";
      const reach = melee ? f.arms.ownReach : 2 * spell.range;
      const target = pick(f, foes, reach, melee ? reach : spell.range);
      if (target) return { spell, cost: spell.ap, target };
    }
  }
  const w = f.arms.ranged;
  if (!w || ap < ATTACK_AP) return null;
  const target = pick(f, foes, 3 * w.range, w.range);
  return target ? { weapon: w, cost: ATTACK_AP, target } : null;
}

/** The weakest foe within `best` hexes, else the nearest within `reach`, else null. */
function pick(f: Fighter, foes: readonly Fighter[], reach: number, best: number): Fighter | null {
  let weakest: Fighter | null = null;
  for (const x of foes) {
    if ((!weakest || x.hp < weakest.hp) && distanceBetween(f, x) <= best) weakest = x;
  }
  if (weakest) return weakest;
  const n = nearest(f, foes);
  return distanceBetween(f, n) <= reach ? n : null;
}

function rangedPlan(ctx: Context, f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  const now = shotNow(f, ap, foes);
  if (!f.grappling && ap >= SPECIAL.step.ap + (now?.cost ?? ATTACK_AP)
    && canPay(f, "ap", SPECIAL.step.ap, TAGS.step) && threatCount(ctx, f) > 0) {
    const to = safeStep(ctx, f);
    if (to) return { do: "step", to };
  }
  if (now?.spell) return { do: "cast", target: now.target, spell: now.spell };
  if (now?.weapon) return { do: "attack", target: now.target, weapon: now.weapon };
  if (threatCount(ctx, f) > 0) return meleePlan(ctx, f, foes, ap);
  if (f.grappling) return null;
  return walk(ctx, f, nearest(f, foes), f.arms.range, moveApLeft(f));
}

/** AP that buy no attack: a Shove, else Flow State. */
function leftover(f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  if (ap >= SPECIAL.shove.ap && !f.grappling && canPay(f, "ap", SPECIAL.shove.ap, TAGS.shove)) {
    for (const x of foes) {
      if (x.grappledBy || x.grappling || x.block.skills.athletics > f.block.skills.athletics) continue;
      if (distanceBetween(f, x) > SHOVE_REACH || sizeRefusal("shove", f.block.size, x.block.size)) {
        continue;
      }
      return { do: "shove", target: x, effect: x.prone ? "pushBack" : "prone" };
    }
  }
  if (ap >= SPECIAL.flowState.ap && pool(f, "fp") > 0 && !f.points.hasFlag(FLOW_STATE)) {
    return { do: "flowState" };
  }
  return null;
}
