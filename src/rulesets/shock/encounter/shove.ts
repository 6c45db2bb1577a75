import { opposedOdds, opposedPlan } from "../../../engine/dice/opposed";
import { runSync } from "../../../engine/dice/plan";
import { shoveSides } from "../rules/maneuvers";
import type { Statblock, Weapon } from "../rules/statblock";
import { hitSpread, PRONE_NEAR } from "./attack-memo";
import type { Context } from "./context";
import { pairLog } from "./events";
import { armedForMelee, disengageAll, isUp, prefersRange, type Fighter } from "./fighter";
import { leaveSpot, setProne } from "./position";
import { bestWeapon, expectedWith } from "./reactions";

/**
 * Shoving in a headless `shock` fight: after a melee hit, in lieu of damage, an opposed STR/Brawl
 * or STR/Exert check; the winner knocks the target prone or forces it into an adjacent square.
 * Like the attack card in Foundry, the runner decides after seeing the hit, when the hit cannot
 * drop the target anyway:
 * - push, to free an ally who would rather shoot from the only foe next to it (a bow cannot shoot
 *   with a foe adjacent, a throw takes −4), when the shove wins at least half the time;
 * - prone, when the chance of winning times what the attacker's allies next to the target expect
 *   from one attack each on it lying there (+2: the attacks of opportunity it takes when it stands
 *   up, or the blows it takes while it stays down) beats the hit's mean damage.
 * Runner rulings: a push moves the target 5 ft back from the line and out of every adjacency (the
 * map is abstract), ends the screens it gave or received (a ward must stay within 5 ft), and is
 * not the target's action, so it provokes no Attack of Opportunity.
 * Source: `002_5e27cdf788b28f5f.txt` §Shoving, §Attack Rolls (the situations table), §Stand Up,
 * §Make a Ranged Attack; RULINGS.md §shock Opposed checks.
 */
export type ShoveChoice = "prone" | "push";

/** Feet a push moves the target (one square). */
export const PUSH_FEET = 5;

const odds = new WeakMap<Statblock, Map<Statblock, number>>();

/** P(`attacker` wins a shove against `target`), ties re-rolled, exact (cached per pair). */
export function shoveChance(attacker: Statblock, target: Statblock): number {
  let byTarget = odds.get(attacker);
  if (!byTarget) odds.set(attacker, (byTarget = new Map()));
  let p = byTarget.get(target);
  if (p === undefined) {
    const [a, d] = shoveSides({ id: "a", who: attacker }, { id: "d", who: target });
    const { wins, decisive } = opposedOdds(a, d);
    byTarget.set(target, (p = wins / decisive));
  }
  return p;
}

/** Whether a fighter would rather shoot (a bow cannot shoot with a foe next to it). */
const trappedShooter = (f: Fighter): boolean => prefersRange(f);

/** After `attacker`'s melee hit on `target` against adjusted AC `ac`: shove, and how, or not. */
export function shoveChoice(
  ctx: Context, attacker: Fighter, target: Fighter, weapon: Weapon, ac: number,
): ShoveChoice | null {
  // Both reasons need an ally of the attacker next to the target: alone, the attacker's own blow
  // on the target lying there (+2) never beats the hit (a hit deals at least a miss's Shock).
  if (target.engaged.size < 2) return null;
  if (attacker.grappling || target.grappling || target.grappledBy.size) return null;
  // The hit's damage over every sum of its dice (cached), in order: the last is the most it deals.
  const spread = hitSpread(attacker.block, weapon, ac);
  if ((spread.amounts[spread.amounts.length - 1] as number) >= target.hp) return null;
  const p = shoveChance(attacker.block, target.block);
  let allies = 0;
  for (let i = 0; i < target.engaged.size; i++) {
    const ally = target.engaged.itemAt(i);
    if (ally === attacker || !isUp(ally)) continue;
    if (trappedShooter(ally) && ally.engaged.size === 1 && p >= 0.5) return "push";
    if (!armedForMelee(ally)) continue;
    const w = bestWeapon(ctx, ally, target, "melee");
    if (w) allies += expectedWith(ctx, ally, target, w, PRONE_NEAR);
  }
  if (target.prone) return null;
  allies += expectedWith(ctx, attacker, target, weapon, PRONE_NEAR);
  return p * allies > spread.mean ? "prone" : null;
}

/** The shove in lieu of damage: the opposed check, then the target prone or pushed away. */
export function shove(
  ctx: Context, attacker: Fighter, target: Fighter, attack: string, choice: ShoveChoice,
): void {
  const [a, d] = shoveSides(
    { id: attacker.key, who: attacker.block }, { id: target.key, who: target.block },
  );
  const r = runSync(opposedPlan(a, d), ctx.roller);
  const won = r.winner === "a";
  if (ctx.record) {
    ctx.emit({ kind: "opposed", round: ctx.round, purpose: "shove", ...pairLog(a, d, r) });
  }
  const result = !won ? "resisted" : choice === "prone" ? "prone" : "pushed";
  if (ctx.record) ctx.emit({
    kind: "shove", round: ctx.round, attacker: attacker.key, target: target.key, attack, result,
  });
  if (result === "prone") setProne(ctx, target, true, "shoved");
  if (result !== "pushed") return;
  disengageAll(target);
  target.screening = null;
  for (const s of ctx.fighters) if (s.screening === target.key) s.screening = null;
  target.advance -= PUSH_FEET;
  leaveSpot(target);
  if (ctx.record) ctx.emit({
    kind: "move", round: ctx.round, actor: target.key, to: null, feet: PUSH_FEET, reason: "pushed",
    // Not the target's action: the shover's attack moves it.
    action: null, paid: "forced",
  });
}
