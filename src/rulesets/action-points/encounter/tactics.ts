import { FLOW_STATE, TAGS } from "../rules/pools";
import { ATTACK_AP } from "../rules/constants";
import { STAND_UP_AP, SHOVE_REACH } from "../rules/silent";
import { sizeRefusal, SPECIAL } from "../rules/special-actions";
import { sizeReach, type Spell, type Weapon } from "../rules/statblock";
import type { Plan } from "./actions";
import type { Context } from "./context";
import type { Hex } from "./events";
import { cellsAt, cellsDistance, DIRECTIONS } from "./field";
import { isUp, pool, type Fighter } from "./fighter";
import { canPay } from "./ledger";
import { moveApLeft } from "./movement";
import {
  distanceBetween, endable, passable, safeSteps, threatenedBy, threatens, walkToward,
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
 * back), else Flow State to keep the FP.
 */
export function nextPlan(ctx: Context, f: Fighter): Plan | null {
  const ap = pool(f, "ap");
  if (ap <= 0 || f.grappledBy) return null;
  if (f.prone) return ap >= STAND_UP_AP ? { do: "standUp" } : null;
  const foes = ctx.fighters.filter((x) => x.side !== f.side && isUp(x));
  if (!foes.length) return null;
  const threatened = threatenedBy(ctx, f);
  const fresh = f.swings === 0 && ap === f.econ.pools.ap?.full;
  if (fresh && f.hp * 4 <= f.block.hpMax && threatened.length >= 2 && ap >= SPECIAL.totalDefense.ap) {
    return { do: "totalDefense" };
  }
  if (fresh && ap >= SPECIAL.grapple.ap) {
    const held = grappleTarget(f, foes);
    if (held) return { do: "grapple", target: held };
  }
  const plan = f.arms.prefersRange ? rangedPlan(ctx, f, foes, threatened, ap)
    : meleePlan(ctx, f, foes, threatened, ap);
  return plan ?? leftover(ctx, f, foes, ap);
}

/** The foe with the least HP (the first listed on a tie). */
function weakest(list: readonly Fighter[]): Fighter {
  return list.reduce((a, b) => (b.hp < a.hp ? b : a));
}

/** The nearest foe (the weakest among the nearest). */
function nearest(f: Fighter, foes: readonly Fighter[]): Fighter {
  let best = foes[0] as Fighter;
  let bestD = distanceBetween(f, best);
  for (const x of foes) {
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
    if (distanceBetween(f, x) !== 1 || sizeRefusal("grapple", f.block.size, x.block.size)) continue;
    if (x.block.skills.athletics + 10 <= f.block.skills.athletics) return x;
  }
  return null;
}

/** The weapon for this swing: a dual wielder's off hand every second swing, when it reaches. */
function swingWith(f: Fighter, target: Fighter): Weapon {
  const { main, offHand } = f.arms;
  const off = offHand && f.swings % 2 === 1 && distanceBetween(f, target) <= sizeReach(f.block.size);
  return (off ? offHand : main ?? offHand) as Weapon;
}

function meleePlan(
  ctx: Context, f: Fighter, foes: readonly Fighter[], threatened: readonly Fighter[], ap: number,
): Plan | null {
  const inReach = foes.filter((x) => threatens(f, x));
  if (inReach.length) {
    if (ap < ATTACK_AP) return null;
    const target = weakest(inReach);
    return { do: "attack", target, weapon: swingWith(f, target) };
  }
  if (f.grappling) return null;
  const target = nearest(f, foes);
  const reach = f.arms.reach;
  if (reach > 0 && threatened.length && ap >= SPECIAL.step.ap + ATTACK_AP
    && canPay(f, "ap", SPECIAL.step.ap, TAGS.step)) {
    const to = stepInto(ctx, f, target, reach);
    if (to) return { do: "step", to };
  }
  const moveAp = moveApLeft(f);
  const far = distanceBetween(f, target) > moveAp * f.block.moveHexes + reach;
  const shot = f.arms.ranged;
  if ((far || reach <= 0) && shot && ap >= ATTACK_AP && distanceBetween(f, target) <= 3 * shot.range) {
    return { do: "attack", target, weapon: shot };
  }
  if (moveAp < 1 || reach <= 0) return null;
  const path = walkToward(ctx, f, target, reach, moveAp * f.block.moveHexes);
  return path.length > 1 ? { do: "move", path } : null;
}

