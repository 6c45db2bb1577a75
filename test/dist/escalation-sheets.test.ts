import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { abilityGroups } from "../../src/rulesets/escalation/foundry/applications/ability-groups";
import { survivalView } from "../../src/rulesets/escalation/foundry/applications/survival-view";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, CHARACTER_SPEC, NPC_SPEC } from "../../src/rulesets/escalation/rules/models";
import { DAMAGE_TYPES } from "../../src/rulesets/escalation/rules/constants";
import { FRAY_LABELS } from "../support/labels";
import { readPackSources } from "../../scripts/lib/sources";
import { render, root, t } from "../support/handlebars";


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

  it("the character sheet's abilities list shows Use buttons and disables blocked ones", async () => {
    const source = readPackSources("escalation/pregens", join(root, "packs/_source")).find((s) => s.doc.name === "Isolde Marr")!.doc;
    const items = source.items as { _id: string; name: string; img: string; type: string; system: Record<string, unknown> }[];
    const groups = abilityGroups(
      items.filter((i) => i.type === "escalationAbility").map((i) => ({ id: i._id, name: i.name, img: "", system: withDefaults(ABILITY_SPEC, i.system) })),
      { escalationDie: 0, conditions: [] },
      t,
    );
    const system = withDefaults(CHARACTER_SPEC, source.system as Record<string, unknown>);
    const header = render("actor/character-header.hbs", { actor: { name: source.name, img: "" }, system, health: "healthy", editable: true, ...FRAY_LABELS });
    const abilities = render("actor/abilities.hbs", { groups, weapons: [] });
    // A Dying character with two failed death saves and a penalty: the busiest survival part.
    const dying = { ...system, hp: { ...system.hp, value: -5 }, recoveries: { ...system.recoveries, penalty: 1 }, death: { failures: 2, stabilized: false, hardFirstSave: true, lastGasp: false, upNextTurn: false } };
    const survival = render("actor/survival.hbs", { survival: survivalView(dying, "dying"), editable: true });
    await tab.setContent(page(`<form class="fray sheet actor character" style="width:640px">${header}${survival}${abilities}</form>`, 640));
    await expect(tab.locator("input.name").inputValue()).resolves.toBe("Isolde Marr");
    const sheetOverflow = await tab.locator("form").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(sheetOverflow).toBeLessThanOrEqual(0);
    await expect(tab.locator('select[name="system.band"]').inputValue()).resolves.toBe("fast");
    const uses = tab.locator('button[data-action="useAbility"]');
    expect(await uses.count()).toBeGreaterThanOrEqual(4);
    const blocked = tab.locator("li.ability", { hasText: "Mind Spike" }).locator("button.use");
    await expect(blocked.isDisabled()).resolves.toBe(true);
    for (const button of await uses.all()) await expect(button.isVisible()).resolves.toBe(true);
    await expect(tab.locator(".death-saves .mark.failed").count()).resolves.toBe(2);
    for (const action of ["spendRecovery", "deathSave", "rally", "quickRest", "fullRest"]) {
      await expect(tab.locator(`.fray-survival [data-action="${action}"]`).first().isVisible(), action).resolves.toBe(true);
    }
    await tab.screenshot({ path: join(root, "test-results/character-sheet.png"), fullPage: true });
  });

  it("the NPC statblock fits its 480px window with its attacks, resistances and weaknesses", async () => {
    const source = readPackSources("escalation/monsters", join(root, "packs/_source")).find((s) => s.doc.name === "Gravel Drake")!.doc;
    const items = source.items as { _id: string; name: string; type: string; system: Record<string, unknown> }[];
    const system = withDefaults(NPC_SPEC, source.system as Record<string, unknown>);
    const groups = abilityGroups(items.map((i) => ({ id: i._id, name: i.name, img: "", system: withDefaults(ABILITY_SPEC, i.system) })), { escalationDie: 0, conditions: [] }, t);
    const html = render("actor/npc-statblock.hbs", {
      actor: { name: source.name, img: "" }, system, health: "healthy", attackBonus: system.level + system.volition, groups, ...FRAY_LABELS,
      damageTypes: Object.fromEntries(DAMAGE_TYPES.map((d) => [d, `FRAY.DamageType.${d}`])),
      weaknessToggles: DAMAGE_TYPES.map((type) => ({ type, labelKey: `FRAY.DamageType.${type}`, on: system.weaknesses.includes(type) })),
    });
    await tab.setContent(page(`<form class="fray sheet actor npc" style="width:480px">${html}</form>`, 480));
    const overflow = await tab.locator("form").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(tab.locator(".resist-row").count()).resolves.toBe(1);
    await expect(tab.locator('button[data-action="useAbility"]').count()).resolves.toBe(items.filter((i) => i.type === "escalationAbility").length);
    await tab.screenshot({ path: join(root, "test-results/npc-statblock.png"), fullPage: true });
  });

});
