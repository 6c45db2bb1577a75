import { rollPoolDice } from "../../../engine/dice/pool";
import {
  afterDeathSave,
  afterHpChange,
  planDeathSave,
  resolveDeathSave,
  stabilize,
} from "../rules/death-save";
import { healWithRecovery, recoveryAverage } from "../rules/recovery";
import { resolveSave } from "../rules/save";
import { planRallySave, planSustain, rallyTarget } from "../rules/special-actions";
import type { TurnContext } from "./context";
import { canAct } from "../rules/health";
import { fallen } from "./damage";
import { endEffect, withArmed } from "./effects";
import { checkDice } from "./events";
import { conditionIds, refreshState, setDeath, setEffects, type Fighter } from "./fighter";

/**
 * Staying alive in a headless encounter: death saves at the start of a Dying PC's turn, healing
 * with recoveries (averaged, as a table in a hurry would), Rally and stabilising an ally.
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Recoveries, §Rally.
 */

/**
 * Heals with one recovery's average (halved with none left); a Dying PC heals from 0 and is no
 * longer Dying ("Any healing brings a character back from dying", §Dying and Death).
 * @param source who healed it (the healer for an ability; else the character itself).
 */
export function healFighter(
  f: Fighter,
  reason: "deathSave" | "rally" | "ability",
  ctx: Pick<TurnContext, "emit" | "round" | "record">,
  source = f.key,
): void {
  const hpBefore = f.hp;
  const r = healWithRecovery(
    { hp: f.hp, hpMax: f.block.hpMax, recoveries: f.recoveries, penalty: f.penalty },
    recoveryAverage(f.block.recovery),
  );
  f.hp = r.track.hp;
  f.recoveries = r.track.recoveries;
  f.penalty = r.track.penalty;
  // Back from Dying "as if they had succeeded at a Death Save": it acts from its next turn.
  if (f.block.isPC && hpBefore <= 0 && f.hp > 0) f.upNextTurn = true;
  if (reason !== "deathSave")
    setDeath(f, afterHpChange(f.death, { before: hpBefore, after: f.hp, hpMax: f.block.hpMax }));
  if (ctx.record)
    ctx.emit({
      kind: "heal",
      round: ctx.round,
      actor: f.key,
      amount: r.gained,
      hpBefore,
      hpAfter: f.hp,
      recoveries: f.recoveries,
      withoutRecovery: r.withoutRecovery,
      reason,
      recovery: "averaged",
      source,
    });
  const changed = refreshState(f);
  if (changed && ctx.record)
    ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state: changed });
}

/**
 * The death save at the start of a Dying PC's turn (or of one making Last Gasp saves). Returns
 * true when the PC acts this turn (a natural 17+); after a plain success it acts from its next
 * turn, and until then takes no action or reaction (`mayActNow`).
 */
export function deathSave(f: Fighter, ctx: TurnContext): boolean {
  const plan = planDeathSave(f.death, conditionIds(f));
  const dice = rollPoolDice(plan.pool, ctx.roller);
  const { natural, outcome } = resolveDeathSave(plan, dice);
  const result = afterDeathSave(f.death, outcome);
  setDeath(f, result.track);
  f.dead = result.dead;
  if (ctx.record) ctx.emit({
    kind: "deathSave",
    round: ctx.round,
    actor: f.key,
    target: plan.target,
    natural,
    outcome,
    failures: f.death.failures,
    dead: f.dead,
    lastGasp: result.lastGaspEnded || f.death.lastGasp,
    ...checkDice(plan.pool, dice, plan.edge),
  });
  if (result.dead) fallen(f, ctx);
  if (result.healFromZero) healFighter(f, "deathSave", ctx);
  if (result.healFromZero || result.lastGaspEnded) f.upNextTurn = !result.actNow;
  return result.actNow;
}

/**
 * Rally: a recovery, then a save with + Escalation against one instance on the rallier (the first
 * save-ends one, else the first one-round one: `rallyTarget`).
 */
