import type { Footprint } from "../../play/cards/screen";
import type { Fighter } from "../../play/cards/fighter";
import { isHeld } from "../../play/cards/grapple";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import { sceneOf } from "../../../../shell/combat/located";

/** Where a combatant's token stands, in pixels (null without a token). */
export function footprintOf(c: ShockCombatant): Footprint | null {
  const token = c.token as Footprint | null;
  return token ? { x: token.x, y: token.y, width: token.width, height: token.height } : null;
}

/** The scene's square size, or null when it is gridless or not square (CONST.GRID_TYPES.SQUARE). */
export function squareGrid(combat: ShockCombat): number | null {
  // An encounter need not be linked to a scene: its tokens' scene it is (shell/combat/located.ts).
  const grid = sceneOf(combat as Combat.Implementation)?.grid;
  return grid && grid.type === CONST.GRID_TYPES.SQUARE ? grid.size || 100 : null;
}

/**
 * A combatant as the choices of who may answer read it (`play/cards/fighter.ts`), its token where
 * it stands now.
 * @param combat the combat it is in (default: its parent, client/documents/combatant.mjs
 *   `combat`), for the surprise round.
 */
export function fighterOf(c: ShockCombatant, combat = c.combat as ShockCombat | null): Fighter {
  const actor = c.actor as ShockActor | null;
  return {
    id: c.id ?? "", side: c.side, at: footprintOf(c), block: actor?.statblock ?? null,
    up: actor?.health === "up" && !c.isDefeated, budget: c.budget, held: isHeld(c.hold),
    surprised: combat ? combat.turnStateOf(c).surprised : false,
  };
}
