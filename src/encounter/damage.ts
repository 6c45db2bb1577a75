import type { DamageType } from "../rules/escalation/constants";
import { afterHpChange } from "../rules/escalation/death-save";
import { hpAfterDamage } from "../rules/escalation/health";
import type { TurnContext } from "./context";
import { refreshState, type Fighter } from "./fighter";

export interface DamageDetail {
  rolled: number; dice: number[]; doubled: boolean; halved: boolean; reason: "hit" | "miss" | "ongoing" | "confused";
  /** The damage came from a crit (a PC dropped by it has a hard first death save). */
  crit: boolean;
}

/**
 * Subtracts damage and updates the health state; a PC dropped to 0 or below starts Dying, with 2
 * Disadvantage on its first death save after a crit or a drop to −½ max HP (§Dying and Death).
 */
export function dealDamage(target: Fighter, amount: number, type: DamageType, source: string, ctx: Pick<TurnContext, "emit" | "round" | "record">, detail: DamageDetail): void {
  const hpBefore = target.hp;
  target.hp = hpAfterDamage(target.hp, amount, target.block.isPC);
  if (ctx.record) ctx.emit({
    kind: "damage", round: ctx.round, source, target: target.key, amount, type, rolled: detail.rolled, dice: detail.dice,
    doubled: detail.doubled, halved: detail.halved, miss: detail.reason === "miss", hpBefore, hpAfter: target.hp, reason: detail.reason,
  });
  if (target.block.isPC) target.death = afterHpChange(target.death, { before: hpBefore, after: target.hp, hpMax: target.block.hpMax, crit: detail.crit });
  const changed = refreshState(target);
  if (changed && ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: target.key, state: changed });
}