export function rally(f: Fighter, ctx: TurnContext): void {
  healFighter(f, "rally", ctx);
  const effect = rallyTarget(f.effects);
  if (!effect) return;
  const plan = planRallySave(effect, ctx.escalation, conditionIds(f));
  const dice = rollPoolDice(plan.pool, ctx.roller);
  const save = resolveSave(plan, dice);
  if (ctx.record) ctx.emit({
    kind: "rally",
    round: ctx.round,
    actor: f.key,
    condition: effect.condition,
    effect: effect.key,
    target: plan.target,
    bonus: plan.bonus,
    natural: save.natural,
    success: save.success,
    ...checkDice(plan.pool, dice, plan.edge),
  });
  if (save.success) endEffect(f, effect, ctx, "rally");
}

/** Stabilising a Dying ally (the helper's Standard action). */
export function stabilizeAlly(helper: Fighter, ally: Fighter, ctx: TurnContext): void {
  setDeath(ally, stabilize(ally.death));
  if (ctx.record)
    ctx.emit({ kind: "stabilize", round: ctx.round, actor: helper.key, target: ally.key });
}

/**
 * Fight in Spirit: a dead character gives the most hurt ally still fighting Advantage on attacks
 * until the start of its next turn (§Fight in Spirit). Its earlier boon ends first.
 */
export function fightInSpirit(f: Fighter, ctx: TurnContext): void {
  for (const o of ctx.fighters)
    if (o.boons.length) o.boons = o.boons.filter((b) => b.source !== f.key);
  let ally: Fighter | undefined;
  for (const o of ctx.fighters) {
    if (o.side !== f.side || o === f || !canAct(o.state)) continue;
    if (!ally || o.hp / o.block.hpMax < ally.hp / ally.block.hpMax) ally = o;
  }
  if (!ally) return;
  ally.boons = [...ally.boons, { boon: "attacks", source: f.key }];
  if (ctx.record)
    ctx.emit({ kind: "spirit", round: ctx.round, actor: f.key, ally: ally.key, boon: "attacks" });
}

/** Whether any effect a sustained ability holds up is still running. */
export function sustainLive(f: Fighter, fighters: readonly Fighter[]): boolean {
  const s = f.sustaining;
  if (!s) return false;
  for (const o of fighters) for (const e of o.effects) if (s.keys.includes(e.key)) return true;
  return false;
}

function bearsAny(f: Fighter, keys: readonly string[]): boolean {
  for (const e of f.effects) if (keys.includes(e.key)) return true;
  return false;
}

/**
 * Sustaining (the same action as the ability, so this is the fighter's turn): 3d6 ≥ X keeps the
 * ability's effects going through the end of the fighter's next turn; a failure ends them now.
 * Source: `000_c2dc3d650823e22d.txt` §Ability Entries (Sustain).
 */
export function sustain(f: Fighter, ctx: TurnContext): void {
  const s = f.sustaining;
  if (!s) return;
  const plan = planSustain(s.ability.system.sustain, conditionIds(f));
  const dice = rollPoolDice(plan.pool, ctx.roller);
  const r = resolveSave(plan, dice);
  if (ctx.record) ctx.emit({
    kind: "sustain",
    round: ctx.round,
    actor: f.key,
    ability: s.ability.name,
    natural: r.natural,
    target: plan.target,
    success: r.success,
    ...checkDice(plan.pool, dice, plan.edge),
  });
  for (const o of ctx.fighters) {
    // Most fighters bear none of them: ask before building the list (a plain loop, no closure).
    if (!bearsAny(o, s.keys)) continue;
    const held = o.effects.filter((e) => s.keys.includes(e.key));
    if (r.success)
      setEffects(
        o,
        o.effects.map((e) => (held.includes(e) ? withArmed(e, false) : e)),
      );
    else for (const e of held) endEffect(o, e, ctx, "sustainFailed");
  }
  if (!r.success) f.sustaining = null;
}
