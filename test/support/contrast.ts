import type { Page } from "playwright-core";
import { decodePng, type Pixels } from "./png";
import { contrastRatio, isLargeText, over, requiredRatio, type Rgb } from "./wcag";

/**
 * The audit's own contrast judgement where axe-core gives up. axe-core computes contrast from CSS
 * colours alone, so text over a background image (Foundry's parchment), a gradient, a pseudo
 * element, an overlapping element, a text shadow or outside the viewport comes back "incomplete".
 * Here each such text is judged against what Chromium really painted behind it:
 *
 * 1. the page marks every such element and measures its own text (the boxes of its direct text
 *    nodes, or the content box of a form field), the colour its glyphs paint
 *    (`-webkit-text-fill-color`, which follows `color` unless set) and the opacity of it and its
 *    ancestors;
 * 2. three screenshots of the same area differ only in the marked elements' own glyphs, which
 *    paint black, white, then transparent (`-webkit-text-fill-color` on them alone: descendants
 *    and pseudo elements keep theirs; nothing moves). The marked elements' text shadows are off in
 *    all three: a shadow is credited to no text (Fray sets none, and Foundry's 1px drop shadows do
 *    not surround a glyph), so a text that needs one to be read fails;
 * 3. where the black and white shots differ by at least half the range, a glyph covers at least
 *    half the pixel, whatever lies behind it: those pixels are where the text is, and the
 *    transparent shot gives the background behind each of them;
 * 4. the text's colour is composited over each such background pixel with its alpha and opacity,
 *    and WCAG's contrast ratio is taken pixel by pixel. The text fails when more than
 *    {@link WORST_SHARE} of those pixels fall below 4.5:1 (3:1 for large text).
 *
 * Opacity is applied as axe-core applies it to solid colours (alpha times every ancestor's
 * opacity, over the painted background): exact when nothing inside the faded element paints a
 * background under the text, an estimate otherwise. Anything this cannot see fails with the
 * reason: an element in a frame or shadow root, not found, under a CSS filter or blend mode (its
 * painted colour is not its CSS colour), or showing no glyph where its text stands.
 */

/** One text axe-core could not judge: its selector path and axe-core's reason key. */
export interface IncompleteContrast {
  target: string[];
  reason: string;
}

/**
 * The share of a text's glyph pixels allowed below the ratio: 1 %, so a JPEG speck of the
 * parchment under one glyph does not decide, while any stretch of background as wide as a stroke
 * does (a 12 px word covers a few hundred pixels).
 */
export const WORST_SHARE = 0.01;

export interface Box { x: number; y: number; w: number; h: number }
interface Probe {
  error?: string;
  boxes: Box[];
  /** The glyphs' colour, sRGB 0–255, and alpha 0–1. */
  fg: [number, number, number, number];
  /** The product of the element's and its ancestors' opacity. */
  opacity: number;
  fontSizePx: number;
  fontWeight: number;
}

const MARK = "data-fray-contrast";
const INK_SHEET = "fray-contrast-ink";

/** Step 1, in the page: marks each element and measures its text. */
function probe([targets, mark]: [string[][], string]): Probe[] {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const pen = canvas.getContext("2d", { willReadFrequently: true })!;
  // Any CSS colour syntax (oklch, color-mix, color()) is resolved by the canvas to sRGB.
  const rgba = (css: string): [number, number, number, number] => {
    pen.clearRect(0, 0, 1, 1);
    pen.fillStyle = "#000";
    pen.fillStyle = css;
    pen.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = pen.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const box = (r: DOMRect): Box => ({ x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height });
  return targets.map((target, index) => {
    const empty = { boxes: [], fg: [0, 0, 0, 1] as Probe["fg"], opacity: 1, fontSizePx: 0, fontWeight: 400 };
    if (target.length !== 1) return { ...empty, error: "it is inside a frame or shadow root" };
    const el = document.querySelector<HTMLElement>(target[0]!);
    if (!el) return { ...empty, error: "the element is not in the page" };
    let opacity = 1;
    for (let at: Element | null = el; at; at = at.parentElement) {
      const s = getComputedStyle(at);
      if (s.filter !== "none" || s.mixBlendMode !== "normal") {
        return { ...empty, error: "a CSS filter or blend mode changes the colour its text paints" };
      }
      opacity *= Number(s.opacity);
    }
    const style = getComputedStyle(el);
    const boxes: Box[] = [];
    if (el.matches("input, select, textarea")) {
      const r = el.getBoundingClientRect();
      const inset = (side: string) => parseFloat(style.getPropertyValue(`padding-${side}`))
        + parseFloat(style.getPropertyValue(`border-${side}-width`));
      boxes.push(box(new DOMRect(r.left + inset("left"), r.top + inset("top"),
        r.width - inset("left") - inset("right"), r.height - inset("top") - inset("bottom"))));
    } else {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) boxes.push(box(r));
      }
    }
    el.setAttribute(mark, String(index));
    return {
      boxes, fg: rgba(style.webkitTextFillColor), opacity,
      fontSizePx: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight) || 400,
    };
  });
}

