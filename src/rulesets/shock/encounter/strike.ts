import { attack } from "./attacks";
import { pay, type Context } from "./context";
import type { AttackKind } from "./events";
import type { Fighter } from "./fighter";
import { bestWeapon } from "./reactions";

/**
 * The fighter among `xs` with the fewest HP (the first listed on a tie); `xs` must not be empty.
 */
export const weakest = (xs: readonly Fighter[]): Fighter =>
  xs.reduce((a, b) => (b.hp < a.hp ? b : a));

/**
 * A Main-action attack on `target` with the best weapon for the mode; returns whether it hit. A
 * charge is paid by the charge itself; a bare-handed brawler grapples a foe it does not yet hold
 * (§Grappling). Source: `002_5e27cdf788b28f5f.txt` §Make a Melee Attack, §Make a Ranged Attack.
 */
export function strike(
  ctx: Context, f: Fighter, target: Fighter, action: "meleeAttack" | "rangedAttack",
  kind: AttackKind = "normal",
): boolean {
  const w = bestWeapon(ctx, f, target, action === "meleeAttack" ? "melee" : "ranged");
  if (!w) return false;
  const charge = kind === "charge";
  if (!charge && !pay(ctx, f, action)) return false;
  const grapple =
    action === "meleeAttack"
    && w.unarmed
    && f.block.skills.brawl >= 1
    && !f.grappling
    && !target.grappledBy.has(f.key);
  return attack(ctx, f, target, w, { kind, charge, grapple }).hit;
}
