import { beginCast, payCastAction } from "../rules/spells";
import { isFlatFooted, withCause, withoutCause } from "../rules/states";
import type { Context } from "./context";
import type { Paid } from "./events";
import type { Fighter } from "./fighter";
import { strike } from "./strike";
import { chooseAim, pickTarget } from "./tactics";

/**
 * Channeled casts in a headless `wounds` fight: an attack spell whose cast time one turn's
 * Attack and Move Actions cannot pay (`rules/spells.ts` `isChanneled`). A unit whose only attack
 * spell is such a one begins it on its turn when its MP cover it and a foe is left: the MP are
 * paid then, and each of its turns puts its Attack, then its Move Action towards the cast time
 * until the spell is cast; meanwhile it is flat-footed (hit on 5), unless it has Battle Caster.
 * Once cast, the spell strikes like a ranged weapon of its damage at the target of the moment,
 * and the turn goes on with the actions left. Each turn of it is logged (actions paid, the cast
 * time paid so far, the MP, whether it is flat-footed). Spells with an upkeep: `upkeep.ts`.
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Channeling, §Flat Footed, §Feats (Battle
 * caster); RULINGS.md §wounds Spells, States.
 */

/** Whether `f` channels this turn: a cast under way, or one it wants and can begin. */
export function channels(ctx: Context, f: Fighter): boolean {
  if (f.casting !== null) return true;
  const spell = f.arms.channelSpell;
  return spell !== null && f.mp >= spell.mp && f.attackLeft + f.moveLeft > 0
    && pickTarget(ctx, f) !== null;
}

/**
 * Begins or goes on with `f`'s channeled cast: MP at its start, then this turn's Attack and
 * Move Actions towards the cast time; strikes once the spell is cast.
 */
export function channelTurn(ctx: Context, f: Fighter): void {
  const spell = f.arms.channelSpell;
  const weapon = f.arms.channelWeapon;
  if (!spell || !weapon) return;
  const mpBefore = f.mp;
  let casting = f.casting;
  if (casting === null) {
    const begun = beginCast(f.mp, spell);
    if (!begun.ok) return;
    f.mp = begun.mp;
    casting = begun.casting;
    f.states = withCause(f.states, "channeling");
  }
  const paid: Paid[] | null = ctx.record ? [] : null;
  let cast = false;
  while (!cast && (f.attackLeft > 0 || f.moveLeft > 0)) {
    if (f.attackLeft > 0) {
      f.attackLeft--;
      paid?.push("attack");
    } else {
      f.moveLeft--;
      paid?.push("move");
    }
    ({ casting, cast } = payCastAction(casting, spell));
  }
  f.casting = cast ? null : casting;
  // A spell kept up still channels (`upkeep.ts`).
  if (cast && f.upkept === null) f.states = withoutCause(f.states, "channeling");
  if (paid) {
    ctx.emit({
      kind: "channel", round: ctx.round, actor: f.key, spell: spell.name, paid,
      castPaid: casting.paid, castTime: spell.castTime, mpBefore, mpAfter: f.mp, cast,
      flatFooted: isFlatFooted(f.states, f.block.feats),
    });
  }
  if (!cast) return;
  const target = pickTarget(ctx, f);
  if (target) strike(ctx, f, target, weapon, "spell", chooseAim(ctx, f, target, weapon));
}
