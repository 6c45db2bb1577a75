import { rollOneAgainstMany } from "../../../engine/dice/opposed";
import { MOVE_FEET } from "../rules/constants";
import { firstAid } from "../rules/health";
import { breakFreeSides, escapedFrom, screenCapacity } from "../rules/maneuvers";
import type { Weapon } from "../rules/statblock";
import { attack, provoke, sideLog } from "./attacks";
import { pay, type Context } from "./context";
import { disengageAll, engage, isUp, prefersRange, weaponsFor, type Fighter } from "./fighter";
import { bestWeapon, inMelee } from "./reactions";
import type { SwarmRole } from "./swarm-plan";

/**
 * One combatant's turn in a headless `shock` fight, with the runner's tactics: break a grapple,
 * keep pounding a grappled foe, stabilise a fallen ally, follow the side's swarm plan, shoot from
 * range (Disengage and withdraw, or run and take the Attacks of Opportunity, when a foe is
 * adjacent), screen an engaged archer, charge or close and attack, grapple with bare hands.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Actions and the entries it names; RULINGS.md §shock.
 */
export function takeTurn(ctx: Context, f: Fighter, role: SwarmRole | undefined): void {
  // Total Defense and a screen last until the start of the bearer's next turn.
  f.totalDefense = false;
  f.screening = null;
  if (f.grappledBy.size) return breakFree(ctx, f);
  if (f.grappling) {
    const held = ctx.byKey.get(f.grappling) as Fighter;
    if (isUp(held)) return void strike(ctx, f, held, "meleeAttack");
  }
  if (stabiliseAlly(ctx, f)) return;
  if (role && followSwarm(ctx, f, role)) return;
  const foes = ctx.fighters.filter((x) => x.party !== f.party && isUp(x));
  if (!foes.length) return;
  const adjacent = foes.filter((x) => f.engaged.has(x.key));
  if (prefersRange(f)) return rangedTurn(ctx, f, foes, adjacent);
  if (!adjacent.length && screenAlly(ctx, f)) return;
  if (adjacent.length) return void strike(ctx, f, weakest(adjacent), "meleeAttack");
  approach(ctx, f, foes);
}

const weakest = (xs: readonly Fighter[]): Fighter => xs.reduce((a, b) => (b.hp < a.hp ? b : a));

/** Feet between two fighters: 0 when adjacent, else what is left of the gap (at least 5 ft). */
export function distance(ctx: Context, a: Fighter, b: Fighter): number {
  if (a.engaged.has(b.key)) return 0;
  return Math.max(5, ctx.gap - a.advance - b.advance);
}

/** A Main-action attack on `target` with the best weapon for the mode; returns whether it hit. */
function strike(
  ctx: Context, f: Fighter, target: Fighter, action: "meleeAttack" | "rangedAttack", charge = false,
): boolean {
  const w = bestWeapon(ctx, f, target, action === "meleeAttack" ? "melee" : "ranged");
  if (!w) return false;
  if (!charge && !pay(ctx, f, action)) return false;
  // A bare-handed brawler grapples a foe it does not yet hold (§Grappling).
  const grapple = action === "meleeAttack" && w.unarmed && f.block.skills.brawl >= 1 && !f.grappling &&
    !target.grappledBy.has(f.key);
  return attack(ctx, f, target, w, { kind: charge ? "charge" : "normal", charge, grapple }).hit;
}

/** Breaking free: one opposed STR/Brawl check against every grappler (a Main action). */
function breakFree(ctx: Context, f: Fighter): void {
  if (!pay(ctx, f, "breakFree")) return;
  const grapplers = [...f.grappledBy].map((k) => ctx.byKey.get(k) as Fighter);
  const { single, others } = breakFreeSides(
    { id: f.key, who: f.block },
    grapplers.map((g) => ({ id: g.key, who: g.block })),
  );
  const r = rollOneAgainstMany(single, others, ctx.roller);
  ctx.emit({
    kind: "opposed", round: ctx.round, purpose: "breakFree", single: sideLog(single, [r.single]),
    others: r.pairs.map((p, i) => ({
      ...sideLog(others[i]!, p.rolls.map((x) => x.other)), singleWins: p.singleWins,
    })),
  });
  for (const k of escapedFrom(r)) release(ctx, ctx.byKey.get(k) as Fighter, f);
}

/** A grappler lets go (or is shaken off). */
export function release(ctx: Context, grappler: Fighter, target: Fighter): void {
  if (grappler.grappling !== target.key) return;
  grappler.grappling = null;
  target.grappledBy.delete(grappler.key);
  ctx.emit({ kind: "grapple", round: ctx.round, grappler: grappler.key, target: target.key, held: false });
}

/**
 * First aid (Use a Skill, Main, provokes) on a Mortally Injured ally, by a PC with Heal and no foe
 * adjacent.
 */
function stabiliseAlly(ctx: Context, f: Fighter): boolean {
  if (!f.block.isPC || f.block.skills.heal < 1 || f.engaged.size) return false;
  const fallen = ctx.fighters.find((x) => x.party === f.party && x.state === "mortallyInjured");
  if (!fallen || !pay(ctx, f, "useSkill")) return false;
  // Use a Skill provokes; the medic only helps with no foe adjacent, so this offers none.
  if (!provoke(ctx, f)) return true;
  fallen.state = firstAid(fallen.state);
  ctx.emit({ kind: "stabilize", round: ctx.round, actor: f.key, target: fallen.key });
  ctx.emit({ kind: "state", round: ctx.round, actor: fallen.key, state: fallen.state });
  return true;
}

