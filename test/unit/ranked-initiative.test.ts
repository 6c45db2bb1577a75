import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rollRanked } from "../../src/shell/combat/ranked-initiative";
import { initiativePlan } from "../../src/rulesets/action-points/rules/initiative";
import { KEPT_SPEC } from "../../src/rulesets/action-points/play/data/kept-spec";
import { KEPT_VERSION } from "../../src/shell/combat/kept";
import { ScriptedRoll } from "../support/shock-world";
import { applyUpdate, chatMessages } from "../support/stand-ins";

/**
 * Ranked initiative on the GM's client (shell/combat/ranked-initiative.ts), with action-points'
 * plan (1d10 + Agility modifier, ties re-rolled among the tied): every asked combatant rolls,
 * places are written to the kept store in order and scores to each Combatant; a hidden
 * combatant's dice are shown privately, as Foundry shows a hidden combatant's roll
 * (client/documents/combat.mjs `rollInitiative`), and a roll-off that involves one too.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe("ranked initiative rolled by the GM", () => {
  let shown: any[];
  let combat: any;
  beforeEach(() => {
    shown = [];
    vi.stubGlobal("Roll", ScriptedRoll);
    vi.stubGlobal("ChatMessage", chatMessages([], shown));
    vi.stubGlobal("CONFIG", { sounds: { dice: "dice.wav" } });
    vi.stubGlobal("game", {
      settings: { get: (_s: string, key: string) => key === "keptEconomy" ? KEPT_VERSION : "publicroll" },
      user: { isGM: true },
    });
    const combatants = [
      { id: "tamsin", name: "Tamsin", hidden: false, initiative: null },
      { id: "lurker", name: "Lurker", hidden: true, initiative: null },
      { id: "thug", name: "Thug", hidden: false, initiative: null },
    ];
    combat = {
      flags: { fray: { kept: {} } },
      combatants: { contents: combatants, get: (id: string) => combatants.find((c) => c.id === id) },
      updateEmbeddedDocuments: vi.fn(async (_n: string, updates: any[]) => {
        for (const u of updates) Object.assign(combatants.find((c) => c.id === u._id)!, u);
      }),
    };
    Object.defineProperty(combat, "constructor", { value: { kept: KEPT_SPEC } });
  });
  afterEach(() => vi.unstubAllGlobals());

  const rolls = (written: any[]) => ({
    orderField: "order", flavor: "Initiative",
    plan: (entries: any) => initiativePlan(entries.map((e: any) => ({ id: e.id, agilityModifier: e.modifier }))),
    entryOf: (c: any) => ({ id: c.id, modifier: 0 }),
    writeOrder: async (patches: any, extra: any) => {
      written.push(patches);
      applyUpdate(combat, Object.fromEntries(Object.entries(patches)
        .map(([id, p]: [string, any]) => [`flags.fray.kept.${id}.order`, p.order])));
      applyUpdate(combat, extra);
    },
  });

  it("places everyone by score, the hidden one's die shown to the GM alone", async () => {
    ScriptedRoll.dice = [7, 9, 3];
    const written: any[] = [];
    const ranked = await rollRanked(combat, ["tamsin", "lurker", "thug"], rolls(written));
    expect(ranked.map((e) => e.id)).toEqual(["lurker", "tamsin", "thug"]);
    expect(written).toEqual([{ lurker: { order: 0 }, tamsin: { order: 1 }, thug: { order: 2 } }]);
    expect(combat.combatants.get("lurker").initiative).toBe(9);
    expect(shown.map((m) => [m.rollMode, m.rolls.length])).toEqual([["publicroll", 2], ["gmroll", 1]]);
  });

  it("a newcomer ranks against the scores the GM kept, not an owner's rewritten initiative", async () => {
    ScriptedRoll.dice = [7, 9];
    await rollRanked(combat, ["tamsin", "lurker"], rolls([]));
    expect(combat.flags.fray.rankedScores).toEqual({ lurker: 9, tamsin: 7 });
    // Tamsin's owner writes her Combatant's initiative (common/documents/combatant.mjs lets it).
    combat.combatants.get("tamsin").initiative = 1;
    ScriptedRoll.dice = [3];
    const written: any[] = [];
    await rollRanked(combat, ["thug"], rolls(written));
    // The thug's 3 does not beat Tamsin's kept 7: after her, whatever her Combatant now says.
    expect(written).toEqual([{ lurker: { order: 0 }, tamsin: { order: 1 }, thug: { order: 2 } }]);
  });

  it("a tie with the hidden one is rolled off privately", async () => {
    ScriptedRoll.dice = [5, 5, 2, 8, 1];
    const ranked = await rollRanked(combat, ["tamsin", "lurker", "thug"], rolls([]));
    expect(ranked.map((e) => e.id)).toEqual(["tamsin", "lurker", "thug"]);
    const secret = shown.find((m) => m.rollMode === "gmroll");
    // The lurker's own die and the roll-off's.
    expect(secret.rolls.length).toBe(2);
    expect(shown.find((m) => m.rollMode === "publicroll").rolls.length).toBe(2);
  });
});
