import { isFlatFooted } from "../rules/states";
import { payUpkeep } from "../rules/upkeep";
import type { Context } from "./context";
import { keepUp, type Fighter } from "./fighter";
import { cast } from "./spells";
import { pickTarget } from "./tactics";

/**
 * Spells kept up in a headless `wounds` fight (`rules/upkeep.ts`): a unit with a ward spell
 * (`fighter.ts` `wardSpell`) casts it with its Move Action (`turn.ts` says when) while none is up,
 * a foe is left, and its MP cover the cast and one upkeep; from then it channels (flat-footed
 * unless Battle Caster) and has the ward. As each of its later turns starts it pays the upkeep, or
 * the spell ends. The tactics never toggle it off nor end it (see `readings.ts`). Source:
 * `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions; `rules/silent.ts`.
 */

/** Casts `f`'s ward spell if it may (see the module comment); true when it did. */
export function tryWard(ctx: Context, f: Fighter): boolean {
  const spell = f.arms.wardSpell;
  if (!spell || f.upkept !== null || f.moveLeft < 1) return false;
  if (f.mp < spell.mp + spell.upkeep || pickTarget(ctx, f) === null) return false;
  if (!cast(ctx, f, spell, "move")) return false;
  keepUp(f, spell);
  if (ctx.record) {
    ctx.emit({
      kind: "keepUp", round: ctx.round, actor: f.key, spell: spell.name, ward: { ...spell.ward },
      flatFooted: isFlatFooted(f.states, f.block.feats),
    });
  }
  return true;
}

/** As `f`'s turn starts: the upkeep of the spell it keeps up, paid or the spell ends. */
export function upkeepOnTurn(ctx: Context, f: Fighter): void {
  const spell = f.upkept;
  if (spell === null) return;
  const mpBefore = f.mp;
  const left = payUpkeep(f.mp, spell);
  if (left === null) keepUp(f, null);
  else f.mp = left;
  if (ctx.record) {
    ctx.emit({
      kind: "upkeep", round: ctx.round, actor: f.key, spell: spell.name, mpBefore,
      mpAfter: f.mp, ended: left === null,
    });
  }
}