/** An assistant adds its Swarm Attack; the striker attacks with the bonus (§Make a Swarm Attack). */
function followSwarm(ctx: Context, f: Fighter, role: SwarmRole): boolean {
  const target = ctx.byKey.get(role.target) as Fighter;
  if (!isUp(target) || !f.engaged.has(target.key)) return false;
  if (role.role === "assist") {
    if (!pay(ctx, f, "swarmAttack")) return false;
    const list = ctx.swarms.get(target.key) ?? [];
    list.push(f.key);
    ctx.swarms.set(target.key, list);
    ctx.emit({
      kind: "swarmAssist", round: ctx.round, actor: f.key, target: target.key, assistants: list.length,
    });
    return true;
  }
  const w = bestWeapon(ctx, f, target, "melee");
  if (!w || !(ctx.swarms.get(target.key)?.length) || !pay(ctx, f, "swarmAttack")) return false;
  attack(ctx, f, target, w, { kind: "swarm" });
  return true;
}

/** Shoot the weakest foe in range; with a foe adjacent, fight with a sidearm or get clear first. */
function rangedTurn(ctx: Context, f: Fighter, foes: readonly Fighter[], adjacent: readonly Fighter[]): void {
  if (adjacent.length) {
    if (f.arms.meleeWeapon) return void strike(ctx, f, weakest(adjacent), "meleeAttack");
    if (f.grappling || f.grappledBy.size) return;
    // Trained fighters Disengage and step back; the rest run and take the Attacks of Opportunity.
    if (f.block.snapAttack) {
      pay(ctx, f, "disengage");
      withdraw(ctx, f);
      return;
    }
    if (!withdraw(ctx, f)) return;
  }
  const reach = (w: Weapon) => w.range.long || w.range.normal;
  const inRange = foes.filter((x) => weaponsFor(f, "ranged").some((w) => distance(ctx, f, x) <= reach(w)));
  if (inRange.length) strike(ctx, f, weakest(inRange), "rangedAttack");
}

/** Moves away from every adjacent foe (a Move; provokes unless Disengaged). Returns whether still up. */
function withdraw(ctx: Context, f: Fighter): boolean {
  if (!pay(ctx, f, "run")) return true;
  if (!provoke(ctx, f)) return false;
  disengageAll(f, ctx.byKey);
  f.advance = Math.max(0, f.advance - MOVE_FEET);
  ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to: null, feet: MOVE_FEET, reason: "withdraw" });
  return true;
}

/** A shield-bearer with a combat skill screens an archer foes have reached, then hits one of them. */
function screenAlly(ctx: Context, f: Fighter): boolean {
  if (!f.block.shield || screenCapacity(f.block) < 1) return false;
  const ward = ctx.fighters.find((x) => x.party === f.party && x !== f && isUp(x) && prefersRange(x) &&
    inMelee(ctx, x) && !ctx.fighters.some((s) => s.screening === x.key));
  if (!ward || !pay(ctx, f, "screen")) return false;
  f.screening = ward.key;
  f.advance = ward.advance;
  const attackers = [...ward.engaged].map((k) => ctx.byKey.get(k) as Fighter).filter(isUp);
  for (const a of attackers) engage(f, a);
  ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to: ward.key, feet: MOVE_FEET, reason: "screen" });
  ctx.emit({
    kind: "screen", round: ctx.round, actor: f.key, ward: ward.key, capacity: screenCapacity(f.block),
  });
  if (attackers.length) strike(ctx, f, weakest(attackers), "meleeAttack");
  return true;
}

/** Close on the nearest foe: a Move then an attack, a charge (+2, −2 AC) from 5–60 ft, or two Moves. */
function approach(ctx: Context, f: Fighter, foes: readonly Fighter[]): void {
  if (f.grappling || f.grappledBy.size) return;
  const target = foes.reduce((a, b) => {
    const da = distance(ctx, f, a), db = distance(ctx, f, b);
    return db < da || (db === da && b.hp < a.hp) ? b : a;
  });
  const d = distance(ctx, f, target);
  const arrive = (reason: "engage" | "charge") => {
    f.advance = Math.max(f.advance, ctx.gap - target.advance);
    engage(f, target);
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to: target.key, feet: d, reason });
  };
  if (d <= MOVE_FEET) {
    if (!pay(ctx, f, "run")) return;
    arrive("engage");
    strike(ctx, f, target, "meleeAttack");
    return;
  }
  if (d <= 2 * MOVE_FEET && weaponsFor(f, "melee").some((w) => !w.unarmed) && pay(ctx, f, "charge")) {
    f.chargeRound = ctx.round;
    arrive("charge");
    strike(ctx, f, target, "meleeAttack", true);
    return;
  }
  for (let i = 0; i < 2 && pay(ctx, f, "run"); i++) {
    f.advance += MOVE_FEET;
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to: null, feet: MOVE_FEET, reason: "engage" });
  }
  if (distance(ctx, f, target) <= 5 && ctx.gap - f.advance - target.advance <= 0) arrive("engage");
}
