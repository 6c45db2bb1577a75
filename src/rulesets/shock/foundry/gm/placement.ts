import type { Footprint } from "../../play/cards/screen";
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
