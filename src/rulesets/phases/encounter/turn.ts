import { afterHealing } from "../rules/health";
import { MARK_DURATIONS } from "../rules/durations";
import type { Activatable } from "../rules/statblock";
import type { Context } from "./context";
import { cure, logMark } from "./effects";
import { has, type Fighter } from "./fighter";
import { move } from "./movement";
import { strike } from "./strike";
import { planBattle, planMove } from "./tactics";

/**
 * A fighter's two turns of a round in a headless `phases` fight. Each begins with its Defend
 * over (it lasts until the start of its bearer's next turn). The Movement turn uses one movement
 * power, or none when it is Immobilised or Slowed or stays; the Battle turn takes one action:
 * Attack with a power (each of its targets rolled for apart), Activate Item (a use spent, its
 * healing rolled, the conditions it ends ended), Defend, Disengage (its movement power's two
 * squares without provoking), or Delay (its turn moved after an ally's, once a round).
 * Source: `003_d18720f6cd315cc2.txt` §Movement Phase, §Battle Actions; RULINGS.md §phases Battle
 * phase, Movement power defaults.
 */

function turnStarts(ctx: Context, f: Fighter): void {
  if (!f.defending) return;
  f.defending = false;
  logMark(ctx, f, "defending", false, f.key, "turnStart");
}

/** Its Movement turn. */
export function movementTurn(ctx: Context, f: Fighter): void {
  turnStarts(ctx, f);
  f.moved = true;
  const stuck = has(f, "immobilised") ? "immobilised" : has(f, "slowed") ? "slowed" : null;
  const plan = stuck ? null : planMove(ctx, f);
  if (plan) {
    move(ctx, f, plan.power, plan.path, "movement", plan.enemy);
    return;
  }
  if (ctx.record) {
    ctx.emit({ kind: "hold", round: ctx.round, actor: f.key, reason: stuck ?? "stays" });
  }
}

/** Activate Item: a use spent (none at will), its healing, the conditions it ends. */
function activateItem(ctx: Context, f: Fighter, index: number): void {
  const item = f.block.activatables[index] as Activatable;
  if (item.uses.max > 0) f.uses[index] = (f.uses[index] as number) - 1;
  const { heal } = item;
  if (heal.dice > 0 || heal.bonus > 0) {
    const dice: number[] = [];
    let total = heal.bonus;
    for (let k = 0; k < heal.dice; k++) {
      const v = ctx.roller.die(heal.die);
      dice.push(v);
      total += v;
    }
    const hpBefore = f.hp;
    f.hp = afterHealing(f.hp, f.block.hpMax, Math.max(0, total));
    if (ctx.record) {
      ctx.emit({
        kind: "heal", round: ctx.round, actor: f.key, item: item.name, dice, die: heal.die,
        bonus: heal.bonus, amount: f.hp - hpBefore, hpBefore, hpAfter: f.hp,
      });
    }
  }
  for (const c of item.ends) cure(ctx, f, c, "item");
}

/**
 * Its Battle turn; `upcoming` the Battle turns still to come (a Delay puts its own back there).
 * @returns false when it delayed (its turn comes again later this round).
 */
export function battleTurn(ctx: Context, f: Fighter, upcoming: Fighter[]): boolean {
  turnStarts(ctx, f);
  const plan = planBattle(ctx, f, upcoming);
  type Action = "defend" | "delay" | "activateItem" | "disengage";
  const act = (action: Action, target: string | null) => {
    if (ctx.record) ctx.emit({ kind: "action", round: ctx.round, actor: f.key, action, target });
  };
  if (plan.do === "delay") {
    act("delay", plan.after.key);
    f.delayed = true;
    upcoming.splice(upcoming.indexOf(plan.after) + 1, 0, f);
    return false;
  }
  f.acted = true;
  switch (plan.do) {
    case "attack":
      for (const t of plan.targets) if (!t.out) strike(ctx, f, t, plan.power, null);
      break;
    case "item":
      act("activateItem", (f.block.activatables[plan.index] as Activatable).name);
      activateItem(ctx, f, plan.index);
      break;
    case "disengage":
      act("disengage", null);
      move(ctx, f, f.arms.moves.disengage, plan.path, "battle", null);
      break;
    case "defend":
      act("defend", null);
      f.defending = true;
      logMark(ctx, f, "defending", true, f.key, "defend", MARK_DURATIONS.defending);
      break;
  }
  return true;
}
