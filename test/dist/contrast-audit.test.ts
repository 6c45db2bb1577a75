import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/audit";
import {
  chatFrame, documentFor, FOUNDRY, hasChromium, openStage, windowFrame, type Stage,
} from "../support/browser";
import { judgeIncompleteContrast } from "../support/contrast";
import { decodePng } from "../support/png";
import { contrastRatio, luminance } from "../support/wcag";

/**
 * Controls for the audit's own contrast judgement (test/support/contrast.ts): axe-core leaves text
 * over a background image "incomplete", and the audit must then judge it on the pixels Chromium
 * painted behind the glyphs: failing faint text, passing readable text, failing text that crosses
 * a dark band of an otherwise light image, agreeing with WCAG's arithmetic to the hundredth on a
 * plain colour, and failing, with the reason, what it cannot judge. With Foundry's files, the same
 * on the parchment Foundry paints behind chat messages.
 */

/** A CSS background image (an SVG data URI) of `width` × 40 px: `fill`, with an optional band. */
const image = (fill: string, band?: { fill: string; y: number; height: number }) =>
  `url('data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="40"><rect width="8" height="40" fill="${fill}"/>` +
    (band ? `<rect y="${band.y}" width="8" height="${band.height}" fill="${band.fill}"/>` : "") + "</svg>")}')`;

/** A 40 px tall line of 16 px text in `color` over `background`, identified by `id`. */
const line = (id: string, color: string, background: string, extra = "", after = "") =>
  `<p id="${id}" style="margin:4px 0;height:40px;line-height:40px;font-size:16px;color:${color};` +
  `background:${background} repeat;${extra}">Readable words here${after}</p>`;

const windowOf = (body: string) => documentFor(windowFrame(
  { title: "Controls", classes: "fray sheet", width: 360, theme: "light" }, body), "light");

const linesAbout = (problems: string[], id: string) => problems.filter((p) => p.includes(`#${id}`));

