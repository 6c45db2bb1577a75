import { rollPoolDice } from "../rules/dice/pool";
import { afterDeathSave, planDeathSave, resolveDeathSave, stabilize } from "../rules/escalation/death-save";
import { healWithRecovery, recoveryAverage } from "../rules/escalation/recovery";
import { resolveSave } from "../rules/escalation/save";
import { planRallySave, planSustain } from "../rules/escalation/special-actions";
import type { TurnContext } from "./context";
import { canAct } from "../rules/escalation/health";
import { endEffect } from "./effects";
import { conditionIds, refreshState, setEffects, type Fighter } from "./fighter";

/**
 * Staying alive in a headless encounter: death saves at the start of a Dying PC's turn, healing
 * with recoveries (averaged, as a table in a hurry would), Rally and stabilising an ally.
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Recoveries, §Rally.
 */

/** Heals with one recovery's average (halved with none left); a Dying PC heals from 0. */
export function healFighter(f: Fighter, reason: "deathSave" | "rally" | "rest", ctx: Pick<TurnContext, "emit" | "round" | "record">): void {
  const hpBefore = f.hp;
  const r = healWithRecovery({ hp: f.hp, hpMax: f.block.hpMax, recoveries: f.recoveries, penalty: f.penalty }, recoveryAverage(f.block.recovery));
  f.hp = r.track.hp;
  f.recoveries = r.track.recoveries;
  f.penalty = r.track.penalty;
  if (ctx.record) ctx.emit({
    kind: "heal", round: ctx.round, actor: f.key, amount: r.gained, hpBefore, hpAfter: f.hp, recoveries: f.recoveries,
    withoutRecovery: r.withoutRecovery, reason,
  });
  const changed = refreshState(f);
  if (changed && ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: f.key, state: changed });
}

/**
 * The death save at the start of a Dying PC's turn. Returns true when the PC acts this turn (a
 * natural 17+).
 */
export function deathSave(f: Fighter, ctx: TurnContext): boolean {
  const plan = planDeathSave(f.death, conditionIds(f));
  const { natural, outcome } = resolveDeathSave(plan, rollPoolDice(plan.pool, ctx.roller));
  const result = afterDeathSave(f.death, outcome);
  f.death = result.track;
  f.dead = result.dead;
  if (ctx.record) ctx.emit({ kind: "deathSave", round: ctx.round, actor: f.key, natural, outcome, failures: f.death.failures, dead: f.dead, lastGasp: result.lastGaspEnded || f.death.lastGasp });
  if (result.healFromZero) healFighter(f, "deathSave", ctx);
  return result.actNow;
}

/** Rally: a recovery, then a save with + Escalation against the first effect on the rallier. */
export function rally(f: Fighter, ctx: TurnContext): void {
  healFighter(f, "rally", ctx);
  const effect = f.effects[0];
  if (!effect) return;
  const plan = planRallySave(effect, ctx.escalation, conditionIds(f));
  const save = resolveSave(plan, rollPoolDice(plan.pool, ctx.roller));
  if (ctx.record) ctx.emit({ kind: "rally", round: ctx.round, actor: f.key, condition: effect.condition, natural: save.natural, success: save.success });
  if (save.success) endEffect(f, effect, ctx);
}

/** Stabilising a Dying ally (the helper's Standard action). */
export function stabilizeAlly(helper: Fighter, ally: Fighter, ctx: TurnContext): void {
  ally.death = stabilize(ally.death);
  if (ctx.record) ctx.emit({ kind: "stabilize", round: ctx.round, actor: helper.key, target: ally.key });
}

/**
 * Fight in Spirit: a dead character gives the most hurt ally still fighting Advantage on attacks
 * until the start of its next turn (§Fight in Spirit). Its earlier boon ends first.
 */
export function fightInSpirit(f: Fighter, ctx: TurnContext): void {
  for (const o of ctx.fighters) if (o.boons.length) o.boons = o.boons.filter((b) => b.source !== f.key);
  let ally: Fighter | undefined;
  for (const o of ctx.fighters) {
    if (o.side !== f.side || o === f || !canAct(o.state)) continue;
    if (!ally || o.hp / o.block.hpMax < ally.hp / ally.block.hpMax) ally = o;
  }
  if (!ally) return;
  ally.boons = [...ally.boons, { boon: "attacks", source: f.key }];
  if (ctx.record) ctx.emit({ kind: "spirit", round: ctx.round, actor: f.key, ally: ally.key, boon: "attacks" });
}

/** Whether any effect a sustained ability holds up is still running. */
export function sustainLive(f: Fighter, fighters: readonly Fighter[]): boolean {
  const s = f.sustaining;
  if (!s) return false;
  for (const o of fighters) for (const e of o.effects) if (s.keys.includes(e.key)) return true;
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
  const r = resolveSave(plan, rollPoolDice(plan.pool, ctx.roller));
  if (ctx.record) ctx.emit({ kind: "sustain", round: ctx.round, actor: f.key, ability: s.ability.name, natural: r.natural, target: plan.target, success: r.success });
  for (const o of ctx.fighters) {
    const held = o.effects.filter((e) => s.keys.includes(e.key));
    if (!held.length) continue;
    if (r.success) setEffects(o, o.effects.map((e) => (held.includes(e) ? { ...e, armed: false } : e)));
    else for (const e of held) endEffect(o, e, ctx);
  }
  if (!r.success) f.sustaining = null;
}
