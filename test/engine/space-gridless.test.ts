import { describe, expect, it } from "vitest";
import { GRIDLESS } from "../../src/engine/space/grid";
import { adjacent, distance, line, moves, neighbours, pathLength, walk } from "../../src/engine/space/measure";
import { footprintCells, footprintDistance, footprintsAdjacent, footprintsOverlap } from "../../src/engine/space/footprint";
import { footprintCentre } from "../../src/engine/space/geometry";
import { threatenedCells, threatenersOf, threatens } from "../../src/engine/space/reach";
import { threatLeft } from "../../src/engine/space/leaving";
import { movedMoreThanWithin, stepsWithin } from "../../src/engine/space/zone";
import { movementCost } from "../../src/engine/space/movement-cost";
import { reachable } from "../../src/engine/space/reachable";
import { interceptSpots } from "../../src/engine/space/intercept";
import { behind, fromBehind, opposite } from "../../src/engine/space/flanking";

/**
 * A gridless scene: every position question answers null, "the GM's call", so the shell can say
 * so plainly instead of guessing from pixels. Bad input is still refused.
 */
describe("gridless: every query is the GM's call", () => {
  const a = { i: 0, j: 0 };
  const b = { i: 0, j: 1 };
  const fa = { origin: a };
  const fb = { origin: b };
  const t = { id: "t", footprint: fb, reach: 1 };

  it("answers null to every question", () => {
    const answers = [
      distance(GRIDLESS, a, b), moves(GRIDLESS, a, b), pathLength(GRIDLESS, [a, b]), neighbours(GRIDLESS, a),
      adjacent(GRIDLESS, a, b), line(GRIDLESS, a, b), walk(GRIDLESS, [a, b]),
      footprintCells(GRIDLESS, fa), footprintDistance(GRIDLESS, fa, fb), footprintsAdjacent(GRIDLESS, fa, fb),
      footprintsOverlap(GRIDLESS, fa, fb), footprintCentre(GRIDLESS, fa),
      threatens(GRIDLESS, t, a), threatenedCells(GRIDLESS, t), threatenersOf(GRIDLESS, fa, [t]),
      threatLeft(GRIDLESS, [a, b], [t], { rule: "space" }), stepsWithin(GRIDLESS, [a, b], [a]),
      movedMoreThanWithin(GRIDLESS, [a, b], t, 2), movementCost(GRIDLESS, [a, b]), reachable(GRIDLESS, a, 3),
      interceptSpots(GRIDLESS, fa, fb, { origin: { i: 0, j: 2 } }, { attack: "melee", budget: 3 }),
      opposite(GRIDLESS, fa, fb, fb), behind(GRIDLESS, fa, fb, 0), fromBehind(GRIDLESS, fa, fb, { allies: [fb] }),
    ];
    expect(answers).toHaveLength(24);
    for (const x of answers) expect(x).toBeNull();
  });

  it("still refuses what is wrong on any grid: bad cells, reaches, limits, facings, budgets", () => {
    expect(() => distance(GRIDLESS, { i: 0.5, j: 0 }, b)).toThrow(RangeError);
    expect(() => pathLength(GRIDLESS, [])).toThrow(RangeError);
    expect(() => threatens(GRIDLESS, { footprint: fa, reach: -1 }, b)).toThrow(RangeError);
    expect(() => movedMoreThanWithin(GRIDLESS, [a], t, -1)).toThrow(RangeError);
    expect(() => behind(GRIDLESS, fa, fb, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => reachable(GRIDLESS, a, -2)).toThrow(RangeError);
    expect(() => footprintCells(GRIDLESS, { origin: a, size: { width: -1, height: 1 } })).toThrow(RangeError);
  });
});
