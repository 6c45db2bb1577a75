import { rollPoolDice } from "../rules/dice/pool";
import { CONDITIONS } from "../rules/escalation/conditions";
import { planDisengage, resolveDisengage } from "../rules/escalation/disengage";
import { pairKey } from "../rules/escalation/engagement";
import { canAct } from "../rules/escalation/health";
import { abilityProvokes, opportunityAttackers } from "../rules/escalation/opportunity";
import { enemyBasicAttack, type AbilityEntry } from "../rules/escalation/statblock";
import type { AbilitySource } from "../rules/escalation/models";
import { applyAttack, rollAttack } from "./attacks";
import type { TurnContext } from "./context";
import { conditionIds, type Fighter } from "./fighter";

/**
 * Position in a headless encounter, without a map: a melee attack engages attacker and target;
 * before a provoking use (a `Provokes` or Ranged ability) an engaged fighter tries to disengage
 * (3d6 against 11, +1 per extra foe; Stuck cannot), and if still engaged, each engaged foe in a
 * melee stance makes an opportunity attack (its Basic Melee Attack). Source:
 * `000_c2dc3d650823e22d.txt` §Positioning and Movement, §Disengaging, §Opportunity Attacks.
 */
export function isMeleeAttack(a: AbilitySource): boolean {
  return a.defense !== "none" && (a.basic === "melee" || (a.basic === "none" && a.abilityType === "melee"));
}

/** Whether an ability is a melee attack and whether it provokes, computed once per ability. */
const movement = new WeakMap<AbilitySource, { readonly melee: boolean; readonly provokes: boolean }>();
export function movementOf(a: AbilitySource): { readonly melee: boolean; readonly provokes: boolean } {
  let m = movement.get(a);
  if (!m) movement.set(a, (m = { melee: isMeleeAttack(a), provokes: abilityProvokes(a) }));
  return m;
}

export function engage(a: Fighter, b: Fighter): void {
  if (a.side === b.side || !canAct(a.state) || !canAct(b.state)) return;
  a.engaged.add(b.key);
  b.engaged.add(a.key);
}

/** The foes engaged with `f` that are still up. */
export function engagedFoes(f: Fighter, fighters: readonly Fighter[]): Fighter[] {
  if (f.engaged.size === 0) return [];
  return fighters.filter((o) => f.engaged.has(o.key) && canAct(o.state));
}

function popOff(f: Fighter, foes: readonly Fighter[]): void {
  for (const o of foes) {
    f.engaged.delete(o.key);
    o.engaged.delete(f.key);
  }
}

/** A fighter's Basic Melee Attack: a PC's basic melee ability, an NPC's first listed attack. */
function basicMelee(f: Fighter): AbilityEntry | undefined {
  return f.block.isPC ? f.block.abilities.find((a) => a.system.basic === "melee") : enemyBasicAttack(f.block);
}

/**
 * Before a provoking use: try to disengage, then take the opportunity attacks of those still
 * engaged. Returns false when the mover can no longer act (dropped by them).
 */
export function beforeProvokingUse(mover: Fighter, ctx: TurnContext): boolean {
  let foes = engagedFoes(mover, ctx.fighters);
  if (!foes.length) return true;
  const planned = planDisengage({ enemies: foes.length, conditions: conditionIds(mover), fromGrabber: mover.ids.some((c) => CONDITIONS[c].grabbed) });
  if ("plan" in planned) {
    const r = resolveDisengage(planned.plan, rollPoolDice(planned.plan.pool, ctx.roller));
    if (ctx.record) ctx.emit({ kind: "disengage", round: ctx.round, actor: mover.key, natural: r.natural, target: planned.plan.target, success: r.success });
    if (r.success) {
      popOff(mover, foes);
      return true;
    }
  }
  foes = engagedFoes(mover, ctx.fighters);
  const pairs = new Set(foes.map((o) => pairKey(mover.key, o.key)));
  const candidates = foes.map((o) => ({ id: o.key, stance: o.block.stance, conditions: conditionIds(o), canAct: canAct(o.state) }));
  for (const key of opportunityAttackers(pairs, mover.key, candidates)) {
    const attacker = foes.find((o) => o.key === key) as Fighter;
    const ability = basicMelee(attacker);
    if (!ability || !canAct(mover.state)) continue;
    if (ctx.record) ctx.emit({ kind: "opportunity", round: ctx.round, attacker: attacker.key, target: mover.key });
    const rolled = rollAttack(attacker, mover, ability, ctx);
    if (rolled) applyAttack(rolled, ctx);
  }
  return canAct(mover.state);
}
