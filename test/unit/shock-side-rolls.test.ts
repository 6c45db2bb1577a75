import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIDE_ROLLS } from "../../src/rulesets/shock/foundry/documents/side-controls";
import { sideDicePlan, sideOrderPlan } from "../../src/rulesets/shock/play/round/side-rolls";
import {
  rerollGroups, setGroupTotal, type GroupCombat,
} from "../../src/shell/combat/group-initiative";

const rerollSides = (c: GroupCombat, sides: string[]) => rerollGroups(c, SIDE_ROLLS, sides);
const setSideTotal = (c: GroupCombat, side: string, total: number) =>
  setGroupTotal(c, SIDE_ROLLS, side, total);
import { runSync } from "../../src/engine/dice/plan";
import { chatMessages } from "../support/stand-ins";

/**
 * The GM's side initiative controls rolling their dice as roll plans with Foundry's Roll
 * (the shell's group-initiative.ts with documents/side-controls.ts): a re-rolled side's d8 is one Roll named after its side, a tie among
 * unfavoured sides asks for one d8 per tied side only, and every roll reaches the chat (the
 * re-roll's card, or a message of its own after a typed total). Foundry's shock makes two sides
 * (the party and the foes), so three sides here are the controls' own generality. Source:
 * `002_5e27cdf788b28f5f.txt` §Combat Sequence; RULINGS.md §shock Side initiative, Sides.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
let dice: number[] = [];
let made: { formula: string; flavor: string | undefined }[] = [];
class FakeRoll {
  dice: { results: { result: number }[] }[] = [];
  constructor(readonly formula: string, _data: object = {}, readonly options: any = {}) {
    made.push({ formula, flavor: options.flavor });
  }
  async evaluate() {
    const [count, faces] = this.formula.split("d").map(Number) as [number, number];
    this.dice = [{
      results: Array.from({ length: count }, () => {
        const d = dice.shift();
        if (d === undefined || d > faces) throw new Error(`no scripted d${faces}`);
        return { result: d };
      }),
    }];
    return this;
  }
}

function group(side: string, initiative: number | null, bonus = 0, rank = 0) {
  const g: any = {
    id: `group${side}`, initiative, flags: { fray: { side, bonus, rank, die: initiative === null ? null : initiative - bonus } },
    getFlag: (_scope: string, key: string) => g.flags.fray[key],
    async update(data: Record<string, unknown>) {
      for (const [k, v] of Object.entries(data)) {
        if (k === "initiative") g.initiative = v;
        else g.flags.fray[k.replace("flags.fray.", "")] = v;
      }
    },
  };
  return g;
}

let shown: any[];
let combat: GroupCombat & { groupDocs: any[] };
beforeEach(() => {
  dice = [];
  made = [];
  shown = [];
  // The party rolled 4 + 2 = 6, the wolves 3, the bandits 2.
  const groups = [group("party", 6, 2, 0), group("wolves", 3, 0, 1), group("bandits", 2, 0, 2)];
  combat = {
    groupDocs: groups, groupMembers: [],
    groupOf: (side: string) => groups.find((g) => g.flags.fray.side === side),
    writeTurnOrder: async () => undefined, deleteEmbeddedDocuments: async () => undefined,
  };
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("ChatMessage", chatMessages([], shown));
  vi.stubGlobal("CONFIG", { sounds: { dice: "dice.wav" } });
  vi.stubGlobal("game", { user: { isGM: true }, settings: { get: () => "publicroll" }, i18n: { localize: (k: string) => k } });
});
afterEach(() => vi.unstubAllGlobals());

const ranks = () => Object.fromEntries(combat.groupDocs.map((g) => [g.getFlag("fray", "side"), g.getFlag("fray", "rank")]));

describe("re-rolling sides with Foundry's Roll", () => {
  it("a d8 per re-rolled side, then a tie among the foes rolled off among them, all for the card", async () => {
    // Wolves and bandits both roll 5; the tie-break (one d8 each) puts the bandits first.
    dice = [5, 5, 2, 6];
    const out = await rerollSides(combat, ["wolves", "bandits"]);
    expect(dice).toEqual([]);
    expect(out.rolls).toEqual([
      { key: "wolves", die: 5, bonus: 0, total: 5 }, { key: "bandits", die: 5, bonus: 0, total: 5 },
    ]);
    expect(made).toEqual([
      { formula: "1d8", flavor: "FRAY.Shock.Side.foes" }, { formula: "1d8", flavor: "FRAY.Shock.Side.foes" },
      { formula: "2d8", flavor: undefined },
    ]);
    expect(out.shown.map((r: any) => r.formula)).toEqual(["1d8", "1d8", "2d8"]);
    // The card shows them (combat.ts postGroupRolls); nothing else is posted.
    expect(shown).toEqual([]);
    expect(ranks()).toEqual({ party: 0, wolves: 2, bandits: 1 });
  });

  it("the party wins its ties without a roll", async () => {
    // The party's 6 ties the wolves' new 6: no tie-break, the party first.
    dice = [6];
    await rerollSides(combat, ["wolves"]);
    expect(made.map((m) => m.formula)).toEqual(["1d8"]);
    expect(ranks()).toEqual({ party: 0, wolves: 1, bandits: 2 });
  });

  it("a typed total that ties two foes rolls their tie-break in a message of its own", async () => {
    dice = [1, 7];
    await setSideTotal(combat, "bandits", 3);
    expect(made.map((m) => m.formula)).toEqual(["2d8"]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ flavor: "FRAY.Shock.Combat.TieBreak", rollMode: "publicroll" });
    expect(ranks()).toEqual({ party: 0, wolves: 2, bandits: 1 });
    // No tie: no die, no message.
    made = [];
    await setSideTotal(combat, "bandits", 1);
    expect(made).toEqual([]);
    expect(shown).toHaveLength(1);
  });

  it("the plans alone: one d8 per side; no side, no die", () => {
    const roller = { die: (f: number) => f };
    expect(runSync(sideDicePlan(["party", "foes"]), roller)).toEqual([8, 8]);
    expect(runSync(sideOrderPlan([]), { die: () => { throw new Error("no die expected"); } })).toEqual([]);
  });
});
