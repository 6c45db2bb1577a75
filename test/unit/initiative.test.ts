import { describe, expect, it } from "vitest";
import { bandInitiative, compareBands, delayTo, orderByBands, type BandEntry } from "../../src/rulesets/escalation/rules/initiative";
import { BANDS } from "../../src/rulesets/escalation/rules/constants";

describe("initiative bands (000_c2dc3d650823e22d.txt §Initiative Bands)", () => {
  it("orders the rules text's example: five PCs (one Fast, two Medium, two Slow) and five enemies (two Medium, three Slow)", () => {
    const entries: BandEntry[] = [
      { id: "enemy-slow-1", band: "slow", isPC: false, order: 0 },
      { id: "pc-medium-2", band: "medium", isPC: true, order: 1 },
      { id: "enemy-medium-1", band: "medium", isPC: false, order: 0 },
      { id: "pc-slow-1", band: "slow", isPC: true, order: 0 },
      { id: "enemy-slow-2", band: "slow", isPC: false, order: 1 },
      { id: "pc-fast", band: "fast", isPC: true, order: 0 },
      { id: "enemy-medium-2", band: "medium", isPC: false, order: 1 },
      { id: "pc-medium-1", band: "medium", isPC: true, order: 0 },
      { id: "enemy-slow-3", band: "slow", isPC: false, order: 2 },
      { id: "pc-slow-2", band: "slow", isPC: true, order: 1 },
    ];
    expect(orderByBands(entries).map((e) => e.id)).toEqual([
      "pc-fast",
      "pc-medium-1", "pc-medium-2",
      "enemy-medium-1", "enemy-medium-2",
      "pc-slow-1", "pc-slow-2",
      "enemy-slow-1", "enemy-slow-2", "enemy-slow-3",
    ]);
  });

  it("lets the players choose the order inside their group", () => {
    const a: BandEntry = { id: "a", band: "medium", isPC: true, order: 2 };
    const b: BandEntry = { id: "b", band: "medium", isPC: true, order: 1 };
    expect(orderByBands([a, b]).map((e) => e.id)).toEqual(["b", "a"]);
  });

  it("is a stable total order: ties fall back to id and the input is not changed", () => {
    const a: BandEntry = { id: "a", band: "fast", isPC: false, order: 0 };
    const b: BandEntry = { id: "b", band: "fast", isPC: false, order: 0 };
    const input = [b, a];
    expect(orderByBands(input).map((e) => e.id)).toEqual(["a", "b"]);
    expect(input.map((e) => e.id)).toEqual(["b", "a"]);
    expect(compareBands(a, a)).toBe(0);
  });

  it("plays bands from Very Fast to Very Slow", () => {
    const entries = [...BANDS].reverse().map((band, i) => ({ id: String(i), band, isPC: false, order: 0 }));
    expect(orderByBands(entries).map((e) => e.band)).toEqual([...BANDS]);
  });

  it("Delay moves only to a lower band", () => {
    expect(delayTo("fast", "slow")).toBe("slow");
    expect(() => delayTo("slow", "fast")).toThrow(RangeError);
    expect(() => delayTo("medium", "medium")).toThrow(RangeError);
  });

  it("encodes band and side in the tracker's initiative number, higher first", () => {
    expect(bandInitiative("fast", false)).toBeGreaterThan(bandInitiative("medium", true));
    expect(bandInitiative("medium", true)).toBeGreaterThan(bandInitiative("medium", false));
  });
});
