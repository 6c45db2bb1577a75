import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESCALATION_ROWS, type EscalationEntry } from "../../src/rulesets/escalation/play/views/tracker-rows";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import { placePositionNote } from "../../src/shell/applications/tracker/position-note";
import { FRESH_DEATH_TRACK } from "../../src/rulesets/escalation/rules/death-save";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame, type Stage, type TrackerTurn,
} from "../support/browser";
import { render, t } from "../support/handlebars";

/**
 * escalation's combat tracker in a running combat, in Foundry v13's own tracker template: the
 * escalation part above the list, band headings, each row's pips, status line and reorder arrows,
 * built from the same declared rows by the shell's view and renderer and put in place by the same `spliceTracker` the
 * tracker's `_onRender` runs. Both themes, as the GM and as a player. Screenshots:
 * test-results/esc-tracker-*.png.
 */
// Isolde (the first) is acting: the combat has started and its turn is 0.
const ROWS: EscalationEntry[] = [
  { id: "isolde", band: "fast", actions: { ...NO_ACTIONS_USED, move: true }, isOwner: true,
    health: "healthy", death: FRESH_DEATH_TRACK, isPC: true, ambusher: false, engaged: ["Gnoll Fang"] },
  { id: "anselm", band: "fast", actions: NO_ACTIONS_USED, isOwner: false, health: "dying",
    death: { ...FRESH_DEATH_TRACK, failures: 2 }, isPC: true, ambusher: false,
    engaged: ["Gnoll Fang", "Hollow Sentry of the Ninth Gate", "Marsh Hag"] },
  { id: "gnoll", band: "medium", actions: { ...NO_ACTIONS_USED, standard: true, move: true }, isOwner: false,
    health: "staggered", death: FRESH_DEATH_TRACK, isPC: false, ambusher: true,
    engaged: ["Isolde Marr", "Brother Anselm"] },
  { id: "sentry", band: "slow", actions: NO_ACTIONS_USED, isOwner: false, health: "healthy",
    death: FRESH_DEATH_TRACK, isPC: false, ambusher: false, engaged: [] },
  { id: "hag", band: "slow", actions: { ...NO_ACTIONS_USED, interrupt: true }, isOwner: false,
    health: "defeated", death: FRESH_DEATH_TRACK, isPC: false, ambusher: false, engaged: [] },
];
const names: Record<string, string> = {
  isolde: "Isolde Marr", anselm: "Brother Anselm", gnoll: "Gnoll Fang",
  sentry: "Hollow Sentry of the Ninth Gate", hag: "Marsh Hag",
};
const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/** The tracker as `viewer` sees it: Foundry's template, the escalation part, Fray's additions. */
function tracker(isGM: boolean, hidden: ReadonlySet<string> = new Set(), calm = false) {
  const rows = calm ? ROWS.map((r) => ({ ...r, engaged: [], ambusher: false, health: "healthy" as const })) : ROWS;
  const shown = rows.filter((r) => !hidden.has(r.id));
  const input = { entries: rows, rendered: new Set(shown.map((r) => r.id)), viewer: { isGM }, round: 2, turn: 0, started: true };
  const view = trackerView(ESCALATION_ROWS, input, { t, listOf: (n) => list.format(n) });
  const inserts = trackerInserts(view);
  const turns: TrackerTurn[] = shown.map((r, i) => ({
    id: r.id, name: names[r.id]!, img: "http://fray.test/foundry/icons/svg/mystery-man.svg", initiative: 5 - i, isOwner: r.isOwner || isGM,
    css: [r.id === "isolde" ? "active" : "", r.health === "defeated" ? "defeated" : ""].join(" ").trim(),
    isDefeated: r.health === "defeated",
  }));
  const above = render("combat/escalation.hbs", { active: true, escalation: 3, ambush: false, surprise: false, isGM });
  return { html: trackerFrame(turns, { above, isGM, height: 760, classes: "fray-combat fray-tracker" }), inserts };
}

