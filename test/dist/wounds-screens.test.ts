import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import { headerView } from "../../src/engine/view/sheet-header";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import { DOCUMENT_SPECS } from "../../src/rulesets/wounds/rules/models";
import {
  featFromItem, spellFromItem, statblockFromActor, weaponFromItem, type ActorDocumentSource,
} from "../../src/rulesets/wounds/rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/wounds/play/data/kept-spec";
import { unitView } from "../../src/rulesets/wounds/play/actors/unit";
import {
  sheetContext, sheetInput, type SheetInput, type SheetSource,
} from "../../src/rulesets/wounds/play/views/sheet-context";
import type { TurnInput } from "../../src/rulesets/wounds/play/views/turn-view";
import {
  featSheetContext, spellSheetContext, weaponSheetContext,
} from "../../src/rulesets/wounds/play/views/item-view";
import { WOUNDS_ROWS, type WoundsEntry } from "../../src/rulesets/wounds/play/views/tracker-rows";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame, windowFrame,
  type Stage, type Theme, type TrackerTurn,
} from "../support/browser";
import { rendererFor, root } from "../support/handlebars";

/**
 * wounds' screens as Foundry shows them, in real headless Chromium with Foundry v13's core
 * stylesheet and the built one, both themes: Garrick's sheet with two wounds (slowing from last
 * round, disrupting this round) in a started combat, on his turn with a Bonus Action spent and
 * prone, then in edit mode; a caster NPC; the weapon, spell and feat sheets in play and edit
 * modes; and the tracker's rows (slots left, wounds, a summon's first round, purchases) for the
 * GM and a player. `auditScreen` checks contrast, names, overflow and 24px targets and saves
 * test-results/wounds-*.png. Needs /usr/bin/chromium and a built dist/.
 */
const { render, t } = rendererFor("wounds");
const icon = (path: string) => (FOUNDRY ? `http://fray.test/foundry/${path}` : "");
type Item = { _id: string; name: string; img: string; type: string; system: Record<string, unknown> };
type Source = Omit<ActorDocumentSource, "items"> & { img: string; items: Item[]; effects?: unknown[] };
const source = (pack: string, slug: string): Source => {
  const found = readPackSources(`wounds/${pack}`, join(root, "packs/_source"))
    .find((s) => s.file.endsWith(`${slug}.json`));
  if (!found) throw new Error(`${pack}/${slug} not in the packs`);
  return found.doc as unknown as Source;
};
const wound = (id: string, aim: string, round: number, dealt: number) => ({
  _id: id, flags: { fray: { wound: { aim, combat: "combat1", round, dealt } } },
});
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { order: 0, attack: 1, move: 1, bonus: 2, freeHit: 1, ...over });

const BODY = ["header", "stats", "wounds", "turn", "items", "biography"];
function actorPage(src: Source, mode: "play" | "edit", combat: SheetInput["combat"],
  turn: TurnInput | null, theme: Theme) {
  const spec = DOCUMENT_SPECS.Actor[src.type as keyof typeof DOCUMENT_SPECS.Actor];
  const system = withDefaults(spec, src.system) as Record<string, unknown>;
  const context = {
    ...sheetContext(sheetInput(src as unknown as SheetSource, combat, turn), t),
    actor: { name: src.name, img: icon(src.img) }, system, rootId: "wnd-sheet",
    header: headerView({ name: src.name, img: icon(src.img) }, "actor", t),
    biographyHTML: String(system.biography ?? ""), editable: true, mode,
    editMode: mode === "edit", playMode: mode === "play",
  };
  const body = BODY.map((p) => render(`actor/${p}.hbs`, context)).join("");
  const classes = `fray wounds sheet actor fray-mode-${mode}`;
  return documentFor(windowFrame({ title: src.name, classes, width: 640, theme }, body), theme);
}

