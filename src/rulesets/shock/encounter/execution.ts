import { rollCheck } from "../../../engine/dice/check";
import { maxDamage } from "../rules/damage";
import { executionResult, executionSave } from "../rules/execution";
import type { Weapon } from "../rules/statblock";
import { dealDamage } from "./damage";
import { nextId, type Context } from "./context";
import { dualBonus, isUp, type Fighter } from "./fighter";

/**
 * A melee execution attack on an entirely unsuspecting victim after a minute of stalking: it hits
 * without a roll; the victim's Physical save at − the assailant's combat skill decides between
 * falling to 0 HP (Mortally Injured, or defeated for an NPC) and taking maximum damage.
 * Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks; RULINGS.md §shock Execution, Saves.
 * @returns whether the victim saved.
 */
export function execute(
  ctx: Context,
  assailant: Fighter,
  victim: Fighter,
  weapon: Weapon,
): boolean {
  if (!isUp(assailant) || !isUp(victim)) return false;
  const id = nextId(ctx);
  const plan = executionSave(victim.block.save, assailant.block.skills[weapon.skill]);
  const save = rollCheck(plan, ctx.roller);
  if (ctx.record) ctx.emit({
    kind: "save",
    round: ctx.round,
    actor: victim.key,
    purpose: "execution",
    attack: id,
    dice: [...save.dice],
    natural: save.natural,
    modifiers: [...plan.modifiers],
    total: save.total,
    target: plan.target,
    success: save.success,
  });
  const result = executionResult(save.success);
  const amount = result === "maximumDamage"
    // A melee execution is made from within melee range (§Execution Attacks).
    ? maxDamage(assailant.block, weapon, dualBonus(assailant, weapon, 0))
    : victim.hp;
  dealDamage(ctx, assailant.key, victim, amount, {
    attack: id,
    reason: "execution",
    dice: [],
    base: amount,
    swarmBonus: 0,
    floor: 0,
    absorbedBy: null,
  });
  return save.success;
}
