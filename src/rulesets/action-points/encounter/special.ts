import { TAGS } from "../rules/pools";
import { BREAK_FREE_AP, STAND_UP_AP } from "../rules/silent";
import {
  actorWins, breaksFree, GRAPPLE_UPKEEP_AP, shoveEffects, SPECIAL, TOTAL_DEFENSE_RP,
  type ShoveEffect,
} from "../rules/special-actions";
import type { Context } from "./context";
import { condition, release } from "./damage";
import type { ApEvent } from "./events";
import { isUp, type Fighter } from "./fighter";
import { flowStateTaken, give, pay } from "./ledger";
import { placeAt, pushHex } from "./position";
import { provoke } from "./provoke";
import { logOpposed, rollAthletics } from "./opposed";

/**
 * The special actions the headless runner plays, once the tactics chose them: Total Defense (3
 * AP, ends the turn: +1 RP and Advantage on reactions until the next own turn), Flow State (1 AP:
 * no FP decay this turn), Shove (1 AP once a round: opposed Athletics, push back a hex or knock
 * prone, both on a Hard success or better), Grapple (2 AP: opposed Athletics; 2 AP each later
 * turn to keep it; the held one's one break-free check a round, an outright win), and standing up
 * from prone. Source: `004_2cc57162401858c9.txt` §Special Actions and each action's section;
 * `rules/silent.ts` for standing up and breaking free.
 */
type ActionName = Extract<ApEvent, { kind: "action" }>["action"];

function act(ctx: Context, f: Fighter, action: ActionName, target: Fighter | null): void {
  if (!ctx.record) return;
  ctx.emit({ kind: "action", round: ctx.round, actor: f.key, action, target: target?.key ?? null });
}

/** Pays an action's AP, or throws: the tactics only choose what the economy allows. */
function payAp(ctx: Context, f: Fighter, ap: number, cause: string, tag?: string): void {
  if (!pay(ctx, f, "ap", ap, cause, tag)) throw new Error(`${f.key} cannot pay ${cause}`);
}

/** Total Defense: the turn ends after it (the caller stops). */
export function totalDefense(ctx: Context, f: Fighter): void {
  act(ctx, f, "totalDefense", null);
  payAp(ctx, f, SPECIAL.totalDefense.ap, "totalDefense");
  give(ctx, f, "rp", TOTAL_DEFENSE_RP, "totalDefense");
  f.totalDefense = true;
  condition(ctx, f, "totalDefense", true, f, "totalDefense");
}

/** Flow State: this turn's FP decay is skipped. */
export function flowState(ctx: Context, f: Fighter): void {
  act(ctx, f, "flowState", null);
  payAp(ctx, f, SPECIAL.flowState.ap, "flowState");
  flowStateTaken(f);
  condition(ctx, f, "flowState", true, f, "flowState");
}

/** Stands up from prone, then each foe threatening it may make a reaction attack. */
export function standUp(ctx: Context, f: Fighter): void {
  act(ctx, f, "standUp", null);
  payAp(ctx, f, STAND_UP_AP, "standUp");
  f.prone = false;
  condition(ctx, f, "prone", false, f, "standUp");
  provoke(ctx, f, { kind: "stand" });
}

/** A Shove on an adjacent foe no larger: `effect` wanted, both when the roll allows. */
export function shove(ctx: Context, f: Fighter, target: Fighter, effect: ShoveEffect): void {
  act(ctx, f, "shove", target);
  payAp(ctx, f, SPECIAL.shove.ap, "shove", TAGS.shove);
  const r = rollAthletics(ctx, f, target);
  const won = actorWins(r.actor.level, r.other.level);
  logOpposed(ctx, "shove", f, target, r, won);
  for (const e of shoveEffects(won, r.actor.level, effect, true)) {
    if (e === "prone" && !target.prone) {
      target.prone = true;
      condition(ctx, target, "prone", true, f, "shove");
    } else if (e === "pushBack") {
      const to = pushHex(ctx, f, target);
      if (!to) continue;
      const from = target.at;
      placeAt(ctx, target, to);
      if (ctx.record) {
        ctx.emit({
          kind: "move", round: ctx.round, actor: target.key, reason: "pushed", path: [from, to],
          ap: 0,
        });
      }
    }
  }
}

/** A Grapple on a foe no larger: on a win both are grappled. */
export function grapple(ctx: Context, f: Fighter, target: Fighter): void {
  act(ctx, f, "grapple", target);
  payAp(ctx, f, SPECIAL.grapple.ap, "grapple");
  const r = rollAthletics(ctx, f, target);
  const won = actorWins(r.actor.level, r.other.level);
  logOpposed(ctx, "grapple", f, target, r, won);
  if (!won) return;
  f.grappling = target;
  target.grappledBy = f;
  condition(ctx, target, "grappled", true, f, "grapple");
  condition(ctx, f, "grappled", true, f, "grapple");
}

/** The grappler's turn begins: it pays to keep its hold, or lets go. */
export function keepGrapple(ctx: Context, f: Fighter, keep: boolean): void {
  const held = f.grappling as Fighter;
  if (keep) {
    act(ctx, f, "keepGrapple", held);
    payAp(ctx, f, GRAPPLE_UPKEEP_AP, "keepGrapple");
  } else {
    act(ctx, f, "releaseGrapple", held);
    release(ctx, f, held, "released");
  }
}

/**
 * The held one's one check a round to break free (no AP); an outright win frees it.
 * @returns whether it is free.
 */
export function breakFree(ctx: Context, f: Fighter): boolean {
  const grappler = f.grappledBy as Fighter;
  if (f.points.spend("ap", BREAK_FREE_AP, TAGS.breakFree) !== null) return false;
  act(ctx, f, "breakFree", grappler);
  const r = rollAthletics(ctx, f, grappler);
  const free = breaksFree(r.actor.level, r.other.level);
  logOpposed(ctx, "breakFree", f, grappler, r, free);
  if (free) release(ctx, grappler, f, "brokeFree");
  return free && isUp(f);
}