/** A hex next to `f` from which it reaches `target`, which it may end on. */
function stepInto(ctx: Context, f: Fighter, target: Fighter, reach: number): Hex | null {
  for (const d of DIRECTIONS) {
    const to = { q: f.at.q + d.q, r: f.at.r + d.r };
    const cells = cellsAt(f.shape, to);
    const dist = cellsDistance(cells, target.cells);
    if (dist >= 1 && dist <= reach && passable(ctx, f, cells) && endable(ctx, f, cells)) return to;
  }
  return null;
}

/** What a shooter or caster uses now, and how far it reaches with it. */
function ranged(f: Fighter, ap: number, foes: readonly Fighter[]):
  { weapon?: Weapon; spell?: Spell; cost: number; reach: number; target: Fighter } | null {
  for (const spell of f.arms.spells) {
    if (spell.ap > ap || f.block.skills.arcana <= f.block.skills.melee) continue;
    const reach = spell.kind === "melee" ? sizeReach(f.block.size) : 2 * spell.range;
    const target = pick(f, foes, reach, spell.kind === "melee" ? reach : spell.range);
    if (target) return { spell, cost: spell.ap, reach, target };
  }
  const w = f.arms.ranged;
  if (!w || ap < ATTACK_AP) return null;
  const target = pick(f, foes, 3 * w.range, w.range);
  return target ? { weapon: w, cost: ATTACK_AP, reach: 3 * w.range, target } : null;
}

/** The weakest foe within `best` hexes, else the nearest within `reach`, else null. */
function pick(f: Fighter, foes: readonly Fighter[], reach: number, best: number): Fighter | null {
  const near = foes.filter((x) => distanceBetween(f, x) <= best);
  if (near.length) return weakest(near);
  const n = nearest(f, foes);
  return distanceBetween(f, n) <= reach ? n : null;
}

function rangedPlan(
  ctx: Context, f: Fighter, foes: readonly Fighter[], threatened: readonly Fighter[], ap: number,
): Plan | null {
  const now = ranged(f, ap, foes);
  if (threatened.length && !f.grappling && ap >= SPECIAL.step.ap + (now?.cost ?? ATTACK_AP)
    && canPay(f, "ap", SPECIAL.step.ap, TAGS.step)) {
    const steps = safeSteps(ctx, f);
    if (steps.length) return { do: "step", to: steps[0] as Hex };
  }
  if (now?.spell) return { do: "cast", target: now.target, spell: now.spell };
  if (now?.weapon) return { do: "attack", target: now.target, weapon: now.weapon };
  if (threatened.length) return meleePlan(ctx, f, foes, threatened, ap);
  const moveAp = moveApLeft(f);
  if (moveAp < 1 || f.grappling) return null;
  const target = nearest(f, foes);
  const range = f.arms.spells[0]?.range ?? f.arms.ranged?.range ?? 1;
  const path = walkToward(ctx, f, target, range, moveAp * f.block.moveHexes);
  return path.length > 1 ? { do: "move", path } : null;
}

/** AP that buy no attack: a Shove, else Flow State. */
function leftover(ctx: Context, f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  if (ap >= SPECIAL.shove.ap && !f.grappling && canPay(f, "ap", SPECIAL.shove.ap, TAGS.shove)) {
    for (const x of foes) {
      if (cellsDistance(f.cells, x.cells) > SHOVE_REACH || x.grappledBy || x.grappling) continue;
      if (sizeRefusal("shove", f.block.size, x.block.size)) continue;
      if (x.block.skills.athletics > f.block.skills.athletics) continue;
      return { do: "shove", target: x, effect: x.prone ? "pushBack" : "prone" };
    }
  }
  if (ap >= SPECIAL.flowState.ap && pool(f, "fp") > 0 && !f.points.flags.includes(FLOW_STATE)) {
    return { do: "flowState" };
  }
  void ctx;
  return null;
}
