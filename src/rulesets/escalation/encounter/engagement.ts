import { canAct } from "../rules/health";
import type { TurnContext } from "./context";
import type { EngagementChange } from "./events";
import type { Fighter } from "./fighter";

/**
 * Engagement in a headless encounter, without a map: a melee attacker moves to its target and
 * engages it; popping free (Disengage, Fold Space, Slip Away) or going down ends the pair. Each
 * change is an event. Source: `000_c2dc3d650823e22d.txt` §Positioning and Movement, §Free and
 * Engaged; RULINGS.md §escalation Engagement.
 */
type EmitContext = Pick<TurnContext, "emit" | "round" | "record">;

/**
 * Engages two foes that can both act (a no-op for allies, the fallen, or a pair already engaged).
 */
export function engage(a: Fighter, b: Fighter, ctx: EmitContext): void {
  if (a.side === b.side || !canAct(a.state) || !canAct(b.state) || a.engaged.has(b.key)) return;
  a.engaged.add(b.key);
  b.engaged.add(a.key);
  if (ctx.record)
    ctx.emit({
      kind: "engagement",
      round: ctx.round,
      a: a.key,
      b: b.key,
      engaged: true,
      reason: "melee",
    });
}

/** The foes engaged with `f` that are still up. */
export function engagedFoes(f: Fighter, fighters: readonly Fighter[]): Fighter[] {
  const foes: Fighter[] = [];
  if (f.engaged.size === 0) return foes;
  // A plain loop: called on most turns of an engaged fighter.
  for (const o of fighters) if (engagedAndUp(f, o)) foes.push(o);
  return foes;
}

/** Whether `f` is engaged with a foe who is still up (`engagedFoes` without the list). */
export function engagedWithLiving(f: Fighter, fighters: readonly Fighter[]): boolean {
  if (f.engaged.size === 0) return false;
  for (const o of fighters) if (engagedAndUp(f, o)) return true;
  return false;
}

/**
 * Whether `o` is engaged with `f` and still up. Only foes engage (`engage`), so the side and state
 * are compared before the set is looked up: the runner asks this of everyone several times a turn.
 */
export function engagedAndUp(f: Fighter, o: Fighter): boolean {
  return o.side !== f.side && canAct(o.state) && f.engaged.has(o.key);
}

/** `f` is no longer engaged with `foes` (the keys of those it was engaged with). */
export function popOff(
  f: Fighter,
  foes: readonly Fighter[],
  reason: EngagementChange,
  ctx: EmitContext,
): void {
  for (const o of foes) unpair(f, o, reason, ctx);
}

/** `f` is no longer engaged with `o`, if it was. */
function unpair(f: Fighter, o: Fighter, reason: EngagementChange, ctx: EmitContext): void {
  if (!f.engaged.delete(o.key)) return;
  o.engaged.delete(f.key);
  if (ctx.record)
    ctx.emit({ kind: "engagement", round: ctx.round, a: f.key, b: o.key, engaged: false, reason });
}

/**
 * `f` went down (Dying, defeated or dead): nobody stays engaged with it. In `fighters` order, as
 * `popOff` of the list of them would, without the list (everyone who falls comes here).
 */
export function releaseAll(
  f: Fighter,
  ctx: Pick<TurnContext, "emit" | "round" | "record" | "fighters">,
): void {
  // Stops once nobody is left engaged with it: the rest of the loop would find nothing to undo.
  for (const o of ctx.fighters) {
    if (f.engaged.size === 0) return;
    if (o.side !== f.side) unpair(f, o, "down", ctx);
  }
}
