/**
 * Which hexes a token larger than one hex covers, for Foundry v13's hex token shapes
 * (common/constants.mjs `TOKEN_SHAPES`: ELLIPSE_1 0, ELLIPSE_2 1, TRAPEZOID_1 2, TRAPEZOID_2 3,
 * RECTANGLE_1 4, RECTANGLE_2 5; the occupied spaces are `BaseToken#getOccupiedGridSpaceOffsets`
 * in common/documents/token.mjs, which the Foundry tier compares this with).
 *
 * A shape is described here for a row grid as rows of hexes, top to bottom, each row given by
 * where its first hex sits, counted in half hexes to the right of the token's top-left cell, and
 * how many hexes it has. A column grid uses the same description turned a quarter (columns left
 * to right, half hexes down), with width and height swapped, as Foundry does.
 */
export const HEX_SHAPES = [
  "ellipse1", "ellipse2", "trapezoid1", "trapezoid2", "rectangle1", "rectangle2",
] as const;
export type HexShape = (typeof HEX_SHAPES)[number];

/** One row of a shape: its first hex `start` half hexes from the origin's column, `count` hexes. */
export interface ShapeRow {
  readonly start: number;
  readonly count: number;
}

/**
 * The rows of a hex token `width` hexes wide and `height` rows high in a row grid.
 * - Ellipses and trapezoids have one widest row of `width` hexes; each row above or below it is
 *   one hex shorter and sits half a hex further in. The widest row is the upper middle one
 *   (ellipse1), the lower middle one (ellipse2), the top one (trapezoid1) or the bottom one
 *   (trapezoid2). So a 2×2 ellipse is 3 hexes, a 3×3 one 7, a 4×4 one 12.
 * - Rectangles alternate rows of `width` and `width − 1` hexes, the short rows tucked in half a
 *   hex; rectangle1 starts with a long row, rectangle2 (when more than one row high) with a short
 *   one.
 * A 1×1 token is one hex whatever its shape.
 * @throws RangeError when Foundry has no such hexagonal shape: a non-integer size, an ellipse at
 * least twice as high as wide, a trapezoid higher than wide, a rectangle one hex wide and more
 * than one high (Foundry then falls back to a shape of its own, which is not modelled here).
 */
export function shapeRows(width: number, height: number, shape: HexShape): ShapeRow[] {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`hex tokens need whole sizes of at least 1, got ${width}×${height}`);
  }
  if (width === 1 && height === 1) return [{ start: 0, count: 1 }];
  let widest: number;
  switch (shape) {
    case "ellipse1":
    case "ellipse2":
      if (height >= 2 * width) throw new RangeError(`no ${shape} of ${width}×${height} hexes`);
      widest = shape === "ellipse1" ? Math.floor((height - 1) / 2) : Math.floor(height / 2);
      break;
    case "trapezoid1":
    case "trapezoid2":
      if (height > width) throw new RangeError(`no ${shape} of ${width}×${height} hexes`);
      widest = shape === "trapezoid1" ? 0 : height - 1;
      break;
    case "rectangle1":
    case "rectangle2": {
      if (width === 1) throw new RangeError(`no ${shape} of 1×${height} hexes`);
      const longFirst = shape === "rectangle1" || height === 1;
      return Array.from({ length: height }, (_, k) => {
        const long = (k % 2 === 0) === longFirst;
        return long
          ? { start: k % 2, count: width }
          : { start: k % 2 === 0 ? 2 : 1, count: width - 1 };
      });
    }
  }
  return Array.from({ length: height }, (_, k) => {
    const away = Math.abs(k - widest);
    return { start: (widest % 2) + away, count: width - away };
  });
}
