import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPIRIT_BOONS } from "../../src/rulesets/escalation/rules/fight-in-spirit";
import { auditScreen } from "../support/audit";
import {
  dialogForm, documentFor, hasChromium, openStage, THEMES, windowFrame, type Stage,
} from "../support/browser";
import { render, t } from "../support/handlebars";

/**
 * escalation's dialogs (Rally, Quick Rest, party rest, Fight in Spirit) inside the markup Foundry
 * v13's DialogV2 gives them (client/applications/api/dialog.mjs `_renderHTML`: a
 * `form.dialog-form.standard-form` holding `.dialog-content` and the footer's buttons), in an
 * application window classed `dialog`, on both themes. Every control must be named by its label.
 * Screenshots: test-results/esc-dialog-*.png.
 */
const dialogs: [string, string, string, object][] = [
  ["rally", t("FRAY.Rally.Name"), "dialog/rally.hbs", {
    effects: [{ id: "e1", name: "Dazed" }, { id: "e2", name: "Ongoing Damage 5 fire" }],
  }],
  ["quick-rest", t("FRAY.Rest.QuickTitle"), "dialog/quick-rest.hbs", { suggested: 2, max: 8 }],
  ["party-rest", t("FRAY.Rest.Party"), "dialog/party-rest.hbs", {}],
  ["fight-in-spirit", t("FRAY.Spirit.Title"), "dialog/fight-in-spirit.hbs", {
    allies: [{ id: "c1", name: "Isolde Marr" }, { id: "c2", name: "Brother Anselm of the Long Watch" }],
    boons: SPIRIT_BOONS.map((b) => ({ id: b, label: t(`FRAY.Spirit.${b}`) })),
  }],
  ["fight-in-spirit-alone", t("FRAY.Spirit.Title"), "dialog/fight-in-spirit.hbs", {
    allies: [], boons: SPIRIT_BOONS.map((b) => ({ id: b, label: t(`FRAY.Spirit.${b}`) })),
  }],
];

describe.skipIf(!hasChromium)("escalation's dialogs in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 520, height: 600 });
  });
  afterAll(async () => stage?.browser.close());

  for (const theme of THEMES) {
    for (const [slug, title, file, context] of dialogs) {
      it(`${slug}: labelled controls, readable (${theme})`, async () => {
        const html = windowFrame({ title, classes: "dialog", width: 400, theme, tag: "div" },
          dialogForm(render(file, context)));
        await stage.show(documentFor(html, theme));
        const tab = stage.tab;
        for (const control of await tab.locator(".fray-dialog select, .fray-dialog input").all()) {
          const label = await control.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.innerText.trim() ?? "");
          expect(label, await control.getAttribute("name") ?? "").not.toBe("");
        }
        await auditScreen(tab, ".application.dialog", `esc-dialog-${slug}-${theme}`);
      });
    }

    it(`the Quick Rest says how many recoveries are left in words, not "/ 8" (${theme})`, async () => {
      await stage.show(documentFor(windowFrame({ title: "Quick Rest", classes: "dialog", width: 400, theme,
        tag: "div" }, dialogForm(render("dialog/quick-rest.hbs", { suggested: 2, max: 8 }))), theme));
      await expect(stage.tab.getByLabel(/Recoveries to spend/).inputValue()).resolves.toBe("2");
      await expect(stage.tab.locator(".fray-field-suffix").innerText()).resolves.toBe("of 8 left");
    });
  }
});
