import { planCheck, type CheckPlan, type CheckResult } from "../rules/checks";
import { checkLog } from "./check-log";
import { rollCheck } from "./check-roll";
import type { Context } from "./context";
import type { OpposedEvent } from "./events";
import type { Fighter } from "./fighter";

/**
 * The opposed Athletics checks of Shove, Grapple and breaking free in a headless fight: each side
 * rolls one d100 under its Athletics, the actor first; who wins is the rule's (`rules/special-
 * actions.ts` `actorWins`, `breaksFree`), and the event shows both checks, who wins a tie and the
 * winner. Source: `004_2cc57162401858c9.txt` §Shove, §Grapple; RULINGS.md §action-points Opposed,
 * Breaking free.
 */
export interface Opposed {
  readonly actor: CheckResult;
  readonly other: CheckResult;
}

/**
 * The plan of a plain check of each skill value 0..255 (`planCheck(skill)`, which depends on
 * nothing else), made once: a fight shoves and grapples a few times each.
 */
const PLAIN = new Array<CheckPlan | undefined>(256).fill(undefined);

function plainPlan(skill: number): CheckPlan {
  if (!(skill >= 0 && skill < PLAIN.length && Number.isInteger(skill))) return planCheck(skill);
  return (PLAIN[skill] ??= planCheck(skill));
}

/**
 * Rolls both sides' Athletics checks, the actor first: one d100 each, read as the rules'
 * `resolveCheck` reads it (`check-roll.ts` `rollCheck`).
 */
export function rollAthletics(ctx: Context, actor: Fighter, other: Fighter): Opposed {
  const a = rollCheck(plainPlan(actor.block.skills.athletics), ctx.roller);
  return { actor: a, other: rollCheck(plainPlan(other.block.skills.athletics), ctx.roller) };
}

/** Logs an opposed check once its winner is known. */
export function logOpposed(
  ctx: Context, purpose: OpposedEvent["purpose"], actor: Fighter, other: Fighter, r: Opposed,
  actorWon: boolean,
): void {
  if (!ctx.record) return;
  ctx.emit({
    kind: "opposed", round: ctx.round, purpose,
    actor: { actor: actor.key, check: checkLog("athletics", r.actor) },
    other: { actor: other.key, check: checkLog("athletics", r.other) },
    ties: purpose === "breakFree" ? "other" : "actor",
    winner: actorWon ? actor.key : other.key,
  });
}
