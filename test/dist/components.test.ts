import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScreen, axeViolations, layoutProblems } from "../support/audit";
import {
  chatFrame, documentFor, hasChromium, openStage, THEMES, windowFrame, type Stage,
} from "../support/browser";

/**
 * The shared screen parts of styles/_components.scss on Foundry v13's light and dark themes, in a
 * sheet window and in the chat log: every badge, pip, tag, row and the HP block must pass the audit
 * (contrast, names, 24 px targets, rows on one line) before any ruleset builds on them.
 */
const BADGES = ["hit", "miss", "crit", "fumble", "shock", "reaction", "info", "neutral"];
const parts = `
<div class="fray-tags">${BADGES.map((b) =>
    `<span class="fray-badge fray-badge--${b}"><i class="fa-solid fa-check" inert></i>${b}</span>`).join("")}
</div>
<div class="fray-hp"><label class="fray-hp-label" for="hp">HP</label>
  <span class="fray-hp-values"><input id="hp" type="text" data-relative value="23">
  <span class="fray-hp-max">/ 36</span></span>
  <meter min="0" max="36" low="18" optimum="36" value="23" aria-label="HP 23 of 36"></meter></div>
<div class="fray-pips"><button type="button" class="fray-pip" aria-pressed="false">Standard</button>
  <button type="button" class="fray-pip used" aria-pressed="true">Move</button></div>
<ul class="fray-tags"><li class="fray-tag">Resist fire 16+</li><li class="fray-tag">Weak: cold</li></ul>
<div class="fray-row"><img src="" alt=""><span class="fray-row-name">A long ability name here</span>
  <span class="fray-line">+12 vs AC · 2d10+5 fire · Dazed (save ends) · and more words to clip</span>
  <span class="fray-blocked">Needs escalation 2+</span>
  <span class="fray-row-controls"><button type="button">Use</button>
  <button type="button" class="icon fa-solid fa-pen" aria-label="Edit"></button></span></div>
<dl class="fray-statline"><div><dt>AC</dt><dd>15</dd></div><div><dt>PD</dt><dd>13</dd></div></dl>`;

describe.skipIf(!hasChromium)("the shared components in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage();
  });
  afterAll(async () => stage?.browser.close());

  it("the audit itself catches low contrast, a nameless button, a wrapped row and a small target", async () => {
    const bad = `<p style="color:#999;background:#aaa">faint</p>
      <button type="button" class="icon fa-solid fa-pen"></button>
      <div class="fray-row" style="flex-wrap:wrap;width:120px"><span style="width:100px">a</span>
      <span style="width:100px">b</span></div><span data-action="x" style="display:inline-block;width:10px;height:10px"></span>`;
    await stage.show(documentFor(windowFrame({ title: "Bad", classes: "fray sheet", width: 300,
      theme: "light" }, bad), "light"));
    const problems = [
      ...await layoutProblems(stage.tab, ".fray.sheet .window-content"),
      ...await axeViolations(stage.tab, ".fray.sheet .window-content"),
    ].join("\n");
    expect(problems).toMatch(/color-contrast/);
    expect(problems).toMatch(/button-name/);
    expect(problems).toMatch(/row wraps/);
    expect(problems).toMatch(/small target/);
  });

  for (const theme of THEMES) {
    it(`pass the audit in a sheet window, ${theme} theme`, async () => {
      const win = windowFrame({ title: "Components", classes: "fray sheet", width: 420, theme }, parts);
      await stage.show(documentFor(win, theme));
      await auditScreen(stage.tab, ".fray.sheet .window-content", `components-sheet-${theme}`);
      const line = stage.tab.locator(".fray-line");
      expect(await line.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    });

    it(`pass the audit in the chat log under the ${theme} interface`, async () => {
      await stage.show(documentFor(chatFrame(`<div class="fray-card">${parts}</div>`), theme));
      await auditScreen(stage.tab, ".fray-card", `components-chat-${theme}`);
    });
  }
});
