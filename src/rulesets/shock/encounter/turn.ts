import { oneAgainstManyPlan } from "../../../engine/dice/opposed";
import { runSync } from "../../../engine/dice/plan";
import { MOVE_FEET } from "../rules/constants";
import { firstAid } from "../rules/health";
import { breakFreeSides, escapedFrom, screenCapacity } from "../rules/maneuvers";
import { attack } from "./attacks";
import { provoke } from "./provoke";
import { oneAgainstManyLog } from "./events";
import { pay, upOf, type Context } from "./context";
import { engage, isUp, prefersRange, type Fighter } from "./fighter";
import { wantsToHold, wantsToHoldShot } from "./hold";
import { approach, moved, runTowards, withdraw } from "./movement";
import { leaveSpot, nearestFoe } from "./position";
import { bestWeapon, inMelee, shotValue } from "./reactions";
import { getUp } from "./standing";
import { strike, weakest } from "./strike";
import type { SwarmRole } from "./swarm-plan";

/**
 * One combatant's turn in a headless `shock` fight, with the runner's tactics: break a grapple,
 * get up from prone (`standing.ts`), keep pounding a grappled foe, stabilise a fallen ally, follow
 * the side's swarm plan, shoot the foe it expects most from for its HP (with a foe adjacent: a
 * sidearm, a throw at arm's length, or Disengage and withdraw, or run and take the Attacks of
 * Opportunity; hold the shot for an ally, or until a foe can be seen), screen an engaged archer,
 * hold its action for a foe coming at it (`hold.ts`), charge or close and attack, grapple with bare
 * hands; shove after a hit (`shove.ts`).
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions and the entries it names; RULINGS.md §shock.
 */
export function takeTurn(ctx: Context, f: Fighter, role: SwarmRole | undefined): void {
  // Total Defense and a screen last until the start of the bearer's next turn.
  f.totalDefense = false;
  f.screening = null;
  if (f.grappledBy.size) return breakFree(ctx, f);
  if (f.prone && !getUp(ctx, f)) return;
  if (f.grappling) {
    const held = ctx.byKey.get(f.grappling) as Fighter;
    if (isUp(held)) return void strike(ctx, f, held, "meleeAttack");
  }
  if (stabiliseAlly(ctx, f)) return;
  if (role && followSwarm(ctx, f, role)) return;
  // The foes up and those next to it as the turn begins, in listed order; the foes' list is the
  // context's (`upOf`), the adjacent ones' kept from turn to turn (a turn never begins inside
  // another): overwritten, then cut to length, since emptying an array gives its storage up.
  const foes = upOf(ctx, !f.party);
  if (!foes.length) return;
  let nAdjacent = 0;
  // Most turns begin next to nobody: no foe to look for among its adjacent ones then.
  if (f.engaged.size) for (const x of foes) if (f.engaged.has(x.key)) ADJACENT[nAdjacent++] = x;
  if (nAdjacent && ADJACENT.length !== nAdjacent) ADJACENT.length = nAdjacent;
  const adjacent: readonly Fighter[] = nAdjacent ? ADJACENT : NONE;
  if (prefersRange(f)) return rangedTurn(ctx, f, foes, adjacent);
  if (!adjacent.length && screenAlly(ctx, f)) return;
  if (adjacent.length) return void strike(ctx, f, weakest(adjacent), "meleeAttack");
  if (wantsToHold(ctx, f, foes)) return void pay(ctx, f, "holdAction");
  approach(ctx, f, foes);
}

const ADJACENT: Fighter[] = [];
const NONE: readonly Fighter[] = [];

