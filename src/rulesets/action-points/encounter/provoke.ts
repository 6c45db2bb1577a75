import { reachWith, type Weapon } from "../rules/statblock";
import { foesUp, type Context } from "./context";
import type { Trigger } from "./events";
import { isUp, pool, type Fighter } from "./fighter";
import { pay } from "./ledger";
import { distanceBetween, threatens } from "./position";
import { wantsReactionAttack } from "./reaction-tactics";
import { strike } from "./strike";

/**
 * Reaction attacks: when a combatant leaves a hex a foe threatens, casts a spell or stands up
 * within a foe's threat range, each such foe in the fight with RP left (and free to act: not held
 * in a grapple) may spend 1 RP on one unmodified attack with a melee weapon that reaches; the
 * runner's tactics say who does (`reaction-tactics.ts`). A reaction attack provokes nothing, and
 * its target answers it only with Dodge, Parry or Block (the window's `reactionAttack`).
 * Source: `004_2cc57162401858c9.txt` §Reaction Attacks, §Reaction Chains, §Threat Range;
 * RULINGS.md §action-points Reaction attack.
 */

/** The weapon `f` strikes `target` with in a reaction attack: one that reaches it, or null. */
export function reactionWeapon(f: Fighter, target: Fighter): Weapon | null {
  const d = distanceBetween(f, target);
  // The main hand, then the off hand (no list made of the two).
  const { main, offHand } = f.arms;
  if (main && reachWith(f.block, main) >= d) return main;
  return offHand && reachWith(f.block, offHand) >= d ? offHand : null;
}

/** Whether `f` may make a reaction attack at all now. */
export const mayReactionAttack = (f: Fighter): boolean =>
  isUp(f) && !f.grappledBy && pool(f, "rp") >= 1;

/**
 * Offers `mover`'s trigger to the foes who may answer it: `among` (those whose threatened hex it
 * leaves, found by the caller) or, for a cast or a stand, every foe that threatens it now. Logs
 * who was offered and who attacks, then plays each attack until the mover is out.
 */
export function provoke(
  ctx: Context, mover: Fighter, trigger: Trigger, among: readonly Fighter[] | null = null,
): void {
  // Made only once someone is offered (most casts and stands provoke nobody).
  let offered: Fighter[] | null = null;
  // Foes only: among those given, else the mover's foes in the fight, in listed order.
  const foes = among ?? foesUp(ctx, mover.side);
  for (let k = 0; k < foes.length; k++) {
    const f = foes[k] as Fighter;
    if (f.side === mover.side || !mayReactionAttack(f)) continue;
    if (among === null && !threatens(f, mover)) continue;
    if (reactionWeapon(f, mover)) (offered ??= []).push(f);
  }
  if (!offered) return;
  const attacks = offered.map((f) => wantsReactionAttack(f, mover));
  if (ctx.record) {
    ctx.emit({
      kind: "provoked", round: ctx.round, actor: mover.key, trigger,
      threateners: offered.map((f, k) => ({
        actor: f.key, rp: pool(f, "rp"), attacks: attacks[k] as boolean,
      })),
    });
  }
  for (let k = 0; k < offered.length; k++) {
    const f = offered[k] as Fighter;
    if (!attacks[k] || !isUp(mover) || !mayReactionAttack(f)) continue;
    pay(ctx, f, "rp", 1, "reactionAttack");
    strike(ctx, f, mover, { weapon: reactionWeapon(f, mover) as Weapon }, {
      attackKind: "reaction", trigger,
    });
  }
}
