import type { DiceRoller } from "../../../engine/dice/roller";
import type { Phase, PhasesEvent, Side } from "./events";
import type { Fighter } from "./fighter";

/**
 * What every step of a headless `phases` fight shares: dice, the log, the fighters, the round
 * and its phase.
 */
export interface Context {
  /**
   * Whether events are built (off for trials and the bench: every emit site asks first, and the
   * fight plays the same either way).
   */
  readonly record: boolean;
  round: number;
  phase: Phase;
  readonly roller: DiceRoller;
  readonly emit: (e: PhasesEvent) => void;
  /** Party first, then foes, in the order listed. */
  readonly fighters: readonly Fighter[];
  /** The row of difficult terrain (`field.ts`): squares of row `difficultRow` with j ≡ 2 mod 3. */
  difficultRow: number;
  /** Attacks so far (their ids), effects applied so far (their keys), moves so far. */
  seq: number;
  effectSeq: number;
  moveSeq: number;
  /** Fighters out of the fight so far, and each side's fighters still in when last listed. */
  fallen: number;
  up: { readonly fallen: number; readonly party: Fighter[]; readonly foes: Fighter[] } | null;
}

/** A context for one fight. */
export function createContext(init: {
  readonly record: boolean;
  readonly roller: DiceRoller;
  readonly emit: (e: PhasesEvent) => void;
  readonly fighters: readonly Fighter[];
}): Context {
  return {
    record: init.record, round: 0, phase: "initiative", roller: init.roller, emit: init.emit,
    fighters: init.fighters, difficultRow: 0, seq: 0, effectSeq: 0, moveSeq: 0, fallen: 0,
    up: null,
  };
}

/**
 * The fighters of `side` still in the fight, in listed order; listed again only after someone
 * fell (`strike.ts` `fall` counts). Read it, never change or keep it.
 */
export function upOf(ctx: Context, side: Side): readonly Fighter[] {
  let up = ctx.up;
  if (!up || up.fallen !== ctx.fallen) {
    const party: Fighter[] = [];
    const foes: Fighter[] = [];
    for (const f of ctx.fighters) if (!f.out) (f.side === "party" ? party : foes).push(f);
    ctx.up = up = { fallen: ctx.fallen, party, foes };
  }
  return side === "party" ? up.party : up.foes;
}

/** The other side's fighters still in the fight (see {@link upOf}). */
export const foesUp = (ctx: Context, side: Side): readonly Fighter[] =>
  upOf(ctx, side === "party" ? "foes" : "party");

/** A new attack id ("" when not recording: ids only name attacks in the log). */
export function nextId(ctx: Context): string {
  const n = ++ctx.seq;
  return ctx.record ? `a${n}` : "";
}
