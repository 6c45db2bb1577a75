import { heal } from "../rules/health";
import { rejoinFight, type Context } from "./context";
import { freeNeighbour } from "./field";
import type { Fighter } from "./fighter";

/**
 * Healing in a headless `wounds` fight: HP up to the maximum, and a heal of 6 or more also
 * removes the newest wound (`rules/health.ts` `heal`); a PC down at 0 HP healed above 0 is back
 * in the fight and acts from its next place in the order. A defeated or dead unit is not healed.
 * No pack unit heals (no healing spell, item or feat), so the tactics never do: heals are
 * scripted (`WoundsEncounterOptions.heals`: a potion, a healer off the field), applied as their
 * round begins, before its Free Hit Slots are logged. Source: `001_dbc5fcc02a99a518.txt`
 * §Wounds/Aiming (a wound removed by 6+ healing), §Combat rules; RULINGS.md §wounds Hit points,
 * Wound.
 */

/** A scripted heal: `amount` HP for line-up unit `unit` as round `round` begins. */
export interface ScriptedHeal {
  readonly round: number;
  readonly unit: number;
  readonly amount: number;
}

/**
 * Heals `f` by `amount` from `source`, logged. @returns whether it took the heal (a unit still
 * up, or a PC down; not a defeated or dead one).
 */
export function healUnit(ctx: Context, f: Fighter, amount: number, source: string): boolean {
  if (f.out && f.fell !== "down") return false;
  const hpBefore = f.hp;
  const healed = heal(f.hp, f.block.hpMax, f.wounds, amount);
  f.hp = healed.hp;
  if (healed.removed !== null) f.wounds = healed.wounds;
  const back = f.out && f.hp > 0;
  if (back) {
    // Someone may stand on the square it fell on: it gets up beside it then.
    const taken = ctx.fighters.some((g) => g !== f && !g.out && g.at.i === f.at.i
      && g.at.j === f.at.j);
    const square = taken ? freeNeighbour(ctx, f, f.at) : null;
    if (square) {
      f.at.i = square.i;
      f.at.j = square.j;
    }
    f.out = false;
    f.fell = null;
    rejoinFight(ctx, f);
  }
  if (ctx.record) {
    ctx.emit({
      kind: "heal", round: ctx.round, source, target: f.key, amount, hpBefore, hpAfter: f.hp,
      hpMax: f.block.hpMax, removed: healed.removed?.id ?? null, back, square: { ...f.at },
    });
  }
  return true;
}

/** Plays the heals scripted for `round` (unit indexes of the line-up: `ctx.fighters`). */
export function scriptedHeals(ctx: Context, heals: readonly ScriptedHeal[]): void {
  for (const h of heals) {
    if (h.round !== ctx.round) continue;
    const f = ctx.fighters[h.unit];
    if (!f) throw new RangeError(`unit ${h.unit} is not in the line-up`);
    healUnit(ctx, f, h.amount, "script");
  }
}
