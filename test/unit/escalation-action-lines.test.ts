import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import {
  disengageLine, rallySaveLine, sustainLapsedLine, sustainLine,
} from "../../src/rulesets/escalation/play/views/action-lines";

const t = localizerFor(languageFor("escalation"));
const pass = { success: true, natural: 14, target: 12 };
const fail = { success: false, natural: 5, target: 12 };

describe("special actions' lines", () => {
  it("disengaging names the foes and the roll, led by its result", () => {
    expect(disengageLine("Ana", "Goblin and Orc", pass, t)).toEqual({
      text: "Ana disengages from Goblin and Orc (natural 14 vs 12+) and pops free.", result: "success",
    });
    expect(disengageLine("Ana", "Orc", fail, t)).toEqual({
      text: "Ana fails to disengage from Orc (natural 5 vs 12+); the move action is lost.",
      result: "failure",
    });
  });
  it("Rally's save names the effect and its total with the escalation die", () => {
    expect(rallySaveLine("Ana", "Dazed", { ...pass, total: 16 }, t)).toEqual({
      text: "Ana shakes off Dazed (natural 14, total 16 vs 12+).", result: "saved",
    });
    expect(rallySaveLine("Ana", "Dazed", { ...fail, total: 7 }, t).result).toBe("failed");
  });
  it("a sustain holds or ends; a lapsed one ends", () => {
    expect(sustainLine("Ana", "Wall", pass, t)).toEqual({
      text: "Ana sustains Wall (natural 14 vs 12+).", result: "success",
    });
    expect(sustainLine("Ana", "Wall", fail, t)).toEqual({
      text: "Ana fails to sustain Wall (natural 5 vs 12+); it ends.", result: "failure",
    });
    expect(sustainLapsedLine("Ana", "Wall", t)).toBe("Ana did not sustain Wall; it ends.");
  });
});