const ITEMS = {
  woundsWeapon: {
    template: "weapon",
    own: (i: Item) => weaponSheetContext(weaponFromItem(i), { strength: 3, feats: [] }, t),
  },
  woundsSpell: { template: "spell", own: (i: Item) => spellSheetContext(spellFromItem(i), t) },
  woundsFeat: {
    template: "feat",
    own: (i: Item) => featSheetContext(featFromItem(i), i.name, ["Halberd", "Throwing Axe"], t),
  },
} as const;
function itemPage(src: Item, mode: "play" | "edit", theme: Theme) {
  const type = src.type as keyof typeof ITEMS;
  const system = withDefaults(DOCUMENT_SPECS.Item[type], src.system);
  const context = {
    ...ITEMS[type].own(src), item: { name: src.name, img: icon(src.img) }, system,
    descriptionHTML: String(system.description ?? ""),
    header: headerView({ name: src.name, img: icon(src.img) }, "item", t), rootId: "wnd-item",
    editable: true, mode, editMode: mode === "edit", playMode: mode === "play",
  };
  const classes = `fray wounds sheet item fray-mode-${mode}`;
  return documentFor(windowFrame({ title: src.name, classes, width: 500, theme },
    render(`item/${ITEMS[type].template}.hbs`, context)), theme);
}

// Garrick, slowed last round and disrupted this round, on his turn in round 2: prone, one Bonus
// Action bought for +1 to hit.
const garrick: Source = {
  ...source("pregens", "garrick-holt"),
  effects: [wound("woundslowing0001", "slowing", 1, 1), wound("wounddisrupt0002", "disrupting", 2, 2)],
};
const garrickUnit = unitView(statblockFromActor(garrick), garrick.effects as never, "combat1", 2);
const garrickTurn: TurnInput = {
  facts: {
    kept: kept({ bonus: 1, freeHit: garrickUnit.derived.freeHitSlots, purchases: [{ kind: "toHit", round: 2 }] }),
    derived: garrickUnit.derived, round: 2, ownTurn: true, up: true, prone: true, disarmed: false,
  },
  sick: false,
};
const witch = source("npcs", "hedge-witch");
// Orla on her turn in round 2, keeping Barkskin up (cast with her Attack Action last turn).
const orla = source("pregens", "orla-venn");
const barkskin = orla.items.find((i) => i.name === "Barkskin")!;
const orlaUnit = unitView(statblockFromActor(orla), [], "combat1", 2);
const orlaTurn = (over: Partial<KeptSource>): TurnInput => ({
  facts: {
    kept: kept({ freeHit: orlaUnit.derived.freeHitSlots, upkept: barkskin._id, ...over }),
    derived: orlaUnit.derived, round: 2, ownTurn: true, up: true, prone: false, disarmed: false,
  },
  sick: false,
});
const SELECTOR = ".fray.wounds.sheet";

// The tracker: Garrick acting (one BA spent, two wounds), the witch's summoned rat, the witch.
const ENTRIES: WoundsEntry[] = [
  { id: "garrickgarrickga", name: garrick.name, isOwner: true, kept: kept({ bonus: 1 }),
    counts: { bonus: 2, freeHit: 1 }, initiator: false, sick: false, wounds: 2 },
  { id: "ratratratratratr", name: "Grave Rat", isOwner: false, kept: kept({ attack: 0, move: 0,
    bonus: 0, freeHit: 0, summoned: 2 }), counts: { bonus: 2, freeHit: 2 }, initiator: false,
  sick: true, wounds: 0 },
  { id: "witchwitchwitchw", name: witch.name, isOwner: false, kept: kept({ freeHit: 2,
    purchases: [{ kind: "dodge", round: 2 }] }), counts: { bonus: 2, freeHit: 2 },
  initiator: true, sick: false, wounds: 0 },
];
const turns = (isGM: boolean): TrackerTurn[] => ENTRIES.map((e, i) => ({
  id: e.id, name: e.name, img: icon("icons/svg/mystery-man.svg"), initiative: null,
  css: i === 0 ? "active" : "", isOwner: isGM || e.isOwner,
}));

