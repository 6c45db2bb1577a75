import { SAVE_FACES, SAVE_TARGET, type ConditionId, type Duration } from "../rules/constants";
import type { DurationName } from "../rules/durations";
import type { Context } from "./context";
import type { Mark } from "./events";
import type { Effect, Fighter } from "./fighter";

/**
 * Conditions and marks on the fighters of a headless `phases` fight, and the End phase. A power's
 * effect is a timed condition (`rules/durations.ts`): save-ended and sustained ones roll 2d6 in
 * every End phase, 7 or higher ending the first and keeping the second; "until the end of the
 * round" ones end then without a roll. The marks of a round's choices end as their durations say:
 * seizing and Run's no Attack with the round, Hustle's and Charge's edges with the round,
 * Disengage's with the next, Defend at the start of its bearer's next turn. The End phase visits
 * the fighters in listed order and each one's effects in the order they began, rolling exactly
 * the dice the rules' `endPhasePlan` rolls over that list (tested).
 * Source: `003_d18720f6cd315cc2.txt` §End Phase, §Movement Phase, §Battle Actions; RULINGS.md
 * §phases End phase, Conditions, Movement power defaults.
 */

/** Logs a mark's or condition's start or end (nothing when not recording). */
export function logMark(
  ctx: Context, f: Fighter, mark: Mark, added: boolean, source: string, reason: string,
  duration: DurationName | null = null,
): void {
  if (!ctx.record) return;
  ctx.emit({
    kind: "condition", round: ctx.round, target: f.key, condition: mark, added, source, reason,
    duration: added ? duration : null,
  });
}

/** A power's effect begins on `target`. */
export function inflict(
  ctx: Context, target: Fighter, condition: ConditionId, duration: Duration, source: Fighter,
  reason: "hit" | "miss",
): void {
  const effect: Effect = {
    key: ++ctx.effectSeq, condition, duration: { name: duration, round: ctx.round },
    source: source.key,
  };
  target.effects.push(effect);
  logMark(ctx, target, condition, true, source.key, reason, duration);
}

/** Ends the effect at `index` of its bearer's list. */
export function endEffect(ctx: Context, f: Fighter, index: number, reason: string): void {
  const e = f.effects[index] as Effect;
  f.effects.splice(index, 1);
  logMark(ctx, f, e.condition, false, e.source, reason);
}

/** Ends every effect of `condition` on `f` (an item's cure). */
export function cure(ctx: Context, f: Fighter, condition: ConditionId, reason: string): void {
  for (let k = f.effects.length - 1; k >= 0; k--) {
    if ((f.effects[k] as Effect).condition === condition) endEffect(ctx, f, k, reason);
  }
}

/** One fighter's part of the End phase: its saves, then what ends with the round. */
function endPhaseOf(ctx: Context, f: Fighter): void {
  const { round, roller } = ctx;
  const list = f.effects;
  let k = 0;
  while (k < list.length) {
    const e = list[k] as Effect;
    const name = e.duration.name;
    if (name === "endOfRound") {
      endEffect(ctx, f, k, "endOfRound");
      continue;
    }
    if (name !== "saveEnds" && name !== "sustained") {
      k++;
      continue;
    }
    const d1 = roller.die(SAVE_FACES);
    const d2 = roller.die(SAVE_FACES);
    const success = d1 + d2 >= SAVE_TARGET;
    if (ctx.record) {
      ctx.emit({
        kind: "save", round, actor: f.key, condition: e.condition, duration: name,
        dice: [d1, d2], total: d1 + d2, success,
      });
    }
    if (success === (name === "saveEnds")) {
      endEffect(ctx, f, k, success ? "save" : "failedSave");
      continue;
    }
    k++;
  }
  const marks = f.moveMarks;
  for (let m = marks.length - 1; m >= 0; m--) {
    const mark = marks[m] as (typeof marks)[number];
    if (mark.until > round) continue;
    marks.splice(m, 1);
    logMark(ctx, f, mark.mark, false, f.key, "endOfRound");
  }
  if (f.seized) {
    f.seized = false;
    logMark(ctx, f, "seized", false, f.key, "endOfRound");
  }
  if (f.noAttack) {
    f.noAttack = false;
    logMark(ctx, f, "run", false, f.key, "endOfRound");
  }
}

/**
 * The End phase: every fighter still in the fight, in listed order (one out of the fight keeps
 * what it bore: nothing reads it again).
 */
export function endPhase(ctx: Context): void {
  const fs = ctx.fighters;
  for (let k = 0; k < fs.length; k++) {
    const f = fs[k] as Fighter;
    if (!f.out) endPhaseOf(ctx, f);
  }
}
