import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { sidesPart } from "../../src/rulesets/shock/play/views/tracker-sides";
import {
  SHOCK_ROWS, sideRollOf, type ShockEntry, type ShockTrackerInput,
} from "../../src/rulesets/shock/play/views/tracker-rows";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame, type Stage, type TrackerTurn,
} from "../support/browser";
import { auditScreen } from "../support/audit";
import { rendererFor } from "../support/handlebars";

/**
 * shock's combat tracker in a running combat, in headless Chromium: Foundry's own tracker template
 * (`trackerFrame`) with what ShockCombatTracker splices into it (view/tracker-rows.ts's declared rows
 * through the shell's view, rendered and spliced by the same functions as its `_onRender`) and its surprise part,
 * for the GM and a player, in both themes.
 * Two sides with their initiative, spent actions, a surprised side, a downed PC, the current
 * combatant and "act next".
 */
const { t, render } = rendererFor("shock");
const IMG = "http://fray.test/foundry/icons/svg/mystery-man.svg";

const entry = (
  id: string, name: string, side: string, over: Partial<ShockEntry> = {},
): ShockEntry => ({
  id, name, side, budget: FRESH_BUDGET, totalDefense: false, fellRound: 0,
  isPC: side === "party", isOwner: side === "party", ...over,
});
const entries: ShockEntry[] = [
  entry("corvincorvincorv", "Corvin Ash", "party", { budget: { ...FRESH_BUDGET, main: true, moves: 1 } }),
  entry("wennawennawennaw", "Wenna Holt", "party"),
  entry("oskaroskaroskaro", "Oskar Brand", "party", { fellRound: 1 }),
  entry("banditbanditband", "Bandit Cutthroat", "foes", { totalDefense: true,
    budget: { ...FRESH_BUDGET, main: true } }),
  entry("archerarcherarch", "Bandit Archer", "foes", { budget: { ...FRESH_BUDGET, holding: true } }),
];
const state = (isGM: boolean): ShockTrackerInput => ({
  entries: entries.map((e) => ({ ...e, isOwner: isGM || e.isOwner })),
  rendered: new Set(entries.map((e) => e.id)), round: 2, turn: 0, started: true, viewer: { isGM },
  sides: [
    // The rolls as the sides' CombatantGroups keep them (initiative and the `fray` flags).
    { id: "party", name: t("FRAY.Shock.Side.party"), roll: sideRollOf(7, { die: 5, bonus: 2 }), surprised: false },
    { id: "foes", name: t("FRAY.Shock.Side.foes"), roll: sideRollOf(4, { die: 4, bonus: 0 }), surprised: true },
  ],
});
const turns = (isGM: boolean): TrackerTurn[] => entries.map((e, i) => ({
  id: e.id, name: e.name, img: IMG, initiative: e.side === "party" ? 7 : 4,
  css: [i === 0 ? "active" : "", e.fellRound ? "defeated" : ""].filter(Boolean).join(" "),
  isOwner: isGM || e.isOwner, isDefeated: e.fellRound > 0,
}));

describe.skipIf(!hasChromium)("shock's combat tracker in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 400, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  /** Foundry's tracker with shock's additions spliced in as ShockCombatTracker#_onRender does. */
  const showTracker = async (isGM: boolean, theme: (typeof THEMES)[number], above = "") => {
    const inserts = trackerInserts(trackerView(SHOCK_ROWS, state(isGM), { t, listOf: (n) => n.join(", ") }));
    // ShockCombatTracker's classes are on the sidebar tab itself, as Foundry puts them.
    const classes = "fray-combat fray-shock-tracker";
    const sidebar = trackerFrame(turns(isGM), { above, isGM, height: 760, classes });
    await stage.show(documentFor(sidebar, theme));
    await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
      ${JSON.stringify(inserts)})`);
  };

  for (const isGM of [true, false]) {
    const who = isGM ? "gm" : "player";
    it(`a running combat as the ${who}, in both themes`, async () => {
      for (const theme of THEMES) {
        await showTracker(isGM, theme);
        await auditScreen(stage.tab, ".combat-tracker", `shock-tracker-${who}-${theme}`);
      }
    });
  }

  it("pips name their state; headings give each side's initiative; act next names its combatant", async () => {
    await showTracker(false, "dark");
    const corvin = stage.tab.locator('[data-combatant-id="corvincorvincorv"]');
    await expect(corvin.locator(".fray-pip.used").first().getAttribute("aria-label")).resolves.toBe("Main: used");
    await expect(corvin.locator(".fray-pip").first().getAttribute("data-tooltip")).resolves.toBe("Main: used");
    const box = await corvin.locator(".fray-pip").first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    const headings = stage.tab.locator(".fray-group-heading");
    await expect(headings.count()).resolves.toBe(2);
    await expect(headings.first().innerText()).resolves.toMatch(/Initiative 7\s*d8 5 \+ 2/);
    await expect(headings.nth(1).innerText()).resolves.toContain("surprised");
    await expect(stage.tab.locator('[aria-label="Act next: Wenna Holt"]').count()).resolves.toBe(1);
    // A player does not pick the foes' order; a downed PC shows how long it has been down.
    await expect(stage.tab.locator('[data-combatant-id="archerarcherarch"] [data-action="shockActNext"]').count())
      .resolves.toBe(0);
    await expect(stage.tab.locator('[data-combatant-id="oskaroskaroskaro"] .fray-badge').innerText())
      .resolves.toBe("Down 1");
  });

  // Heights come from Foundry's core CSS, which needs FOUNDRY_V13.
  it.skipIf(!FOUNDRY)("rows keep their height whatever their state line shows", async () => {
    await showTracker(true, "light");
    const heights = await stage.tab.locator("li.combatant").evaluateAll((rows) =>
      rows.map((r) => Math.round(r.getBoundingClientRect().height)));
    expect(new Set(heights).size, heights.join(", ")).toBe(1);
  });

  it("before the start, the GM marks a side surprised (a toggle with its state)", async () => {
    // The part's context as the tracker builds it (`sidesPart`).
    const sides = render("combat/sides.hbs", sidesPart({
      isGM: true,
      combat: { started: false, inSurpriseRound: false, sides: ["party", "foes"], surprised: ["foes"] },
    }, t));
    for (const theme of THEMES) {
      await showTracker(true, theme, sides);
      await expect(stage.tab.locator('[data-side="foes"][aria-pressed="true"]').count()).resolves.toBe(1);
      await auditScreen(stage.tab, ".shock-sides", `shock-tracker-surprise-${theme}`);
    }
  });
});
