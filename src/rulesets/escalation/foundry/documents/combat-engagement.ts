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
import type { FrayCombat } from "./combat";
import { sceneOf } from "../../../../shell/combat/located";
import type { FrayCombatant } from "./combatant";

/**
 * Engagement in a Fray combat: token adjacency on a gridded scene (foes only), with the GM's
 * overrides stored on the combat (`flags.fray.engagement`). Source: RULINGS.md §escalation
 * Engagement; `engagement.ts`.
 */
/** A token's place other than where it stands now (where a move started), in scene pixels. */
export interface PlaceOverride {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

export function gridBoxes(combat: FrayCombat, at?: PlaceOverride): GridBox[] {
  // An encounter need not be linked to a scene: its tokens' scene it is (shell/combat/located.ts).
  const scene = sceneOf(combat as Combat.Implementation);
  // Boxes are squares: on a gridless or hex scene (whose offset rows squares would misread)
  // engagement is the GM's overrides only, as the tracker's note says (shell position-note.ts).
  if (!scene || scene.grid.type !== CONST.GRID_TYPES.SQUARE) return [];
  const size = scene.grid.size || 100;
  const boxes: GridBox[] = [];
  for (const c of combat.combatants.contents as FrayCombatant[]) {
    const token = c.token;
    if (!token || !c.id) continue;
    const place = at?.id === c.id ? at : token;
    boxes.push({
      id: c.id,
      x: Math.round(place.x / size),
      y: Math.round(place.y / size),
      w: Math.max(1, Math.round(token.width ?? 1)),
      h: Math.max(1, Math.round(token.height ?? 1)),
      side: c.isPC ? "party" : "enemies",
    });
  }
  return boxes;
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