/** Breaking free: one opposed STR/Brawl check against every grappler (a Main action). */
function breakFree(ctx: Context, f: Fighter): void {
  if (!pay(ctx, f, "breakFree")) return;
  const grapplers = [...f.grappledBy].map((k) => ctx.byKey.get(k) as Fighter);
  const { single, others } = breakFreeSides(
    { id: f.key, who: f.block },
    grapplers.map((g) => ({ id: g.key, who: g.block })),
  );
  const r = runSync(oneAgainstManyPlan(single, others), ctx.roller);
  if (ctx.record) ctx.emit({
    kind: "opposed", round: ctx.round, purpose: "breakFree",
    ...oneAgainstManyLog(single, others, r),
  });
  for (const k of escapedFrom(r)) release(ctx, ctx.byKey.get(k) as Fighter, f);
}

/** A grappler lets go (or is shaken off). */
export function release(ctx: Context, grappler: Fighter, target: Fighter): void {
  if (grappler.grappling !== target.key) return;
  grappler.grappling = null;
  target.grappledBy.delete(grappler.key);
  if (ctx.record) ctx.emit({
    kind: "grapple",
    round: ctx.round,
    grappler: grappler.key,
    target: target.key,
    held: false,
  });
}

/**
 * First aid (Use a Skill, Main, provokes) on a Mortally Injured ally, by a PC with Heal and no foe
 * adjacent.
 */
function stabiliseAlly(ctx: Context, f: Fighter): boolean {
  if (!f.block.isPC || f.block.skills.heal < 1 || f.engaged.size) return false;
  let fallen: Fighter | null = null;
  for (const x of ctx.fighters) {
    if (x.party === f.party && x.state === "mortallyInjured") {
      fallen = x;
      break;
    }
  }
  if (!fallen || !pay(ctx, f, "useSkill")) return false;
  // Use a Skill provokes; the medic only helps with no foe adjacent, so this offers none.
  if (!provoke(ctx, f)) return true;
  fallen.state = firstAid(fallen.state);
  ctx.stateChanges++;
  if (ctx.record) {
    ctx.emit({ kind: "stabilize", round: ctx.round, actor: f.key, target: fallen.key });
    ctx.emit({ kind: "state", round: ctx.round, actor: fallen.key, state: fallen.state });
  }
  return true;
}

/**
 * An assistant adds its Swarm Attack; the striker attacks with the bonus (§Make a Swarm Attack).
 */
function followSwarm(ctx: Context, f: Fighter, role: SwarmRole): boolean {
  const target = ctx.byKey.get(role.target) as Fighter;
  if (!isUp(target) || !f.engaged.has(target.key)) return false;
  if (role.role === "assist") {
    if (!pay(ctx, f, "swarmAttack")) return false;
    const list = ctx.swarms.get(target.key) ?? [];
    list.push(f.key);
    ctx.swarms.set(target.key, list);
    if (ctx.record) ctx.emit({
      kind: "swarmAssist",
      round: ctx.round,
      actor: f.key,
      target: target.key,
      assistants: list.length,
    });
    return true;
  }
  const w = bestWeapon(ctx, f, target, "melee");
  if (!w || !(ctx.swarms.get(target.key)?.length) || !pay(ctx, f, "swarmAttack")) return false;
  attack(ctx, f, target, w, { kind: "swarm" });
  return true;
}

/**
 * Shoot (or hold the shot, `hold.ts`); with a foe adjacent, fight with a sidearm, throw at arm's
 * length, or get clear first.
 */
function rangedTurn(
  ctx: Context,
  f: Fighter,
  foes: readonly Fighter[],
  adjacent: readonly Fighter[],
): void {
  if (adjacent.length) {
    if (f.arms.meleeWeapon) return void strike(ctx, f, weakest(adjacent), "meleeAttack");
    if (f.grappling || f.grappledBy.size) return;
    // Nothing for melee but something to throw: a throw at arm's length (−4) beats running.
    const close = weakest(adjacent);
    if (bestWeapon(ctx, f, close, "ranged")) return void strike(ctx, f, close, "rangedAttack");
    // Trained fighters Disengage and step back; the rest run and take the Attacks of Opportunity.
    if (f.block.snapAttack) {
      pay(ctx, f, "disengage");
      withdraw(ctx, f);
      return;
    }
    if (!withdraw(ctx, f)) return;
  }
  const target = bestShot(ctx, f, foes);
  if (target && wantsToHoldShot(ctx, f, foes)) pay(ctx, f, "holdAction");
  else if (target) strike(ctx, f, target, "rangedAttack");
  // Nothing it can shoot now (out of reach, or unseen where it hides): it waits for one to show.
  else if (!f.budget.main && !f.budget.moves) pay(ctx, f, "holdAction");
}

