import { FLOW_STATE, TAGS } from "../rules/pools";
import { ATTACK_AP } from "../rules/constants";
import { STAND_UP_AP, SHOVE_REACH } from "../rules/silent";
import { sizeRefusal, SPECIAL } from "../rules/special-actions";
import type { Spell, Weapon } from "../rules/statblock";
import type { Plan } from "./actions";
import type { Hex } from "./events";
import { foesUp, type Context } from "./context";
import { pool, type Fighter } from "./fighter";
import { canPay } from "./ledger";
import { axialSteps, cellsDistance, threatensCells } from "./field";
import { moveApLeft } from "./movement";
import { safeStep, stepInto, walkToward } from "./position";

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
  if (f.prone) return ap >= STAND_UP_AP ? STAND_UP : null;
  // The foes in the fight, in listed order.
  const foes = foesUp(ctx, f.side);
  if (!foes.length) return null;
  measure(ctx, f, foes);
  const fresh = f.swings === 0 && ap === f.econ.pools.ap?.full;
  if (fresh && f.hp * 4 <= f.block.hpMax && ap >= SPECIAL.totalDefense.ap
    && threatsOn(f, foes) >= 2) {
    return TOTAL_DEFENSE;
  }
  if (fresh && ap >= SPECIAL.grapple.ap) {
    const held = grappleTarget(f, foes);
    if (held) return { do: "grapple", target: held };
  }
  const plan = f.arms.prefersRange ? rangedPlan(ctx, f, foes, ap) : meleePlan(ctx, f, foes, ap);
  return plan ?? leftover(f, foes, ap);
}

/** The plans with nothing to choose, one each. */
const STAND_UP: Plan = Object.freeze({ do: "standUp" });
const TOTAL_DEFENSE: Plan = Object.freeze({ do: "totalDefense" });
const FLOW_STATE_PLAN: Plan = Object.freeze({ do: "flowState" });

/**
 * The attack and move plans handed out, one of each rewritten for each plan (the two a turn
 * chooses most): a plan is carried out before the next is chosen (`turn.ts`), which nothing keeps.
 */
let ATTACK: { do: "attack"; target: Fighter; weapon: Weapon } | null = null;
const MOVE: { do: "move"; path: readonly Hex[] } = { do: "move", path: [] };

function attack(target: Fighter, weapon: Weapon): Plan {
  if (!ATTACK) return (ATTACK = { do: "attack", target, weapon });
  ATTACK.target = target;
  ATTACK.weapon = weapon;
  return ATTACK;
}

/**
 * The hexes from the fighter planning to each foe in the fight, by the foe's place in `foes`:
 * measured for a plan (`measure`), since the tactics ask them a dozen times a plan and nothing
 * moves while one is chosen; measured again only once a token was placed, another fighter plans
 * or the list of foes changed (a fall). A list kept from plan to plan (plans are never nested).
 */
const GAPS: number[] = [];
const measured: { ctx: Context | null; f: Fighter | null; foes: readonly Fighter[]; placed: number } =
  { ctx: null, f: null, foes: [], placed: -1 };

function measure(ctx: Context, f: Fighter, foes: readonly Fighter[]): void {
  const m = measured;
  if (m.ctx === ctx && m.f === f && m.foes === foes && m.placed === ctx.placed) return;
  // `distanceBetween` for each; a one-hex token's hex read once.
  const own = f.cells;
  const h = own[0] as Hex;
  for (let k = 0; k < foes.length; k++) {
    const other = (foes[k] as Fighter).cells;
    const c = other[0] as Hex;
    GAPS[k] = own.length === 1 && other.length === 1
      ? axialSteps(h.q - c.q, h.r - c.r) : cellsDistance(own, other);
  }
  m.ctx = ctx;
  m.f = f;
  m.foes = foes;
  m.placed = ctx.placed;
}

/**
 * Whether `a` (in the fight) threatens `b`, `gap` hexes apart (`position.ts` `threatens`). Tokens
 * at least a hex apart share none, so some hex of `b` lies within reach exactly when the nearest
 * does; tokens that overlap (a large one over a small one) are asked hex by hex.
 */
