// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient, type Client } from "./client";

/**
 * Fray's sheets in Foundry v13's own client classes (test/foundry/client.ts): registered through
 * Foundry's DocumentSheetConfig, opened through the document's `sheet` (client/documents/abstract/
 * client-document.mjs), rendered by ApplicationV2/HandlebarsApplicationMixin/DocumentSheetV2/
 * ActorSheetV2 from the built templates, re-rendered by Foundry's own Combat#_onUpdate, dropped on
 * and dragged from by ActorSheetV2's own handlers.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const source = (pack: string, name: string) => {
  const found = readPackSources(pack, join(process.cwd(), "packs/_source")).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack}/${name} not in the packs`);
  return structuredClone(found.doc) as Record<string, Any>;
};
const settle = () => new Promise((r) => setTimeout(r, 20));
/** A drag event carrying `dataTransfer`, as a browser makes it (happy-dom's ignores the init). */
const dragEvent = (type: string, dataTransfer: DataTransfer) => {
  const event = new DragEvent(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, "dataTransfer", { value: dataTransfer });
  return event;
};

describe.skipIf(!HAVE_FOUNDRY)("sheets in Foundry's client", () => {
  let c: Client;
  let setActiveRuleset: (id: string) => void;
  let rulesets: Any[];
  const g = globalThis as Record<string, Any>;

  beforeAll(async () => {
    c = await loadClient();
    ({ setActiveRuleset } = await import("../../src/shell/setup/active-ruleset"));
    const { FOUNDRY_RULESETS } = await import("../../src/rulesets/foundry-registry");
    const { registerRulesetSheets } = await import("../../src/shell/applications/sheets");
    rulesets = [...FOUNDRY_RULESETS];
    // As the entry point does at `init`; Foundry applies the registrations when it sets up.
    registerRulesetSheets(FOUNDRY_RULESETS);
    await c.DocumentSheetConfig.initializeSheets();
  });

  /** The world plays `id`: as its install() sets the combat classes and the Combatant model. */
  async function playWorld(id: string) {
    setActiveRuleset(id);
    const models = await import(`../../src/rulesets/${id}/foundry/data/register.ts`);
    const docs = id === "shock"
      ? { Combat: (await import("../../src/rulesets/shock/foundry/documents/combat")).ShockCombat,
        Combatant: (await import("../../src/rulesets/shock/foundry/documents/combatant")).ShockCombatant }
      : { Combat: (await import("../../src/rulesets/escalation/foundry/documents/combat")).FrayCombat,
        Combatant: (await import("../../src/rulesets/escalation/foundry/documents/combatant")).FrayCombatant };
    g.CONFIG.Combat.documentClass = docs.Combat;
    g.CONFIG.Combatant.documentClass = docs.Combatant;
    g.CONFIG.Combatant.dataModels = { ...models.COMBATANT_MODELS };
    g.game.combat = null;
  }

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    g.game.actors = new Map();
    g.canvas = { ready: false };
    g.ui.combat = { render: () => undefined };
  });

  /** An actor of the world (its sheet opened by the GM) from a pack source. */
  async function open(doc: Record<string, Any>) {
    const actor = new c.Actor(doc);
    g.game.actors.set(actor.id, actor);
    await actor.sheet.render({ force: true });
    await settle();
    return { actor, sheet: actor.sheet as Any, el: actor.sheet.element as HTMLElement };
  }
  const part = (el: HTMLElement, id: string) => el.querySelector(`[data-application-part="${id}"]`);

  describe("every ruleset's documents open in their own sheet, in any world (bug 4)", () => {
    it("registers a Fray sheet for every Actor and Item subtype of every ruleset", () => {
      for (const r of rulesets) {
        for (const [document, models] of Object.entries(r.dataModels as Record<string, object>)) {
          if (document === "ChatMessage") continue;
          for (const type of Object.keys(models)) {
            const cls = (document === "Actor" ? c.Actor : c.Item);
            const doc = new cls({ name: type, type });
            const sheet = doc._getSheetClass();
            const own = r.sheets.find((s: Any) => s.types.includes(type))?.sheet;
            expect(sheet, `${type} in any world`).toBe(own);
          }
        }
      }
    });

    for (const [world, other, doc, shows] of [
      ["escalation", "Shock", () => source("shock/npcs", "Bandit Captain"), "Morale"],
      ["shock", "Escalation", () => source("escalation/pregens", "Brann Tallow"), "Recoveries"],
    ] as const) {
      it(`in a world playing ${world}, a ${other} actor opens read-only in its own sheet, with a note`, async () => {
        await playWorld(world);
        const { sheet, el } = await open(doc());
        expect(el.querySelector(".fray-ruleset-note")?.textContent).toBe(
          `This ${other} document is shown read-only: this world plays ${world === "shock" ? "Shock" : "Escalation"}. `
          + `Pick ${other} in the world's Ruleset setting to play it.`);
        expect(el.textContent).toContain(shows);
        expect(sheet.isEditable).toBe(false);
        // DocumentSheetV2 disabled every control; there is no edit mode to switch to.
        const controls = [...el.querySelectorAll<HTMLInputElement>(".window-content input, .window-content button")]
          .filter((b) => b.dataset.action !== "toggleRow");
        expect(controls.length).toBeGreaterThan(3);
        expect(controls.every((b) => b.disabled)).toBe(true);
        expect(el.querySelector(".fray-mode-toggle")).toBeNull();
        await sheet.close({ animate: false });
      });
    }

    it("a world's own documents open playable, without the note", async () => {
      await playWorld("shock");
      const { sheet, el } = await open(source("shock/pregens", "Corvin Ash"));
      expect(el.querySelector(".fray-ruleset-note")).toBeNull();
      expect(sheet.isEditable).toBe(true);
      expect(el.querySelector<HTMLButtonElement>("[data-action=attack]")?.disabled).toBe(false);
      await sheet.close({ animate: false });
    });

    it("an inactive ruleset's item opens in its own item sheet, read-only", async () => {
      await playWorld("escalation");
      const item = new c.Item(source("shock/weapons", "Sabre"));
      await item.sheet.render({ force: true });
      await settle();
      const el = item.sheet.element as HTMLElement;
      expect(el.classList.contains("shock")).toBe(true);
      expect(el.querySelector(".fray-ruleset-note")).not.toBeNull();
      expect(el.querySelector(".shock-weapon-line")?.textContent).toMatch(/vs AC/);
      await item.sheet.close({ animate: false });
    });
  });

  describe("a sheet redraws its actor's combat state, and only that (bug 7)", () => {
    const cid = "cccccccccccccccc";
    const userId = "gmgmgmgmgmgmgmgm";
    const nodes = (el: HTMLElement) =>
      Object.fromEntries([...el.querySelectorAll<HTMLElement>("[data-application-part]")]
        .map((p) => [p.dataset.applicationPart!, p]));

    it("shock: a spent Main shows at once, redrawing the weapons and the round only", async () => {
      await playWorld("shock");
      const doc = source("shock/pregens", "Corvin Ash");
      const actor = new c.Actor(doc);
      g.game.actors.set(actor.id, actor);
      const combat = new g.CONFIG.Combat.documentClass({
        _id: "kkkkkkkkkkkkkkkk", round: 1, turn: 0,
        combatants: [{ _id: cid, actorId: actor.id, system: { side: "party" } }],
      });
      g.game.combat = combat;
      await actor.sheet.render({ force: true });
      await settle();
      const el = actor.sheet.element as HTMLElement;
      const before = nodes(el);
      expect(part(el, "actions")?.textContent).toMatch(/Main: left/);
      const combatant = combat.combatants.get(cid);
      // What every client does once the server has applied its owner's write.
      combatant.updateSource({ system: { main: true } });
      g.Hooks.callAll("updateCombatant", combatant, { system: { main: true } }, {}, userId);
      await settle();
      const after = nodes(el);
      expect(part(el, "actions")?.textContent).toMatch(/Main: used/);
      expect(after.actions).not.toBe(before.actions);
      expect(after.weapons).not.toBe(before.weapons);
      for (const id of ["header", "stats", "biography"]) expect(after[id], id).toBe(before[id]);
      await actor.sheet.close({ animate: false });
    });

    it("escalation: Foundry's render of a combat's actors keeps an open editor and redraws the turn", async () => {
      await playWorld("escalation");
      const actor = new c.Actor(source("escalation/pregens", "Brann Tallow"));
      g.game.actors.set(actor.id, actor);
      const combat = new g.CONFIG.Combat.documentClass({
        _id: "kkkkkkkkkkkkkkkk", round: 1, turn: 0,
        combatants: [{ _id: cid, actorId: actor.id }],
      });
      g.game.combat = combat;
      const sheet = actor.sheet as Any;
      sheet.sheetMode = "edit";
      await sheet.render({ force: true });
      await settle();
      const el = sheet.element as HTMLElement;
      // The biography's editor is open: prosemirror-editor.mjs marks it `active` while it edits.
      const editor = part(el, "biography")!.querySelector("prose-mirror")!;
      editor.classList.add("active");
      const before = nodes(el);
      // The next round: Foundry renders every combatant's actor (combat.mjs updateCombatantActors).
      combat.updateSource({ round: 2 });
      combat._onUpdate({ round: 2 }, { turnEvents: false }, userId);
      g.Hooks.callAll("updateCombat", combat, { round: 2 }, {}, userId);
      await settle();
      const after = nodes(el);
      expect(after.biography).toBe(before.biography);
      expect(editor.isConnected).toBe(true);
      expect(after.turn).not.toBe(before.turn);
      expect(after.header).not.toBe(before.header);
      expect(after.survival).toBe(before.survival);
      expect(part(el, "turn")?.textContent).toMatch(/2/);
      await sheet.close({ animate: false });
    });

    it("escalation: a change to another combat, or one that changes nothing shown, redraws nothing", async () => {
      await playWorld("escalation");
      const actor = new c.Actor(source("escalation/pregens", "Brann Tallow"));
      g.game.actors.set(actor.id, actor);
      const combat = new g.CONFIG.Combat.documentClass({
        _id: "kkkkkkkkkkkkkkkk", round: 1, turn: 0, combatants: [{ _id: cid, actorId: actor.id }],
      });
      g.game.combat = combat;
      await actor.sheet.render({ force: true });
      await settle();
      const el = actor.sheet.element as HTMLElement;
      const before = nodes(el);
      const other = new g.CONFIG.Combat.documentClass({ _id: "oooooooooooooooo", round: 3, turn: 0 });
      g.Hooks.callAll("updateCombat", other, { round: 3 }, {}, userId);
      g.Hooks.callAll("updateCombatant", combat.combatants.get(cid), { initiative: 5 }, {}, userId);
      combat._onUpdate({ flags: { world: { x: 1 } } }, { turnEvents: false }, userId);
      await settle();
      const after = nodes(el);
      for (const [id, node] of Object.entries(before)) expect(after[id], id).toBe(node);
      await actor.sheet.close({ animate: false });
    });

    it("a document update keeps the part holding an open editor, and redraws it once the editor closes", async () => {
      await playWorld("shock");
      const actor = new c.Actor(source("shock/pregens", "Corvin Ash"));
      const sheet = actor.sheet as Any;
      sheet.sheetMode = "edit";
      await sheet.render({ force: true });
      await settle();
      const el = sheet.element as HTMLElement;
      const editor = part(el, "biography")!.querySelector("prose-mirror")!;
      editor.classList.add("active");
      const before = nodes(el);
      // Another user's change to the actor: Foundry re-renders its sheets (client-document.mjs _onUpdate).
      actor.updateSource({ system: { hp: { value: 3 } } });
      actor._onUpdate({ system: { hp: { value: 3 } } }, {}, userId);
      await settle();
      let after = nodes(el);
      expect(after.biography).toBe(before.biography);
      expect(after.header).not.toBe(before.header);
      expect(el.querySelector<HTMLInputElement>("input[name='system.hp.value']")?.value).toBe("3");
      // Saved and closed (prosemirror-editor.mjs #save): the held part is drawn again.
      editor.classList.remove("active");
      editor.dispatchEvent(new Event("close", { bubbles: true }));
      await settle();
      after = nodes(el);
      expect(after.biography).not.toBe(before.biography);
      await sheet.close({ animate: false });
    });
  });

  describe("a sheet takes its own ruleset's items only (bug 11 b)", () => {
    const created = () => c.writes.filter((w) => w.action === "create");

    for (const [world, sheetOf, itemOf, ruleset] of [
      ["escalation", () => source("escalation/pregens", "Brann Tallow"), () => source("shock/weapons", "Sabre"), "Escalation"],
      ["shock", () => source("shock/pregens", "Corvin Ash"), () => source("escalation/abilities", "Word of Mending"), "Shock"],
    ] as const) {
      it(`a ${ruleset} sheet refuses another ruleset's item with the reason, creating nothing`, async () => {
        await playWorld(world);
        const to = await open(sheetOf());
        const item = new c.Item({ ...itemOf(), _id: "iiiiiiiiiiiiiiii" });
        g.game.items = new Map([[item.id, item]]);
        const dataTransfer = new DataTransfer();
        dataTransfer.setData("text/plain", JSON.stringify(item.toDragData()));
        to.el.dispatchEvent(dragEvent("drop", dataTransfer));
        await settle();
        expect(created()).toEqual([]);
        expect(c.notes).toEqual([{ level: "warn",
          text: `“${item.name}” belongs to another ruleset: a ${ruleset} sheet holds ${ruleset} items only. Nothing was added.` }]);
        await to.sheet.close({ animate: false });
      });
    }
  });

  describe("rows drag to another actor's sheet and onto the hotbar (bug 11 c)", () => {
    /** A drag from `row` and a drop on `target`, through Foundry's DragDrop (ux/drag-drop.mjs). */
    async function dragTo(row: HTMLElement, target: HTMLElement) {
      const dataTransfer = new DataTransfer();
      row.dispatchEvent(dragEvent("dragstart", dataTransfer));
      const data = JSON.parse(dataTransfer.getData("text/plain") || "null");
      target.dispatchEvent(dragEvent("drop", dataTransfer));
      await settle();
      return data;
    }
    const created = () => c.writes.filter((w) => w.action === "create");

    it("a row drags its item to another actor's sheet, which creates a copy there", async () => {
      await playWorld("escalation");
      const from = await open(source("escalation/pregens", "Brann Tallow"));
      const to = await open(source("escalation/pregens", "Isolde Marr"));
      const row = from.el.querySelector<HTMLElement>(".ability.draggable[data-item-id]")!;
      expect(row.getAttribute("draggable")).toBe("true");
      const item = from.actor.items.get(row.dataset.itemId);
      const data = await dragTo(row, to.el);
      expect(data).toEqual({ type: "Item", uuid: item.uuid });
      expect(created()).toHaveLength(1);
      expect(created()[0]).toMatchObject({ documentName: "Item", operation: { parent: to.actor } });
      expect(created()[0]!.operation.data[0]).toMatchObject({ name: item.name, type: "escalationAbility" });
      await from.sheet.close({ animate: false });
      await to.sheet.close({ animate: false });
    });

    it("a row dropped on the hotbar becomes a macro that uses the item", async () => {
      await playWorld("shock");
      const { registerItemMacros } = await import("../../src/shell/setup/item-macros");
      const used: Any[] = [];
      registerItemMacros({ types: ["shockWeapon"], use: async (item) => void used.push(item) });
      const from = await open(source("shock/pregens", "Corvin Ash"));
      const row = from.el.querySelector<HTMLElement>(".shock-weapon.draggable[data-item-id]")!;
      const dataTransfer = new DataTransfer();
      row.dispatchEvent(dragEvent("dragstart", dataTransfer));
      const data = JSON.parse(dataTransfer.getData("text/plain"));
      const slots: unknown[] = [];
      g.game.user.assignHotbarMacro = async (macro: Any, slot: unknown) => void slots.push([macro.name, slot]);
      // What the hotbar asks first on a drop (client/applications/ui/hotbar.mjs #onDragDrop).
      expect(g.Hooks.call("hotbarDrop", { locked: false }, data, "3")).toBe(false);
      await settle();
      const item = from.actor.items.get(row.dataset.itemId);
      const macro = created().find((w) => w.documentName === "Macro")?.operation.data[0];
      expect(macro).toMatchObject({ name: item.name, type: "script", command: `await game.fray.useItem("${item.uuid}");` });
      expect(slots).toEqual([[item.name, "3"]]);
      // The macro's command runs Fray's use of the item.
      await new Function("game", `return (async () => { ${macro.command} })();`)(g.game);
      expect(used).toEqual([item]);
      await from.sheet.close({ animate: false });
    });
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: client classes", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
