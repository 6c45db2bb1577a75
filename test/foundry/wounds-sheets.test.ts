// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient, type Client } from "./client";

/**
 * wounds' sheets in Foundry v13's own client classes (test/foundry/client.ts): the actor sheet
 * rendered from the built templates with its wound effects listed and one removed (an
 * ActiveEffect deleted by the sheet's owner), its turn in a started WoundsCombat (the kept slots,
 * a button paid through the GM's ruling), the weapon, spell and feat sheets, a Weapon Focus's
 * weapons written whole from its three fields, and a wounds actor read-only in another world.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const source = (pack: string, name: string) => {
  const found = readPackSources(pack, join(process.cwd(), "packs/_source")).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack}/${name} not in the packs`);
  return structuredClone(found.doc) as Record<string, Any>;
};
const settle = () => new Promise((r) => setTimeout(r, 20));
const wound = (id: string, aim: string, dealt: number) => ({
  _id: id, name: aim, img: "icons/svg/blood.svg", statuses: ["wounds.wound"],
  flags: { fray: { wound: { aim, combat: "", round: 0, dealt } } },
});

describe.skipIf(!HAVE_FOUNDRY)("wounds' sheets in Foundry's client", () => {
  let c: Client;
  let setActiveRuleset: (id: string) => void;
  const g = globalThis as Record<string, Any>;

  beforeAll(async () => {
    c = await loadClient();
    ({ setActiveRuleset } = await import("../../src/shell/setup/active-ruleset"));
    const { FOUNDRY_RULESETS } = await import("../../src/rulesets/foundry-registry");
    const { registerRulesetSheets } = await import("../../src/shell/applications/sheets");
    registerRulesetSheets(FOUNDRY_RULESETS);
    await c.DocumentSheetConfig.initializeSheets();
  });

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    g.game.actors = new Map();
    g.game.combat = null;
    g.canvas = { ready: false };
    g.ui.combat = { render: () => undefined };
    setActiveRuleset("wounds");
  });

  async function open(doc: Record<string, Any>) {
    const actor = new c.Actor(doc);
    g.game.actors.set(actor.id, actor);
    await actor.sheet.render({ force: true });
    await settle();
    return { actor, sheet: actor.sheet as Any, el: actor.sheet.element as HTMLElement };
  }

  it("the actor sheet lists its wounds with their effects; its owner removes one", async () => {
    const doc = source("wounds/pregens", "Orla Venn");
    doc.effects = [wound("wwwwwwwwwwwwwww1", "slowing", 1), wound("wwwwwwwwwwwwwww2", "weakening", 2)];
    const { sheet, el } = await open(doc);
    expect(el.classList.contains("wounds")).toBe(true);
    const rows = [...el.querySelectorAll<HTMLElement>(".wnd-wound")];
    expect(rows.map((r) => r.querySelector(".fray-row-name")?.textContent)).toEqual(["Slowing", "Weakening"]);
    expect(rows[1]!.textContent).toContain("Strength −1 · Bonus Actions −1");
    // Agility +1 less a slowing wound's −1: defense 10, the unwounded 11 struck through.
    const def = [...el.querySelectorAll(".wnd-stat")].find((s) => s.querySelector("dt")?.textContent === "DEF");
    expect(def?.querySelector("dd")?.textContent?.replace(/\s+/g, " ").trim()).toBe("10 11");
    // Her staff, and her attack spell (posted once its cast is paid); Cast on each of her three
    // spells (Ember Dart, Call Ashhound, Barkskin).
    expect(el.querySelectorAll("[data-action=attack][data-item-id]").length).toBe(2);
    expect(el.querySelectorAll("[data-action=cast][data-item-id]").length).toBe(3);
    expect(el.querySelector(".wnd-turn h3")).toBeNull();
    rows[0]!.querySelector<HTMLButtonElement>("[data-action=removeWound]")!.click();
    await settle();
    const deleted = c.writes.filter((w) => w.action === "delete");
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ documentName: "ActiveEffect" });
    expect(deleted[0]!.operation.ids).toEqual(["wwwwwwwwwwwwwww1"]);
    await sheet.close({ animate: false });
  });

  it("in a started combat the turn shows the kept slots, and a button takes its action", async () => {
    const { WoundsCombat } = await import("../../src/rulesets/wounds/foundry/documents/combat");
    const { WoundsCombatant } = await import("../../src/rulesets/wounds/foundry/documents/combatant");
    g.CONFIG.Combat.documentClass = WoundsCombat;
    g.CONFIG.Combatant.documentClass = WoundsCombatant;
    g.CONFIG.Combatant.dataModels = {};
    // The world's Actor class is wounds' own (its install()), which the GM's ruling reads.
    const { WoundsActor } = await import("../../src/rulesets/wounds/foundry/documents/actor");
    const doc = source("wounds/pregens", "Garrick Holt");
    doc.effects = [wound("wwwwwwwwwwwwwww1", "weakening", 1)];
    const actor = new (WoundsActor as Any)(doc);
    g.game.actors.set(actor.id, actor);
    const cid = "cccccccccccccccc";
    const combat = new WoundsCombat({
      _id: "kkkkkkkkkkkkkkkk", round: 1, turn: 0, combatants: [{ _id: cid, actorId: actor.id }],
      flags: { fray: { kept: { [cid]: { order: 0, attack: 1, move: 1, bonus: 0, freeHit: 1 } } } },
    });
    g.game.combat = combat;
    await actor.sheet.render({ force: true });
    await settle();
    const el = actor.sheet.element as HTMLElement;
    expect(el.querySelector(".wnd-turn h3")?.textContent).toBe("Round 1: your turn");
    // A weakening wound leaves one Bonus Action a turn, and it is spent.
    expect([...el.querySelectorAll(".wnd-slot")].map((s) => s.getAttribute("aria-label"))).toEqual([
      "Attack Action: 1 of 1", "Move Action: 1 of 1", "Bonus Actions: 0 of 1", "Free Hit Slots: 1 of 1",
    ]);
    const button = (id: string) => el.querySelector<HTMLButtonElement>(`[data-spend=${id}]`)!;
    expect(button("buyToHit").disabled).toBe(true);
    expect(button("disengage").disabled).toBe(false);
    button("move").click();
    await settle();
    const kept = c.writes.filter((w) => w.action === "update" && w.documentName === "Combat")
      .map((w) => w.operation.updates[0]);
    expect(kept.some((u) => u[`flags.fray.kept.${cid}.move`] === 0), JSON.stringify(kept)).toBe(true);
    expect(c.notes).toEqual([]);
    await actor.sheet.close({ animate: false });
  });

  it("each item sheet renders its item; a Weapon Focus's fields write its weapons whole", async () => {
    const orla = source("wounds/pregens", "Orla Venn");
    const { actor, sheet } = await open(orla);
    for (const item of actor.items) {
      await item.sheet.render({ force: true });
      await settle();
      const el = item.sheet.element as HTMLElement;
      expect(el.classList.contains("wounds"), item.name).toBe(true);
      expect(el.querySelector("h2.wnd-name")?.textContent, item.name).toBe(item.name);
      await item.sheet.close({ animate: false });
    }
    const focus = new c.Item(source("wounds/items", "Weapon Focus"));
    focus.sheet.sheetMode = "edit";
    await focus.sheet.render({ force: true });
    await settle();
    const fields = [...focus.sheet.element.querySelectorAll("input[data-focus]")] as HTMLInputElement[];
    expect(fields).toHaveLength(3);
    fields[0]!.value = " Club ";
    fields[2]!.value = "Spear";
    // Unbubbled: happy-dom lacks the FormDataEvent the form's own submit-on-change makes.
    fields[2]!.dispatchEvent(new Event("change"));
    await settle();
    const update = c.writes.find((w) => w.action === "update" && w.documentName === "Item");
    expect(update?.operation.updates[0]["system.weapons"]).toEqual(["Club", "Spear"]);
    await focus.sheet.close({ animate: false });
    await sheet.close({ animate: false });
  });

  it("in a world playing another ruleset, a wounds actor opens read-only with its wounds", async () => {
    setActiveRuleset("escalation");
    const doc = source("wounds/npcs", "Orc Brute");
    doc.effects = [wound("wwwwwwwwwwwwwww3", "disrupting", 1)];
    const { sheet, el } = await open(doc);
    expect(el.querySelector(".fray-ruleset-note")).not.toBeNull();
    expect(sheet.isEditable).toBe(false);
    expect(el.querySelector(".wnd-wound [data-action=removeWound]")).toBeNull();
    expect(el.querySelector(".wnd-subtitle")?.textContent).toContain("Thrall cost");
    await sheet.close({ animate: false });
  });
});