/** The stylesheet of step 2: marked elements' own glyphs in `ink`, everything else as it was. */
const inking = (mark: string, ink: string) => `
[${mark}] *, [${mark}]::before, [${mark}]::after, [${mark}] *::before, [${mark}] *::after
{ -webkit-text-fill-color: currentcolor !important; }
[${mark}] {
  -webkit-text-fill-color: ${ink} !important; text-shadow: none !important;
  transition: none !important; animation: none !important;
}`;

/**
 * Step 3: from the three shots of the area at `origin` (document px), the background pixels under
 * each probe's glyphs, as RGB triples: the pixels inside its text boxes (one pixel of slack, for
 * italic and bold overhang) that a glyph covers at least half, read from the bare shot.
 */
export function glyphBackgrounds(
  black: Pixels, white: Pixels, bare: Pixels, origin: { x: number; y: number }, boxes: Box[][],
): Uint8Array[] {
  const { width, height } = bare;
  return boxes.map((list) => {
    const picked = new Set<number>();
    for (const box of list) {
      const x0 = Math.max(0, Math.floor(box.x - origin.x) - 1);
      const y0 = Math.max(0, Math.floor(box.y - origin.y) - 1);
      const x1 = Math.min(width, Math.ceil(box.x + box.w - origin.x) + 1);
      const y1 = Math.min(height, Math.ceil(box.y + box.h - origin.y) + 1);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * 4;
          // White and black ink differ by the glyph's coverage of the pixel times 255.
          const coverage = Math.max(white.data[i]! - black.data[i]!,
            white.data[i + 1]! - black.data[i + 1]!, white.data[i + 2]! - black.data[i + 2]!);
          if (coverage >= 128) picked.add(y * width + x);
        }
      }
    }
    const rgb = new Uint8Array(picked.size * 3);
    let k = 0;
    for (const p of picked) rgb.set(bare.data.subarray(p * 4, p * 4 + 3), 3 * k++);
    return rgb;
  });
}

/** What one text's painted background gives. */
export interface Verdict {
  /** The ratio only {@link WORST_SHARE} of the glyph pixels fall below. */
  ratio: number;
  /** The lowest ratio of any glyph pixel. */
  worst: number;
  pixels: number;
  /** WCAG's AA minimum for this text. */
  needed: number;
}

/**
 * The judgement of one text from the background under its glyphs (RGB triples), its colour with
 * alpha (0–1) and whether it is large. Undefined when there are no pixels.
 */
export function verdict(
  pixels: Uint8Array, fg: Rgb, alpha: number, large: boolean,
): Verdict | undefined {
  const count = Math.floor(pixels.length / 3);
  if (!count) return undefined;
  const ratios = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const bg: Rgb = [pixels[3 * i]!, pixels[3 * i + 1]!, pixels[3 * i + 2]!];
    ratios[i] = contrastRatio(over(fg, alpha, bg), bg);
  }
  ratios.sort();
  return {
    ratio: ratios[Math.floor(count * WORST_SHARE)]!, worst: ratios[0]!, pixels: count,
    needed: requiredRatio(large),
  };
}

const hex = ([r, g, b]: readonly number[]) =>
  `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, "0")).join("")}`;

