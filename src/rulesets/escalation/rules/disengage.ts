import { CONDITIONS, expandConditions } from "./conditions";
import { DISENGAGE_BASE } from "./constants";
import { planSave, resolveSave, type SavePlan } from "./save";

/**
 * Disengaging: a Move action, 3d6 against 11 for one enemy, +1 for each enemy past the first.
 * Grabbed gives 1 Disadvantage when the grabber is among them (unless the bearer hit it this
 * round); Stuck cannot disengage at all. A failure loses the move action; a success pops the
 * combatant off those enemies. Source: `000_c2dc3d650823e22d.txt` §Disengaging and Popping Off,
 * §Conditions (Grabbed, Stuck); RULINGS.md §escalation Disengage.
 */
export interface DisengageRequest {
  /** How many enemies the combatant disengages from at once (≥ 1). */
  readonly enemies: number;
  readonly conditions: Iterable<string>;
  /** A grabber is among those enemies and was not hit by the bearer this round. */
  readonly fromGrabber: boolean;
}

export type DisengageBlock = "FRAY.Disengage.Stuck" | "FRAY.Disengage.NotEngaged";

export function disengageTarget(enemies: number): number {
  return DISENGAGE_BASE + Math.max(0, enemies - 1);
}

/** The check to roll, or why the combatant cannot disengage (a `FRAY.` key). */
export function planDisengage(
  request: DisengageRequest,
): { plan: SavePlan } | { block: DisengageBlock } {
  if (request.enemies < 1) return { block: "FRAY.Disengage.NotEngaged" };
  const ids = expandConditions(request.conditions);
  for (const id of ids) if (CONDITIONS[id].cannotMove) return { block: "FRAY.Disengage.Stuck" };
  const grabbed = [...ids].some((id) => CONDITIONS[id].grabbed);
  return {
    plan: planSave(
      ids,
      disengageTarget(request.enemies),
      0,
      grabbed && request.fromGrabber ? -1 : 0,
    ),
  };
}

export function resolveDisengage(
  plan: SavePlan,
  dice: readonly number[],
): { natural: number; success: boolean } {
  const r = resolveSave(plan, dice);
  return { natural: r.natural, success: r.success };
}
