import {
  engagedPairs,
  engagedWith,
  engagementsFromGrid,
  NO_OVERRIDES,
  popOff,
  toggleEngagement,
  type EngagementOverrides,
  type GridBox,
} from "../../rules/engagement";
import { gridBoxesOf, type PlaceOverride } from "../../play/combat/grid-boxes";
import type { FrayCombat } from "./combat";
import { sceneOf } from "../../../../shell/combat/located";
import type { FrayCombatant } from "./combatant";

/**
 * Engagement in a Fray combat: token adjacency on a gridded scene (foes only), with the GM's
 * overrides stored on the combat (`flags.fray.engagement`). Source: RULINGS.md §escalation
 * Engagement; `engagement.ts`.
 */
export function gridBoxes(combat: FrayCombat, at?: PlaceOverride): GridBox[] {
  // An encounter need not be linked to a scene: its tokens' scene it is (shell/combat/located.ts).
  const scene = sceneOf(combat as Combat.Implementation);
  // Boxes are squares: on a gridless or hex scene (whose offset rows squares would misread)
  // engagement is the GM's overrides only, as the tracker's note says (shell position-note.ts).
  if (!scene || scene.grid.type !== CONST.GRID_TYPES.SQUARE) return [];
  const tokens = (combat.combatants.contents as FrayCombatant[]).flatMap((c) => {
    const token = c.token;
    return token && c.id ? [{
      id: c.id, x: token.x, y: token.y, width: token.width, height: token.height, isPC: c.isPC,
    }] : [];
  });
  return gridBoxesOf(tokens, scene.grid.size || 100, at);
}

export function overridesOf(combat: FrayCombat): EngagementOverrides {
  return combat.getFlag("fray", "engagement") ?? NO_OVERRIDES;
}

/** The engaged pairs in force now (or with one token back where its move started). */
export function engagementOf(combat: FrayCombat, at?: PlaceOverride): Set<string> {
  return engagedPairs(engagementsFromGrid(gridBoxes(combat, at)), overridesOf(combat));
}

/** Combatant ids engaged with `id`. */
export function engagedWithIn(combat: FrayCombat, id: string): string[] {
  return engagedWith(engagementOf(combat), id);
}

/** GM: toggles engagement between a combatant and each of `others`. */
export async function toggleEngagementIn(
  combat: FrayCombat,
  id: string,
  others: readonly string[],
): Promise<void> {
  const derived = engagementsFromGrid(gridBoxes(combat));
  let next = overridesOf(combat);
  for (const other of others) if (other !== id) next = toggleEngagement(derived, next, id, other);
  await combat.setFlag("fray", "engagement", {
    added: [...next.added],
    removed: [...next.removed],
  });
}

/** A successful disengage pops the combatant off these foes. */
export async function popOffIn(
  combat: FrayCombat,
  id: string,
  foes: readonly string[],
): Promise<void> {
  const next = popOff(engagementsFromGrid(gridBoxes(combat)), overridesOf(combat), id, foes);
  await combat.setFlag("fray", "engagement", {
    added: [...next.added],
    removed: [...next.removed],
  });
}
