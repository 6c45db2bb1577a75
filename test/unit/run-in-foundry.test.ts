import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { rollDice, runSync, type RollPlan } from "../../src/engine/dice/plan";
import { oneAgainstManyPlan, opposedPlan, type OpposedSide } from "../../src/engine/dice/opposed";
import { sidesPlan } from "../../src/engine/initiative/sides";
import { chainPlan, WOUNDS_CHAIN } from "../../src/engine/dice/chain";
import { SeededRoller } from "../../src/engine/dice/roller";
import { ShownRolls } from "../../src/shell/dice/shown-rolls";
import { diceOf, formulaOf, rollInFoundry, runInFoundry } from "../../src/shell/dice/run-in-foundry";
import { chatMessages } from "../support/stand-ins";

/**
 * An engine roll plan run with Foundry's `Roll` (src/shell/dice/run-in-foundry.ts), on stand-ins
 * for `Roll` and `ChatMessage` as test/unit/shock-gm-flow.test.ts uses them: one Roll per request
 * in the plan's order, every roll in one message seen as its card or actor says, and the same
 * result as the seeded roller given the same dice.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Dice the stand-in Roll hands out, in order; every Roll made, with its formula and options. */
let dice: number[] = [];
let made: { formula: string; options: any }[] = [];
class FakeRoll {
  dice: { results: { result: number; active?: boolean }[] }[] = [];
  constructor(readonly formula: string, _data: object = {}, readonly options: any = {}) {
    made.push({ formula, options });
  }
  async evaluate() {
    const [count, faces] = this.formula.split("d").map(Number) as [number, number];
    const results = Array.from({ length: count }, () => {
      const d = dice.shift();
      if (d === undefined || d > faces) throw new Error(`no scripted d${faces}`);
      return { result: d };
    });
    this.dice = [{ results }];
    return this;
  }
}

let shown: any[];
beforeEach(() => {
  dice = [];
  made = [];
  shown = [];
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("ChatMessage", chatMessages([], shown));
  vi.stubGlobal("CONFIG", { sounds: { dice: "dice.wav" } });
  vi.stubGlobal("game", { user: { isGM: true }, settings: { get: () => "gmroll" } });
});
afterEach(() => vi.unstubAllGlobals());

const side = (id: string, modifier: number): OpposedSide => ({
  id, dice: 2, faces: 6, modifiers: [{ source: "skill", value: modifier }],
});
const card = { whisper: ["gm", "author"], blind: false } as any;

