// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { HAVE_FOUNDRY, makeUser, loadFoundry } from "./harness";
import { loadClient, type Client } from "./client";

/**
 * The shell's declared sheets (shell/applications/declared-sheet.ts, sheet-kit.ts) in Foundry
 * v13's own client classes (test/foundry/client.ts): who may do what on a sheet (a player with
 * Observer sees it and may open a row, but every control is disabled and nothing is written; its
 * owner edits), list editing through the real actions (one update with the whole new list; a
 * refused edit writes nothing and says why), and the class names Foundry keys users' sheet
 * choices by.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const source = (pack: string, name: string) => {
  const found = readPackSources(pack, join(process.cwd(), "packs/_source")).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack}/${name} not in the packs`);
  return structuredClone(found.doc) as Record<string, Any>;
};
const settle = () => new Promise((r) => setTimeout(r, 20));
const OBSERVER = 2;
const OWNER = 3;

describe.skipIf(!HAVE_FOUNDRY)("the shell's declared sheets in Foundry's client", () => {
  let c: Client;
  let setActiveRuleset: (id: string) => void;
  let gm: Any;
  let player: Any;
  const g = globalThis as Record<string, Any>;

  beforeAll(async () => {
    c = await loadClient();
    ({ setActiveRuleset } = await import("../../src/shell/setup/active-ruleset"));
    const { FOUNDRY_RULESETS } = await import("../../src/rulesets/foundry-registry");
    const { registerRulesetSheets } = await import("../../src/shell/applications/sheets");
    registerRulesetSheets(FOUNDRY_RULESETS);
    await c.DocumentSheetConfig.initializeSheets();
    const f = await loadFoundry();
    gm = c.user;
    player = makeUser(f, "player1player1aa", "PLAYER");
  });

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    c.user = gm;
    g.game.actors = new Map();
    g.game.combat = null;
    g.canvas = { ready: false };
  });

  /**
   * A sheet whose form Foundry does not submit on change: a checkbox's change bubbles to the form
   * (submitOnChange), and Foundry's FormDataExtended needs a FormDataEvent happy-dom lacks; the
   * form's own submit is Foundry's, not the list editing tested here.
   */
  const noFormSubmit = (sheet: Any) => { sheet.options.form.submitOnChange = false; };

  /** An actor of the world the player has `level` on, its sheet opened by `user`. */
  async function open(ruleset: string, doc: Record<string, Any>, level: number, user: Any) {
    setActiveRuleset(ruleset);
    c.user = user;
    const actor = new c.Actor({ ...doc, ownership: { default: 0, [player.id]: level } });
    g.game.actors.set(actor.id, actor);
    const sheet = actor.sheet as Any;
    await sheet.render({ force: true });
    await settle();
    return { actor, sheet, el: sheet.element as HTMLElement };
  }
  const updates = () => c.writes.filter((w) => w.action === "update");
  /** The last list the sheet wrote at `path` (a checkbox's change also submits the form). */
  const written = (path: string) => updates().map((w) => w.operation.updates[0])
    .filter((u) => path in u).at(-1)?.[path];
  const click = async (el: Element | null) => {
    expect(el, "the control is on the sheet").not.toBeNull();
    (el as HTMLElement).click();
    await settle();
  };

  describe("a player with Observer sees the sheet but cannot change it; its owner can", () => {
    for (const [ruleset, pack, name] of [
      ["escalation", "escalation/monsters", "Gravel Drake"], ["shock", "shock/npcs", "Bandit Captain"],
    ] as const) {
      it(`${ruleset}: Observer sees every value, every control disabled, no edit mode, no write`, async () => {
        const { sheet, el } = await open(ruleset, source(pack, name), OBSERVER, player);
        expect(sheet.isEditable).toBe(false);
        expect(el.textContent).toContain(name);
        expect(el.querySelector(".fray-hp meter")).not.toBeNull();
        expect(el.querySelector(".fray-mode-toggle")).toBeNull();
        const controls = [...el.querySelectorAll<HTMLInputElement>(".window-content input, .window-content button, .window-content select")];
        const writing = controls.filter((b) => b.dataset.action !== "toggleRow");
        expect(writing.length).toBeGreaterThan(2);
        expect(writing.filter((b) => !b.disabled).map((b) => b.outerHTML.slice(0, 80))).toEqual([]);
        // A list edit asked for anyway (no control offers it) writes nothing.
        await sheet.editList(ruleset === "shock" ? "attributes" : "resistances", { op: "add" });
        await settle();
        expect(c.writes).toEqual([]);
        await sheet.close({ animate: false });
      });

      it(`${ruleset}: the owner's sheet is editable, with edit mode`, async () => {
        const { sheet, el } = await open(ruleset, source(pack, name), OWNER, player);
        expect(sheet.isEditable).toBe(true);
        expect(el.querySelector(".fray-mode-toggle")).not.toBeNull();
        expect(el.querySelector<HTMLInputElement>(".fray-hp input[data-relative]")?.disabled).toBe(false);
        await sheet.close({ animate: false });
      });
    }

    it("shock: an Observer may still open a weapon row's details (it only shows)", async () => {
      const { sheet, el } = await open("shock", source("shock/npcs", "Bandit Captain"), OBSERVER, player);
      const toggle = el.querySelector<HTMLButtonElement>("[data-action=toggleRow]")!;
      expect(toggle.disabled).toBe(false);
      const row = toggle.closest<HTMLElement>("[data-row-id]")!;
      expect(row.querySelector(".fray-description")?.hasAttribute("hidden")).toBe(true);
      await click(toggle);
      const after = sheet.element.querySelector(`[data-row-id="${row.dataset.rowId}"]`);
      expect(after?.querySelector(".fray-description")?.hasAttribute("hidden")).toBe(false);
      expect(c.writes).toEqual([]);
      await sheet.close({ animate: false });
    });
  });

  describe("list editing through the sheet's own controls", () => {
    it("escalation NPC: add, edit, remove and toggle write the whole list once each", async () => {
      const drake = source("escalation/monsters", "Gravel Drake");
      const { actor, sheet } = await open("escalation", drake, OWNER, gm);
      noFormSubmit(sheet);
      sheet.sheetMode = "edit";
      await sheet.render();
      await settle();
      const before = actor.system.resistances.map((r: Any) => ({ ...r }));
      await click(sheet.element.querySelector('[data-list="resistances"] [data-action="listAdd"]'));
      expect(written("system.resistances"))
        .toEqual([...before, { type: "weapon", threshold: 12 }]);
      await sheet.render();
      await settle();
      const rows = sheet.element.querySelectorAll('[data-list="resistances"] .resist-row');
      expect(rows).toHaveLength(before.length + 1);
      const threshold = rows[rows.length - 1].querySelector('[data-list-field="threshold"]') as HTMLInputElement;
      threshold.value = "17";
      threshold.dispatchEvent(new Event("change"));
      await settle();
      expect(written("system.resistances").at(-1)).toEqual({ type: "weapon", threshold: 17 });
      await sheet.render();
      await settle();
      await click(sheet.element.querySelectorAll('[data-list="resistances"] [data-action="listRemove"]')[0]);
      expect(written("system.resistances"))
        .toEqual([...before.slice(1), { type: "weapon", threshold: 17 }]);
      await sheet.render();
      await settle();
      const weak = actor.system.weaknesses as string[];
      await click(sheet.element.querySelector('[data-list="weaknesses"] [data-value="fire"]'));
      expect(written("system.weaknesses")).toEqual(
        weak.includes("fire") ? weak.filter((w) => w !== "fire") : [...weak, "fire"]);
      await sheet.close({ animate: false });
    });

    it("a refused edit writes nothing and says why in the user's language", async () => {
      const { sheet } = await open("escalation", source("escalation/monsters", "Gravel Drake"), OWNER, gm);
      sheet.sheetMode = "edit";
      await sheet.render();
      await settle();
      const threshold = sheet.element.querySelector('[data-list="resistances"] [data-list-field="threshold"]') as HTMLInputElement;
      threshold.value = "40";
      threshold.dispatchEvent(new Event("change"));
      await settle();
      expect(written("system.resistances")).toBeUndefined();
      expect(c.notes).toEqual([{ level: "warn", text: "That change was not saved: Threshold must be at most 19 (got 40)." }]);
      await sheet.close({ animate: false });
    });

    it("an entry moves to another position in one update (the shell's listMove)", async () => {
      const { actor, sheet } = await open("escalation", source("escalation/monsters", "Gravel Drake"), OWNER, gm);
      const list = [{ type: "fire", threshold: 15 }, { type: "cold", threshold: 12 }, { type: "acid", threshold: 13 }];
      actor.updateSource({ system: { resistances: list } });
      const control = document.createElement("button");
      control.type = "button";
      control.dataset.action = "listMove";
      control.dataset.index = "2";
      control.dataset.to = "0";
      const holder = document.createElement("div");
      holder.dataset.list = "resistances";
      holder.append(control);
      sheet.element.querySelector(".window-content").append(holder);
      await click(control);
      expect(written("system.resistances")).toEqual([list[2], list[0], list[1]]);
      await sheet.close({ animate: false });
    });

    it("shock weapon: the attribute toggles are one list", async () => {
      setActiveRuleset("shock");
      const sabre = new c.Item(source("shock/weapons", "Sabre"));
      const sheet = sabre.sheet as Any;
      noFormSubmit(sheet);
      sheet.sheetMode = "edit";
      await sheet.render({ force: true });
      await settle();
      const attributes = [...sabre.system.attributes] as string[];
      const off = ["str", "dex", "con", "int", "wis", "cha"].find((a) => !attributes.includes(a))!;
      await click(sheet.element.querySelector(`[data-list="attributes"] [data-value="${off}"]`));
      expect(written("system.attributes")).toEqual([...attributes, off]);
      await sheet.close({ animate: false });
    });
  });

  it("sheet classes keep the names Foundry keys users' sheet choices by (fray.<name>)", async () => {
    const { FOUNDRY_RULESETS } = await import("../../src/rulesets/foundry-registry");
    const names = FOUNDRY_RULESETS.flatMap((r) => r.sheets.map((s) => (s.sheet as { name: string }).name));
    expect(names).toEqual(["CharacterSheet", "NpcSheet", "FrayItemSheet",
      "ShockCharacterSheet", "ShockNpcSheet", "ShockWeaponSheet",
      "ActionPointsActorSheet", "ActionPointsWeaponSheet", "ActionPointsSpellSheet",
      "PhasesActorSheet", "PhasesAttackSheet", "PhasesMovementSheet", "PhasesActivatableSheet",
      "WoundsActorSheet", "WoundsWeaponSheet", "WoundsSpellSheet", "WoundsFeatSheet"]);
    expect(Object.keys(g.CONFIG.Actor.sheetClasses.escalationCharacter)).toEqual(["fray.CharacterSheet"]);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: the shell's declared sheets", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
