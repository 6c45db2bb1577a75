import { describe, expect, it } from "vitest";
import {
  answersNeed, runScript, type Need, type Supplied,
} from "../../src/engine/resolution/window/protocol";
import {
  oneAgainstManyPlan, rollOneAgainstMany, rollOpposed,
} from "../../src/engine/dice/opposed";
import { SeededRoller } from "../../src/engine/dice/roller";
import { isJson } from "../../src/engine/resolution/window/json";

const dice = (...results: number[]): Supplied => ({ kind: "dice", results });

describe("window protocol: a resolver replayed over what was supplied", () => {
  it("stops at the first need, then finishes once every need is supplied", () => {
    const resolver = (s: Parameters<Parameters<typeof runScript>[0]>[0]) => {
      const [a] = s.dice(1, 100, "parry", "hero");
      const inner = s.window({ attacker: "hero" }, ["dodge"]);
      const told = s.outside("snapAttack", { by: "ally" });
      return { a, inner, told };
    };
    expect(runScript(resolver, [])).toEqual({
      need: { kind: "dice", count: 1, faces: 100, label: "parry", by: "hero" },
    });
    expect(runScript(resolver, [dice(42)]).need).toEqual({
      kind: "window", context: { attacker: "hero" }, only: ["dodge"],
    });
    const third = runScript(resolver, [dice(42), { kind: "window", settlement: { hit: true } }]);
    expect(third.need).toEqual({ kind: "outside", name: "snapAttack", data: { by: "ally" } });
    const done = runScript(resolver, [
      dice(42), { kind: "window", settlement: { hit: true } }, { kind: "outside", value: 7 },
    ]);
    expect(done.done).toEqual({ a: 42, inner: { hit: true }, told: 7 });
  });

  it("refuses a replay that reads something else, or leaves supplies unread", () => {
    const one = (s: Parameters<Parameters<typeof runScript>[0]>[0]) => s.dice(1, 6, "x");
    expect(() => runScript(one, [{ kind: "outside", value: 1 }])).toThrow(/asked for dice/);
    expect(() => runScript(one, [dice(1, 2)])).toThrow(/asked for 1d6, got 2/);
    expect(() => runScript(one, [dice(3), dice(4)])).toThrow(/read 1 of 2/);
  });

  it("a roller deals supplied batches in order and asks for another batch on a tie", () => {
    const a = { id: "a", dice: 2, faces: 6, modifiers: [] };
    const b = { id: "b", dice: 2, faces: 6, modifiers: [] };
    const resolver = (s: Parameters<Parameters<typeof runScript>[0]>[0]) =>
      rollOpposed(a, b, s.roller(6, 4, "screen")).winner;
    expect(runScript(resolver, []).need).toMatchObject({ kind: "dice", count: 4, faces: 6 });
    // 3+4 against 5+2 ties: a second batch decides.
    expect(runScript(resolver, [dice(3, 4, 5, 2)]).need).toMatchObject({ count: 4 });
    expect(runScript(resolver, [dice(3, 4, 5, 2), dice(6, 6, 1, 1)]).done).toBe("a");
    const wrong = (s: Parameters<Parameters<typeof runScript>[0]>[0]) => s.roller(6, 2, "x").die(8);
    expect(() => runScript(wrong, [])).toThrow(/deals d6/);
  });

  it("a roll plan asks for each of its requests in turn, exactly the dice it uses", () => {
    const side = (id: string) => ({ id, dice: 2, faces: 6, modifiers: [] });
    const others = [side("s1"), side("s2")];
    const resolver = (s: Parameters<Parameters<typeof runScript>[0]>[0]) =>
      s.plan(oneAgainstManyPlan(side("orc"), others), "screen");
    expect(runScript(resolver, []).need).toEqual({
      kind: "dice", count: 2, faces: 6, label: "screen", by: "orc",
    });
    // orc 7 ties s1 7: the pair rolls again, the orc first, before s2 rolls at all.
    expect(runScript(resolver, [dice(3, 4), dice(5, 2)]).need).toMatchObject({ by: "orc" });
    expect(runScript(resolver, [dice(3, 4), dice(5, 2), dice(1, 1)]).need).toMatchObject({ by: "s1" });
    const done = runScript(resolver, [dice(3, 4), dice(5, 2), dice(1, 1), dice(6, 6), dice(2, 2)]);
    expect(done.done?.pairs.map((p) => [p.id, p.singleWins])).toEqual([["s1", false], ["s2", true]]);
  });

  it("a plan on supplies reads the same dice, in the same order, as runSync with a roller", () => {
    const side = (id: string, m: number) => ({ id, dice: 2, faces: 6, modifiers: [{ source: "m", value: m }] });
    for (let seed = 1; seed <= 300; seed++) {
      const others = [side("s1", seed % 3), side("s2", 1)];
      const expected = rollOneAgainstMany(side("orc", 1), others, new SeededRoller(seed));
      // The same stream dealt need by need.
      const roller = new SeededRoller(seed);
      const supplied: Supplied[] = [];
      for (;;) {
        const r = runScript((s) => s.plan(oneAgainstManyPlan(side("orc", 1), others), "screen"), supplied);
        if (r.done) {
          expect(r.done).toEqual(expected);
          break;
        }
        const need = r.need as Extract<Need, { kind: "dice" }>;
        supplied.push(dice(...Array.from({ length: need.count }, () => roller.die(need.faces))));
      }
    }
  });

  it("a supply answers a need of its kind, dice by count and range", () => {
    const need: Need = { kind: "dice", count: 2, faces: 6, label: "", by: "" };
    expect(answersNeed(need, dice(1, 6))).toBe(true);
    expect(answersNeed(need, dice(1))).toBe(false);
    expect(answersNeed(need, dice(0, 6))).toBe(false);
    expect(answersNeed(need, dice(7, 6))).toBe(false);
    expect(answersNeed(need, dice(2.5, 6))).toBe(false);
    expect(answersNeed(need, { kind: "outside", value: 1 })).toBe(false);
  });

  it("plain JSON is what survives a round trip", () => {
    for (const v of [null, 1, "a", true, [1, [2]], { a: { b: [null] } }]) expect(isJson(v)).toBe(true);
    for (const v of [undefined, NaN, Infinity, -0, { a: undefined }, [, 1], new Date(0), () => 1]) {
      expect(isJson(v)).toBe(false);
    }
  });
});
