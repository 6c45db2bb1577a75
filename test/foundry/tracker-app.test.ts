// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient, type Client } from "./client";

/**
 * The shell's one tracker class (shell/applications/tracker/app.ts) on Foundry v13's own
 * CombatTracker (client/applications/sidebar/tabs/combat-tracker.mjs) and client Combat,
 * Combatant and CombatantGroup documents (test/foundry/client.ts), configured by shock's
 * declaration: AppV2 merges its classes and actions with Foundry's, its part sits between
 * Foundry's header and list, a GM-only button does nothing for a player and writes for the GM, a
 * row's button acts only in a row, the rows come from the viewed combat, and the ruleset's menu
 * entries follow Foundry's.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const PC = "aaaaaaaaaaaaaaaa";
const NPC = "bbbbbbbbbbbbbbbb";
const PARTY = "gpgpgpgpgpgpgpgp";
const FOES = "gfgfgfgfgfgfgfgf";

describe.skipIf(!HAVE_FOUNDRY)("the shell's tracker class on Foundry's CombatTracker", () => {
  let c: Client;
  let Tracker: Any;
  let tracker: Any;
  let combat: Any;
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
    g.game.i18n.getListFormatter = () => new Intl.ListFormat("en");
    ({ ShockCombatTracker: Tracker } = await import("../../src/rulesets/shock/foundry/applications/combat-tracker"));
    tracker = new Tracker();
  });

  beforeEach(() => {
    c.notes.length = 0;
    c.writes.length = 0;
    g.game.user = { ...g.game.user, isGM: true };
    combat = new g.CONFIG.Combat.documentClass({
      _id: "kkkkkkkkkkkkkkkk", round: 0, turn: 0,
      groups: [
        { _id: PARTY, name: "Party", initiative: 6, flags: { fray: { side: "party", rank: 0, die: 4, bonus: 2 } } },
        { _id: FOES, name: "Foes", initiative: 5, flags: { fray: { side: "foes", rank: 1, die: 5, bonus: 0 } } },
      ],
      combatants: [
        { _id: PC, name: "Corvin", group: PARTY, initiative: 6, system: { side: "party" } },
        { _id: NPC, name: "Bandit", group: FOES, initiative: 5, system: { side: "foes" } },
      ],
    });
    combat.setupTurns();
    tracker.viewed = combat;
  });

  const button = (attrs: Record<string, string>, rowId?: string) => {
    const b = document.createElement("button");
    for (const [k, v] of Object.entries(attrs)) b.dataset[k] = v;
    if (!rowId) return b;
    const li = document.createElement("li");
    li.dataset.combatantId = rowId;
    li.append(b);
    return b;
  };
  const press = (action: string, target: HTMLElement) =>
    tracker.options.actions[action].call(tracker, new Event("click"), target);

  it("keeps Foundry's options and adds the shell's and the ruleset's", () => {
    expect(tracker.options.classes).toEqual(expect.arrayContaining(["fray-combat", "fray-shock-tracker"]));
    expect(Object.keys(tracker.options.actions)).toEqual(expect.arrayContaining(
      ["rollInitiative", "toggleDefeated", "shockSurprise", "shockActNext"]));
    // No slot is flipped in shock: no pip action.
    expect(tracker.options.actions.frayTogglePip).toBeUndefined();
    expect(Object.keys(Tracker.PARTS)).toEqual(["header", "sides", "tracker", "footer"]);
    expect(tracker.combat).toBe(combat);
    // Its hooks keep the ruleset's tracker's name beside Foundry's (renderShockCombatTracker).
    expect([...Tracker.inheritanceChain()].map((cls: Any) => cls.name).slice(0, 2))
      .toEqual(["ShockCombatTracker", "CombatTracker"]);
  });

  it("a GM-only button does nothing for a player, and writes for the GM", async () => {
    g.game.user = { ...g.game.user, isGM: false };
    await press("shockSurprise", button({ side: "foes" }));
    expect(c.writes).toEqual([]);
    g.game.user = { ...g.game.user, isGM: true };
    await press("shockSurprise", button({ side: "foes" }));
    expect(c.notes).toEqual([]);
    const update = c.writes.find((w) => w.documentName === "Combat" && w.action === "update");
    expect(update?.operation.updates[0]).toMatchObject({ flags: { fray: { surprised: ["foes"] } } });
  });

  it("a row's button does nothing outside a row", async () => {
    await press("shockActNext", button({}));
    expect(c.writes).toEqual([]);
    expect(c.notes).toEqual([]);
  });

  it("the part's context and the rows come from the viewed combat", async () => {
    const part = await tracker._preparePartContext("sides", {}, { parts: ["sides"] });
    expect(part).toMatchObject({ canSurprise: true, surpriseRound: false });
    expect(part.sides.map((s: Any) => s.id)).toEqual(["party", "foes"]);
    const view = tracker.trackerRows(new Set([NPC]));
    expect(view.rows.map((r: Any) => r.id)).toEqual([NPC]);
    expect(view.headings.map((h: Any) => [h.beforeId, h.group])).toEqual([[NPC, "foes"]]);
    // Not started: nobody is acting.
    expect(view.rows[0].active).toBe(false);
  });

  it("Foundry's entries first (Clear and Reroll on the side), then the ruleset's", () => {
    const names = tracker._getEntryContextOptions().map((e: Any) => e.name);
    expect(names.slice(0, 5)).toEqual([
      "COMBAT.CombatantUpdate", "FRAY.Shock.Combat.ClearSide", "FRAY.Shock.Combat.RerollSide",
      "COMBAT.CombatantClearMovementHistory", "COMBAT.CombatantRemove",
    ]);
    expect(names.at(-1)).toBe("Set the group's Morale");
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: the shell's tracker class", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
