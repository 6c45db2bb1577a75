import { rollPoolDice } from "../../../engine/dice/pool";
import { endOfTurnPlan, watchedCombatant, type TimedEffect } from "../rules/durations";
import { canAct } from "../rules/health";
import { planSave, resolveSave } from "../rules/save";
import { spiritSaveEdge } from "../rules/fight-in-spirit";
import type { TurnContext } from "./context";
import { checkDice } from "./events";
import { takeDamage } from "./damage";
import { endEffect, withArmed } from "./effects";
import { conditionIds, setEffects, type Fighter } from "./fighter";

/**
 * The end of a turn in a headless encounter: the owner's ongoing damage, then one save per
 * save-ends instance on it, then every instance (on anyone) that waited for this turn; and the end
 * of the encounter. Source: `000_c2dc3d650823e22d.txt` §Actions ("At the end of your turn, take
 * any ongoing damage, then make saves for any save ends effects"); `durations.ts`.
 */
export function endOfTurn(owner: Fighter, ctx: TurnContext): void {
  // Plain loops, each skipping fighters without effects (most of them): this runs every turn.
  if (owner.effects.length && hasTurnEndWork(owner.effects)) {
    const own = endOfTurnPlan(owner.effects, owner.key);
    for (const e of own.ongoing) {
      takeDamage(owner, e.amount, e.damageType, e.source, ctx, false, ctx.record ? {
        rolled: e.amount, dice: [], doubled: false, halved: false, reason: "ongoing", crit: false, attack: null, effect: e.key,
      } : null);
    }
    if (canAct(owner.state) || owner.state === "dying") {
      for (const e of own.saves) {
        // An earlier save this turn may have ended it already (ongoing damage is one effect).
        if (!owner.effects.includes(e)) continue;
        const plan = planSave(conditionIds(owner), e.saveTarget, 0, owner.boons.length ? spiritSaveEdge(owner.boons.map((b) => b.boon)) : 0);
        const dice = rollPoolDice(plan.pool, ctx.roller);
        const save = resolveSave(plan, dice);
        if (ctx.record) ctx.emit({
          kind: "save", round: ctx.round, actor: owner.key, condition: e.condition, effect: e.key, target: plan.target,
          natural: save.natural, success: save.success, ...checkDice(plan.pool, dice, plan.edge),
        });
        if (save.success) endEffect(owner, e, ctx, "save");
      }
    }
  }
  // Effects on anyone that wait for the end of this combatant's (next) turn.
  for (const f of ctx.fighters) {
    if (!f.effects.length || !watches(f.effects, owner.key)) continue;
    const timed = endOfTurnPlan(f.effects, owner.key);
    for (const e of timed.expire) endEffect(f, e, ctx, "expired");
    if (timed.arm.length) setEffects(f, f.effects.map((e) => (timed.arm.includes(e) ? withArmed(e, true) : e)));
  }
}

/** Whether the owner has ongoing damage to take or a save to make (else its plan is not built). */
function hasTurnEndWork(effects: readonly TimedEffect[]): boolean {
  for (const e of effects) if (e.duration === "saveEnds" || (e.condition === "ongoing" && e.amount > 0)) return true;
  return false;
}

function watches(effects: readonly TimedEffect[], key: string): boolean {
  for (const e of effects) if (watchedCombatant(e) === key) return true;
  return false;
}

/** The encounter is over: every effect still running ends (each exactly once). */
export function endEncounterEffects(fighters: readonly Fighter[], ctx: Pick<TurnContext, "emit" | "round" | "record">): void {
  for (const f of fighters) for (const e of [...f.effects]) endEffect(f, e, ctx, "encounterEnd");
}
