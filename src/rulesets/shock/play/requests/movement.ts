/** A token's box on the scene, in pixels (its place) and grid squares (its size). */
export interface TokenBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The token's box at a place of its move: the place's coordinates and size where the place says
 * them, the token's own where it does not (a waypoint names only what changes). Used by the watch
 * of moves out of a foe's reach (`foundry/gm/movement.ts`; `002_5e27cdf788b28f5f.txt` §Run,
 * RULINGS.md §shock Attacks of Opportunity).
 */
export function footprintAt(place: Partial<TokenBox>, token: TokenBox): TokenBox {
  return {
    x: place.x ?? token.x, y: place.y ?? token.y,
    width: place.width ?? token.width, height: place.height ?? token.height,
  };
}
