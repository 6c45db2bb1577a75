import { moveEdgeOf, squaresOf } from "../rules/movement";
import { MARK_DURATIONS } from "../rules/durations";
import type { AttackPower, MovementPower } from "../rules/statblock";
import { foesUp, type Context } from "./context";
import { logMark } from "./effects";
import type { Mark, Square } from "./events";
import { place, squaresAt } from "./field";
import { has, type Fighter } from "./fighter";
import { stepCost } from "./paths";
import { strike } from "./strike";

/**
 * A move with a movement power in a headless `phases` fight, square by square along a walk the
 * tactics chose: before each step, every foe threatening the square being left (adjacent to it)
 * that has a melee power makes its opportunity attack, once a move, in listed order, unless the
 * power provokes nothing (Shift, Disengage); an attack that Slows, Immobilises or drops the mover
 * ends the move in the square it was leaving (`rules/movement.ts` `stopWhereSlowed`). The power's
 * edge on its mover's attacks and Run's no Attack begin as it is used. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase Notes, §Battle Actions (Disengage); RULINGS.md
 * §phases Movement powers, Movement power defaults, Opportunity attack.
 */

/** The mark a movement power's edge is logged under. */
export const moveMark = (power: Pick<MovementPower, "kind" | "id">): Mark =>
  power.kind === "other" ? `move:${power.id}` : power.kind;

/** Whether foe `e` makes an opportunity attack on `f` leaving its square in this move. */
const strikes = (ctx: Context, e: Fighter, f: Fighter): boolean =>
  e.arms.opportunity !== null && e.struckInMove !== ctx.moveSeq
  && squaresAt(e.at.i, e.at.j, f.at.i, f.at.j) === 1;

/** The opportunity attacks on `f` as it leaves its square; returns whether it may go on. */
function leave(ctx: Context, f: Fighter, provoked: string[] | null): boolean {
  const foes = foesUp(ctx, f.side);
  if (ctx.record) {
    const threateners = foes.filter((e) => strikes(ctx, e, f)).map((e) => e.key);
    if (threateners.length) {
      ctx.emit({
        kind: "provoked", round: ctx.round, actor: f.key, square: { ...f.at }, threateners,
      });
    }
  }
  for (let k = 0; k < foes.length; k++) {
    const e = foes[k] as Fighter;
    if (!strikes(ctx, e, f)) continue;
    e.struckInMove = ctx.moveSeq;
    const trigger = ctx.record
      ? { kind: "leave" as const, mover: f.key, square: { ...f.at } } : null;
    strike(ctx, e, f, e.arms.opportunity as AttackPower, trigger);
    if (provoked) provoked.push(`a${ctx.seq}`);
    if (f.out || has(f, "slowed") || has(f, "immobilised")) return false;
  }
  return true;
}

/**
 * `f` moves along `path` (its square first) with `power` in `phase`, `enemy` being the one a
 * Charge is at.
 */
export function move(
  ctx: Context, f: Fighter, power: MovementPower, path: readonly Square[],
  phase: "movement" | "battle", enemy: Fighter | null,
): void {
  ctx.moveSeq++;
  const record = ctx.record;
  const provoked: string[] | null = record ? [] : null;
  const difficult: Square[] | null = record ? [] : null;
  let cost = 0;
  let walked = 1;
  let stopped: "slowed" | "immobilised" | "down" | null = null;
  for (let k = 1; k < path.length; k++) {
    if (power.provokes && !leave(ctx, f, provoked)) {
      stopped = f.out ? "down" : has(f, "slowed") ? "slowed" : "immobilised";
      break;
    }
    const to = path[k] as Square;
    const c = stepCost(ctx, to.i, to.j);
    if (c > 1) difficult?.push({ i: to.i, j: to.j });
    cost += c;
    place(ctx, f, to.i, to.j);
    walked++;
  }
  if (record) {
    ctx.emit({
      kind: "move", round: ctx.round, actor: f.key, power: power.name, movement: power.kind,
      phase, path: path.slice(0, walked).map((s) => ({ i: s.i, j: s.j })), cost,
      allowance: squaresOf(power, f.block.speed), difficult: difficult as Square[],
      provoked: provoked as string[], stopped, at: enemy ? enemy.key : null,
    });
  }
  if (f.out) return;
  const edge = moveEdgeOf(power, enemy ? enemy.key : null);
  if (edge) {
    const next = power.edge.until === "endOfNextRound";
    const mark = moveMark(power);
    f.moveMarks.push({ edge, until: ctx.round + (next ? 1 : 0), mark });
    logMark(ctx, f, mark, true, f.key, "move", power.edge.until);
  }
  if (power.forbidsAttack && !f.noAttack) {
    f.noAttack = true;
    logMark(ctx, f, "run", true, f.key, "move", MARK_DURATIONS.noAttack);
  }
}
