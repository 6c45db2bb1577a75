import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import { FRESH_BUDGET, take } from "../../src/rulesets/shock/rules/actions";
import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../src/rulesets/shock/rules/models";
import {
  statblockFromActor, weaponFromItem, type ActorDocumentSource,
} from "../../src/rulesets/shock/rules/statblock";
import { actorSheetContext, type ActorSheetInput } from "../../src/rulesets/shock/play/views/sheet-context";
import { weaponSheetContext } from "../../src/rulesets/shock/play/views/sheet-item";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, windowFrame, type Stage, type Theme,
} from "../support/browser";
import { rendererFor, root } from "../support/handlebars";
import { rulesetNoteHtml } from "../../src/shell/applications/ruleset-view";
import { headerView } from "../../src/engine/view/sheet-header";

/**
 * shock's sheets as Foundry shows them: each part's template rendered with the context the sheets
 * build (`actorSheetContext`, `weaponSheetContext`, the same pure builders), inside an AppV2 window
 * frame with Foundry v13's core stylesheet and the built one, in both themes, in real headless
 * Chromium; `auditScreen` checks contrast, names, wrapping rows and 24px targets and saves
 * test-results/shock-sheet-*.png. Needs /usr/bin/chromium and a built dist/ (`npx vite build`).
 */
const { render, t } = rendererFor("shock");

// Foundry's icons are served from its public/ folder by the stage (test/support/browser.ts).
const icon = (path: string) => (FOUNDRY ? `http://fray.test/foundry/${path}` : "");
type Source = Omit<ActorDocumentSource, "items"> & { img: string; items: { _id: string; name: string; img: string;
  type: string; system: Record<string, unknown> }[] };
const actorSource = (pack: string, name: string) => {
  const found = readPackSources(`shock/${pack}`, join(root, "packs/_source")).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack}/${name} not in the packs`);
  return found.doc as unknown as Source;
};

/** The part templates of an actor sheet, in the order of `actorParts`. */
const actorBody = (header: string, context: object) =>
  [`actor/${header}.hbs`, "actor/stats.hbs", "actor/weapons.hbs", "actor/actions.hbs", "actor/biography.hbs"]
    .map((file) => render(file, context)).join("");

/** An actor sheet's context as `ShockActorSheet#_prepareContext` builds it. */
function actorContext(source: Source, mode: "play" | "edit", over: Partial<ActorSheetInput> = {}) {
  const block = statblockFromActor(source);
  const isPC = source.type === "shockCharacter";
  const system = isPC ? withDefaults(CHARACTER_SPEC, source.system) : withDefaults(NPC_SPEC, source.system);
  const npc = isPC ? null : withDefaults(NPC_SPEC, source.system);
  const items = new Map(source.items.map((i) => [i._id, {
    img: icon(i.img), description: String(i.system.description ?? ""),
  }]));
  const built = actorSheetContext({
    block, hp: system.hp, health: "up", className: isPC ? withDefaults(CHARACTER_SPEC, source.system).className : "",
    level: isPC ? withDefaults(CHARACTER_SPEC, source.system).level : 0,
    npc: npc && { hitDice: npc.hitDice, training: npc.training, morale: npc.morale, fearless: npc.fearless,
      disciplined: npc.disciplined, group: npc.group, role: npc.role },
    items, expanded: new Set(), isGM: true, combat: null,
    statuses: [], ...over,
  }, t);
  return {
    ...built, actor: { name: source.name, img: icon(source.img) }, system, rootId: "shock-sheet",
    header: headerView({ name: source.name, img: icon(source.img) }, "actor", t),
    biographyHTML: String(system.biography ?? ""),
    editable: true, mode, editMode: mode === "edit", playMode: mode === "play",
  };
}

// The window classes Foundry gives the sheet: DEFAULT_OPTIONS.classes and withSheetModes' mode.
const sheet = (title: string, classes: string, width: number, theme: Theme, body: string) => {
  const mode = body.includes('name="name"') ? "edit" : "play";
  return documentFor(windowFrame({ title, classes: `fray shock sheet ${classes} fray-mode-${mode}`, width, theme }, body), theme);
};

