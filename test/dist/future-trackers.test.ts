import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import type { TrackerView } from "../../src/engine/view/tracker/row-model";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame, type Stage, type TrackerTurn,
} from "../support/browser";
import {
  futureWords as words, PHASE_ROWS, POOL_ROWS, SLOT_ROWS, type PlacedEntry,
} from "../support/future-trackers";

/**
 * The shell's tracker with the rows of the three rulesets still to come (declared in
 * test/support/future-trackers.ts): action-points' AP, RP and FP pools, wounds' AA, MA, BA, BA
 * slots, a phases round's heading with the Movement and Battle places side by side. Foundry's own
 * tracker template with only the shell's class (`fray-combat`): the shell's stylesheet alone gives
 * them their look. Each passes the screen audit (contrast, names, 24 px targets, no overflow) in
 * both themes, as the GM. Screenshots: test-results/future-tracker-*.png.
 */
const IMG = "http://fray.test/foundry/icons/svg/mystery-man.svg";
const NAMES = ["Ilse Varn", "Tobin Reed", "Marsh Hag"];
const turns = (ids: string[]): TrackerTurn[] => ids.map((id, i) => ({
  id, name: NAMES[i] ?? id, img: IMG, initiative: 10 - i, isOwner: true, css: i === 0 ? "active" : "",
}));
const base = { round: 2, turn: 0, started: true, viewer: { isGM: true } };

const placed: PlacedEntry[] = [
  { id: "ilse", isOwner: true, movement: 3, battle: 1 },
  { id: "tobin", isOwner: true, movement: 2, battle: 2 },
  { id: "hag", isOwner: false, movement: 1, battle: 3 },
];
const SCREENS: Record<string, () => TrackerView> = {
  pools: () => trackerView(POOL_ROWS, {
    ...base, rendered: new Set(["ilse", "tobin", "hag"]),
    entries: [{ id: "ilse", isOwner: true, ap: 3, rp: 2, fp: 0 }, { id: "tobin", isOwner: true, ap: 5, rp: 0, fp: 2 },
      { id: "hag", isOwner: false, ap: 0, rp: 1, fp: 1 }],
  }, words),
  slots: () => trackerView(SLOT_ROWS, {
    ...base, rendered: new Set(["ilse", "tobin", "hag"]),
    entries: [{ id: "ilse", isOwner: true, used: ["ma", "ba1"] }, { id: "tobin", isOwner: true, used: [] },
      { id: "hag", isOwner: false, used: ["aa", "ma", "ba1", "ba2"] }],
  }, words),
  phases: () => trackerView(PHASE_ROWS, {
    ...base, phase: "movement", rendered: new Set(placed.map((p) => p.id)), entries: placed,
  }, words),
};

describe.skipIf(!hasChromium || !FOUNDRY)("the shell's tracker with the rulesets to come, in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 400, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  const show = async (screen: string, theme: (typeof THEMES)[number]) => {
    const view = SCREENS[screen]!();
    const frame = trackerFrame(turns(view.rows.map((r) => r.id)), { height: 420, classes: "fray-combat" });
    await stage.show(documentFor(frame, theme));
    await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
      ${JSON.stringify(trackerInserts(view))})`);
  };

  for (const screen of Object.keys(SCREENS)) {
    it(`${screen}: passes the screen audit in both themes; rows keep one height`, async () => {
      for (const theme of THEMES) {
        await show(screen, theme);
        const heights = await stage.tab.locator("li.combatant").evaluateAll((rows) =>
          rows.map((r) => Math.round(r.getBoundingClientRect().height)));
        expect(new Set(heights).size, heights.join(", ")).toBe(1);
        await auditScreen(stage.tab, "#combat", `future-tracker-${screen}-${theme}`);
      }
    });
  }

  it("phases: one heading names the phase; the two places stand side by side, the one played marked", async () => {
    await show("phases", "light");
    const tab = stage.tab;
    // The side look capitalises its title.
    await expect(tab.locator(".fray-group-heading").allInnerTexts()).resolves.toEqual(["Movement Phase\nlowest first"]);
    const [mv, bt] = await tab.locator('[data-combatant-id="ilse"] .fray-order').all();
    const [a, b] = await Promise.all([mv!.boundingBox(), bt!.boundingBox()]);
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
    await expect(mv!.getAttribute("class")).resolves.toBe("fray-order current");
    await expect(mv!.getAttribute("aria-label")).resolves.toBe("Movement order: 3");
  });

  it("pools: each shows its points; an empty one reads spent", async () => {
    await show("pools", "dark");
    const pips = stage.tab.locator('[data-combatant-id="ilse"] .fray-pip');
    await expect(pips.locator("span[aria-hidden]").allInnerTexts()).resolves.toEqual(["AP 3", "RP 2", "FP 0"]);
    await expect(pips.nth(2).getAttribute("data-tooltip")).resolves.toBe("Flow Points: 0 of 2");
    await expect(pips.nth(2).getAttribute("class")).resolves.toBe("fray-pip used");
  });
});
