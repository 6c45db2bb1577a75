import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDefaults } from "../../src/engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/phases/play/data/kept-spec";
import {
  PHASES_ROWS, type PhasesEntry, type PhasesInput,
} from "../../src/rulesets/phases/play/views/tracker-rows";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame, type Stage, type TrackerTurn,
} from "../support/browser";
import { auditScreen } from "../support/audit";
import { rendererFor } from "../support/handlebars";

/**
 * phases' combat tracker in headless Chromium: Foundry's own tracker template (`trackerFrame`)
 * listing one phase's turns, with what PhasesCombatTracker splices into it (play/views/
 * tracker-rows.ts through the shell's view, rendered and spliced by the same functions as its
 * `_onRender`): the heading naming the phase over the round's four phases, each row's Movement
 * and Battle places side by side, the round's movement power and Battle action, a seizer; in the
 * Initiative phase the owners' seize buttons. For the GM and a player, in both themes.
 * Screenshots: test-results/phases-tracker-*.png.
 */
const { t } = rendererFor("phases");
const IMG = "http://fray.test/foundry/icons/svg/mystery-man.svg";
const kept = (k: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, k as Record<string, unknown>);

/** Round 2: Brakka seized; the Movement order is Brakka, the goblin, Senna, the orc. */
const ENTRIES: PhasesEntry[] = [
  { id: "brakkabrakkabrak", name: "Brakka Stone", isOwner: true, kept: kept({ movement: 1 }),
    seized: true, movement: 1, battle: 4 },
  { id: "goblingoblingobl", name: "Bog Goblin", isOwner: false, kept: kept({ movement: 1 }),
    seized: false, movement: 2, battle: 3 },
  { id: "sennasennasennas", name: "Senna Quill", isOwner: true, kept: kept(),
    seized: false, movement: 3, battle: 2 },
  { id: "orcorcorcorcorco", name: "Orc Raider", isOwner: false, kept: kept(),
    seized: false, movement: 4, battle: 1 },
];

const input = (isGM: boolean, step: string, turn: number | null): PhasesInput => ({
  entries: ENTRIES.map((e) => ({ ...e, isOwner: isGM || e.isOwner })),
  rendered: new Set(ENTRIES.map((e) => e.id)), round: 2, turn, started: true, viewer: { isGM },
  step,
});
const turns = (isGM: boolean, turn: number | null): TrackerTurn[] => ENTRIES.map((e, i) => ({
  id: e.id, name: e.name, img: IMG, initiative: 14 - 3 * i, css: i === turn ? "active" : "",
  isOwner: isGM || e.isOwner,
}));

describe.skipIf(!hasChromium)("phases' combat tracker in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 400, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  const show = async (isGM: boolean, theme: (typeof THEMES)[number], step: string,
    turn: number | null) => {
    const view = trackerView(PHASES_ROWS, input(isGM, step, turn),
      { t, listOf: (n) => n.join(", ") });
    const classes = "fray-combat fray-phases-tracker";
    await stage.show(documentFor(trackerFrame(turns(isGM, turn), { isGM, height: 600, classes }),
      theme));
    await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
      ${JSON.stringify(trackerInserts(view))})`);
  };

  for (const isGM of [true, false]) {
    const who = isGM ? "gm" : "player";
    it(`the Movement phase and the Initiative phase as the ${who}, in both themes`, async () => {
      for (const theme of THEMES) {
        await show(isGM, theme, "movement", 1);
        await auditScreen(stage.tab, ".combat-tracker", `phases-tracker-movement-${who}-${theme}`);
        await show(isGM, theme, "initiative", null);
        await auditScreen(stage.tab, ".combat-tracker", `phases-tracker-initiative-${who}-${theme}`);
      }
    });
  }

  it("the heading names the phase over the four; both places side by side, the played one marked", async () => {
    await show(false, "light", "movement", 1);
    const tab = stage.tab;
    const heading = tab.locator(".fray-group-heading");
    await expect(heading.count()).resolves.toBe(1);
    await expect(heading.innerText()).resolves.toMatch(/Round 2: Movement phase/i);
    await expect(heading.innerText()).resolves.toMatch(/Initiative[\s\S]*Movement[\s\S]*Battle[\s\S]*End/);
    const [mv, bt] = await tab.locator('[data-combatant-id="brakkabrakkabrak"] .fray-order').all();
    const [a, b] = await Promise.all([mv!.boundingBox(), bt!.boundingBox()]);
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
    await expect(mv!.getAttribute("class")).resolves.toBe("fray-order current");
    await expect(mv!.getAttribute("aria-label")).resolves.toBe("Movement order: 1");
    await expect(tab.locator('[data-combatant-id="brakkabrakkabrak"] .fray-mark').getAttribute("aria-label"))
      .resolves.toBe("Seized the initiative");
  });

  it("in the Initiative phase a player may seize only for its own combatants", async () => {
    await show(false, "dark", "initiative", null);
    const seize = stage.tab.locator('[data-action="phasesSeize"]');
    await expect(seize.count()).resolves.toBe(2);
    await expect(seize.first().getAttribute("aria-label")).resolves.toBe("Give up Brakka Stone's seizure");
    await expect(seize.nth(1).getAttribute("aria-label")).resolves.toBe("Seize the initiative for Senna Quill");
  });

  // Heights come from Foundry's core CSS, which needs FOUNDRY_V13.
  it.skipIf(!FOUNDRY)("rows keep one height whatever their state line shows", async () => {
    for (const [step, turn] of [["initiative", null], ["movement", 1]] as const) {
      for (const isGM of [true, false]) {
        await show(isGM, "light", step, turn);
        const heights = await stage.tab.locator("li.combatant").evaluateAll((rows) =>
          rows.map((r) => Math.round(r.getBoundingClientRect().height)));
        expect(new Set(heights).size, `${step} ${isGM}: ${heights.join(", ")}`).toBe(1);
      }
    }
  });
});