describe.skipIf(!hasChromium)("wounds' screens in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 900, height: 1300 }); });
  afterAll(async () => stage?.browser.close());

  for (const theme of THEMES) {
    it(`Garrick's sheet with two wounds on his turn, and in edit mode (${theme})`, async () => {
      const tab = () => stage.tab;
      await stage.show(actorPage(garrick, "play", { id: "combat1", round: 2 }, garrickTurn, theme));
      await expect(tab().locator(".wnd-wound .fray-row-name").allInnerTexts())
        .resolves.toEqual(["Slowing", "Disrupting"]);
      await expect(tab().locator(".wnd-stat.wounded dt").allInnerTexts())
        .resolves.toEqual(["ACC", "AGI", "Move", "DEF", "FHS"]);
      await expect(tab().locator(".wnd-turn h3").innerText()).resolves.toBe("Round 2: your turn");
      await expect(tab().locator("[data-spend=standUp]").isDisabled()).resolves.toBe(false);
      await expect(tab().locator("[data-spend=retrieve]").count()).resolves.toBe(0);
      await expect(tab().locator(".wnd-slot").first().getAttribute("aria-label"))
        .resolves.toBe("Attack Action: 1 of 1");
      await expect(tab().locator(".wnd-marks .fray-tag").first().innerText())
        .resolves.toBe("+1 to hit on the next attack");
      await expect(tab().locator("[data-action=attack][data-item-id]").count()).resolves.toBe(2);
      await expect(tab().locator(".wnd-item .wnd-damage").first().innerText()).resolves.toBe("2d10+3");
      await auditScreen(tab(), SELECTOR, `wounds-sheet-combat-${theme}`);
      // Both Bonus Actions spent: the purchases say why they are closed.
      await stage.show(actorPage(garrick, "play", { id: "combat1", round: 2 }, {
        ...garrickTurn, facts: { ...garrickTurn.facts, kept: kept({ bonus: 0, freeHit: 0 }) },
      }, theme));
      await expect(tab().locator("[data-spend=buyToHit]").isDisabled()).resolves.toBe(true);
      await expect(tab().locator(".wnd-action-list .fray-blocked").first().innerText())
        .resolves.toBe("No action left");
      await auditScreen(tab(), SELECTOR, `wounds-sheet-spent-${theme}`);
      await stage.show(actorPage(garrick, "edit", null, null, theme));
      for (const field of ["level", "accuracy", "agility", "strength", "armor", "movement",
        "hp.max", "mp.max"]) {
        await expect(tab().locator(`[name='system.${field}']`).count(), field).resolves.toBe(1);
      }
      await expect(tab().locator(".wnd-turn h3").count()).resolves.toBe(0);
      await auditScreen(tab(), SELECTOR, `wounds-sheet-edit-${theme}`);
      // In play a unit without MP shows no MP bar; edit mode keeps its fields.
      await stage.show(actorPage(garrick, "play", null, null, theme));
      await expect(tab().locator(".wnd-mp").count()).resolves.toBe(0);
    });

    it(`Orla keeping Barkskin up on her turn, then toggled off (${theme})`, async () => {
      const tab = () => stage.tab;
      const armor = () => tab().locator(".wnd-stat", { hasText: "ARM" }).locator("dd").innerText();
      await stage.show(actorPage(orla, "play", { id: "combat1", round: 2 },
        orlaTurn({ move: 0, walking: true, walked: 2 }), theme));
      await expect(tab().locator(".wnd-marks .fray-tag").allInnerTexts())
        .resolves.toContain("Movement spent: 2 of 6");
      await expect(tab().locator(".wnd-upkeep p").innerText())
        .resolves.toBe("Keeping Barkskin up (1 MP as each turn starts): on.");
      await expect(tab().locator(".wnd-upkeep .fray-tag").allInnerTexts()).resolves.toEqual(["+2 armor"]);
      await expect(armor()).resolves.toBe("2");
      await expect(tab().locator("[data-action=toggleSpell]").innerText())
        .resolves.toBe("Toggle Barkskin off");
      await expect(tab().locator("[data-action=toggleSpell]").isDisabled()).resolves.toBe(false);
      await auditScreen(tab(), SELECTOR, `wounds-sheet-kept-up-${theme}`);
      // Toggled off, with no Bonus Action left: no ward, and Toggle says why it is closed.
      await stage.show(actorPage(orla, "play", { id: "combat1", round: 2 },
        orlaTurn({ upkeptOff: true, bonus: 0 }), theme));
      await expect(armor()).resolves.toBe("0");
      await expect(tab().locator(".wnd-upkeep .fray-blocked").innerText()).resolves.toBe("No action left");
      await expect(tab().locator("[data-action=toggleSpell]").isDisabled()).resolves.toBe(true);
      await expect(tab().locator("[data-action=endSpell]").isDisabled()).resolves.toBe(false);
      await auditScreen(tab(), SELECTOR, `wounds-sheet-kept-off-${theme}`);
    });

    it(`a caster NPC out of combat, and in edit mode (${theme})`, async () => {
      await stage.show(actorPage(witch, "play", null, null, theme));
      await expect(stage.tab.locator(".wnd-subtitle").innerText())
        .resolves.toBe("Level 3 · Thrall cost 18 MP");
      await expect(stage.tab.locator(".wnd-wounds .empty").innerText()).resolves.toBe("No wounds.");
      await auditScreen(stage.tab, SELECTOR, `wounds-sheet-npc-${theme}`);
      await stage.show(actorPage(witch, "edit", null, null, theme));
      await expect(stage.tab.locator("[name='system.thrallCost']").count()).resolves.toBe(1);
      await auditScreen(stage.tab, SELECTOR, `wounds-sheet-npc-edit-${theme}`);
    });

    it(`the weapon, spell and feat sheets (${theme})`, async () => {
      const items = [
        garrick.items.find((i) => i.type === "woundsWeapon")!,
        source("pregens", "orla-venn").items.find((i) => i.name === "Call Ashhound")!,
        witch.items.find((i) => i.name === "Thorn Bolt")!,
        barkskin,
        garrick.items.find((i) => i.name === "Weapon Focus")!,
      ];
      for (const item of items) {
        for (const mode of ["play", "edit"] as const) {
          await stage.show(itemPage(item, mode, theme));
          await auditScreen(stage.tab, SELECTOR,
            `wounds-${item.name.toLowerCase().replace(/\s+/g, "-")}-${mode}-${theme}`);
        }
      }
      await stage.show(itemPage(items[4]!, "edit", theme));
      await expect(stage.tab.locator("input[data-focus]").count()).resolves.toBe(3);
    });

    it(`the tracker's slots, wounds and marks (${theme})`, async () => {
      for (const isGM of [true, false]) {
        const input = {
          entries: ENTRIES, rendered: new Set(ENTRIES.map((e) => e.id)), round: 2, turn: 0,
          started: true, viewer: { isGM },
        };
        const inserts = trackerInserts(trackerView(WOUNDS_ROWS, input,
          { t, listOf: (n) => n.join(", ") }));
        const classes = "fray-combat fray-wounds-tracker";
        await stage.show(documentFor(trackerFrame(turns(isGM), { isGM, height: 460, classes }), theme));
        await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
          ${JSON.stringify(inserts)})`);
        const row = stage.tab.locator('[data-combatant-id="garrickgarrickga"]');
        await expect(row.locator(".fray-pip").nth(2).getAttribute("aria-label"))
          .resolves.toMatch(/Bonus Actions/);
        await expect(row.innerText()).resolves.toContain("Wounds: 2");
        await auditScreen(stage.tab, ".combat-tracker",
          `wounds-tracker-${isGM ? "gm" : "player"}-${theme}`);
      }
    });
  }
});
