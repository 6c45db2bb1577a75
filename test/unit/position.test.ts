import { describe, expect, it } from "vitest";
import { adjacent, engagedPairs, engagedWith, engagementsFromGrid, NO_OVERRIDES, pairKey, popOff, toggleEngagement, type GridBox } from "../../src/rulesets/escalation/rules/engagement";
import { abilityProvokes, opportunityAttackers } from "../../src/rulesets/escalation/rules/opportunity";
import { disengageTarget, planDisengage, resolveDisengage } from "../../src/rulesets/escalation/rules/disengage";
import { readiedBand } from "../../src/rulesets/escalation/rules/initiative";

const box = (id: string, x: number, y: number, side = "party", w = 1, h = 1): GridBox => ({ id, x, y, w, h, side });

describe("engagement from the grid (§Positioning and Movement, RULINGS.md Engagement)", () => {
  it("adjacent cells (diagonals too) touch; a gap does not", () => {
    expect(adjacent(box("a", 0, 0), box("b", 1, 1))).toBe(true);
    expect(adjacent(box("a", 0, 0), box("b", 2, 0))).toBe(false);
    expect(adjacent(box("a", 0, 0, "x", 2, 2), box("b", 2, 2))).toBe(true);
  });
  it("only foes engage", () => {
    const boxes = [box("pc1", 0, 0), box("pc2", 1, 0), box("orc", 2, 0, "enemies"), box("far", 9, 9, "enemies")];
    expect(engagementsFromGrid(boxes)).toEqual([pairKey("orc", "pc2")]);
  });
  it("the GM adds and removes pairs on top of the grid; toggling back clears the override", () => {
    const derived = [pairKey("a", "x")];
    const removed = toggleEngagement(derived, NO_OVERRIDES, "x", "a");
    expect(engagedPairs(derived, removed).size).toBe(0);
    expect(toggleEngagement(derived, removed, "a", "x")).toEqual(NO_OVERRIDES);
    const added = toggleEngagement(derived, NO_OVERRIDES, "a", "y");
    expect(engagedWith(engagedPairs(derived, added), "a")).toEqual(["x", "y"]);
    expect(() => toggleEngagement(derived, NO_OVERRIDES, "a", "a")).toThrow(RangeError);
  });
  it("popping off removes exactly the chosen pairs", () => {
    const derived = [pairKey("a", "x"), pairKey("a", "y")];
    const after = popOff(derived, NO_OVERRIDES, "a", ["x"]);
    expect(engagedWith(engagedPairs(derived, after), "a")).toEqual(["y"]);
  });
});

describe("disengage (§Disengaging and Popping Off)", () => {
  it("11 for one enemy, +1 per extra enemy", () => {
    expect([1, 2, 3].map(disengageTarget)).toEqual([11, 12, 13]);
    const r = planDisengage({ enemies: 3, conditions: [], fromGrabber: false });
    expect("plan" in r && r.plan.target).toBe(13);
  });
  it("Grabbed: 1 Disadvantage only against the grabber", () => {
    const a = planDisengage({ enemies: 1, conditions: ["grabbed"], fromGrabber: true });
    const b = planDisengage({ enemies: 1, conditions: ["grabbed"], fromGrabber: false });
    expect("plan" in a && a.plan.edge).toBe(-1);
    expect("plan" in b && b.plan.edge).toBe(0);
  });
  it("Stuck cannot disengage; nobody disengages from no one", () => {
    expect(planDisengage({ enemies: 1, conditions: ["stuck"], fromGrabber: false })).toEqual({ block: "FRAY.Disengage.Stuck" });
    expect(planDisengage({ enemies: 0, conditions: [], fromGrabber: false })).toEqual({ block: "FRAY.Disengage.NotEngaged" });
  });
  it("reads the dice against the target", () => {
    const r = planDisengage({ enemies: 2, conditions: [], fromGrabber: false });
    if (!("plan" in r)) throw new Error("expected a plan");
    expect(resolveDisengage(r.plan, [4, 4, 3]).success).toBe(false);
    expect(resolveDisengage(r.plan, [4, 4, 4]).success).toBe(true);
  });
});

describe("opportunity attacks (§Opportunity Attacks)", () => {
  const pairs = new Set([pairKey("mover", "a"), pairKey("mover", "b"), pairKey("mover", "c"), pairKey("mover", "d")]);
  const candidates = [
    { id: "a", stance: "melee" as const, conditions: [], canAct: true },
    { id: "b", stance: "ranged" as const, conditions: [], canAct: true },
    { id: "c", stance: "melee" as const, conditions: ["grabbed"], canAct: true },
    { id: "d", stance: "melee" as const, conditions: [], canAct: false },
    { id: "e", stance: "melee" as const, conditions: [], canAct: true },
  ];
  it("each engaged foe in a melee stance that can act and is not Grabbed", () => {
    expect(opportunityAttackers(pairs, "mover", candidates)).toEqual(["a"]);
  });
  it("Provokes abilities and ranged attacks provoke; melee attacks do not", () => {
    expect(abilityProvokes({ provokes: true, abilityType: "melee", defense: "ac" })).toBe(true);
    expect(abilityProvokes({ provokes: false, abilityType: "ranged", defense: "ac" })).toBe(true);
    expect(abilityProvokes({ provokes: false, abilityType: "melee", defense: "ac" })).toBe(false);
  });
});

describe("readied actions (§Readying an Action)", () => {
  it("taken in the same round: the trigger's band; next round: unchanged", () => {
    expect(readiedBand("fast", "slow", true)).toBe("slow");
    expect(readiedBand("fast", "slow", false)).toBe("fast");
  });
});
