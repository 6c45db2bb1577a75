import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  WOUNDS_CHAIN, chainFor, chainOdds, linkFaces, nextLinkFaces, readChain, rollChain, type ChainSpec,
} from "../../src/engine/dice/chain";
import { SeededRoller, type DiceRoller } from "../../src/engine/dice/roller";

/** A roller that plays back fixed values. */
const scripted = (values: number[]): DiceRoller => ({ die: () => values.shift() ?? 1 });
const maxRoller: DiceRoller = { die: (faces) => faces };

describe("die chains (001_dbc5fcc02a99a518.txt §Auto Fails/Criticals; RULINGS.md §wounds)", () => {
  it("a natural 20 starts the critical chain, a natural 1 the tragedy chain", () => {
    expect(chainFor(20)).toBe("critical");
    expect(chainFor(1)).toBe("tragedy");
    expect(chainFor(19)).toBeNull();
  });
  it("d4, then d6, d8 and so on", () => {
    expect([0, 1, 2, 3, 4].map((l) => linkFaces(WOUNDS_CHAIN, l))).toEqual([4, 6, 8, 10, 12]);
  });
  it("a 4 on the d4 continues to a d6; a 6 there is the decisive blow; a miss ends the chain", () => {
    expect(nextLinkFaces(WOUNDS_CHAIN, [])).toBe(4);
    expect(nextLinkFaces(WOUNDS_CHAIN, [4])).toBe(6);
    expect(nextLinkFaces(WOUNDS_CHAIN, [4, 6])).toBe(8);
    expect(nextLinkFaces(WOUNDS_CHAIN, [3])).toBeNull();
    expect(readChain(WOUNDS_CHAIN, [3]).reached).toBe(0);
    expect(readChain(WOUNDS_CHAIN, [4, 2]).reached).toBe(1);
    expect(rollChain(WOUNDS_CHAIN, scripted([4, 6, 5]))).toEqual({ faces: [4, 6, 8], rolls: [4, 6, 5], reached: 2, capped: false });
  });
  it("refuses rolls after the chain ended and rolls outside the die", () => {
    expect(() => readChain(WOUNDS_CHAIN, [2, 6])).toThrow(/stopped/);
    expect(() => readChain(WOUNDS_CHAIN, [5])).toThrow(/d4/);
  });
  it("a roller that always rolls high is stopped by the cap and reported as capped", () => {
    const r = rollChain(WOUNDS_CHAIN, maxRoller);
    expect(r.rolls).toHaveLength(12);
    expect(r.reached).toBe(12);
    expect(r.capped).toBe(true);
  });
  it("exact odds: super critical 1/4, decisive 1/24, and 1/480 of all d20 attacks end decisively", () => {
    expect(chainOdds(WOUNDS_CHAIN, 1).atLeast).toEqual({ num: 1, den: 4 });
    expect(chainOdds(WOUNDS_CHAIN, 2).atLeast).toEqual({ num: 1, den: 24 });
    expect(chainOdds(WOUNDS_CHAIN, 0).exactly).toEqual({ num: 3, den: 4 });
    expect(chainOdds(WOUNDS_CHAIN, 1).exactly).toEqual({ num: 5, den: 24 });
    expect(20 * chainOdds(WOUNDS_CHAIN, 2).atLeast.den).toBe(480);
  });
  it("exact odds agree with an enumeration of the first three links (4 × 6 × 8 outcomes)", () => {
    const counts = [0, 0, 0, 0];
    for (let a = 1; a <= 4; a++) {
      for (let b = 1; b <= 6; b++) {
        for (let c = 1; c <= 8; c++) {
          const rolls = [a];
          if (a === 4) rolls.push(b);
          if (a === 4 && b === 6) rolls.push(c);
          const reached = readChain(WOUNDS_CHAIN, rolls).reached;
          counts[reached] = (counts[reached] ?? 0) + 1;
        }
      }
    }
    for (let n = 0; n < 3; n++) {
      const { num, den } = chainOdds(WOUNDS_CHAIN, n).exactly;
      expect(counts[n]! / 192).toBeCloseTo(num / den, 15);
    }
    expect(counts[3]! / 192).toBe(chainOdds(WOUNDS_CHAIN, 3).atLeast.num / chainOdds(WOUNDS_CHAIN, 3).atLeast.den);
  });
  it("the exact odds of stopping at each link sum to one", () => {
    let sum = 0;
    for (let n = 0; n <= WOUNDS_CHAIN.maxLinks; n++) {
      const { num, den } = chainOdds(WOUNDS_CHAIN, n).exactly;
      sum += num / den;
    }
    expect(sum).toBeCloseTo(1, 12);
  });
  it("property: a rolled chain is all top faces but its last roll, which is not (unless capped)", () => {
    const spec = fc.record({
      start: fc.integer({ min: 2, max: 6 }), step: fc.integer({ min: 0, max: 4 }), maxLinks: fc.integer({ min: 1, max: 8 }),
    });
    fc.assert(fc.property(spec, fc.integer(), (s: ChainSpec, seed) => {
      const r = rollChain(s, new SeededRoller(seed));
      expect(r.rolls.length).toBeGreaterThanOrEqual(1);
      r.rolls.slice(0, -1).forEach((v, i) => expect(v).toBe(r.faces[i]));
      const last = r.rolls.length - 1;
      if (!r.capped) expect(r.rolls[last]).toBeLessThan(r.faces[last]!);
      expect(r.reached).toBe(r.capped ? r.rolls.length : last);
    }));
  });
});
