import { delayedOrder } from "../rules/initiative";
import type { Context } from "./context";
import type { Fighter } from "./fighter";
import { mayAct } from "./strike";

/**
 * Delaying a turn in a headless `wounds` fight: as its place comes up, a unit may put its turn
 * after another unit's that is still to come this round, or at the round's end; the battle's
 * order is unchanged and the next round starts from it again (`rules/initiative.ts`
 * `delayedOrder`). The tactics never delay (no use of it in these fights is sourced in the text:
 * it names no reason to wait), so delays are scripted (`WoundsEncounterOptions.delays`); a delay
 * that cannot be played (the unit cannot act, has delayed already this round, or the unit to
 * wait for has had its turn or is out) is not taken. Source: `001_dbc5fcc02a99a518.txt`
 * §Initiative/Initiating; RULINGS.md §wounds Initiative.
 */

/** A scripted delay: in `round`, line-up unit `unit` waits until after `after` (null: the end). */
export interface ScriptedDelay {
  readonly round: number;
  readonly unit: number;
  readonly after: number | null;
}

/** The delays of a fight, kept by round with the units they name. */
export class Delays {
  /** This round's delays taken, in order (the rules' `delayedOrder` input). */
  private readonly taken: { id: string; after: string | null }[] = [];

  constructor(private readonly script: readonly ScriptedDelay[]) {}

  /** A new round: no delay taken yet. */
  startRound(): void {
    this.taken.length = 0;
  }

  /**
   * As `f`'s place comes up with `upcoming` still to act: if a scripted delay of this round
   * names it and can be played, its turn is put back in `upcoming` and logged.
   * @returns whether it delayed (it takes no turn now).
   */
  delay(ctx: Context, f: Fighter, upcoming: Fighter[]): boolean {
    const unit = ctx.fighters.indexOf(f);
    const d = this.script.find((s) => s.round === ctx.round && s.unit === unit);
    if (!d || !mayAct(f, ctx.round) || this.taken.some((t) => t.id === f.key)) return false;
    const after = d.after === null ? null : ctx.fighters[d.after];
    if (after === undefined || after === f) return false;
    const at = after === null ? upcoming.length : upcoming.indexOf(after) + 1;
    if (at === 0 || after?.out) return false;
    upcoming.splice(at, 0, f);
    this.taken.push({ id: f.key, after: after?.key ?? null });
    if (ctx.record) {
      ctx.emit({
        kind: "delay", round: ctx.round, actor: f.key, after: after?.key ?? null,
        order: delayedOrder(ctx.units.map((u) => u.key), this.taken),
      });
    }
    return true;
  }
}
