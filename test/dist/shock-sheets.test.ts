import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import Handlebars from "handlebars";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import { readPackSources } from "../../scripts/lib/sources";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { actionButtons, attributeRows, budgetLeft, skillRows, weaponRows } from "../../src/rulesets/shock/foundry/view/sheet-view";

/**
 * shock's sheet parts, attack card and side list rendered with the built stylesheet (and Foundry
 * v13's own core stylesheet when FOUNDRY_V13 names a Foundry folder) in real headless Chromium, at
 * the widths Foundry gives them; screenshots go to test-results/ for a human look.
 */
const CHROMIUM = "/usr/bin/chromium";
const root = process.cwd();
const t = localizerFor(languageFor("shock"));
const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, o: Handlebars.HelperOptions) => t(key, o.hash as Record<string, string>));
hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
const render = (file: string, context: object) =>
  hb.compile(readFileSync(join(root, "src/rulesets/shock/templates", file), "utf8"))(context);

const core = process.env.FOUNDRY_V13 ? join(process.env.FOUNDRY_V13, "public/css/foundry2.css") : "";
const css = () => [existsSync(core) ? readFileSync(core, "utf8") : "", readFileSync(join(root, "dist/fray.css"), "utf8")].join("\n");
// Foundry's light theme on the body, as a world with the light interface has it (foundry2.css
// `body.theme-light`); the parchment chat background image is not served here, so its colour stands in.
const page = (body: string, width: number) => `<!doctype html><html><head><meta charset="utf-8"><style>${css()}
body{margin:0;width:${width}px;height:auto;background:#e6e0d4}</style></head><body class="theme-light">${body}</body></html>`;

const corvinSource = readPackSources("shock/pregens").find((s) => s.doc.name === "Corvin Ash")!.doc;
const corvin = statblockFromActor(corvinSource as unknown as ActorDocumentSource);


describe.skipIf(!existsSync(CHROMIUM))("shock's templates in headless Chromium", () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
    tab = await browser.newPage({ viewport: { width: 800, height: 900 } });
    mkdirSync(join(root, "test-results"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  const fitsAndShoot = async (selector: string, shot: string) => {
    const el = tab.locator(selector).first();
    await expect(el.isVisible()).resolves.toBe(true);
    const overflow = await el.evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow, `${shot} overflows`).toBeLessThanOrEqual(0);
    expect(await tab.locator("body").innerText(), shot).not.toMatch(/\{\{|\}\}|FRAY\./);
    await tab.screenshot({ path: join(root, `test-results/${shot}.png`), fullPage: true });
  };

  it("the character sheet's stats, weapons and round actions in a 600px sheet", async () => {
    const spent = { ...FRESH_BUDGET, main: true };
    const body = [
      render("actor/stats.hbs", { attributes: attributeRows(corvin), skills: skillRows(corvin), health: "up", system: corvinSource.system }),
      render("actor/weapons.hbs", { weapons: weaponRows(corvin, t) }),
      render("actor/actions.hbs", { inCombat: true, left: budgetLeft({ ...spent, totalDefense: false }), actions: actionButtons(spent) }),
    ].join("");
    await tab.setContent(page(`<div class="application fray shock sheet"><section class="window-content">${body}</section></div>`, 600));
    await expect(tab.locator(".weapon-line").first().textContent()).resolves.toMatch(/vs AC · 1d6\+2 · Shock 3\/AC 13/);
    await fitsAndShoot(".fray.shock.sheet", "shock-sheet");
  });
});