describe.skipIf(!hasChromium)("escalation's combat tracker in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 400, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  async function show(isGM: boolean, theme: (typeof THEMES)[number], hidden?: ReadonlySet<string>, calm = false) {
    const { html, inserts } = tracker(isGM, hidden, calm);
    await stage.show(documentFor(html, theme));
    // The very function the tracker's _onRender runs, on Foundry's own tracker markup; twice, as
    // a render of another part leaves the list in place.
    for (let i = 0; i < 2; i++) {
      await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
        ${JSON.stringify(inserts)})`);
    }
  }

  for (const theme of THEMES) {
    it(`before the start: the die waits for round 1, the surprise round and ambush are marked (${theme})`, async () => {
      const above = render("combat/escalation.hbs", { escalation: 0, ambush: true, surprise: true, isGM: true });
      const frame = trackerFrame([], { above, isGM: true, height: 200, classes: "fray-combat fray-tracker" });
      await stage.show(documentFor(frame, theme));
      const tab = stage.tab;
      await expect(tab.locator(".fray-escalation .idle").innerText()).resolves.toBe("from round 1");
      await expect(tab.locator(".fray-escalation .surprise").innerText()).resolves.toBe("Surprise round");
      await expect(tab.locator('[data-action="frayAmbush"]').getAttribute("aria-pressed")).resolves.toBe("true");
      await auditScreen(tab, ".fray-escalation", `esc-tracker-idle-${theme}`);
    });

    // Both read the rows of Foundry's own tracker template, which needs FOUNDRY_V13.
    it.skipIf(!FOUNDRY)(`as the GM: bands, pips with their state, reorder names, the acting row, Flee apart (${theme})`, async () => {
      await show(true, theme);
      const tab = stage.tab;
      await expect(tab.locator(".fray-group-heading").allInnerTexts()).resolves.toEqual(["FAST", "MEDIUM", "SLOW"]);
      await expect(tab.locator(".fray-turn-state").count()).resolves.toBe(5);
      const isolde = tab.locator('li.combatant[data-combatant-id="isolde"]');
      const pips = isolde.locator(".fray-pip");
      await expect(pips.count()).resolves.toBe(4);
      await expect(pips.nth(1).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(pips.nth(1).getAttribute("data-tooltip")).resolves.toBe("Move: used");
      await expect(isolde.getByRole("button", { name: "Move: used", pressed: true }).count()).resolves.toBe(1);
      await expect(pips.nth(0).getAttribute("data-tooltip")).resolves.toBe("Standard: available");
      await expect(pips.nth(0).locator("span[aria-hidden]").innerText()).resolves.toBe("Std");
      await expect(pips.nth(0).getAttribute("data-action")).resolves.toBe("frayTogglePip");
      for (const pip of await pips.all()) {
        const box = await pip.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(24);
        expect(box!.width).toBeGreaterThanOrEqual(24);
      }
      await expect(isolde.getAttribute("aria-current")).resolves.toBe("step");
      await expect(isolde.locator(".fray-status-line").innerText()).resolves.toContain("Acting now");
      await expect(tab.locator('[data-action="frayShift"]').first().getAttribute("aria-label"))
        .resolves.toBe("Act earlier in this band");
      // Engagement and marks sit in a line every row has: no row changes height when they go.
      const heights = () => tab.locator("li.combatant").evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().height));
      const busy = await heights();
      const engaged = tab.locator('[data-combatant-id="anselm"] .fray-row-note');
      expect(await engaged.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expect(tab.locator('[data-combatant-id="anselm"] .fray-status-line').getAttribute("data-tooltip"))
        .resolves.toBe("Engaged: Gnoll Fang, Hollow Sentry of the Ninth Gate, and Marsh Hag");
      // Flee is a labelled button away from the die's +/−.
      const [plus, flee] = await Promise.all([tab.locator('[data-delta="1"]').boundingBox(),
        tab.locator(".fray-flee").boundingBox()]);
      expect(flee!.x - (plus!.x + plus!.width)).toBeGreaterThanOrEqual(24);
      await expect(tab.locator(".fray-flee").innerText()).resolves.toBe("Flee");
      await auditScreen(tab, "#combat", `esc-tracker-gm-${theme}`);
      await show(true, theme, new Set(), true);
      await expect(tab.locator(".fray-row-note").count()).resolves.toBe(0);
      expect(await heights()).toEqual(busy);
    });

    it.skipIf(!FOUNDRY)(`as a player: pips report without toggling, no die controls, arrows only on owned rows (${theme})`, async () => {
      await show(false, theme, new Set(["sentry"]));
      const tab = stage.tab;
      await expect(tab.locator('[data-action="frayTogglePip"]').count()).resolves.toBe(0);
      await expect(tab.locator('.fray-pip[aria-disabled="true"]').count()).resolves.toBe(16);
      await expect(tab.locator('[data-action="frayEscalation"], .fray-flee').count()).resolves.toBe(0);
      await expect(tab.locator('[data-action="frayShift"]').count()).resolves.toBe(2);
      await expect(tab.locator(".fray-group-heading").allInnerTexts()).resolves.toEqual(["FAST", "MEDIUM", "SLOW"]);
      await expect(tab.locator(".fray-escalation .die").innerText()).resolves.toBe("3");
      await auditScreen(tab, "#combat", `esc-tracker-player-${theme}`);
    });

    it.skipIf(!FOUNDRY)(`on a gridless scene, the note says positions are the GM's call (${theme})`, async () => {
      await show(true, theme);
      const tab = stage.tab;
      const text = t("FRAY.Tracker.PositionsGridless");
      await tab.evaluate(`(${placePositionNote.toString()})(document.querySelector(".combat-tracker"),
        ${JSON.stringify(text)})`);
      await expect(tab.getByRole("note").innerText()).resolves.toBe(text);
      await auditScreen(tab, "#combat", `esc-tracker-gridless-${theme}`);
    });
  }
});