/** The foe `f` expects the most damage on for its HP, among those it can shoot; null if none. */
export function bestShot(ctx: Context, f: Fighter, foes: readonly Fighter[]): Fighter | null {
  let best: Fighter | null = null;
  let score = -1;
  const melee = inMelee(ctx, f);
  for (const x of foes) {
    const value = shotValue(ctx, f, x, melee);
    if (value < 0 || value / x.hp <= score) continue;
    best = x;
    score = value / x.hp;
  }
  return best;
}

/**
 * A shield-bearer with a combat skill screens an archer foes have reached, then hits one of them.
 */
function screenAlly(ctx: Context, f: Fighter): boolean {
  if (!f.block.shield || screenCapacity(f.block) < 1) return false;
  let ward: Fighter | null = null;
  // Its side's fighters up, in listed order (`upOf`), the only ones it may screen.
  for (const x of upOf(ctx, f.party)) {
    if (x !== f && prefersRange(x) && inMelee(ctx, x) && !screened(ctx, x)) {
      ward = x;
      break;
    }
  }
  const paid = ward ? pay(ctx, f, "screen") : null;
  if (!ward || !paid) return false;
  f.screening = ward.key;
  f.advance = ward.advance;
  const attackers: Fighter[] = [];
  for (let i = 0; i < ward.engaged.size; i++) {
    const a = ward.engaged.itemAt(i);
    if (isUp(a)) attackers.push(a);
  }
  for (const a of attackers) engage(f, a);
  leaveSpot(f);
  moved(ctx, f, ward.key, MOVE_FEET, "screen", "screen", paid);
  if (ctx.record) ctx.emit({
    kind: "screen",
    round: ctx.round,
    actor: f.key,
    ward: ward.key,
    capacity: screenCapacity(f.block),
  });
  if (attackers.length) strike(ctx, f, weakest(attackers), "meleeAttack");
  return true;
}

/** Whether someone screens `ward` already. */
function screened(ctx: Context, ward: Fighter): boolean {
  for (const s of ctx.fighters) if (s.screening === ward.key) return true;
  return false;
}

/**
 * A held action still waiting when the round ends is taken then (§Hold An Action: "at any point
 * until the end of the round, after which they are lost"): a blow on an adjacent foe, else a shot,
 * else the Main as a second Move towards the nearest foe; lost when none is left.
 */
export function takeHeldAction(ctx: Context, f: Fighter): void {
  const foes = ctx.fighters.filter((x) => x.party !== f.party && isUp(x));
  const adjacent = foes.filter((x) => f.engaged.has(x.key));
  const shot = adjacent.length || !foes.length ? null : bestShot(ctx, f, foes);
  const walk = !adjacent.length && !shot && foes.length > 0 && !prefersRange(f) && !f.grappling &&
    !f.grappledBy.size;
  if (ctx.record) ctx.emit({
    kind: "held", round: ctx.round, actor: f.key,
    outcome: adjacent.length || shot || walk ? "roundEnd" : "lost",
  });
  if (adjacent.length) return void strike(ctx, f, weakest(adjacent), "meleeAttack", "held");
  if (shot) return void strike(ctx, f, shot, "rangedAttack", "held");
  const paid = walk ? pay(ctx, f, "run") : null;
  if (paid) runTowards(ctx, f, nearestFoe(ctx, f, foes), paid);
}
