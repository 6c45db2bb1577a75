import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wilson95 } from "../../src/engine/runner/trials";

describe("wilson95", () => {
  it("is exactly 1 at the top when every trial succeeds, exactly 0 at the bottom when none does", () => {
    // n = 10, 13, 25 … left 0.9999999999999999 and 5.5e-17 before the bounds were widened.
    for (let n = 1; n <= 5000; n++) {
      expect(wilson95(n, n)[1], `${n} of ${n}`).toBe(1);
      expect(wilson95(0, n)[0], `0 of ${n}`).toBe(0);
    }
  });

  it("contains the estimate and stays inside [0, 1] (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const s = Math.round(f * n);
        const [lo, hi] = wilson95(s, n);
        return 0 <= lo && lo <= s / n && s / n <= hi && hi <= 1;
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the textbook values inside (0, 1): 50 of 100 → 40.38%–59.62%, 10 of 10 → 72.25%–100%", () => {
    const [lo, hi] = wilson95(50, 100);
    expect(lo).toBeCloseTo(0.403832, 6);
    expect(hi).toBeCloseTo(0.596168, 6);
    expect(wilson95(10, 10)[0]).toBeCloseTo(0.722467, 6);
  });
});
