import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { diceText, dieText, signedText } from "../../src/engine/view/punct";
import { rendererFor } from "../support/handlebars";

/**
 * The shell's number and dice words every ruleset's screens use (shell/setup/punct.ts), with each
 * ruleset's strings: the same text whichever ruleset the world plays.
 */
for (const ruleset of ["escalation", "shock"]) {
  const { t } = rendererFor(ruleset);
  describe(`signs and dice (${ruleset}'s strings)`, () => {
    it("writes signed numbers with a true minus sign", () => {
      expect([signedText(4, t), signedText(0, t), signedText(-2, t)]).toEqual(["+4", "+0", "−2"]);
    });

    it("writes dice, a lone die, and flat amounts without dice", () => {
      expect(diceText(3, 8, 4, t)).toBe("3d8+4");
      expect(diceText(3, 8, -1, t)).toBe("3d8−1");
      expect(diceText(1, 6, 0, t)).toBe("1d6");
      expect(diceText(0, 8, 4, t)).toBe("4");
      expect(diceText(2, 0, -3, t)).toBe("-3");
      expect(dieText(8, t)).toBe("d8");
    });

    it("the text reads back as the dice and modifier it was given", () => {
      fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.constantFrom(4, 6, 8, 10, 12, 20),
        fc.integer({ min: -30, max: 30 }), (count, faces, flat) => {
          const m = /^(\d+)d(\d+)(?:([+−])(\d+))?$/.exec(diceText(count, faces, flat, t));
          expect(m).not.toBeNull();
          const read = m![3] ? (m![3] === "−" ? -1 : 1) * Number(m![4]) : 0;
          expect([Number(m![1]), Number(m![2]), read]).toEqual([count, faces, flat]);
        }));
    });
  });
}
