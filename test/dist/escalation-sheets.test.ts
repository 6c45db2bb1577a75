import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import {
  ABILITY_SPEC, CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC, type EffectTiming,
} from "../../src/rulesets/escalation/rules/models";
import { CONDITION_IDS } from "../../src/rulesets/escalation/rules/conditions";
import { FRAY_CONFIG } from "../../src/rulesets/escalation/play/views/labels";
import { healthState } from "../../src/rulesets/escalation/rules/health";
import {
  characterSheetContext, npcSheetContext, type SheetContextInput,
} from "../../src/rulesets/escalation/play/views/sheet-context";
import type { SheetActor } from "../../src/rulesets/escalation/play/views/actor-view";
import { abilityItemView, dieChoices, weaponItemView } from "../../src/rulesets/escalation/play/views/item-view";
import { auditScreen } from "../support/audit";
import {
  documentFor, FOUNDRY, hasChromium, openStage, THEMES, windowFrame, type Stage, type Theme,
} from "../support/browser";
import { rendererFor, root } from "../support/handlebars";
import { FRAY_LABELS } from "../support/labels";
import { rulesetNoteHtml } from "../../src/shell/applications/ruleset-view";
import { headerView } from "../../src/engine/view/sheet-header";

/**
 * escalation's sheets as Foundry shows them: each part's template rendered with the context the
 * sheets build (`characterSheetContext`, `npcSheetContext`, `abilityItemView`, `weaponItemView`:
 * the same pure builders), inside an AppV2 window frame with Foundry v13's core stylesheet and the
 * built one, in both themes, in real headless Chromium. `auditScreen` checks contrast, names,
 * wrapping rows and 24px targets and saves test-results/escalation-sheet-*.png. Needs
 * /usr/bin/chromium and a built dist/ (`npx vite build`).
 */
const { render, t } = rendererFor("escalation");

const icon = (path: string) => (FOUNDRY && path && !path.startsWith("systems/") ? `http://fray.test/foundry/${path}` : "");
interface ItemSource { _id: string; name: string; img: string; type: string; system: Record<string, unknown> }
interface Source { name: string; img: string; type: string; system: Record<string, unknown>; items: ItemSource[] }
const actorSource = (pack: string, name: string): Source => {
  const found = readPackSources(`escalation/${pack}`, join(root, "packs/_source")).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack}/${name} not in the packs`);
  return found.doc as unknown as Source;
};

/** CONFIG.statusEffects as escalation's install sets it: each condition's name is its lang key. */
const STATUS_EFFECTS = CONDITION_IDS.map((id) => ({ id, name: `FRAY.Condition.${id}`, img: "" }));
/** The item sheet's choice maps, as `FrayItemSheet#_prepareContext` passes them. */
const ITEM_CHOICES = { config: FRAY_CONFIG, dieChoices: dieChoices(t), damageDieChoices: dieChoices(t, true) };

/** The actor as `FrayActorSheet#sheetActor` reads it from the document. */
function sheetActor<S extends { hp: { value: number; max: number } }>(
  source: Source, system: S, statuses: string[] = [],
): SheetActor<S> {
  const isPC = source.type === "escalationCharacter";
  return {
    name: source.name, img: icon(source.img), isPC, system,
    health: healthState(system.hp.value, system.hp.max, isPC), statuses,
    abilities: source.items.filter((i) => i.type === "escalationAbility").map((i) => ({
      id: i._id, name: i.name, img: icon(i.img), system: withDefaults(ABILITY_SPEC, i.system),
    })),
    weapons: source.items.filter((i) => i.type === "escalationWeapon").map((i) => ({
      id: i._id, name: i.name, img: icon(i.img), system: withDefaults(WEAPON_SPEC, i.system),
    })),
  };
}

type Mode = "play" | "edit";
const modeFlags = (mode: Mode) => ({ editable: true, mode, editMode: mode === "edit", playMode: mode === "play", rootId: "sheet" });
/** The document's name and image as the shell's declared sheet gives every part (`header`). */
const named = (doc: { name: string; img: string }, kind: "actor" | "item") => {
  const shown = { name: doc.name, img: icon(doc.img) };
  return { [kind]: shown, header: headerView(shown, kind, t) };
};

const sheet = (title: string, classes: string, width: number, theme: Theme, mode: Mode, body: string) =>
  documentFor(windowFrame({ title, classes: `fray escalation sheet ${classes} fray-mode-${mode}`, width, theme }, body), theme);

const CHARACTER_PARTS = ["character-header", "survival", "turn", "abilities", "conditions", "biography"];
const NPC_PARTS = ["npc-statblock", "turn", "conditions", "biography"];
const body = (parts: string[], context: object) => parts.map((p) => render(`actor/${p}.hbs`, context)).join("");