interface Area { x: number; y: number; width: number; height: number }

/** The page area holding every box (document px, whole pixels, inside the document). */
async function areaOf(tab: Page, boxes: Box[]): Promise<Area> {
  const size = await tab.evaluate(() => ({
    w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
  }));
  const x = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x))) - 2);
  const y = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y))) - 2);
  return {
    x, y,
    width: Math.min(size.w, Math.ceil(Math.max(...boxes.map((b) => b.x + b.w))) + 2) - x,
    height: Math.min(size.h, Math.ceil(Math.max(...boxes.map((b) => b.y + b.h))) + 2) - y,
  };
}

/**
 * Step 2: the area shot with the marked glyphs in each ink. Chromium's own capture (the DevTools
 * protocol, as Playwright's screenshot uses it) paints the current style and takes document
 * coordinates, beyond the viewport too; its speed-optimised PNG stays lossless.
 */
async function shotsInInks(tab: Page, clip: Area, inks: string[]): Promise<Pixels[]> {
  const cdp = await tab.context().newCDPSession(tab);
  const shots: Pixels[] = [];
  try {
    for (const ink of inks) {
      await tab.evaluate(([id, css]) => {
        const sheet = document.getElementById(id) ?? document.head.appendChild(document.createElement("style"));
        sheet.id = id;
        sheet.textContent = css;
      }, [INK_SHEET, inking(MARK, ink)] as [string, string]);
      const { data } = await cdp.send("Page.captureScreenshot", {
        format: "png", clip: { ...clip, scale: 1 }, captureBeyondViewport: true, optimizeForSpeed: true,
      });
      shots.push(decodePng(Buffer.from(data, "base64")));
    }
  } finally {
    await cdp.detach();
  }
  return shots;
}

/**
 * Judges every text axe-core left incomplete on `tab` against its painted background and returns
 * one line per text that fails or cannot be judged (empty when all pass).
 */
export async function judgeIncompleteContrast(
  tab: Page, incomplete: IncompleteContrast[],
): Promise<string[]> {
  if (!incomplete.length) return [];
  const probes = await tab.evaluate(probe, [incomplete.map((n) => n.target), MARK] as [string[][], string]);
  for (const p of probes) if (!p.error && !p.boxes.length) p.error = "it shows no text box to measure";
  const problems: string[] = [];
  try {
    const boxes = probes.flatMap((p) => p.boxes);
    if (boxes.length) {
      const clip = await areaOf(tab, boxes);
      const [black, white, bare] = await shotsInInks(tab, clip, ["#000", "#fff", "transparent"]);
      const backgrounds = glyphBackgrounds(black!, white!, bare!, clip, probes.map((p) => p.boxes));
      probes.forEach((p, i) => {
        if (p.error) return;
        const [r, g, b, a] = p.fg;
        const alpha = a * p.opacity;
        const judged = verdict(backgrounds[i]!, [r, g, b], alpha, isLargeText(p.fontSizePx, p.fontWeight));
        if (!judged) {
          p.error = "no glyph of its text is painted where it stands (covered or clipped away)";
        } else if (judged.ratio < judged.needed) {
          problems.push(`color-contrast (axe-core incomplete: ${incomplete[i]!.reason}) at ` +
            `${incomplete[i]!.target.join(" ")}: contrast ${judged.ratio.toFixed(2)}:1 over the ` +
            `painted background (worst pixel ${judged.worst.toFixed(2)}:1), needs ${judged.needed}:1 ` +
            `(foreground ${hex(p.fg)}${alpha < 1 ? ` at ${alpha.toFixed(2)}` : ""}, ` +
            `${p.fontSizePx}px, weight ${p.fontWeight})`);
        }
      });
    }
  } finally {
    await tab.evaluate(([mark, id]) => {
      for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
      document.getElementById(id)?.remove();
    }, [MARK, INK_SHEET] as [string, string]);
  }
  probes.forEach((p, i) => {
    if (!p.error) return;
    problems.push(`color-contrast (axe-core incomplete: ${incomplete[i]!.reason}) at ` +
      `${incomplete[i]!.target.join(" ")}: cannot be judged, ${p.error}`);
  });
  return problems;
}
