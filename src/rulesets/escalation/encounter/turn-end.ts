import { rollNatural, rollPoolDice } from "../../../engine/dice/pool";
import type { TurnRef } from "../../../engine/effects/timed";
import { dealsOngoing, DURATION_TIMINGS, type TimedEffect } from "../rules/durations";
import { canAct } from "../rules/health";
import { checkPool, planSave, resolveSave } from "../rules/save";
import { spiritSaveEdge } from "../rules/fight-in-spirit";
import type { TurnContext } from "./context";
import { checkDice } from "./events";
import { takeDamage } from "./damage";
import { endEffect, withArmed } from "./effects";
import { setEffects, watchedByAnyone, type Fighter } from "./fighter";

/**
 * The end of a turn in a headless encounter: the owner's ongoing damage, then one save per
 * save-ends instance on it, then every instance (on anyone) that waited for this turn; and the end
 * of the encounter. Source: `000_c2dc3d650823e22d.txt` §Actions ("At the end of your turn, take
 * any ongoing damage, then make saves for any save ends effects"); `durations.ts`.
 *
 * It is `endOfTurnPlan` (the engine's `turnEndPlan` with escalation's ongoing damage) done as the
 * plan is read: each effect is judged by the engine's own rules (`DURATION_TIMINGS.savesAtTurnEnd`,
 * `watches`), one fighter at a time and only for fighters that bear a watching effect, so no plan
 * is built on the turns (most of them) where nothing ends.
 */
export function endOfTurn(owner: Fighter, ctx: TurnContext): void {
  // Plain loops, each skipping fighters without effects (most of them): this runs every turn.
  const effects = owner.effects;
  if (effects.length && hasTurnEndWork(effects)) {
    // The plan's ongoing damage, then its saves, read off the effects as the turn ended.
    for (const e of effects) {
      if (e.bearer !== owner.key || !dealsOngoing(e)) continue;
      takeDamage(
        owner,
        e.amount,
        e.damageType,
        e.source,
        ctx,
        false,
        ctx.record
          ? {
              rolled: e.amount,
              dice: [],
              doubled: false,
              halved: false,
              reason: "ongoing",
              crit: false,
              attack: null,
              effect: e.key,
            }
          : null,
      );
    }
    // Its ongoing damage dropped the last of a side: the fight is over, nothing else happens.
    if (ctx.winner()) return;
    if (canAct(owner.state) || owner.state === "dying") {
      for (const e of effects) {
        // An earlier save this turn may have ended it already (ongoing damage is one effect).
        if (e.bearer !== owner.key || !DURATION_TIMINGS.savesAtTurnEnd(e)) continue;
        if (!owner.effects.includes(e)) continue;
        const boons = owner.boons.length ? spiritSaveEdge(owner.boons.map((b) => b.boon)) : 0;
        if (ctx.record ? recordedSave(owner, e, boons, ctx) : quietSave(owner, e, boons, ctx))
          endEffect(owner, e, ctx, "save");
      }
    }
  }
  // Effects on anyone that wait for the end of this combatant's (next) turn.
  const key = owner.key;
  if (!watchedByAnyone(key)) return;
  let turn: TurnRef | null = null;
  for (const f of ctx.fighters) {
    if (!watches(f.watched, key)) continue;
    expireAndArm(f, (turn ??= { combatantId: key }), ctx);
  }
}

/**
 * Whether `key` is among `watched` (a fighter's few watched keys, most often none): a plain loop
 * rather than `includes`, a builtin call asked of every fighter at every turn's end.
 */
function watches(watched: readonly string[], key: string): boolean {
  for (let i = 0; i < watched.length; i++) if (watched[i] === key) return true;
  return false;
}

/**
 * The plan's expiries and arming for one bearer: the armed instances that waited for the end of
 * this turn end, then the unarmed ones arm (an expiry never removes an unarmed one).
 */
function expireAndArm(f: Fighter, turn: TurnRef, ctx: TurnContext): void {
  let unarmed = false;
  for (const e of f.effects) {
    if (!DURATION_TIMINGS.watches(e, "end", turn)) continue;
    if (e.armed) endEffect(f, e, ctx, "expired");
    else unarmed = true;
  }
  if (!unarmed) return;
  setEffects(f, f.effects.map((e) => (
    !e.armed && DURATION_TIMINGS.watches(e, "end", turn) ? withArmed(e, true) : e
  )));
}

/** A save against `e`, rolled and reported; returns whether it succeeded. */
function recordedSave(owner: Fighter, e: TimedEffect, boons: number, ctx: TurnContext): boolean {
  const plan = planSave(owner.ids, e.saveTarget, 0, boons);
  const dice = rollPoolDice(plan.pool, ctx.roller);
  const save = resolveSave(plan, dice);
  ctx.emit({
    kind: "save",
    round: ctx.round,
    actor: owner.key,
    condition: e.condition,
    effect: e.key,
    target: plan.target,
    natural: save.natural,
    success: save.success,
    ...checkDice(plan.pool, dice, plan.edge),
  });
  return save.success;
}

/**
 * `recordedSave` unreported: `planSave`'s edge is the summary's `saveEdge`, and the natural is
 * summed as the dice roll, so no plan, set, dice list or result is built for it.
 */
function quietSave(owner: Fighter, e: TimedEffect, boons: number, ctx: TurnContext): boolean {
  return rollNatural(checkPool(owner.summary.saveEdge + boons), ctx.roller) >= e.saveTarget;
}

/** Whether the owner has ongoing damage to take or a save to make (else its plan is not built). */
function hasTurnEndWork(effects: readonly TimedEffect[]): boolean {
  for (const e of effects) if (DURATION_TIMINGS.savesAtTurnEnd(e) || dealsOngoing(e)) return true;
  return false;
}

/** The encounter is over: every effect still running ends (each exactly once). */
export function endEncounterEffects(
  fighters: readonly Fighter[],
  ctx: Pick<TurnContext, "emit" | "round" | "record">,
): void {
  for (const f of fighters) for (const e of [...f.effects]) endEffect(f, e, ctx, "encounterEnd");
}
