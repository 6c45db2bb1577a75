// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient, type Client } from "./client";

/**
 * shock's combat tracker initiative controls (bug 11 d) on Foundry v13's own CombatTracker and
 * client Combat, Combatant and CombatantGroup documents (test/foundry/client.ts). A combatant's
 * initiative is its side's (client/documents/combatant.mjs `_prepareGroup` copies the group's), so
 * the GM's controls act on the side's roll: typing a total, clearing it, rerolling it, resetting
 * every side. The d8 is a stand-in Roll that gives the dice the test names.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const PC = "aaaaaaaaaaaaaaaa";
const NPC = "bbbbbbbbbbbbbbbb";
const PARTY = "gpgpgpgpgpgpgpgp";
const FOES = "gfgfgfgfgfgfgfgf";

describe.skipIf(!HAVE_FOUNDRY)("shock's initiative controls act on the side's roll", () => {
  let c: Client;
  let combat: Any;
  let tracker: Any;
  const dice: number[] = [];
  const g = globalThis as Record<string, Any>;

  beforeAll(async () => {
    c = await loadClient();
    (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset("shock");
    const { ShockCombat } = await import("../../src/rulesets/shock/foundry/documents/combat");
    const { ShockCombatant } = await import("../../src/rulesets/shock/foundry/documents/combatant");
    const models = await import("../../src/rulesets/shock/foundry/data/register");
    g.CONFIG.Combat.documentClass = ShockCombat;
    g.CONFIG.Combatant.documentClass = ShockCombatant;
    g.CONFIG.Combatant.dataModels = { ...models.COMBATANT_MODELS };
    // Foundry's Roll, reduced to what the side rolls read: the dice results of one term.
    g.Roll = class {
      dice: { results: { result: number }[] }[] = [];
      constructor(readonly formula: string) {}
      async evaluate() {
        const count = Number(/^(\d+)d/.exec(this.formula)?.[1] ?? 1);
        this.dice = [{ results: Array.from({ length: count }, () => ({ result: dice.shift() ?? 1 })) }];
        return this;
      }
    };
    const { ShockCombatTracker } = await import("../../src/rulesets/shock/foundry/applications/combat-tracker");
    tracker = new (ShockCombatTracker as Any)();
  });

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    dice.length = 0;
    g.game.user = { ...g.game.user, isGM: true };
    // The party rolled d8 4 + 2 = 6, the foes 5: the party acts first.
    combat = new g.CONFIG.Combat.documentClass({
      _id: "kkkkkkkkkkkkkkkk", round: 1, turn: 0,
      groups: [
        { _id: PARTY, name: "Party", initiative: 6, flags: { fray: { side: "party", rank: 0, die: 4, bonus: 2 } } },
        { _id: FOES, name: "Foes", initiative: 5, flags: { fray: { side: "foes", rank: 1, die: 5, bonus: 0 } } },
      ],
      combatants: [
        { _id: PC, name: "Corvin", group: PARTY, initiative: 6, system: { side: "party" } },
        { _id: NPC, name: "Bandit", group: FOES, initiative: 5, system: { side: "foes" } },
      ],
    });
    tracker.viewed = combat;
  });

  /** The tracker's row of a combatant, with its initiative box (templates/sidebar/tabs/combat/tracker.hbs). */
  const row = (id: string, value = "") => {
    const li = document.createElement("li");
    li.className = "combatant";
    li.dataset.combatantId = id;
    li.innerHTML = `<input type="text" class="initiative-input" value="${value}">`;
    return li;
  };
  const typed = async (id: string, value: string) => {
    const li = row(id, value);
    await tracker._onUpdateInitiative({ target: li.querySelector("input") });
  };
  const order = () => {
    combat.setupTurns();
    return combat.turns.map((t: Any) => t.id);
  };
  const group = (id: string) => combat.groups.get(id);
  const entry = (name: string) => tracker._getEntryContextOptions().find((e: Any) => e.name === name);

  it("starts with the party first; each member shows its side's initiative", () => {
    expect(order()).toEqual([PC, NPC]);
    expect(combat.combatants.get(NPC).initiative).toBe(5);
  });

  it("a total typed on a row sets its side's and orders the sides again", async () => {
    await typed(NPC, "9");
    expect(group(FOES).initiative).toBe(9);
    expect(group(FOES).getFlag("fray", "rank")).toBe(0);
    expect(group(PARTY).getFlag("fray", "rank")).toBe(1);
    expect(combat.combatants.get(NPC).initiative).toBe(9);
    expect(order()).toEqual([NPC, PC]);
  });

  it("a change typed (+2, -1) moves the side's total; the party wins a tie", async () => {
    await typed(PC, "-1");
    expect(group(PARTY).initiative).toBe(5);
    expect(order()).toEqual([PC, NPC]);
    await typed(PC, "-1");
    expect(order()).toEqual([NPC, PC]);
    await typed(NPC, "+2");
    expect(group(FOES).initiative).toBe(7);
  });

  it("anything else is refused with the reason and writes nothing", async () => {
    await typed(PC, "fast");
    expect(c.writes).toEqual([]);
    expect(c.notes.map((n) => n.level)).toEqual(["warn"]);
    expect(c.notes[0]!.text).toContain("“fast” is not an initiative");
  });

  it("Foundry's row Clear and Reroll become the side's, for the GM only", () => {
    const names = tracker._getEntryContextOptions().map((e: Any) => e.name);
    expect(names).not.toContain("COMBAT.CombatantClear");
    expect(names).not.toContain("COMBAT.CombatantReroll");
    expect(names).toEqual(expect.arrayContaining(["FRAY.Shock.Combat.ClearSide", "FRAY.Shock.Combat.RerollSide"]));
    expect(entry("FRAY.Shock.Combat.ClearSide").condition(row(PC))).toBe(true);
    g.game.user = { ...g.game.user, isGM: false };
    expect(entry("FRAY.Shock.Combat.ClearSide").condition(row(PC))).toBe(false);
    expect(entry("FRAY.Shock.Combat.RerollSide").condition(row(PC))).toBe(false);
  });

  it("clearing a row's side (or an empty box) leaves it unrolled; the next roll rolls it again", async () => {
    await entry("FRAY.Shock.Combat.ClearSide").callback(row(NPC));
    expect(group(FOES).initiative).toBeNull();
    expect(combat.combatants.get(NPC).initiative).toBeNull();
    dice.push(8);
    await combat.rollInitiative();
    expect(group(FOES).initiative).toBe(8);
    expect(order()).toEqual([NPC, PC]);
    const card = c.writes.find((w) => w.documentName === "ChatMessage")?.operation.data[0];
    expect(card?.content).toContain("the foes: d8 8 + 0 = 8");
    await typed(PC, "");
    expect(group(PARTY).initiative).toBeNull();
  });

  it("rerolling a row's side rolls its d8 (the party keeps its bonus) and orders the sides again", async () => {
    dice.push(1);
    await entry("FRAY.Shock.Combat.RerollSide").callback(row(PC));
    expect(group(PARTY).initiative).toBe(3);
    expect(group(PARTY).getFlag("fray", "die")).toBe(1);
    expect(order()).toEqual([NPC, PC]);
  });

  it("a player (a macro) is told the sides' initiative is the GM's, and nothing is written", async () => {
    g.game.user = { ...g.game.user, isGM: false };
    await combat.resetAll();
    await combat.setGroupInitiative("party", 9);
    expect(c.writes).toEqual([]);
    expect(c.notes.map((n) => n.text)).toEqual(Array(2).fill("Only the GM sets the sides' initiative."));
  });

  it("Reset Initiative clears every side's roll; the next roll rolls every side", async () => {
    await combat.resetAll();
    expect(combat.groups.size).toBe(0);
    expect([...combat.combatants].map((x: Any) => x.initiative)).toEqual([null, null]);
    dice.push(2, 7);
    await combat.rollInitiative();
    expect(combat.groups.size).toBe(2);
    expect(order()).toEqual([NPC, PC]);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: client classes", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