describe.skipIf(!hasChromium)("the audit's judgement of contrast over painted backgrounds", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 420, height: 400 });
  });
  afterAll(async () => stage?.browser.close());

  it("fails faint text over a dark image, passes light text on it: the ratio is the pixels'", async () => {
    await stage.show(windowOf(line("faint", "#555555", image("#333333")) +
      line("light", "#ffffff", image("#333333"))));
    const problems = await axeViolations(stage.tab, ".fray.sheet .window-content");
    const faint = linesAbout(problems, "faint");
    expect(faint, problems.join("\n")).toHaveLength(1);
    expect(faint[0]).toMatch(/^color-contrast \(axe-core incomplete: bgImage\)/);
    // #555 over #333: the ratio of those two colours, read back from the painted pixels.
    const expected = contrastRatio([0x55, 0x55, 0x55], [0x33, 0x33, 0x33]).toFixed(2);
    expect(faint[0]).toContain(`contrast ${expected}:1 over the painted background`);
    expect(faint[0]).toContain("needs 4.5:1");
    expect(linesAbout(problems, "light")).toEqual([]);
  });

  it("judges the background behind the glyphs: a dark band across them fails, one beside them not", async () => {
    // White, with a black band over the middle of the 40 px line, where the glyphs stand.
    const banded = image("#ffffff", { fill: "#000000", y: 16, height: 8 });
    // The same band off the glyphs (the top 4 px), which the text never crosses.
    const clear = image("#ffffff", { fill: "#000000", y: 0, height: 4 });
    // A black band inside the text's box but below its baseline, where none of these letters
    // (no descenders) reaches: beside the glyphs, not behind them.
    await stage.show(windowOf(line("probe", "#000000", "#fff", "", "<i id=\"base\" style=" +
      "\"display:inline-block;width:0;height:0\"></i>")));
    const [box, baseline] = await stage.tab.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector("#probe")!.firstChild!);
      const p = document.querySelector("#probe")!.getBoundingClientRect().top;
      return [range.getBoundingClientRect().bottom - p, document.querySelector("#base")!
        .getBoundingClientRect().top - p];
    });
    const band = { fill: "#000000", y: Math.ceil(baseline) + 1, height: Math.floor(box) - Math.ceil(baseline) - 1 };
    expect(band.height).toBeGreaterThanOrEqual(1);
    const below = image("#ffffff", band);
    await stage.show(windowOf(line("banded", "#000000", banded) + line("clear", "#000000", clear) +
      line("below", "#000000", below)));
    const problems = await axeViolations(stage.tab, ".fray.sheet .window-content");
    expect(linesAbout(problems, "banded")[0], problems.join("\n")).toMatch(/contrast 1\.00:1/);
    expect(linesAbout(problems, "clear")).toEqual([]);
    expect(linesAbout(problems, "below")).toEqual([]);
  });

  it("agrees with WCAG's arithmetic on a plain colour, on both sides of 4.5:1", async () => {
    await stage.show(windowOf(line("under", "#777777", "#ffffff") + line("over", "#767676", "#ffffff")));
    // axe-core judges these itself; the audit's judgement must give the same verdicts.
    const problems = await judgeIncompleteContrast(stage.tab, [
      { target: ["#under"], reason: "control" }, { target: ["#over"], reason: "control" },
    ]);
    const under = contrastRatio([0x77, 0x77, 0x77], [255, 255, 255]);
    expect(under).toBeLessThan(4.5);
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeGreaterThan(4.5);
    expect(problems).toEqual([expect.stringContaining(`#under: contrast ${under.toFixed(2)}:1`)]);
  });

  it("fails what it cannot judge, saying why", async () => {
    await stage.show(windowOf(
      line("filtered", "#000000", image("#ffffff"), "filter:brightness(1)") +
      `<div style="position:relative">${line("covered", "#000000", image("#ffffff"))}
       <div style="position:absolute;inset:0;background:#fff"></div></div>`,
    ));
    const problems = await judgeIncompleteContrast(stage.tab, [
      { target: ["#filtered"], reason: "control" }, { target: ["#covered"], reason: "control" },
      { target: ["#nowhere"], reason: "control" },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/#filtered: cannot be judged, a CSS filter or blend mode/),
      expect.stringMatching(/#covered: cannot be judged, no glyph of its text is painted/),
      expect.stringMatching(/#nowhere: cannot be judged, the element is not in the page/),
    ]);
    // The marks it left for its shots are gone.
    await expect(stage.tab.locator("[data-fray-contrast], #fray-contrast-ink").count()).resolves.toBe(0);
  });

  it.skipIf(!FOUNDRY)("Foundry's parchment is painted behind a chat message, and text on it is judged", async () => {
    await stage.show(documentFor(chatFrame(
      `<p id="tan" style="color:#b5a48a">Faint tan words</p><p id="ink">Readable words</p>`), "dark"));
    const background = await stage.tab.locator(".chat-message").evaluate((el) =>
      getComputedStyle(el).backgroundImage);
    expect(background).toBe('url("http://fray.test/foundry/ui/parchment.jpg")');
    // What the page shows is light parchment, not the black of a missing image.
    const shot = decodePng(await stage.tab.locator(".chat-message").screenshot());
    let sum = 0;
    for (let p = 0; p < shot.width * shot.height; p++) {
      sum += luminance([shot.data[4 * p]!, shot.data[4 * p + 1]!, shot.data[4 * p + 2]!]);
    }
    expect(sum / (shot.width * shot.height)).toBeGreaterThan(0.6);
    const problems = await axeViolations(stage.tab, ".chat-message");
    expect(linesAbout(problems, "tan"), problems.join("\n")).toEqual([
      expect.stringMatching(/^color-contrast \(axe-core incomplete: bgImage\) at #tan: contrast 1\.\d\d:1/),
    ]);
    expect(linesAbout(problems, "ink")).toEqual([]);
  });
});