function threatensAt(a: Fighter, b: Fighter, gap: number): boolean {
  const reach = a.arms.reach;
  return gap >= 1 ? reach > 0 && gap <= reach : threatensCells(a.cells, reach, b.cells);
}

/** How many foes in the fight threaten `f`, the fighter planning (`position.ts` `threatCount`). */
function threatsOn(f: Fighter, foes: readonly Fighter[]): number {
  let n = 0;
  for (let k = 0; k < foes.length; k++) {
    if (threatensAt(foes[k] as Fighter, f, GAPS[k] as number)) n++;
  }
  return n;
}

/** The nearest foe's place in `foes` (the weakest among the nearest, the first listed of those). */
function nearest(foes: readonly Fighter[]): number {
  let best = 0;
  for (let k = 1; k < foes.length; k++) {
    const d = GAPS[k] as number;
    const bestD = GAPS[best] as number;
    const weaker = (foes[k] as Fighter).hp < (foes[best] as Fighter).hp;
    if (d < bestD || (d === bestD && weaker)) best = k;
  }
  return best;
}

/** A foe worth holding: next to it, no larger, no grapple either way, and much weaker at it. */
function grappleTarget(f: Fighter, foes: readonly Fighter[]): Fighter | null {
  if (f.arms.prefersRange || f.grappling || f.block.skills.athletics < 55) return null;
  for (let k = 0; k < foes.length; k++) {
    const x = foes[k] as Fighter;
    if (!x.arms.prefersRange || x.grappling || x.grappledBy) continue;
    if (x.block.skills.athletics + 10 > f.block.skills.athletics) continue;
    if (GAPS[k] !== 1 || sizeRefusal("grapple", f.block.size, x.block.size)) continue;
    return x;
  }
  return null;
}

/**
 * The weapon for this swing at a foe `gap` hexes away: a dual wielder's off hand every second
 * swing, when it reaches.
 */
function swingWith(f: Fighter, gap: number): Weapon {
  const { main, offHand } = f.arms;
  const off = offHand && f.swings % 2 === 1 && gap <= f.arms.ownReach;
  return (off ? offHand : main ?? offHand) as Weapon;
}

function meleePlan(ctx: Context, f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  // The weakest foe it threatens (it is in the fight: `threatens` asks that too).
  const reach = f.arms.reach;
  let at = -1;
  for (let k = 0; k < foes.length; k++) {
    const x = foes[k] as Fighter;
    if ((at < 0 || x.hp < (foes[at] as Fighter).hp) && threatensAt(f, x, GAPS[k] as number)) at = k;
  }
  if (at >= 0) {
    return ap >= ATTACK_AP
      ? attack(foes[at] as Fighter, swingWith(f, GAPS[at] as number))
      : null;
  }
  if (f.grappling) return null;
  const n = nearest(foes);
  const near = foes[n] as Fighter;
  const d = GAPS[n] as number;
  // The economy is asked last (the costliest test; each is pure).
  if (reach > 0 && d === reach + 1 && ap >= SPECIAL.step.ap + ATTACK_AP && threatsOn(f, foes) > 0
    && canPay(f, "ap", SPECIAL.step.ap, TAGS.step)) {
    const to = stepInto(ctx, f, near, reach);
    if (to) return { do: "step", to };
  }
  const moveAp = moveApLeft(f);
  const shot = f.arms.ranged;
  if ((reach <= 0 || d > moveAp * f.block.moveHexes + reach) && shot && ap >= ATTACK_AP
    && d <= 3 * shot.range) {
    return attack(near, shot);
  }
  return walk(ctx, f, near, reach, moveAp);
}

/** A walk toward `target` until within `within` hexes, or null when none goes anywhere. */
function walk(ctx: Context, f: Fighter, target: Fighter, within: number, moveAp: number): Plan | null {
  if (moveAp < 1 || within <= 0 || f.walkBlocked) return null;
  const path = walkToward(ctx, f, target, within, moveAp * f.block.moveHexes);
  if (path.length > 1) {
    MOVE.path = path;
    return MOVE;
  }
  f.walkBlocked = true;
  return null;
}

