import type { SuccessLevel } from "../../../engine/dice/roll-under";
import type { Damage } from "../rules/statblock";
import type { Context } from "./context";
import type { ApEvent } from "./events";
import type { Fighter } from "./fighter";
import { hitGain, killGain } from "./ledger";

/**
 * Damage, falls and conditions in a headless `action-points` fight. A hit's damage comes off the
 * HP of whoever took the attack (never below 0); its attacker gains +2 FP (+3 on a Critical
 * success) and +1 more for a killing blow on a foe. At 0 HP a combatant is out: a PC is down, an
 * NPC defeated; its grapples end. Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat Sheet
 * (FP), §Grapple; RULINGS.md §action-points Attacks, Hit points.
 */
export interface Hit {
  /** The attack's id. */
  readonly attack: string;
  readonly level: SuccessLevel;
  readonly damage: Damage;
  readonly dice: readonly number[];
  readonly multiplier: number;
  readonly amount: number;
  /** The attack's target when an ally took it by Intercept (else null). */
  readonly interceptedFrom: string | null;
}

type Condition = Extract<ApEvent, { kind: "condition" }>["condition"];

/** Logs a condition beginning or ending. */
export function condition(
  ctx: Context, target: Fighter, name: Condition, added: boolean, source: Fighter, reason: string,
): void {
  if (!ctx.record) return;
  ctx.emit({
    kind: "condition", round: ctx.round, target: target.key, condition: name, added,
    source: source.key, reason,
  });
}

/** A hit lands on `target`: its damage, then the attacker's FP. */
export function landHit(ctx: Context, attacker: Fighter, target: Fighter, hit: Hit): void {
  const hpBefore = target.hp;
  target.hp = Math.max(0, hpBefore - hit.amount);
  if (ctx.record) {
    ctx.emit({
      kind: "damage", round: ctx.round, source: attacker.key, target: target.key,
      amount: hpBefore - target.hp, dice: [...hit.dice], reason: "hit", attack: hit.attack,
      hpBefore, hpAfter: target.hp, level: hit.level, die: hit.damage.die, bonus: hit.damage.bonus,
      multiplier: hit.multiplier, interceptedFrom: hit.interceptedFrom,
    });
  }
  const killed = target.hp === 0 && !target.out;
  if (killed) fall(ctx, target);
  hitGain(ctx, attacker, hit.level);
  if (killed && target.side !== attacker.side) killGain(ctx, attacker);
}

/** A fighter at 0 HP leaves the fight; whatever it grappled, or was grappled by, is let go. */
export function fall(ctx: Context, f: Fighter): void {
  f.out = true;
  ctx.fallen++;
  if (ctx.record) {
    ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state: f.party ? "down" : "defeated" });
  }
  if (f.grappling) release(ctx, f, f.grappling, "down");
  if (f.grappledBy) release(ctx, f.grappledBy, f, "down");
}

/** A grapple ends: both are free. */
export function release(ctx: Context, grappler: Fighter, held: Fighter, reason: string): void {
  grappler.grappling = null;
  held.grappledBy = null;
  condition(ctx, held, "grappled", false, grappler, reason);
  condition(ctx, grappler, "grappled", false, grappler, reason);
}
