import { afterEach, describe, expect, it, vi } from "vitest";
import { allDice, rollPool } from "../../src/shell/dice/pool-roll";
import { edgePool } from "../../src/engine/dice/pool";

/**
 * An engine dice pool rolled with Foundry's Roll (shell/dice/pool-roll.ts). The fake Roll keeps
 * what Foundry's keeps after `kh`/`kl`: every result of the first dice term, the dropped ones
 * marked inactive (client/dice/terms/dice.mjs `_keepOrDrop`).
 */
afterEach(() => vi.unstubAllGlobals());

const result = (value: number, active = true) => ({ result: value, active, discarded: !active });

describe("allDice", () => {
  it("reads every die of the first term in order, dropped ones too", () => {
    const roll = { dice: [{ results: [result(2), result(6, false), result(4)] }, { results: [result(1)] }] };
    expect(allDice(roll as never)).toEqual([2, 6, 4]);
  });

  it("is empty for a roll without dice", () => {
    expect(allDice({ dice: [] } as never)).toEqual([]);
  });
});

describe("rollPool", () => {
  it("rolls the pool's formula and gives back the Roll with all its dice", async () => {
    const formulas: string[] = [];
    class FakeRoll {
      dice = [{ results: [result(5), result(1, false), result(3)] }];
      constructor(formula: string) { formulas.push(formula); }
      async evaluate() { return this; }
    }
    vi.stubGlobal("Roll", FakeRoll);
    const { roll, dice } = await rollPool(edgePool(2, 20, -1));
    expect(formulas).toEqual(["3d20kl2"]);
    expect(roll).toBeInstanceOf(FakeRoll);
    expect(dice).toEqual([5, 1, 3]);
  });
});
