/**
 * WCAG 2.2 contrast arithmetic for the audit's own judgement of text over painted backgrounds
 * (images, gradients, overlaps) that axe-core leaves "incomplete". Colours are sRGB 0–255.
 * Sources: WCAG 2.2 §1.4.3 Contrast (Minimum) and its definitions of relative luminance,
 * contrast ratio and large-scale text.
 */
export type Rgb = readonly [number, number, number];

/** An sRGB colour's relative luminance, 0 (black) to 1 (white). */
export function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21, in either order. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `colour` painted with opacity `alpha` (0–1) over `under`: what the eye gets where text of that
 * colour covers the background.
 */
export function over(colour: Rgb, alpha: number, under: Rgb): Rgb {
  const mix = (i: 0 | 1 | 2) => alpha * colour[i] + (1 - alpha) * under[i];
  return [mix(0), mix(1), mix(2)];
}

/**
 * Large-scale text in WCAG's sense: at least 18 pt (24 CSS px), or 14 pt (18.67 CSS px) and bold
 * (weight 700 or more). CSS px are 1/96 in, pt 1/72 in.
 */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontWeight >= 700 && fontSizePx >= (14 * 96) / 72);
}

/** The AA minimum for text of that size: 3 for large text, else 4.5. */
export function requiredRatio(large: boolean): number {
  return large ? 3 : 4.5;
}
