import { opposedPlan } from "../../../engine/dice/opposed";
import { runSync } from "../../../engine/dice/plan";
import { afterDamage, stateAt } from "../rules/health";
import { grappleSides } from "../rules/maneuvers";
import type { Weapon } from "../rules/statblock";
import type { Context } from "./context";
import { pairLog, type DamageEvent } from "./events";
import { engage, type Fighter } from "./fighter";

/**
 * What an attack's landing does to its target in a headless `shock` fight: damage dealt (and a fall
 * reported), or the target held in a grapple. Source: `002_5e27cdf788b28f5f.txt` §Damage,
 * §Grappling; RULINGS.md §shock Opposed checks.
 */

/** A grapple after an unarmed hit: opposed STR/Brawl; the winner holds the target (§Grappling). */
export function grapple(ctx: Context, attacker: Fighter, target: Fighter): void {
  const [a, d] = grappleSides(
    { id: attacker.key, who: attacker.block },
    { id: target.key, who: target.block },
  );
  const r = runSync(opposedPlan(a, d), ctx.roller);
  if (ctx.record) {
    ctx.emit({ kind: "opposed", round: ctx.round, purpose: "grapple", ...pairLog(a, d, r) });
  }
  if (r.winner !== "a") return;
  attacker.grappling = target.key;
  target.grappledBy.add(attacker.key);
  engage(attacker, target);
  if (ctx.record) ctx.emit({
    kind: "grapple",
    round: ctx.round,
    grappler: attacker.key,
    target: target.key,
    held: true,
  });
}

/** A weapon's damage dice, rolled. */
export function rollDice(ctx: Context, weapon: Weapon): number[] {
  // Made at its size: a push onto an empty array reserves room for sixteen.
  const dice = new Array<number>(weapon.dice);
  for (let i = 0; i < weapon.dice; i++) dice[i] = ctx.roller.die(weapon.die);
  return dice;
}

/** Applies damage, logs it, and reports a fall (state event, then `ctx.onDown`). */
export function dealDamage(
  ctx: Context,
  source: string,
  target: Fighter,
  amount: number,
  detail: Omit<
    DamageEvent,
    "kind" | "round" | "source" | "target" | "amount" | "hpBefore" | "hpAfter"
  >,
): void {
  const hpBefore = target.hp;
  target.hp = afterDamage(target.hp, amount);
  // The detail's fields spelled out in their order (a spread copy is slow).
  if (ctx.record) ctx.emit({
    kind: "damage",
    round: ctx.round,
    source,
    target: target.key,
    amount,
    hpBefore,
    hpAfter: target.hp,
    attack: detail.attack,
    reason: detail.reason,
    dice: detail.dice,
    base: detail.base,
    swarmBonus: detail.swarmBonus,
    floor: detail.floor,
    absorbedBy: detail.absorbedBy,
  });
  const state = stateAt(target.hp, target.block.isPC, target.state);
  if (state !== target.state) {
    target.state = state;
    ctx.stateChanges++;
    target.fellRound = ctx.round;
    if (ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: target.key, state });
    ctx.onDown(target);
  }
}

