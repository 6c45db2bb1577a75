import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "sass";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import { headerView } from "../../src/engine/view/sheet-header";
import { DOCUMENT_SPECS } from "../../src/rulesets/phases/rules/models";
import {
  activatableFromItem, attackFromItem, movementFromItem,
  type ActorDocumentSource,
} from "../../src/rulesets/phases/rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/phases/play/data/kept-spec";
import {
  sheetContext, sheetInput, type SheetInput,
} from "../../src/rulesets/phases/play/views/sheet-context";
import {
  activatableSheetContext, attackSheetContext, movementSheetContext,
} from "../../src/rulesets/phases/play/views/item-view";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, windowFrame, type Stage, type Theme,
} from "../support/browser";
import { rendererFor, root } from "../support/handlebars";

/**
 * phases' sheets as Foundry shows them, in real headless Chromium with Foundry v13's core
 * stylesheet and Fray's, both themes: a character out of combat, in a started combat (its
 * seizure and the round's slots) and in edit mode, an NPC with its own movement powers, and the
 * attack power, movement power and activatable item sheets in play and edit modes. `auditScreen`
 * checks contrast, names, overflow and 24px targets and saves test-results/phases-*.png.
 * Needs /usr/bin/chromium and a built dist/. Until the build imports phases' stylesheet (its
 * install.ts, when the ruleset is registered), the page adds it compiled here, so the screens are
 * the same either way.
 */
const { render, t } = rendererFor("phases");
const icon = (path: string) => (FOUNDRY ? `http://fray.test/foundry/${path}` : "");
type Item = { _id: string; name: string; img: string; type: string; system: Record<string, unknown> };
type Source = Omit<ActorDocumentSource, "items"> & { img: string; items: Item[] };
const source = (pack: string, slug: string): Source => {
  const found = readPackSources(`phases/${pack}`, join(root, "packs/_source"))
    .find((s) => s.file.endsWith(`${slug}.json`));
  if (!found) throw new Error(`${pack}/${slug} not in the packs`);
  return found.doc as unknown as Source;
};
const built = join(root, "dist/fray.css");
const ownStyles = existsSync(built) && readFileSync(built, "utf8").includes(".fray.phases.sheet")
  ? "" : compile(join(root, "src/rulesets/phases/styles/sheets.scss")).css;
const page = (body: string, theme: Theme) =>
  documentFor(body, theme).replace("</head>", `<style>${ownStyles}</style></head>`);
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { order: 0, rolled: 2, ...over });

const BODY = ["header", "round", "attacks", "movement", "items", "biography"];
function actorPage(src: Source, mode: "play" | "edit", combat: SheetInput["combat"], theme: Theme) {
  const spec = DOCUMENT_SPECS.Actor[src.type as keyof typeof DOCUMENT_SPECS.Actor];
  const system = withDefaults(spec, src.system) as Record<string, unknown>;
  const context = {
    ...sheetContext(sheetInput(src, combat), t),
    actor: { name: src.name, img: icon(src.img) }, system, rootId: "phs-sheet",
    header: headerView({ name: src.name, img: icon(src.img) }, "actor", t),
    biographyHTML: String(system.biography ?? ""), editable: true, mode,
    editMode: mode === "edit", playMode: mode === "play",
  };
  const body = BODY.map((p) => render(`actor/${p}.hbs`, context)).join("");
  const classes = `fray phases sheet actor fray-mode-${mode}`;
  return page(windowFrame({ title: src.name, classes, width: 620, theme }, body), theme);
}

const ITEMS = {
  phasesAttack: { template: "attack", own: (i: Item) => attackSheetContext(attackFromItem(i), t) },
  phasesMovement: {
    template: "movement", own: (i: Item) => movementSheetContext(movementFromItem(i), 6, t),
  },
  phasesActivatable: {
    template: "activatable", own: (i: Item) => activatableSheetContext(activatableFromItem(i), t),
  },
} as const;
function itemPage(src: Item, mode: "play" | "edit", theme: Theme) {
  const type = src.type as keyof typeof ITEMS;
  const system = withDefaults(DOCUMENT_SPECS.Item[type], src.system);
  const context = {
    ...ITEMS[type].own(src), item: { name: src.name, img: icon(src.img) }, system,
    descriptionHTML: String(system.description ?? ""),
    header: headerView({ name: src.name, img: icon(src.img) }, "item", t), rootId: "phs-item",
    editable: true, mode, editMode: mode === "edit", playMode: mode === "play",
  };
  const classes = `fray phases sheet item fray-mode-${mode}`;
  return page(windowFrame({ title: src.name, classes, width: 540, theme },
    render(`item/${ITEMS[type].template}.hbs`, context)), theme);
}

const brakka = source("pregens", "brakka-stone");
const senna = source("pregens", "senna-quill");
const SELECTOR = ".fray.phases.sheet";

