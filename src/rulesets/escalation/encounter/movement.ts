import type { AbilitySource } from "../rules/models";
import { abilityProvokes } from "../rules/opportunity";

/**
 * What an ability means for position in the headless runner: a melee attack is made on an engaged
 * target (the attacker moves to engage it first), and a provoking one (`Provokes`, or a Ranged
 * attack) draws opportunity attacks from engaged foes. Source: `000_c2dc3d650823e22d.txt` §Basic
 * Attacks ("an attack ... on an engaged target"), §Free and Engaged; `opportunity.ts`.
 */
export function isMeleeAttack(a: AbilitySource): boolean {
  return (
    a.defense !== "none"
    && (a.basic === "melee" || (a.basic === "none" && a.abilityType === "melee"))
  );
}

/** Whether an ability is a melee attack and whether it provokes, computed once per ability. */
const movement = new WeakMap<
  AbilitySource,
  { readonly melee: boolean; readonly provokes: boolean }
>();
export function movementOf(a: AbilitySource): {
  readonly melee: boolean;
  readonly provokes: boolean;
} {
  let m = movement.get(a);
  if (!m) movement.set(a, (m = { melee: isMeleeAttack(a), provokes: abilityProvokes(a) }));
  return m;
}
