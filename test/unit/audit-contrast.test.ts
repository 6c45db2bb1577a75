import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deflateSync } from "node:zlib";
import { glyphBackgrounds, verdict, WORST_SHARE } from "../support/contrast";
import { decodePng, type Pixels } from "../support/png";
import { contrastRatio, isLargeText, luminance, over, requiredRatio, type Rgb } from "../support/wcag";

/**
 * The arithmetic of the browser audit's own contrast judgement (test/support/contrast.ts), apart
 * from the browser: WCAG 2.2's luminance and ratio on known values, large text at its bounds, the
 * verdict over a text's background pixels, the glyph mask from black and white ink, and the PNG
 * decoder that reads Chromium's screenshots (every filter type, against an encoder written here).
 */

describe("WCAG 2.2 contrast", () => {
  it("gives the known ratios: 21 for black on white, #767676 just over 4.5 and #777777 just under", () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 10);
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
    expect(contrastRatio([0x77, 0x77, 0x77], [255, 255, 255])).toBeCloseTo(4.48, 2);
    expect(luminance([255, 0, 0])).toBeCloseTo(0.2126, 10);
  });

  it("is symmetric, 1 for equal colours, and between 1 and 21", () => {
    const rgb = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255));
    fc.assert(fc.property(rgb, rgb, (a, b) => {
      const ratio = contrastRatio(a, b);
      expect(ratio).toBeCloseTo(contrastRatio(b, a), 12);
      expect(ratio).toBeGreaterThanOrEqual(1);
      expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
      expect(contrastRatio(a, a)).toBe(1);
    }));
  });

  it("large text is 24 px, or 18.67 px bold (18 pt, 14 pt); it needs 3:1, other text 4.5:1", () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(23.9, 400)).toBe(false);
    expect(isLargeText(18.67, 700)).toBe(true);
    expect(isLargeText(18.6, 700)).toBe(false);
    expect(isLargeText(20, 600)).toBe(false);
    expect([requiredRatio(true), requiredRatio(false)]).toEqual([3, 4.5]);
  });

  it("composites a translucent colour over what lies under it", () => {
    expect(over([0, 0, 0], 0.5, [255, 255, 255])).toEqual([127.5, 127.5, 127.5]);
    expect(over([10, 20, 30], 1, [0, 0, 0])).toEqual([10, 20, 30]);
  });
});

const triples = (colours: Rgb[]) => Uint8Array.from(colours.flat());

describe("the verdict over a text's background pixels", () => {
  it("on a plain background, is exactly the colours' ratio", () => {
    const judged = verdict(triples(Array(50).fill([255, 255, 255])), [0x77, 0x77, 0x77], 1, false)!;
    expect(judged.ratio).toBe(contrastRatio([0x77, 0x77, 0x77], [255, 255, 255]));
    expect(judged).toMatchObject({ worst: judged.ratio, pixels: 50, needed: 4.5 });
  });

  it(`lets at most ${WORST_SHARE * 100}% of the pixels fall below, never more`, () => {
    const black: Rgb = [0, 0, 0];
    const white: Rgb = [255, 255, 255];
    // Black text: 1 black background pixel in 100 is a speck, 2 in 100 decide.
    const speck = verdict(triples([black, ...Array(99).fill(white)]), black, 1, false)!;
    expect(speck).toMatchObject({ ratio: 21, worst: 1 });
    const stretch = verdict(triples([black, black, ...Array(98).fill(white)]), black, 1, false)!;
    expect(stretch.ratio).toBe(1);
  });

  it("is the ratio the worst share of pixels reaches, and no better than any pixel above it", () => {
    const rgb = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255));
    fc.assert(fc.property(fc.array(rgb, { minLength: 1, maxLength: 300 }), rgb, (bgs, fg) => {
      const judged = verdict(triples(bgs), fg, 1, false)!;
      const ratios = bgs.map((bg) => contrastRatio(fg, bg));
      expect(judged.worst).toBe(Math.min(...ratios));
      const below = ratios.filter((r) => r < judged.ratio).length;
      expect(below).toBeLessThanOrEqual(Math.floor(bgs.length * WORST_SHARE));
    }));
  });

  it("has nothing to say without pixels", () => {
    expect(verdict(new Uint8Array(), [0, 0, 0], 1, false)).toBeUndefined();
  });
});

/** An image of `width` × `height` filled by `at(x, y)`. */
const picture = (width: number, height: number, at: (x: number, y: number) => Rgb): Pixels => {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...at(x, y), 255], (y * width + x) * 4);
  }
  return { width, height, data };
};

describe("the glyph mask", () => {
  it("takes the background only where black and white ink differ by half or more", () => {
    // A 6 × 3 area: a glyph covers (2,1) fully and (3,1) at 40 %; the background is a gradient.
    const background = (x: number): Rgb => [x * 40, 0, 0];
    const inked = (ink: number) => picture(6, 3, (x, y) => {
      const coverage = y === 1 ? (x === 2 ? 1 : x === 3 ? 0.4 : 0) : 0;
      return over([ink, ink, ink], coverage, background(x)).map(Math.round) as unknown as Rgb;
    });
    const bare = picture(6, 3, (x) => background(x));
    const [inBox, outOfBox] = glyphBackgrounds(inked(0), inked(255), bare, { x: 100, y: 50 }, [
      [{ x: 101, y: 50, w: 4, h: 3 }],
      [{ x: 105, y: 50, w: 1, h: 3 }],
    ]);
    expect([...inBox!]).toEqual([80, 0, 0]);
    expect([...outOfBox!]).toEqual([]);
  });
});

/** A PNG of `image` (RGBA), each row filtered with `filters[y]`: the specification's encoder side. */
function encodePng({ width, height, data }: Pixels, filters: number[]): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = filters[y]!;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const at = (dy: number, dx: number) =>
        (y + dy < 0 || x + dx < 0) ? 0 : data[(y + dy) * stride + x + dx]!;
      const [left, up, corner] = [at(0, -4), at(-1, 0), at(-1, -4)];
      const paeth = () => {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      };
      const predicted = [0, left, up, (left + up) >> 1, paeth()][filter]!;
      raw[y * (stride + 1) + 1 + x] = (data[y * stride + x]! - predicted) & 0xff;
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), body, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

describe("the PNG decoder", () => {
  it("reads back any RGBA image under any mix of the five row filters", () => {
    const image = fc.record({ width: fc.integer({ min: 1, max: 7 }), height: fc.integer({ min: 1, max: 7 }) })
      .chain(({ width, height }) => fc.tuple(
        fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: height, maxLength: height }),
      ).map(([data, filters]) => ({ pixels: { width, height, data }, filters })));
    fc.assert(fc.property(image, ({ pixels, filters }) => {
      expect(decodePng(encodePng(pixels, filters))).toEqual(pixels);
    }));
  });

  it("refuses what it does not read rather than guess", () => {
    expect(() => decodePng(Buffer.from("not a png"))).toThrow("not a PNG");
    const png = encodePng(picture(1, 1, () => [1, 2, 3]), [0]);
    png[8 + 8 + 8] = 16; // IHDR's bit depth
    expect(() => decodePng(png)).toThrow(/unsupported PNG: depth 16/);
  });
});