describe.skipIf(!hasChromium)("phases' sheets in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 900, height: 1200 }); });
  afterAll(async () => stage?.browser.close());
  for (const theme of THEMES) {
    it(`Brakka's sheet out of combat, in combat and in edit mode (${theme})`, async () => {
      const tab = () => stage.tab;
      await stage.show(actorPage(brakka, "play", null, theme));
      await expect(tab().locator(".fray-statline dt").allInnerTexts())
        .resolves.toEqual(["ATK", "DEF", "INT", "AGI", "Speed", "Init"]);
      await expect(tab().locator(".phs-move-list .fray-row-name").allInnerTexts()).resolves
        .toEqual(["Shift", "Walk", "Hustle", "Run", "Charge", "Disengage"]);
      await expect(tab().locator("[data-action=attack]").count()).resolves.toBe(3);
      await expect(tab().locator(".phs-round h3").count()).resolves.toBe(0);
      await auditScreen(tab(), SELECTOR, `phases-sheet-play-${theme}`);
      await stage.show(actorPage(brakka, "play",
        { kept: kept({ seized: 2, movement: 1 }), round: 2, step: "movement" }, theme));
      await expect(tab().locator(".phs-round h3").innerText())
        .resolves.toBe("Round 2: Movement phase");
      await expect(tab().locator(".phs-seized").innerText()).resolves.toContain("Seized");
      await expect(tab().locator(".phs-slot.used").count()).resolves.toBe(1);
      await auditScreen(tab(), SELECTOR, `phases-sheet-combat-${theme}`);
      // Its own Battle turn, Disengaged since last round: Defend and Disengage offered.
      await stage.show(actorPage(brakka, "play", {
        kept: kept({ disengaged: 1 }), round: 2, step: "battle", ownTurn: true,
        later: [{ id: "gob", name: "Bog Goblin" }],
      }, theme));
      await expect(tab().locator("[data-action=battle]").allInnerTexts())
        .resolves.toEqual(["Defend", "Disengage"]);
      await expect(tab().locator("[data-action=delay]").innerText())
        .resolves.toBe("Delay after Bog Goblin");
      await expect(tab().locator(".phs-mark").innerText()).resolves.toBe("Disengaged");
      await expect(tab().locator("[data-action=activate]").count()).resolves.toBe(1);
      await auditScreen(tab(), SELECTOR, `phases-sheet-battle-${theme}`);
      // Its own Movement turn: each movement power's Use picks it; then the one used is marked.
      await stage.show(actorPage(brakka, "play",
        { kept: kept(), round: 2, step: "movement", ownTurn: true }, theme));
      await expect(tab().locator("[data-action=move]").count()).resolves.toBe(6);
      await auditScreen(tab(), SELECTOR, `phases-sheet-movement-${theme}`);
      await stage.show(actorPage(brakka, "play", {
        kept: kept({ movement: 1, movePower: "default:hustle" }), round: 2, step: "movement",
        ownTurn: true,
      }, theme));
      await expect(tab().locator("[data-action=move]").count()).resolves.toBe(0);
      await expect(tab().locator(".phs-used .fray-row-name").innerText()).resolves.toBe("Hustle");
      await stage.show(actorPage(brakka, "edit", null, theme));
      for (const field of ["tier", "atk", "def", "int", "agi", "speed", "calling", "hp.max"]) {
        await expect(tab().locator(`[name='system.${field}']`).count(), field).resolves.toBe(1);
      }
      await auditScreen(tab(), SELECTOR, `phases-sheet-edit-${theme}`);
    });

    it(`an NPC and a caster with their own powers and items (${theme})`, async () => {
      await stage.show(actorPage(source("npcs", "orc-raider"), "play", null, theme));
      await expect(stage.tab.locator(".phs-subtitle").innerText()).resolves.toBe("Brute · Tier 2");
      await auditScreen(stage.tab, SELECTOR, `phases-sheet-npc-${theme}`);
      await stage.show(actorPage(senna, "play", null, theme));
      await expect(stage.tab.locator(".phs-move-list > li").count()).resolves.toBe(7);
      await auditScreen(stage.tab, SELECTOR, `phases-sheet-senna-${theme}`);
    });

    it(`the attack power, movement power and item sheets (${theme})`, async () => {
      const pick = (src: Source, type: string, name?: string) =>
        src.items.find((i) => i.type === type && (!name || i.name === name))!;
      const items = [
        pick(brakka, "phasesAttack", "Shield Bash"), pick(senna, "phasesMovement"),
        pick(brakka, "phasesActivatable"),
      ];
      for (const item of items) {
        for (const mode of ["play", "edit"] as const) {
          await stage.show(itemPage(item, mode, theme));
          await auditScreen(stage.tab, SELECTOR,
            `phases-${ITEMS[item.type as keyof typeof ITEMS].template}-${mode}-${theme}`);
        }
      }
      await stage.show(itemPage(items[0]!, "edit", theme));
      await expect(stage.tab.locator("[data-list=effects] [data-index]").count()).resolves.toBe(1);
      await expect(stage.tab.getByLabel("Condition 1: also on a miss").isChecked())
        .resolves.toBe(false);
    });
  }
});
