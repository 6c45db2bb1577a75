import type { DamageType } from "../rules/constants";
import { afterHpChange } from "../rules/death-save";
import { canAct, hpAfterDamage } from "../rules/health";
import type { TurnContext } from "./context";
import { endSourceEffects } from "./effects";
import { releaseAll } from "./engagement";
import { refreshState, setDeath, type Fighter } from "./fighter";

export interface DamageDetail {
  rolled: number;
  dice: number[];
  doubled: boolean;
  halved: boolean;
  reason: "hit" | "miss" | "ongoing" | "confused";
  /** The damage came from a crit (a PC dropped by it has a hard first death save). */
  crit: boolean;
  /**
   * The attack (hit, miss, Confused) or ongoing damage instance it comes from; null when unknown.
   */
  attack: string | null;
  effect: string | null;
}

type StepContext = Pick<TurnContext, "emit" | "round" | "record" | "fighters">;

/**
 * Subtracts damage and updates the health state; a PC dropped to 0 or below starts Dying, with 2
 * Disadvantage on its first death save after a crit or a drop to −½ max HP (§Dying and Death).
 */
export function dealDamage(
  target: Fighter,
  amount: number,
  type: DamageType,
  source: string,
  ctx: StepContext,
  detail: DamageDetail,
): void {
  takeDamage(target, amount, type, source, ctx, detail.crit, detail);
}

/**
 * `dealDamage` for the runner's own steps, whose `detail` is null when not recording: trials then
 * skip building it for every hit.
 */
export function takeDamage(
  target: Fighter,
  amount: number,
  type: DamageType,
  source: string,
  ctx: StepContext,
  crit: boolean,
  detail: DamageDetail | null,
): void {
  const hpBefore = target.hp;
  target.hp = hpAfterDamage(target.hp, amount, target.block.isPC);
  if (ctx.record && detail)
    ctx.emit({
      kind: "damage",
      round: ctx.round,
      source,
      target: target.key,
      amount,
      type,
      rolled: detail.rolled,
      dice: detail.dice,
      doubled: detail.doubled,
      halved: detail.halved,
      miss: detail.reason === "miss",
      hpBefore,
      hpAfter: target.hp,
      reason: detail.reason,
      attack: detail.attack,
      effect: detail.effect,
    });
  // The track changes only when HP crosses 0 (`afterHpChange`): most hits build no change for it.
  if (target.block.isPC && hpBefore > 0 !== target.hp > 0) {
    setDeath(
      target,
      afterHpChange(target.death, {
        before: hpBefore,
        after: target.hp,
        hpMax: target.block.hpMax,
        crit,
      }),
    );
  }
  const changed = refreshState(target);
  if (!changed) return;
  if (ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: target.key, state: changed });
  if (!canAct(changed)) fallen(target, ctx);
}

/**
 * `f` can no longer act (Dying, defeated) or has died: it is engaged with nobody, and once it is
 * out for good (defeated or dead) what it applied until the end of its next turn ends, since that
 * turn will not come (RULINGS.md §escalation Instances).
 */
export function fallen(f: Fighter, ctx: StepContext): void {
  releaseAll(f, ctx);
  f.readied = null;
  if (f.state === "defeated" || f.dead) endSourceEffects(f, ctx);
}
