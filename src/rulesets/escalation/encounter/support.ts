import { useBlockWith, type AbilityEntry } from "../rules/statblock";
import type { TurnContext } from "./context";
import { payUse, slotFor } from "./economy";
import { engagedWithLiving } from "./engagement";
import type { Fighter } from "./fighter";
import { healFighter } from "./survival";
import { healTarget } from "./tactics";

/**
 * A turn's lesser actions in a headless encounter, around its main (Standard) action: healing
 * abilities (Second Wind, Word of Mending) and holding the line, as `readings.ts` reads them.
 * Source: `000_c2dc3d650823e22d.txt` §Actions (Quick and Free actions), §Recoveries;
 * `readings.ts`.
 */

function usable(f: Fighter, entry: AbilityEntry, ctx: TurnContext): boolean {
  return (
    !f.expended.includes(entry.id) && useBlockWith(entry.system, ctx.escalation, f.summary) === null
  );
}

/**
 * The fighter's healing abilities, each on whom it fits (`healTarget`), paid with the ability's
 * action (never the Standard before the main action).
 * @param beforeMain before the turn's main action only a Dying ally, or the user itself, is healed;
 *   after it, anyone hurt enough.
 */
export function useHeals(f: Fighter, ctx: TurnContext, beforeMain: boolean): void {
  if (!f.utilities.heals.length) return;
  for (const { entry, who } of f.utilities.heals) {
    if (f.expended.includes(entry.id)) continue;
    const target = healTarget(f, ctx.alliesOf(f), who, beforeMain && who !== "self");
    if (!target || !usable(f, entry, ctx)) continue;
    const slot = slotFor(f, entry.system.action, beforeMain);
    if (slot === null) continue;
    payUse(f, entry, slot, ctx);
    healFighter(target, "ability", ctx, f.key);
  }
}

/**
 * Hold the Line with a Quick action left after the main action, while engaged with a foe that is
 * up: until the start of the user's next turn those foes cannot disengage from it.
 */
export function holdTheLine(f: Fighter, ctx: TurnContext): void {
  const entry = f.utilities.holdTheLine;
  if (!entry || f.holdingLine || !engagedWithLiving(f, ctx.foesOf(f)) || !usable(f, entry, ctx))
    return;
  const slot = slotFor(f, entry.system.action, false);
  if (slot === null || slot === "standard") return;
  payUse(f, entry, slot, ctx);
  f.holdingLine = true;
}
