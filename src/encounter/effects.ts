import { rollPoolDice } from "../rules/dice/pool";
import { endOfTurnPlan, startsArmed, watchedCombatant, type TimedEffect } from "../rules/escalation/durations";
import { canAct } from "../rules/escalation/health";
import type { ConditionEffectSource } from "../rules/escalation/models";
import { planSave, resolveSave } from "../rules/escalation/save";
import type { TurnContext } from "./context";
import { spiritSaveEdge } from "../rules/escalation/fight-in-spirit";
import { dealDamage } from "./damage";
import { conditionIds, setEffects, type Fighter } from "./fighter";

/**
 * Effects in a headless encounter: applying one with its duration, the end-of-turn sequence
 * (ongoing damage, then saves, then expiry), and the end of the encounter. Source:
 * `000_c2dc3d650823e22d.txt` §Actions, §Conditions and Effects; `durations.ts`.
 */
export function addEffect(target: Fighter, e: ConditionEffectSource, source: Fighter, ctx: TurnContext): TimedEffect | null {
  // The same condition twice does not stack (RULINGS.md, edge); ongoing damage of a new source does.
  if (e.id !== "ongoing" && target.ids.includes(e.id)) return null;
  const base = { duration: e.duration, bearer: target.key, source: source.key };
  const effect: TimedEffect = {
    key: ctx.nextEffect(), condition: e.id, duration: e.duration, saveTarget: e.save, amount: e.amount, damageType: e.damageType,
    bearer: target.key, source: source.key, armed: startsArmed(base, ctx.turn),
  };
  setEffects(target, [...target.effects, effect]);
  if (ctx.record) emitChange(effect, true, ctx);
  return effect;
}

function emitChange(e: TimedEffect, added: boolean, ctx: Pick<TurnContext, "emit" | "round">): void {
  ctx.emit({
    kind: "condition", round: ctx.round, target: e.bearer, condition: e.condition, duration: e.duration, added, effect: e.key,
    amount: e.amount, damageType: e.damageType,
  });
}

/** Removes one effect instance from its bearer (and says so). */
export function endEffect(bearer: Fighter, effect: TimedEffect, ctx: Pick<TurnContext, "emit" | "round" | "record">): void {
  setEffects(bearer, bearer.effects.filter((e) => e !== effect));
  if (ctx.record) emitChange(effect, false, ctx);
}

/** End of `owner`'s turn: its ongoing damage, its saves, then every effect waiting for this turn. */
export function endOfTurn(owner: Fighter, ctx: TurnContext): void {
  // Fast path (most turns of most fights): nobody has an effect. Plain loops: this runs every turn.
  let any = false;
  for (const f of ctx.fighters) if (f.effects.length) any = true;
  if (!any) return;
  if (owner.effects.length) {
    const own = endOfTurnPlan(owner.effects, owner.key);
    for (const e of own.ongoing) {
      dealDamage(owner, e.amount, e.damageType, e.source, ctx, { rolled: e.amount, dice: [], doubled: false, halved: false, reason: "ongoing", crit: false });
    }
    if (canAct(owner.state) || owner.state === "dying") {
      for (const e of own.saves) {
        // An earlier save this turn may have ended it already (ongoing damage is one effect).
        if (!owner.effects.includes(e)) continue;
        const plan = planSave(conditionIds(owner), e.saveTarget, 0, owner.boons.length ? spiritSaveEdge(owner.boons.map((b) => b.boon)) : 0);
        const save = resolveSave(plan, rollPoolDice(plan.pool, ctx.roller));
        if (ctx.record) ctx.emit({ kind: "save", round: ctx.round, actor: owner.key, condition: e.condition, natural: save.natural, success: save.success });
        if (save.success) endEffect(owner, e, ctx);
      }
    }
  }
  // Effects on anyone that wait for the end of this combatant's (next) turn.
  for (const f of ctx.fighters) {
    if (!watches(f.effects, owner.key)) continue;
    const timed = endOfTurnPlan(f.effects, owner.key);
    for (const e of timed.expire) endEffect(f, e, ctx);
    if (timed.arm.length) setEffects(f, f.effects.map((e) => (timed.arm.includes(e) ? { ...e, armed: true } : e)));
  }
}

function watches(effects: readonly TimedEffect[], key: string): boolean {
  for (const e of effects) if (watchedCombatant(e) === key) return true;
  return false;
}

/** The encounter is over: every effect still running ends (each exactly once). */
export function endEncounterEffects(fighters: readonly Fighter[], ctx: Pick<TurnContext, "emit" | "round" | "record">): void {
  for (const f of fighters) for (const e of [...f.effects]) endEffect(f, e, ctx);
}
