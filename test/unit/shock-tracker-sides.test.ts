import { describe, expect, it } from "vitest";
import type { Localize } from "../../src/engine/i18n";
import { sidesInOrder, sidesPart } from "../../src/rulesets/shock/play/views/tracker-sides";

/**
 * The shock tracker's sides part: the GM's surprise toggles before the start, the surprise
 * round's note. Source: `002_5e27cdf788b28f5f.txt` §Surprise.
 */
const t: Localize = (key) => key.split(".").pop() ?? key;
const combat = { started: false, inSurpriseRound: false, sides: ["party", "foes"], surprised: ["foes"] };

describe("the tracker's sides part", () => {
  it("offers a GM a toggle per side before the start, each named for the table", () => {
    expect(sidesPart({ isGM: true, combat }, t)).toEqual({
      canSurprise: true, surpriseRound: false,
      sides: [
        { id: "party", name: "party", surprised: false },
        { id: "foes", name: "foes", surprised: true },
      ],
    });
  });

  it("offers no toggle to a player, nor once the combat started; notes the surprise round", () => {
    expect(sidesPart({ isGM: false, combat }, t).canSurprise).toBe(false);
    const started = { ...combat, started: true, inSurpriseRound: true };
    expect(sidesPart({ isGM: true, combat: started }, t))
      .toMatchObject({ canSurprise: false, surpriseRound: true });
  });

  it("with no combat shown, there is nothing to toggle", () => {
    expect(sidesPart({ isGM: true, combat: null }, t))
      .toEqual({ canSurprise: false, surpriseRound: false, sides: [] });
  });

  it("lists the sides in turn order, each once; any side but the party's reads as the foes", () => {
    expect(sidesInOrder([{ side: "foes" }, { side: "party" }, { side: "foes" }, { side: "beasts" }]))
      .toEqual(["foes", "party", "beasts"]);
    expect(sidesPart({ isGM: true, combat: { ...combat, sides: ["beasts"] } }, t).sides[0]?.name)
      .toBe("foes");
  });
});
