import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import Handlebars from "handlebars";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import { readPackSources } from "../../scripts/lib/sources";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";

import { weaponRows } from "../../src/rulesets/shock/foundry/view/sheet-view";
import { cardView, type Viewer } from "../../src/rulesets/shock/foundry/chat/card-view";
import { sealCard } from "../../src/rulesets/shock/foundry/chat/card-seal";
import type { ShockCard } from "../../src/rulesets/shock/foundry/chat/card-spec";

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
const chat = (html: string) =>
  `<section id="chat"><ol class="chat-log"><li class="chat-message message flexcol">${html}</li></ol></section>`;

const corvinSource = readPackSources("shock/pregens").find((s) => s.doc.name === "Corvin Ash")!.doc;
const corvin = statblockFromActor(corvinSource as unknown as ActorDocumentSource);

const card: ShockCard = {
  actorUuid: "Actor.attackerattacker", weaponId: "weaponweaponweap", weaponName: "Sabre", summary: weaponRows(corvin, t)[0]!.line,
  tokenUuid: "Scene.s.Token.targettargettarg", targetName: "Bandit Cutthroat", combatId: "combatcombatcomb", round: 1,
  charge: true, snap: false, dualWield: true, swarmOthers: 0, inMelee: false, situations: ["halfCover"],
  formula: "1d20 + 6", snapFor: "", execution: false, natural: 12, total: 18,
};
const seal = sealCard(card, "authorauthorauth", { hit: true, targetCombatantId: "combatanttarget1", offers: ["totalDefense"] });
const viewer = (over: Partial<Viewer>): Viewer => ({ isGM: false, userId: "someoneelse00001", ownsTarget: false, ...over });
const result = { hit: true, amount: 7, kind: "hit" as const, swarm: false, damageFormula: "1d6 + 2", dice: [5] };

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

  it("the attack card in the 300px chat column: the target's owner is offered Total Defense", async () => {
    const html = render("chat/attack-card.hbs", { view: cardView(card, viewer({ ownsTarget: true }), seal, {}) });
    await tab.setContent(page(chat(html), 300));
    await expect(tab.locator('[data-shock-react="totalDefense"]').count()).resolves.toBe(1);
    await fitsAndShoot(".shock-card", "shock-card-reaction");
  });

  it("the settled card offers the author its apply button with the amount", async () => {
    const settled = { reaction: { choice: "none" as const, by: "owneronwerowner1" }, result };
    const html = render("chat/attack-card.hbs", { view: cardView(card, viewer({ userId: "authorauthorauth" }), seal, settled) });
    await tab.setContent(page(chat(html), 300));
    await expect(tab.locator("body").innerText()).resolves.toContain("Apply 7 damage");
    await fitsAndShoot(".shock-card", "shock-card-settled");
  });

});