describe.skipIf(!hasChromium)("shock's sheets in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 900, height: 1200 }); });
  afterAll(async () => stage?.browser.close());

  const corvin = actorSource("pregens", "Corvin Ash");
  const captain = actorSource("npcs", "Bandit Captain");

  for (const theme of THEMES) {
    it(`Corvin Ash in play mode (${theme}): values, HP bar, one-line weapon rows`, async () => {
      const context = actorContext(corvin, "play", { expanded: new Set([corvin.items[0]!._id]) });
      await stage.show(sheet(corvin.name, "actor character", 640, theme, actorBody("character-header", context)));
      const tab = stage.tab;
      await expect(tab.locator(".fray-line").first().textContent()).resolves.toBe("+4 vs AC · 1d6+2 · Shock 3/AC 13");
      await expect(tab.locator("input[name='system.attributes.dex']").count()).resolves.toBe(0);
      await expect(tab.locator("input[data-relative][name='system.hp.value']").count()).resolves.toBe(1);
      await expect(tab.locator("meter").getAttribute("value")).resolves.toBe("12");
      await auditScreen(tab, ".fray.shock.sheet", `shock-sheet-character-play-${theme}`);
    });

    it(`Corvin Ash in edit mode (${theme}): the configuration fields and the editor`, async () => {
      const context = actorContext(corvin, "edit");
      await stage.show(sheet(corvin.name, "actor character", 640, theme, actorBody("character-header", context)));
      await expect(stage.tab.locator("input[name='system.attributes.dex']").inputValue()).resolves.toBe("2");
      await expect(stage.tab.locator("prose-mirror[name='system.biography']").count()).resolves.toBe(1);
      await auditScreen(stage.tab, ".fray.shock.sheet", `shock-sheet-character-edit-${theme}`);
    });

    it(`Corvin Ash in combat (${theme}): Main spent, the round's state and blocked actions say why`, async () => {
      const budget = take(take(FRESH_BUDGET, "totalDefense"), "run");
      const context = actorContext(corvin, "play", {
        combat: {
          budget, round: 3, totalDefense: true, charging: false, shieldUsed: false, screening: "",
          grappling: "", grappledBy: ["Mire Strangler"], fellRound: 0,
          turn: { actingSide: "party", side: "party", holding: false, surprised: false },
        },
        statuses: [{ name: "Prone", duration: "" }],
      });
      await stage.show(sheet(corvin.name, "actor character", 640, theme, actorBody("character-header", context)));
      const tab = stage.tab;
      expect((await tab.locator(".fray-pip").allTextContents()).map((x) => x.trim())).toEqual(["Main: used", "Move: used"]);
      await expect(tab.locator(".shock-condition").first().textContent()).resolves.toMatch(/Grappled by Mire Strangler/);
      await expect(tab.locator(".shock-attack").first().isDisabled()).resolves.toBe(true);
      await expect(tab.locator(".shock-weapon .fray-blocked").first().textContent()).resolves.toBe("unarmed only now");
      await expect(tab.locator(".shock-action-group h4 .fray-blocked").first().isVisible()).resolves.toBe(true);
      await auditScreen(tab, ".fray.shock.sheet", `shock-sheet-character-combat-${theme}`);
    });

    it(`the Bandit Captain reads as a statblock (${theme})`, async () => {
      const context = actorContext(captain, "play");
      await stage.show(sheet(captain.name, "actor npc", 560, theme, actorBody("npc-header", context)));
      const tab = stage.tab;
      const identity = await tab.locator(".fray-statline").first().innerText();
      expect(identity).toMatch(/Hit Dice\s*3/);
      expect(identity).toMatch(/Morale\s*9/);
      await expect(tab.locator(".shock-weapons h3").textContent()).resolves.toBe("Attacks");
      await auditScreen(tab, ".fray.shock.sheet", `shock-sheet-npc-${theme}`);
      await stage.show(sheet(captain.name, "actor npc", 560, theme, actorBody("npc-header", actorContext(captain, "edit"))));
      await expect(tab.locator("input[name='system.morale']").inputValue()).resolves.toBe("9");
      await auditScreen(tab, ".fray.shock.sheet", `shock-sheet-npc-edit-${theme}`);
    });

    it(`the Bandit Captain in a world playing escalation: read-only, with the note (${theme})`, async () => {
      const context = { ...actorContext(captain, "play"), editable: false };
      const note = rulesetNoteHtml(t("FRAY.Sheet.OtherRuleset", {
        ruleset: t("FRAY.Ruleset.Short.shock"), active: t("FRAY.Ruleset.Short.escalation"),
      }));
      await stage.show(sheet(captain.name, "actor npc", 560, theme, note + actorBody("npc-header", context)));
      const tab = stage.tab;
      // As DocumentSheetV2 leaves a sheet its user may not edit (document-sheet.mjs _toggleDisabled).
      await tab.evaluate(() => document.querySelectorAll<HTMLInputElement>(".window-content input, .window-content button")
        .forEach((e) => { e.disabled = true; }));
      await expect(tab.locator(".window-content > .fray-ruleset-note").innerText()).resolves
        .toBe("This Shock document is shown read-only: this world plays Escalation. Pick Shock in the world's Ruleset setting to play it.");
      await expect(tab.locator("[data-action=toggleReadied]").count()).resolves.toBe(0);
      await auditScreen(tab, ".fray.shock.sheet", `shock-sheet-npc-other-ruleset-${theme}`);
    });

    for (const mode of ["play", "edit"] as const) {
      it(`the Sabre's weapon sheet in ${mode} mode (${theme})`, async () => {
        const item = readPackSources("shock/weapons", join(root, "packs/_source")).find((s) => s.doc.name === "Sabre")!.doc as unknown as
          { _id: string; name: string; img: string; system: Record<string, unknown> };
        const system = withDefaults(WEAPON_SPEC, item.system);
        const context = {
          ...weaponSheetContext(weaponFromItem(item), system, statblockFromActor(corvin), t),
          item: { name: item.name, img: icon(item.img) }, system, descriptionHTML: system.description,
          header: headerView({ name: item.name, img: icon(item.img) }, "item", t),
          rootId: "weapon-sheet", editable: true, mode, editMode: mode === "edit", playMode: mode === "play",
        };
        await stage.show(sheet(item.name, "item", 500, theme, render("item/weapon.hbs", context)));
        if (mode === "play") {
          await expect(stage.tab.locator(".shock-weapon-line").textContent()).resolves.toBe("+4 vs AC · 1d6+2 · Shock 3/AC 13");
        } else {
          await expect(stage.tab.locator("select[name='system.damage.die'] option[selected]").textContent()).resolves.toBe("d6");
        }
        await auditScreen(stage.tab, ".fray.shock.sheet", `shock-sheet-weapon-${mode}-${theme}`);
      });
    }
  }
});
