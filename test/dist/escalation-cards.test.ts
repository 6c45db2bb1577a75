import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cardView } from "../../src/rulesets/escalation/foundry/chat/card-view";





import { FRAY_LABELS } from "../support/labels";

import { render, root } from "../support/handlebars";
import { sampleCard, GM, OTHER, defenses, sealed } from "../support/fixtures";

/**
 * Renders Fray's templates with the built stylesheet in real headless Chromium, at the widths
 * Foundry gives them (the chat sidebar, a sheet window), and checks what a person would see.
 * Screenshots go to test-results/ for a human look. Needs /usr/bin/chromium (.ci/run installs it).
 */
const CHROMIUM = "/usr/bin/chromium";
const css = () => readFileSync(join(root, "dist/fray.css"), "utf8");
const page = (body: string, width: number) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;margin:0;width:${width}px;background:#f0ece4}${css()}</style></head><body>${body}</body></html>`;

describe.skipIf(!existsSync(CHROMIUM))("templates in headless Chromium", () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    tab = await browser.newPage({ viewport: { width: 800, height: 900 } });
    mkdirSync(join(root, "test-results"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  it("the attack card fits the 300px chat sidebar, shows results and the GM's defense values", async () => {
    const html = render("chat/attack-card.hbs", { view: cardView(sampleCard, GM, sealed, defenses) });
    await tab.setContent(page(`<ol id="chat-log"><li class="chat-message">${html}</li></ol>`, 300));
    const card = tab.locator(".fray-card");
    await expect(card.isVisible()).resolves.toBe(true);
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(tab.locator(".card-target").count()).resolves.toBe(2);
    await expect(tab.locator(".defense-value").first().textContent()).resolves.toBe("14");
    const crit = await tab.locator(".result-crit .result").evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(crit)).toBeGreaterThanOrEqual(700);
    const apply = tab.locator('button[data-fray-action="apply"]');
    await expect(apply.count()).resolves.toBe(1);
    const box = await apply.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(10);
    await tab.screenshot({ path: join(root, "test-results/attack-card.png"), fullPage: true });
  });

  it("every template renders in the browser without leaving raw Handlebars", async () => {
    for (const dir of ["actor", "item", "chat", "combat", "dialog"]) {
      for (const file of readdirSync(join(root, "src/rulesets/escalation/templates", dir))) {
        const html = render(`${dir}/${file}`, { view: cardView(sampleCard, OTHER, sealed), ...FRAY_LABELS, config: FRAY_LABELS });
        await tab.setContent(page(html, 400));
        const text = await tab.locator("body").innerText();
        expect(text, `${dir}/${file}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });
});