const saveEnds: EffectTiming = { duration: "saveEnds", save: 11, amount: 0, damageType: "weapon", source: "", armed: true, ability: "" };
const nextTurn: EffectTiming = { ...saveEnds, duration: "endOfNextTurn" };

describe.skipIf(!hasChromium)("escalation's sheets in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 900, height: 1400 }); });
  afterAll(async () => stage?.browser.close());

  const isolde = actorSource("pregens", "Isolde Marr");
  const drake = actorSource("monsters", "Gravel Drake");

  /** Isolde mid-fight: round 3, her turn, Standard used, Dazed (save ends) and Vulnerable. */
  function isoldeContext(mode: Mode, over: Partial<SheetContextInput<ReturnType<typeof charSystem>>> = {}) {
    const system = charSystem();
    const statuses = ["dazed", "vulnerable"];
    const input: SheetContextInput<typeof system> = {
      actor: sheetActor(isolde, system, statuses),
      combat: { escalationDie: 2 },
      turn: {
        combat: { round: 3, escalationDie: 2 },
        combatant: { actions: { standard: true, move: false, quick: false, interrupt: false }, isTurn: true },
        effects: [{ name: "Dazed", timing: saveEnds }, { name: "Vulnerable", timing: nextTurn }],
      },
      statusEffects: STATUS_EFFECTS,
      labels: FRAY_LABELS,
      ...over,
    };
    return { ...characterSheetContext(input, t), ...named(isolde, "actor"), ...modeFlags(mode),
      biographyHTML: String(system.biography) };
  }
  function charSystem() {
    // Hurt and spent: a recovery penalty, Focus 1 of 3, an expended daily.
    const base = withDefaults(CHARACTER_SPEC, isolde.system);
    return { ...base, hp: { value: 14, max: base.hp.max }, power: { ...base.power, value: 1 } };
  }

  for (const theme of THEMES) {
    it(`character sheet in play mode, in combat (${theme})`, async () => {
      const context = isoldeContext("play");
      await stage.show(sheet(isolde.name, "actor character", 640, theme, "play", body(CHARACTER_PARTS, context)));
      const { tab } = stage;
      // HP large, relative entry, a bar; no configuration fields in play.
      await expect(tab.locator("input[data-relative][data-hp]").inputValue()).resolves.toBe("14");
      await expect(tab.locator(".fray-hp meter").getAttribute("value")).resolves.toBe("14");
      await expect(tab.locator('select[name="system.band"], input[name="system.level"]').count()).resolves.toBe(0);
      // The turn: actions left in words, the escalation die, timed conditions with their duration.
      await expect(tab.locator(".fray-turn .fray-pip.used").innerText()).resolves.toContain("Standard: used");
      await expect(tab.locator(".fray-turn .escalation").innerText()).resolves.toContain("Escalation die 2");
      await expect(tab.locator(".fray-turn .fray-tag").allInnerTexts()).resolves
        .toEqual(["Dazed: save ends (11+)", "Vulnerable: until the end of its next turn"]);
      // Rows: a line that says what the ability does; Mind Spike needs escalation 2+ (met now).
      const spike = tab.locator("li.ability", { hasText: "Mind Spike" });
      await expect(spike.locator(".fray-line").innerText()).resolves.toMatch(/^\+9 vs MD · 2d8\+4 psychic/);
      await expect(spike.locator("button.use").isDisabled()).resolves.toBe(false);
      // A click on the row's summary opens the description.
      await spike.locator(".fray-row-name").click();
      await expect(spike.locator(".fray-description").isVisible()).resolves.toBe(true);
      await auditScreen(tab, ".application", `escalation-sheet-character-play-${theme}`);
    });

    it(`character sheet out of combat with blocked uses and death saves (${theme})`, async () => {
      const system = charSystem();
      const dying = { ...system, hp: { ...system.hp, value: -5 }, recoveries: { ...system.recoveries, penalty: 1 },
        death: { failures: 2, stabilized: false, hardFirstSave: true, lastGasp: false, upNextTurn: false } };
      const actor = sheetActor(isolde, dying);
      const spent = { ...actor, abilities: actor.abilities.map((a) => a.name === "Cinder Bloom"
        ? { ...a, system: { ...a.system, used: true } } : a.name === "Fold Space" ? { ...a, system: { ...a.system, powerCost: 2 } } : a) };
      const context = isoldeContext("play", { actor: spent, combat: null, turn: { combat: null, combatant: null, effects: [] } });
      await stage.show(sheet(isolde.name, "actor character", 640, theme, "play", body(CHARACTER_PARTS, { ...context, system: dying })));
      const { tab } = stage;
      const spike = tab.locator("li.ability", { hasText: "Mind Spike" });
      await expect(spike.locator("button.use").isDisabled()).resolves.toBe(true);
      await expect(spike.locator(".fray-blocked").innerText()).resolves.toBe("Needs escalation 2+");
      await expect(tab.locator("li.ability", { hasText: "Fold Space" }).locator(".fray-blocked").innerText())
        .resolves.toBe("Needs 2 Focus");
      const bloom = tab.locator("li.ability", { hasText: "Cinder Bloom" });
      await expect(bloom.locator(".fray-blocked").innerText()).resolves.toBe("Expended");
      await expect(bloom.locator('button[data-action="restoreAbility"]').isVisible()).resolves.toBe(true);
      await expect(tab.locator(".death-saves .mark.failed").count()).resolves.toBe(2);
      for (const action of ["spendRecovery", "deathSave", "rally", "quickRest", "fullRest"]) {
        await expect(tab.locator(`.fray-survival [data-action="${action}"]`).first().isVisible(), action).resolves.toBe(true);
      }
      await expect(tab.locator(".fray-turn").innerText()).resolves.toBe("");
      await auditScreen(tab, ".application", `escalation-sheet-character-blocked-${theme}`);
    });

    it(`character sheet in edit mode, rows with every button (${theme})`, async () => {
      // The busiest rows: a sustained ability (Use, Sustain, edit, delete) and an expended one
      // blocked with its reason (Expended, Use, Restore, edit, delete).
      const actor = sheetActor(isolde, charSystem(), ["dazed", "vulnerable"]);
      const spike = actor.abilities.find((a) => a.name === "Mind Spike")!;
      const busy = {
        ...actor, sustaining: new Set([spike.id]),
        abilities: actor.abilities.map((a) => a.id === spike.id ? { ...a, system: { ...a.system, sustain: 11 } }
          : a.name === "Cinder Bloom" ? { ...a, system: { ...a.system, used: true } } : a),
      };
      const context = isoldeContext("edit", { actor: busy });
      await stage.show(sheet(isolde.name, "actor character", 640, theme, "edit", body(CHARACTER_PARTS, context)));
      const { tab } = stage;
      await expect(tab.locator('select[name="system.band"]').inputValue()).resolves.toBe("fast");
      await expect(tab.locator('select[name="system.stance.die"]').inputValue()).resolves.toBe("6");
      await expect(tab.locator('select[name="system.missDamage"]').count()).resolves.toBe(1);
      await expect(tab.locator('prose-mirror[name="system.biography"]').count()).resolves.toBe(1);
      await expect(tab.locator('button[data-action="editItem"]').count()).resolves.toBeGreaterThan(5);
      const spikeRow = tab.locator("li.ability", { hasText: "Mind Spike" });
      await expect(spikeRow.locator('button[data-action="sustainAbility"]').innerText()).resolves.toBe("Sustain 11+");
      const bloomRow = tab.locator("li.ability", { hasText: "Cinder Bloom" });
      await expect(bloomRow.locator("button").count()).resolves.toBe(4);
      await auditScreen(tab, ".application", `escalation-sheet-character-edit-${theme}`);
    });

    for (const mode of ["play", "edit"] as const) {
      it(`NPC statblock in ${mode} mode (${theme})`, async () => {
        const system = withDefaults(NPC_SPEC, drake.system);
        const context = {
          ...npcSheetContext({
            actor: sheetActor(drake, system), combat: { escalationDie: 3 },
            turn: { combat: { round: 4, escalationDie: 3 }, combatant: { actions: { standard: false, move: true, quick: false, interrupt: false }, isTurn: false }, effects: [] },
            statusEffects: STATUS_EFFECTS, labels: FRAY_LABELS,
          }, t),
          ...named(drake, "actor"), ...modeFlags(mode), biographyHTML: String(system.biography),
        };
        await stage.show(sheet(drake.name, "actor npc", 520, theme, mode, body(NPC_PARTS, context)));
        const { tab } = stage;
        const attacks = drake.items.filter((i) => i.type === "escalationAbility").length;
        await expect(tab.locator('button[data-action="useAbility"]').count()).resolves.toBe(attacks);
        if (mode === "play") {
          await expect(tab.locator(".fray-statblock .fray-tag").allInnerTexts()).resolves.toEqual(["Resist fire 15+", "Weak to cold"]);
          await expect(tab.locator(".resist-row").count()).resolves.toBe(0);
          await expect(tab.locator("li.ability", { hasText: "Rending Jaws" }).locator(".fray-line").innerText())
            .resolves.toBe("+12 vs AC · 3d10+6 · Softened (to the end of its next turn)");
          await expect(tab.locator(".fray-turn .escalation").innerText()).resolves.toContain("does not add it");
        } else {
          await expect(tab.locator(".resist-row").count()).resolves.toBe(1);
          await expect(tab.locator('[data-list="weaknesses"] input[data-action="listToggle"][data-value="cold"]').isChecked()).resolves.toBe(true);
        }
        await auditScreen(tab, ".application", `escalation-sheet-npc-${mode}-${theme}`);
      });
    }

    it(`the Gravel Drake in a world playing shock: read-only, without combat, with the note (${theme})`, async () => {
      const system = withDefaults(NPC_SPEC, drake.system);
      const context = {
        ...npcSheetContext({
          actor: sheetActor(drake, system), combat: null, turn: { combat: null, combatant: null, effects: [] },
          statusEffects: STATUS_EFFECTS, labels: FRAY_LABELS,
        }, t),
        ...named(drake, "actor"), ...modeFlags("play"), editable: false,
        biographyHTML: String(system.biography),
      };
      const note = rulesetNoteHtml(t("FRAY.Sheet.OtherRuleset", {
        ruleset: t("FRAY.Ruleset.Short.escalation"), active: "Shock",
      }));
      await stage.show(sheet(drake.name, "actor npc", 520, theme, "play", note + body(NPC_PARTS, context)));
      const { tab } = stage;
      // As DocumentSheetV2 leaves a sheet its user may not edit (document-sheet.mjs _toggleDisabled).
      await tab.evaluate(() => document.querySelectorAll<HTMLInputElement>(".window-content input, .window-content button")
        .forEach((e) => { e.disabled = true; }));
      await expect(tab.locator(".window-content > .fray-ruleset-note").innerText()).resolves
        .toBe("This Escalation document is shown read-only: this world plays Shock. Pick Escalation in the world's Ruleset setting to play it.");
      await expect(tab.locator(".fray-turn h3").count()).resolves.toBe(0);
      await auditScreen(tab, ".application", `escalation-sheet-npc-other-ruleset-${theme}`);
    });

    for (const mode of ["play", "edit"] as const) {
      it(`weapon and ability item sheets in ${mode} mode (${theme})`, async () => {
        const staff = isolde.items.find((i) => i.name === "Spark Wand")!;
        const weapon = withDefaults(WEAPON_SPEC, staff.system);
        const weaponContext = { ...named(staff, "item"), system: weapon, ...ITEM_CHOICES,
          view: weaponItemView(weapon, t), descriptionHTML: weapon.description, ...modeFlags(mode) };
        const bloomSource = isolde.items.find((i) => i.name === "Cinder Bloom")!;
        const bloom = withDefaults(ABILITY_SPEC, bloomSource.system);
        const owner = { level: 3, volition: 4, escalation: 0, stanceDice: { melee: 6 as const, ranged: 6 as const }, basicDamageType: { melee: "weapon" as const, ranged: "lightning" as const } };
        const abilityContext = { ...named(bloomSource, "item"), system: bloom, ...ITEM_CHOICES,
          view: abilityItemView(bloom, owner, t), descriptionHTML: bloom.description, ...modeFlags(mode) };
        const windows = [
          { shot: "weapon", title: staff.name, html: render("item/header.hbs", weaponContext) + render("item/weapon.hbs", weaponContext) },
          { shot: "ability", title: bloomSource.name, html: render("item/header.hbs", abilityContext) + render("item/ability.hbs", abilityContext) },
        ];
        for (const w of windows) {
          await stage.show(sheet(w.title, "item", 520, theme, mode, w.html));
          const { tab } = stage;
          if (mode === "play") {
            await expect(tab.locator("input, select").count()).resolves.toBe(0);
            if (w.shot === "ability") {
              await expect(tab.locator(".fray-summary").innerText()).resolves
                .toMatch(/^\+7 vs PD · 3d8\+4 fire · 5 ongoing fire \(save ends\)/);
            }
          } else {
            await expect(tab.locator('prose-mirror[name="system.description"]').count()).resolves.toBe(1);
            if (w.shot === "ability") {
              await expect(tab.locator('[data-list-field="save"]').count()).resolves.toBe(1);
              await expect(tab.locator('select[name="system.frequency"]').inputValue()).resolves.toBe("daily");
            }
          }
          await auditScreen(tab, ".application", `escalation-sheet-${w.shot}-${mode}-${theme}`);
        }
      });
    }
  }
});