describe("running a roll plan in Foundry", () => {
  it("rolls each request with Roll in order, names each roll, and shows them in one message as the card is seen", async () => {
    // a 3+4+1 = 8 against b 6+2 = 8: a tie, both again: a 6+6+1 = 13 against b 1+1 = 2.
    dice = [3, 4, 6, 2, 6, 6, 1, 1];
    const names: Record<string, string> = { a: "Corvin", b: "Wenna" };
    const r = await runInFoundry(opposedPlan(side("a", 1), side("b", 0)), {
      flavor: "Grapple", card, name: (label) => names[label],
    });
    expect(r.winner).toBe("a");
    expect(r.rolls.map((x) => [x.a.total, x.b.total])).toEqual([[8, 8], [13, 2]]);
    expect(made.map((m) => m.formula)).toEqual(["2d6", "2d6", "2d6", "2d6"]);
    expect(made.map((m) => m.options.flavor)).toEqual(["Corvin", "Wenna", "Corvin", "Wenna"]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ flavor: "Grapple", rollMode: "gmroll", whisper: ["gm", "author"], sound: "dice.wav" });
    expect(shown[0].rolls.map((s: string) => JSON.parse(s).formula)).toEqual(["2d6", "2d6", "2d6", "2d6"]);
    expect(dice).toEqual([]);
  });

  it("dice about a player's character are shown to everyone; unknown labels leave a roll unnamed", async () => {
    dice = [5, 1];
    const actor = { hasPlayerOwner: true } as any;
    await runInFoundry(oneAgainstManyPlan(side("s", 0), []), { flavor: "Break free", actor, name: () => undefined });
    expect(made.map((m) => m.options)).toEqual([{}]);
    expect(shown[0]).toMatchObject({ flavor: "Break free", rollMode: "publicroll", whisper: [] });
    // An NPC's dice follow the GM's own roll mode.
    dice = [5, 1];
    await runInFoundry(oneAgainstManyPlan(side("s", 0), []), { flavor: "x", actor: { hasPlayerOwner: false } as any });
    expect(shown[1].rollMode).toBe("gmroll");
  });

  it("a plan that asks for no dice shows nothing; a failing plan or a short Roll shows nothing and rejects", async () => {
    function* none(): RollPlan<string> {
      return "kept";
    }
    expect(await runInFoundry(none(), { flavor: "x" })).toBe("kept");
    expect(made).toEqual([]);
    expect(shown).toEqual([]);
    function* fails(): RollPlan<number> {
      yield* rollDice(1, 6);
      throw new Error("refused");
    }
    dice = [3];
    await expect(runInFoundry(fails(), { flavor: "x" })).rejects.toThrow("refused");
    expect(shown).toEqual([]);
    // A Roll whose term shows fewer dice than asked.
    vi.stubGlobal("Roll", class extends FakeRoll {
      override async evaluate() {
        this.dice = [{ results: [{ result: 1 }] }];
        return this;
      }
    });
    await expect(runInFoundry(opposedPlan(side("a", 0), side("b", 0)), { flavor: "x" })).rejects.toThrow(RangeError);
    expect(shown).toEqual([]);
  });

  it("rollInFoundry leaves the rolls for the caller's own card", async () => {
    dice = [4, 7];
    const rolls = new ShownRolls();
    const r = await rollInFoundry(sidesPlan([{ id: "party", bonus: 1, favoured: true }, { id: "foes", bonus: 0 }], 8), rolls,
      (label) => ({ party: "The party", foes: "The foes" })[label]);
    expect(r.order).toEqual(["foes", "party"]);
    expect(rolls.rolls).toHaveLength(2);
    expect(made.map((m) => [m.formula, m.options.flavor])).toEqual([["1d8", "The party"], ["1d8", "The foes"]]);
    expect(shown).toEqual([]);
  });

  it("reads every die term's active results", () => {
    const roll = { dice: [{ results: [{ result: 3, active: true }, { result: 1, active: false }] }, { results: [{ result: 6 }] }] };
    expect(diceOf(roll as any)).toEqual([3, 6]);
    expect(formulaOf({ count: 3, faces: 8, label: "x" })).toBe("3d8");
  });

  it("property: the same dice give the same result and the same rolls as the seeded roller", async () => {
    const plans: ((n: number) => RollPlan<unknown>)[] = [
      (n) => opposedPlan(side("a", n % 3), side("b", 1)),
      (n) => oneAgainstManyPlan(side("s", 0), Array.from({ length: 1 + (n % 3) }, (_, i) => side(`o${i}`, i % 2))),
      (n) => sidesPlan(Array.from({ length: 1 + (n % 4) }, (_, i) => ({ id: `s${i}`, bonus: 0 })), 3),
      () => chainPlan({ ...WOUNDS_CHAIN, start: 2, step: 1 }),
    ];
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.nat(), async (which, seed) => {
      const rolled: number[] = [];
      const faces: number[] = [];
      const seeded = new SeededRoller(seed);
      const expected = runSync(plans[which]!(seed), {
        die: (f) => {
          const d = seeded.die(f);
          rolled.push(d);
          faces.push(f);
          return d;
        },
      });
      dice = rolled.slice();
      made = [];
      const got = await runInFoundry(plans[which]!(seed), { flavor: "x" });
      expect(got).toEqual(expected);
      expect(dice).toEqual([]);
      // One Roll per request, their dice the seeded dice in order.
      const asked = made.flatMap((m) => {
        const [count, f] = m.formula.split("d").map(Number) as [number, number];
        return Array.from({ length: count }, () => f);
      });
      expect(asked).toEqual(faces);
    }), { numRuns: 200 });
  });
});
