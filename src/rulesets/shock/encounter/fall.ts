import { rollCheck } from "../../../engine/dice/check";
import { breaks, groupMorale, moralePlan, moraleTriggers } from "../rules/morale";
import type { Context } from "./context";
import { disengageAll, isUp, type Fighter } from "./fighter";
import { release } from "./turn";

/**
 * Someone fell or fled in a headless `shock` fight (`ctx.onDown`): its adjacency, screen and
 * grapples end, and when an NPC is defeated its group may check morale with its one score
 * (`scores`: those its GM set, by group; else its members' highest still in the fight). A group
 * that breaks flees, each member falling out of the fight in turn.
 * Source: `002_5e27cdf788b28f5f.txt` §Morale, §Grappling; RULINGS.md §shock Morale.
 */
export function fallen(ctx: Context, f: Fighter, scores: Readonly<Record<string, number>>): void {
  disengageAll(f);
  f.screening = null;
  if (f.grappling) release(ctx, f, ctx.byKey.get(f.grappling) as Fighter);
  if (f.grappledBy.size) {
    for (const k of [...f.grappledBy]) release(ctx, ctx.byKey.get(k) as Fighter, f);
  }
  if (f.party || f.state !== "defeated") return;
  // The group, how many of it are defeated, whether all are fearless and any still up: one pass.
  const group: Fighter[] = [];
  let down = 0;
  let fearless = true;
  let anyUp = false;
  for (const x of ctx.fighters) {
    if (x.party || x.group !== f.group) continue;
    group.push(x);
    if (x.state === "defeated") down++;
    if (!x.block.fearless) fearless = false;
    if (isUp(x)) anyUp = true;
  }
  const triggers = moraleTriggers(group.length, down - 1, down, fearless);
  if (!triggers.length || !anyUp) return;
  const morale = groupMorale(
    group.map((x) => ({ morale: x.block.morale, inFight: isUp(x) })),
    scores[f.group] ?? null,
  );
  if (!morale) return;
  const { score, source } = morale;
  const roll = rollCheck(moralePlan(score), ctx.roller);
  const broken = breaks(roll.total, score);
  if (ctx.record) {
    ctx.emit({
      kind: "morale",
      round: ctx.round,
      group: f.group,
      triggers,
      dice: [...roll.dice],
      total: roll.total,
      score,
      scoreFrom: source,
      result: broken ? "breaks" : "holds",
    });
  }
  if (!broken) return;
  for (const x of group) {
    if (!isUp(x)) continue;
    x.state = "fled";
    ctx.stateChanges++;
    if (ctx.record) ctx.emit({ kind: "state", round: ctx.round, actor: x.key, state: "fled" });
    fallen(ctx, x, scores);
  }
}
