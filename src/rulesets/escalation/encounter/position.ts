import { rollPoolDice } from "../../../engine/dice/pool";
import { CONDITIONS } from "../rules/conditions";
import { planDisengage, resolveDisengage } from "../rules/disengage";
import { pairKey } from "../rules/engagement";
import { canAct } from "../rules/health";
import { opportunityAttackers } from "../rules/opportunity";
import { enemyBasicAttack, useBlockWith, type AbilityEntry } from "../rules/statblock";
import { applyAttack, rollAttack } from "./attacks";
import type { TurnContext } from "./context";
import { checkDice } from "./events";
import { payUse, slotFor, spendSlot } from "./economy";
import { engagedFoes, popOff } from "./engagement";
import { cannotMove, conditionIds, mayActNow, type Fighter } from "./fighter";

/**
 * Position in a headless encounter, without a map: before a provoking use (a `Provokes` or Ranged
 * ability) an engaged fighter on its turn pops free (Fold Space) or tries to disengage (a Move
 * action: 3d6 against 11, +1 per extra foe; Stuck cannot, nor past a foe holding the line), and if
 * still engaged, each engaged foe in a melee stance makes an opportunity attack (its Basic Melee
 * Attack). Source: `000_c2dc3d650823e22d.txt` §Positioning and Movement, §Disengaging,
 * §Opportunity Attacks, §Conditions (Grabbed, Stuck); `readings.ts` (Fold Space, Hold the Line).
 */

/** A fighter's Basic Melee Attack: a PC's basic melee ability, an NPC's first listed attack. */
function basicMelee(f: Fighter): AbilityEntry | undefined {
  return f.block.isPC
    ? f.block.abilities.find((a) => a.system.basic === "melee")
    : enemyBasicAttack(f.block);
}

/**
 * Pops free of every engaged foe with a pop-free ability (Fold Space: a Move action, no check) when
 * it is the fighter's turn and it can: not Stuck, the ability usable, a move action left.
 * @returns whether it popped free.
 */
export function tryPopFree(f: Fighter, ctx: TurnContext): boolean {
  const entry = f.utilities.popFree;
  if (!entry || ctx.turn !== f.key || f.expended.includes(entry.id) || cannotMove(f)) return false;
  if (useBlockWith(entry.system, ctx.escalation, f.summary) !== null) return false;
  const slot = slotFor(f, entry.system.action, true);
  const foes = engagedFoes(f, ctx.foesOf(f));
  if (slot === null || !foes.length) return false;
  payUse(f, entry, slot, ctx);
  if (ctx.record)
    ctx.emit({ kind: "move", round: ctx.round, actor: f.key, to: null, reason: "popFree" });
  popOff(f, foes, "popFree", ctx);
  return true;
}

/**
 * Whether one of the mover's Grabbed instances comes from one of `foes` that the mover has not hit
 * this round (then it disengages with 1 Disadvantage).
 */
function grabberAmong(mover: Fighter, foes: readonly Fighter[]): boolean {
  for (const e of mover.effects) {
    if (!CONDITIONS[e.condition].grabbed || mover.hitThisRound.includes(e.source)) continue;
    if (foes.some((o) => o.key === e.source)) return true;
  }
  return false;
}

/**
 * The disengage check on the mover's turn, or the reason it cannot be tried. Returns whether it
 * popped off.
 */
function disengage(mover: Fighter, foes: readonly Fighter[], ctx: TurnContext): boolean {
  // Holding the line is acting: not by one who can no longer act (Last Gasp saves, say).
  const holder = foes.find((o) => o.holdingLine && mayActNow(o));
  if (holder) {
    if (ctx.record)
      ctx.emit({
        kind: "disengageBlocked",
        round: ctx.round,
        actor: mover.key,
        reason: "holdTheLine",
        by: holder.key,
      });
    return false;
  }
  const planned = planDisengage({
    enemies: foes.length,
    conditions: conditionIds(mover),
    fromGrabber: grabberAmong(mover, foes),
  });
  if ("block" in planned) {
    if (ctx.record)
      ctx.emit({
        kind: "disengageBlocked",
        round: ctx.round,
        actor: mover.key,
        reason: "stuck",
        by: null,
      });
    return false;
  }
  const slot = slotFor(mover, "move", true);
  if (slot === null) return false;
  spendSlot(mover, slot);
  const dice = rollPoolDice(planned.plan.pool, ctx.roller);
  const r = resolveDisengage(planned.plan, dice);
  if (ctx.record) ctx.emit({
    kind: "disengage",
    round: ctx.round,
    actor: mover.key,
    natural: r.natural,
    target: planned.plan.target,
    success: r.success,
    ...checkDice(planned.plan.pool, dice, planned.plan.edge),
  });
  if (r.success) popOff(mover, foes, "disengage", ctx);
  return r.success;
}

/**
 * On the fighter's own turn, getting free of every foe engaged with it: popping free when it can
 * (Fold Space), else a disengage check. Returns whether it is free now.
 */
export function tryToGetFree(mover: Fighter, ctx: TurnContext): boolean {
  const foes = engagedFoes(mover, ctx.foesOf(mover));
  if (!foes.length) return true;
  return ctx.turn === mover.key && (tryPopFree(mover, ctx) || disengage(mover, foes, ctx));
}

/**
 * Before a provoking use: the mover tries to get free (`tryToGetFree`); then the foes still
 * engaged take their opportunity attacks. Returns false when the mover can no longer act (dropped
 * by them).
 */
export function beforeProvokingUse(mover: Fighter, ctx: TurnContext): boolean {
  if (tryToGetFree(mover, ctx)) return true;
  const foes = engagedFoes(mover, ctx.foesOf(mover));
  const pairs = new Set(foes.map((o) => pairKey(mover.key, o.key)));
  const candidates = foes.map((o) => ({
    id: o.key,
    stance: o.stance,
    conditions: conditionIds(o),
    canAct: mayActNow(o),
  }));
  for (const key of opportunityAttackers(pairs, mover.key, candidates)) {
    const attacker = foes.find((o) => o.key === key) as Fighter;
    const ability = basicMelee(attacker);
    if (!ability || !canAct(mover.state)) continue;
    if (ctx.record)
      ctx.emit({
        kind: "opportunity",
        round: ctx.round,
        attacker: attacker.key,
        target: mover.key,
      });
    const rolled = rollAttack(attacker, mover, ability, ctx);
    if (rolled) applyAttack(rolled, ctx);
  }
  return canAct(mover.state);
}
