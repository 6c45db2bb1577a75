import { describe, expect, it } from "vitest";
import { edgePool, keepDice, rollNatural, rollPoolDice } from "../../src/engine/dice/pool";
import { SeededRoller } from "../../src/engine/dice/roller";

describe("rollNatural", () => {
  it("rolls the same dice as rollPoolDice and sums what keepDice keeps", () => {
    for (let edge = -5; edge <= 5; edge++) {
      for (const [base, faces] of [[3, 6], [2, 20], [1, 8]] as const) {
        const pool = edgePool(base, faces, edge);
        const a = new SeededRoller(edge + 100 * faces);
        const b = new SeededRoller(edge + 100 * faces);
        for (let i = 0; i < 500; i++) {
          expect(rollNatural(pool, a)).toBe(keepDice(pool, rollPoolDice(pool, b)).natural);
        }
      }
    }
  });
});
