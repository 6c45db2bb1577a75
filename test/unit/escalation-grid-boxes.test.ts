import { describe, expect, it } from "vitest";
import { gridBoxesOf } from "../../src/rulesets/escalation/play/combat/grid-boxes";
import { engagedPairs, engagementsFromGrid, NO_OVERRIDES } from "../../src/rulesets/escalation/rules/engagement";

describe("gridBoxesOf (RULINGS.md §escalation Engagement)", () => {
  const tokens = [
    { id: "pc", x: 100, y: 100, width: 1, height: 1, isPC: true },
    { id: "ogre", x: 190, y: 210, width: 2, height: 2, isPC: false },
    { id: "rat", x: 400, y: 400, width: 0.5, height: null, isPC: false },
  ];
  it("rounds each place to its cell, keeps sizes of at least one cell, and sides", () => {
    expect(gridBoxesOf(tokens, 100)).toEqual([
      { id: "pc", x: 1, y: 1, w: 1, h: 1, side: "party" },
      { id: "ogre", x: 2, y: 2, w: 2, h: 2, side: "enemies" },
      { id: "rat", x: 4, y: 4, w: 1, h: 1, side: "enemies" },
    ]);
  });
  it("puts one token back where its move started, and engagement follows", () => {
    const moved = gridBoxesOf(tokens, 100, { id: "pc", x: 500, y: 500 });
    expect(moved[0]).toMatchObject({ x: 5, y: 5 });
    const pairs = (boxes: ReturnType<typeof gridBoxesOf>) =>
      engagedPairs(engagementsFromGrid(boxes), NO_OVERRIDES);
    expect(pairs(gridBoxesOf(tokens, 100)).size).toBe(1);
    expect([...pairs(moved)]).toEqual([...pairs(gridBoxesOf([
      { ...tokens[0]!, x: 500, y: 500 }, tokens[1]!, tokens[2]!,
    ], 100))]);
  });
});
