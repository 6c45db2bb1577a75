import { planCheck, resolveCheck, type CheckResult } from "../rules/checks";
import { CHECK_DIE } from "../rules/constants";
import { checkLog } from "./check-log";
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

/** Rolls both sides' Athletics checks, the actor first. */
export function rollAthletics(ctx: Context, actor: Fighter, other: Fighter): Opposed {
  const roll = (f: Fighter) =>
    resolveCheck(planCheck(f.block.skills.athletics), [ctx.roller.die(CHECK_DIE)]);
  const a = roll(actor);
  return { actor: a, other: roll(other) };
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
