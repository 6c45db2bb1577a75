import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import { expiredLine, ongoingLine, turnSaveLine } from "../../src/rulesets/escalation/play/views/turn-lines";

const t = localizerFor(languageFor("escalation"));

describe("end-of-turn lines", () => {
  it("ongoing damage names its amount and type", () => {
    expect(ongoingLine("Ana", 5, "fire", t)).toBe("Ana takes 5 ongoing fire damage.");
  });
  it("a save leads with its result and says the natural against the target", () => {
    expect(turnSaveLine("Ana", "dazed", { success: true, natural: 14, target: 11 }, t)).toEqual({
      text: "Ana saves against Dazed (natural 14 vs 11+).", result: "saved",
    });
    expect(turnSaveLine("Ana", "dazed", { success: false, natural: 6, target: 11 }, t)).toEqual({
      text: "Ana fails to save against Dazed (natural 6 vs 11+).", result: "failed",
    });
  });
  it("an ended effect names its bearer and condition", () => {
    expect(expiredLine("Ana", "dazed", t)).toBe("Ana is no longer Dazed.");
  });
});
