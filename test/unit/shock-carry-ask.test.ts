import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import { carryButtons, grappledDrag } from "../../src/rulesets/shock/play/cards/carry-ask";

/**
 * A drag in a grapple and the grappler's question. Source: `002_5e27cdf788b28f5f.txt` §Grappling.
 */
const en = localizerFor(languageFor("shock"));
const free = { grappling: "", grappledBy: [] as string[] };

describe("a drag in a grapple", () => {
  it("moves a token in no grapple", () => {
    expect(grappledDrag(free, false)).toBe("move");
    expect(grappledDrag(free, true)).toBe("move");
  });

  it("refuses a grappled token's drag, save the GM's", () => {
    const held = { grappling: "", grappledBy: ["g"] };
    expect(grappledDrag(held, false)).toBe("refuse");
    expect(grappledDrag(held, true)).toBe("move");
  });

  it("asks a grappler (the GM too) what the drag means", () => {
    const grappler = { grappling: "d", grappledBy: [] };
    expect(grappledDrag(grappler, false)).toBe("ask");
    expect(grappledDrag(grappler, true)).toBe("ask");
  });

  it("a player never moves a token in a grapple (property)", () => {
    const hold = fc.record({
      grappling: fc.constantFrom("", "d"), grappledBy: fc.array(fc.constantFrom("g", "h")),
    });
    fc.assert(fc.property(hold, (h) => {
      const inGrapple = h.grappling !== "" || h.grappledBy.length > 0;
      expect(grappledDrag(h, false) === "move").toBe(!inGrapple);
    }));
  });
});

describe("the grappler's question", () => {
  const names = { name: "Brute", target: "Mire Thrall" };

  it("offers a player carry (the default), throw and cancel", () => {
    const buttons = carryButtons(names, false, en);
    expect(buttons.map((b) => b.action)).toEqual(["carry", "throw", "cancel"]);
    expect(buttons.filter((b) => b.default).map((b) => b.action)).toEqual(["carry"]);
    expect(buttons[0]?.label).toBe(en("FRAY.Shock.Carry.Do.carry", names));
    expect(buttons[0]?.label).not.toContain("FRAY.");
  });

  it("offers the GM moving the grappler alone too, before cancel", () => {
    expect(carryButtons(names, true, en).map((b) => b.action))
      .toEqual(["carry", "throw", "alone", "cancel"]);
  });
});
