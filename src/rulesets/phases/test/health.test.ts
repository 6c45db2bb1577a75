import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { afterDamage, afterHealing, healthState } from "../rules/health";

/**
 * phases' hit points: 0 HP defeats an NPC and downs a character; damage and healing stay within
 * 0..max. Source: RULINGS.md §phases Statistics.
 */
describe("hit points (RULINGS.md §phases Statistics)", () => {
  it("at 0 HP an NPC is defeated and a character is down", () => {
    expect(healthState(0, false)).toBe("defeated");
    expect(healthState(0, true)).toBe("down");
    expect(healthState(1, true)).toBe("up");
    expect(afterDamage(7, 9)).toBe(0);
    expect(afterHealing(0, 22, 7)).toBe(7);
    expect(afterHealing(20, 22, 7)).toBe(22);
    expect(() => afterDamage(5, -1)).toThrow(RangeError);
    expect(() => afterHealing(23, 22, 1)).toThrow(RangeError);
  });
  it("property: damage then healing stays within 0..max; damage never raises HP", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 60 }), fc.nat(80), fc.nat(80), fc.nat(80),
      (max, start, dmg, heal) => {
        const hp = Math.min(start, max);
        const hurt = afterDamage(hp, dmg);
        expect(hurt).toBeLessThanOrEqual(hp);
        expect(hurt).toBe(Math.max(0, hp - dmg));
        const healed = afterHealing(hurt, max, heal);
        expect(healed).toBeGreaterThanOrEqual(hurt);
        expect(healed).toBeLessThanOrEqual(max);
        expect(healthState(healed, false) === "up").toBe(healed > 0);
      },
    ));
  });
});
