import { CONDITIONS } from "./conditions";
import { watchedCombatant, type TimedEffect } from "./durations";

/**
 * Condition instances of the `escalation` ruleset. Each applied condition is an instance with its
 * own source and duration; the same condition twice counts once for edge (`expandConditions`), but
 * the condition lasts while any of its instances lasts, and ongoing damage instances each deal
 * their damage and take their own save. Source: RULINGS.md §escalation Instances;
 * `000_c2dc3d650823e22d.txt` §Conditions and Effects (Grabbed, Ongoing Damage).
 */
export type InstanceShape = Pick<
  TimedEffect,
  "condition" | "duration" | "saveTarget" | "bearer" | "source" | "armed"
>;

/**
 * Whether a newly applied condition becomes a new instance on its bearer. It does unless the
 * bearer already has its exact twin: an instance of the same condition that ends in the same way
 * (same duration, waiting for the same combatant's turn, equally armed, and for save ends the same
 * save). A twin would only add a second save against the very same thing. Anything else is added,
 * so a save-ends Dazed is kept beside an end-of-turn Dazed, and ongoing damage always is. Grabbed's
 * mechanics depend on who grabs (the grabber's Advantage, Disengage from the grabber), so Grabbed
 * from another source is never a twin.
 * @param existing the bearer's current timed instances (instances on other bearers are ignored).
 * @param incoming the new instance as it would be stored: its `armed` as `startsArmed` gives it.
 * @returns true when the caller should store the new instance, false when it adds nothing.
 */
export function addsInstance(existing: readonly InstanceShape[], incoming: InstanceShape): boolean {
  if (incoming.condition === "ongoing") return true;
  const bySource = CONDITIONS[incoming.condition].grabbed;
  const watched = watchedCombatant(incoming);
  // A plain loop: the headless runner calls this for every effect it applies.
  for (const e of existing) {
    if (
      e.bearer !== incoming.bearer
      || e.condition !== incoming.condition
      || e.duration !== incoming.duration
    )
      continue;
    if (e.armed !== incoming.armed || watchedCombatant(e) !== watched) continue;
    if (incoming.duration === "saveEnds" && e.saveTarget !== incoming.saveTarget) continue;
    if (bySource && e.source !== incoming.source) continue;
    return false;
  }
  return true;
}
