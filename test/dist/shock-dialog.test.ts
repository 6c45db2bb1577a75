import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialogSituations, parseChoice } from "../../src/rulesets/shock/play/cards/attack-choice";
import { documentFor, hasChromium, openStage, THEMES, windowFrame, type Stage } from "../support/browser";
import { auditScreen } from "../support/audit";
import { rendererFor } from "../support/handlebars";

/**
 * shock's attack dialog (templates/dialog/attack.hbs) inside a DialogV2-like window: DialogV2
 * renders its content in `form.dialog-form.standard-form > div.dialog-content.standard-form` with
 * a `footer.form-footer` of buttons (client/applications/api/dialog.mjs `_renderHTML`,
 * `_renderButtons`). The context is the one chat/attack.ts gives the template. Both themes, a
 * melee weapon and a thrown one (the "foe in melee range" toggle and its hint).
 */
const { t, render } = rendererFor("shock");

const context = (ranged: boolean) => ({
  summary: "+4 vs AC · 1d6+2 · Shock 3/AC 13", canSnap: true, canDual: true, canExecute: !ranged,
  ranged, inMeleeHint: "FRAY.Shock.Dialog.ThrownInMelee",
  situations: dialogSituations(),
});

const dialog = (content: string, theme: (typeof THEMES)[number]) => windowFrame({
  title: t("FRAY.Shock.Dialog.Title", { weapon: "Sabre", target: "Bandit Cutthroat" }),
  classes: "dialog", width: 400, theme, tag: "div",
}, `<form class="dialog-form standard-form" autocomplete="off">
  <div class="dialog-content standard-form">${content}</div>
  <footer class="form-footer"><button type="submit" data-action="ok" autofocus>
  <i class="fa-solid fa-check"></i><span>Confirm</span></button></footer></form>`);

describe.skipIf(!hasChromium)("shock's attack dialog in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 460, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  for (const ranged of [false, true]) {
    const kind = ranged ? "thrown" : "melee";
    it(`the dialog for a ${kind} weapon, in both themes`, async () => {
      for (const theme of THEMES) {
        await stage.show(documentFor(dialog(render("dialog/attack.hbs", context(ranged)), theme), theme));
        await auditScreen(stage.tab, ".application", `shock-dialog-${kind}-${theme}`);
      }
    });
  }

  it("every toggle has its label, a 24px target and the modifier it gives", async () => {
    await stage.show(documentFor(dialog(render("dialog/attack.hbs", context(true)), "dark"), "dark"));
    const toggles = stage.tab.locator(".shock-toggle");
    const boxes = await toggles.evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
    expect(Math.min(...boxes)).toBeGreaterThanOrEqual(24);
    await expect(stage.tab.getByLabel("Half cover").count()).resolves.toBe(1);
    const cover = stage.tab.locator(".shock-toggle", { hasText: "Half cover" });
    await expect(cover.locator(".fray-tag").innerText()).resolves.toBe("-2");
    // The impossible situation says so, in words.
    const unseen = stage.tab.locator(".shock-toggle", { hasText: "position unknown" });
    await expect(unseen.locator(".fray-tag").innerText()).resolves.toBe("not possible");
    await expect(stage.tab.locator("fieldset legend").allInnerTexts()).resolves.toEqual(["Attack", "Situation"]);
  });

  it("what the form submits is what the attack reads", async () => {
    await stage.show(documentFor(dialog(render("dialog/attack.hbs", context(true)), "light"), "light"));
    await stage.tab.getByLabel("Half cover").check();
    await stage.tab.locator(".shock-toggle", { hasText: "Charge" }).click();
    await stage.tab.locator('input[name="swarmOthers"]').fill("2");
    const fields = await stage.tab.evaluate(() => Object.fromEntries(
      new FormData(document.querySelector("form.dialog-form") as HTMLFormElement).entries()));
    expect(parseChoice(fields)).toMatchObject({ charge: true, swarmOthers: 2, situations: ["halfCover"] });
  });

  it("an execution may be made non-lethal: the choice is under it, and the form says so", async () => {
    await stage.show(documentFor(dialog(render("dialog/attack.hbs", context(false)), "light"), "light"));
    await stage.tab.locator(".shock-toggle", { hasText: "Execution attack" }).click();
    await stage.tab.getByLabel("Non-lethal: a failed save knocks the target out instead").check();
    const fields = await stage.tab.evaluate(() => Object.fromEntries(
      new FormData(document.querySelector("form.dialog-form") as HTMLFormElement).entries()));
    expect(parseChoice(fields)).toMatchObject({ execution: true, nonLethal: true });
  });
});
