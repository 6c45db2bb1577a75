import type { GridBox } from "../../rules/engagement";

/**
 * Where combatants stand on a square grid, in cells, as the engagement rules read it: each
 * token's top-left cell and size, and its side (foes only are engaged). The Foundry layer reads
 * the scene and its tokens (`foundry/documents/combat-engagement.ts`). Source: RULINGS.md
 * §escalation Engagement.
 */

/** A token's place other than where it stands now (where a move started), in scene pixels. */
export interface PlaceOverride {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/** A combatant's token as placed: its combatant id, pixels, size in cells, and its side. */
export interface PlacedToken {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly isPC: boolean;
}

/**
 * The grid boxes of the tokens on a square grid of `size` pixels (a token's place rounded to the
 * nearest cell, its size at least one cell), with one token back at `at` when given.
 */
export function gridBoxesOf(
  tokens: readonly PlacedToken[], size: number, at?: PlaceOverride,
): GridBox[] {
  return tokens.map((token) => {
    const place = at?.id === token.id ? at : token;
    return {
      id: token.id,
      x: Math.round(place.x / size),
      y: Math.round(place.y / size),
      w: Math.max(1, Math.round(token.width ?? 1)),
      h: Math.max(1, Math.round(token.height ?? 1)),
      side: token.isPC ? "party" : "enemies",
    };
  });
}