/** What a shooter or caster uses now (a spell or a weapon, the other null), at whom. */
interface Shot {
  weapon: Weapon | null;
  spell: Spell | null;
  cost: number;
  target: Fighter;
}

/**
 * The shot `shotNow` gives, one rewritten for each (one shape either way): read by the plan that
 * asked before the next is chosen.
 */
let SHOT: Shot | null = null;

function shot(weapon: Weapon | null, spell: Spell | null, cost: number, target: Fighter): Shot {
  if (!SHOT) return (SHOT = { weapon, spell, cost, target });
  SHOT.weapon = weapon;
  SHOT.spell = spell;
  SHOT.cost = cost;
  SHOT.target = target;
  return SHOT;
}

/** The spell or ranged weapon to use now and its target, or null. */
function shotNow(f: Fighter, ap: number, foes: readonly Fighter[]): Shot | null {
  if (f.block.skills.arcana > f.block.skills.melee) {
    for (const spell of f.arms.spells) {
      if (spell.ap > ap) continue;
      const melee = spell.kind === "melee";
      const reach = melee ? f.arms.ownReach : 2 * spell.range;
      const target = pick(foes, reach, melee ? reach : spell.range);
      if (target) return shot(null, spell, spell.ap, target);
    }
  }
  const w = f.arms.ranged;
  if (!w || ap < ATTACK_AP) return null;
  const target = pick(foes, 3 * w.range, w.range);
  return target ? shot(w, null, ATTACK_AP, target) : null;
}

/** The weakest foe within `best` hexes, else the nearest within `reach`, else null. */
function pick(foes: readonly Fighter[], reach: number, best: number): Fighter | null {
  let weakest: Fighter | null = null;
  for (let k = 0; k < foes.length; k++) {
    const x = foes[k] as Fighter;
    if ((!weakest || x.hp < weakest.hp) && (GAPS[k] as number) <= best) weakest = x;
  }
  if (weakest) return weakest;
  const n = nearest(foes);
  return (GAPS[n] as number) <= reach ? (foes[n] as Fighter) : null;
}

function rangedPlan(ctx: Context, f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  const now = shotNow(f, ap, foes);
  const threatened = threatsOn(f, foes) > 0;
  // The economy is asked last (the costliest test; each is pure).
  if (!f.grappling && threatened && ap >= SPECIAL.step.ap + (now?.cost ?? ATTACK_AP)
    && canPay(f, "ap", SPECIAL.step.ap, TAGS.step)) {
    const to = safeStep(ctx, f);
    if (to) return { do: "step", to };
  }
  if (now?.spell) return { do: "cast", target: now.target, spell: now.spell };
  if (now?.weapon) return attack(now.target, now.weapon);
  if (threatened) return meleePlan(ctx, f, foes, ap);
  if (f.grappling) return null;
  return walk(ctx, f, foes[nearest(foes)] as Fighter, f.arms.range, moveApLeft(f));
}

/** AP that buy no attack: a Shove, else Flow State. */
function leftover(f: Fighter, foes: readonly Fighter[], ap: number): Plan | null {
  if (ap >= SPECIAL.shove.ap && !f.grappling && canPay(f, "ap", SPECIAL.shove.ap, TAGS.shove)) {
    for (let k = 0; k < foes.length; k++) {
      const x = foes[k] as Fighter;
      if (x.grappledBy || x.grappling || x.block.skills.athletics > f.block.skills.athletics) continue;
      if ((GAPS[k] as number) > SHOVE_REACH
        || sizeRefusal("shove", f.block.size, x.block.size)) {
        continue;
      }
      return { do: "shove", target: x, effect: x.prone ? "pushBack" : "prone" };
    }
  }
  if (ap >= SPECIAL.flowState.ap && pool(f, "fp") > 0 && !f.points.hasFlag(FLOW_STATE)) {
    return FLOW_STATE_PLAN;
  }
  return null;
}
