import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CellSet, cellKey, type Cell } from "../../src/engine/space/cell";
import { footprintsAdjacent, footprintsOverlap } from "../../src/engine/space/footprint";
import { DIAGONAL_RULES, hexGrid, squareGrid, type Grid } from "../../src/engine/space/grid";
import { interceptSpots } from "../../src/engine/space/intercept";
import { distance, line, neighbours, pathLength } from "../../src/engine/space/measure";
import { movementCost, movesNeeded } from "../../src/engine/space/movement-cost";
import { reachable } from "../../src/engine/space/reachable";

/**
 * Movement: terrain cost (003_d18720f6cd315cc2.txt §Movement Phase Notes: difficult terrain
 * costs two squares per square), moves of Move Speed (004_2cc57162401858c9.txt §Movement In
 * Combat: 6 hexes per AP), reachable cells and Intercept spots (004 §Intercept: adjacent to both
 * the ally and the attacker, or between them for a ranged attack, within 3 hexes of movement).
 */
const HEX = hexGrid(false, false);
const GRIDS: Grid[] = [...DIAGONAL_RULES.map((r) => squareGrid(r)), HEX, hexGrid(true, true)];
const gridArb = fc.constantFrom(...GRIDS);
const cellArb = fc.record({ i: fc.integer({ min: -4, max: 4 }), j: fc.integer({ min: -4, max: 4 }) });

/** A random walk: each turn picks one of the current cell's neighbours. */
function walkOf(g: Grid, start: Cell, turns: readonly number[]): Cell[] {
  const out = [start];
  for (const t of turns) {
    const ns = neighbours(g, out[out.length - 1] as Cell) as Cell[];
    out.push(ns[t % ns.length] as Cell);
  }
  return out;
}

/** Every cell within `r` rows and columns of `c`. */
function box(c: Cell, r: number): Cell[] {
  const out: Cell[] = [];
  for (let i = c.i - r; i <= c.i + r; i++) for (let j = c.j - r; j <= c.j + r; j++) out.push({ i, j });
  return out;
}

describe("movement cost", () => {
  it("phases: four squares with two of them difficult cost 6 squares of movement", () => {
    const path = [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 0, j: 2 }, { i: 0, j: 3 }, { i: 0, j: 4 }];
    expect(movementCost(squareGrid(), path)).toBe(4);
    expect(movementCost(squareGrid(), path, { difficult: [{ i: 0, j: 2 }, { i: 0, j: 3 }] })).toBe(6);
    // Leaving difficult terrain costs nothing extra: only the squares moved into count.
    expect(movementCost(squareGrid(), path, { difficult: [{ i: 0, j: 0 }] })).toBe(4);
    expect(movementCost(squareGrid(), path, { difficult: [{ i: 0, j: 4 }], factor: 3 })).toBe(6);
    // A 2×2 mover is in difficult terrain when any of its cells is.
    expect(movementCost(squareGrid(), path.slice(0, 2), { difficult: [{ i: 1, j: 2 }], mover: { width: 2, height: 2 } })).toBe(2);
    expect(() => movementCost(squareGrid(), path, { factor: 0.5 })).toThrow(RangeError);
  });

  it("diagonal rules apply step by step: three diagonals cost 1 + 2 + 1 under alternating 1-2-1", () => {
    const diag = [{ i: 0, j: 0 }, { i: 1, j: 1 }, { i: 2, j: 2 }, { i: 3, j: 3 }];
    expect(movementCost(squareGrid("alternating1"), diag)).toBe(4);
    expect(movementCost(squareGrid("alternating2"), diag)).toBe(5);
    expect(movementCost(squareGrid("alternating1"), diag, { difficult: [{ i: 2, j: 2 }] })).toBe(6);
    expect(() => movementCost(squareGrid("illegal"), diag)).toThrow(RangeError);
  });

  it("on clear ground a walk costs what the ruler measures; difficult steps add their own cost again", () => {
    fc.assert(fc.property(gridArb, cellArb, fc.array(fc.nat(7), { minLength: 1, maxLength: 8 }), fc.array(cellArb, { maxLength: 12 }), (g, start, turns, rough) => {
      const path = walkOf(g, start, turns);
      const base = movementCost(g, path) as number;
      expect(base).toBeCloseTo(pathLength(g, path) as number, 9);
      const difficult = new CellSet(rough);
      let extra = 0;
      for (let k = 1; k < path.length; k++) {
        if (difficult.has(path[k] as Cell)) {
          extra += (pathLength(g, path.slice(0, k + 1)) as number) - (pathLength(g, path.slice(0, k)) as number);
        }
      }
      expect(movementCost(g, path, { difficult: rough }) as number).toBeCloseTo(base + extra, 9);
    }));
  });

  it("action-points: 6 hexes take 1 AP of movement, 7 take 2, 12 take 2, 13 take 3", () => {
    expect([0, 1, 6, 7, 12, 13].map((n) => movesNeeded(n, 6))).toEqual([0, 1, 1, 2, 2, 3]);
    // 6 with a hair of floating error above it is still one move.
    expect(0.1 * 3 * 20).toBeGreaterThan(6);
    expect(movesNeeded(0.1 * 3 * 20, 6)).toBe(1);
    expect(() => movesNeeded(-1, 6)).toThrow(RangeError);
    expect(() => movesNeeded(3, 0)).toThrow(RangeError);
  });
});

describe("reachable cells", () => {
  it("on open ground: exactly the cells the ruler puts within the budget, at the ruler's distance", () => {
    fc.assert(fc.property(gridArb, cellArb, fc.integer({ min: 0, max: 4 }), (g, start, budget) => {
      const got = reachable(g, start, budget) as { cell: Cell; cost: number }[];
      const want = box(start, budget).filter((c) => (distance(g, start, c) as number) <= budget + 1e-9);
      expect(got.map((r) => cellKey(r.cell)).sort()).toEqual(want.map(cellKey).sort());
      for (const r of got) expect(r.cost).toBeCloseTo(distance(g, start, r.cell) as number, 9);
      const costs = got.map((r) => r.cost);
      expect([...costs].sort((a, b) => a - b)).toEqual(costs);
    }), { numRuns: 200 });
  });

  it("walls are walked round: the cost is the breadth-first step count on hexes", () => {
    fc.assert(fc.property(cellArb, fc.array(cellArb, { maxLength: 20 }), (start, walls) => {
      const blocked = new CellSet(walls.filter((w) => cellKey(w) !== cellKey(start)));
      const got = reachable(HEX, start, 3, { passable: (c) => !blocked.has(c) }) as { cell: Cell; cost: number }[];
      // Breadth-first search written out here as the oracle.
      const steps = new Map<string, number>([[cellKey(start), 0]]);
      let ring = [start];
      for (let d = 1; d <= 3; d++) {
        const next: Cell[] = [];
        for (const c of ring) for (const n of neighbours(HEX, c) as Cell[]) {
          if (blocked.has(n) || steps.has(cellKey(n))) continue;
          steps.set(cellKey(n), d);
          next.push(n);
        }
        ring = next;
      }
      expect(new Map(got.map((r) => [cellKey(r.cell), r.cost]))).toEqual(steps);
    }), { numRuns: 200 });
  });

  it("a budget must be a finite number of at least 0", () => {
    expect(() => reachable(HEX, { i: 0, j: 0 }, -1)).toThrow(RangeError);
    expect(reachable(HEX, { i: 0, j: 0 }, 0)).toEqual([{ cell: { i: 0, j: 0 }, cost: 0 }]);
  });
});

describe("Intercept (004 §Intercept)", () => {
  const ally = { origin: { i: 5, j: 5 } };
  const attacker = { origin: { i: 5, j: 7 } };

  it("melee: from 3 hexes away the interceptor can get between; from 5 it cannot", () => {
    const near = interceptSpots(HEX, { origin: { i: 8, j: 6 } }, ally, attacker, { attack: "melee", budget: 3 }) as Cell[];
    expect(near.length).toBeGreaterThan(0);
    for (const c of near) {
      expect(distance(HEX, { i: 8, j: 6 }, c)).toBeLessThanOrEqual(3);
      expect(footprintsAdjacent(HEX, { origin: c }, ally)).toBe(true);
      expect(footprintsAdjacent(HEX, { origin: c }, attacker)).toBe(true);
    }
    expect(interceptSpots(HEX, { origin: { i: 10, j: 6 } }, ally, attacker, { attack: "melee", budget: 3 })).toEqual([]);
    // A spot the interceptor may not end on (another token stands there) is no spot.
    const blocked = new CellSet(near);
    expect(interceptSpots(HEX, { origin: { i: 8, j: 6 } }, ally, attacker, { attack: "melee", budget: 3, canEnd: (c) => !blocked.has(c) })).toEqual([]);
  });

  it("ranged: a spot on the line between them, not on either of them", () => {
    const shooter = { origin: { i: 5, j: 11 } };
    const spots = interceptSpots(HEX, { origin: { i: 7, j: 8 } }, ally, shooter, { attack: "ranged", budget: 3 }) as Cell[];
    const between = (line(HEX, shooter.origin, ally.origin) as Cell[]).slice(1, -1);
    expect(spots.length).toBeGreaterThan(0);
    expect(spots.every((c) => new CellSet(between).has(c))).toBe(true);
    // Already standing between: no movement needed.
    expect(interceptSpots(HEX, { origin: { i: 5, j: 8 } }, ally, shooter, { attack: "ranged", budget: 0 })).toEqual([{ i: 5, j: 8 }]);
  });

  it("melee spots are exactly the cells within budget adjacent to both, on open ground", () => {
    fc.assert(fc.property(gridArb, cellArb, cellArb, cellArb, fc.integer({ min: 0, max: 3 }), (g, me, a, b, budget) => {
      const allyFp = { origin: a };
      const foeFp = { origin: b };
      const spots = interceptSpots(g, { origin: me }, allyFp, foeFp, { attack: "melee", budget }) as Cell[];
      const want = box(me, budget).filter((c) => (distance(g, me, c) as number) <= budget + 1e-9
        && footprintsAdjacent(g, { origin: c }, allyFp) === true && footprintsAdjacent(g, { origin: c }, foeFp) === true
        && !footprintsOverlap(g, { origin: c }, allyFp));
      expect(spots.map(cellKey).sort()).toEqual(want.map(cellKey).sort());
    }), { numRuns: 200 });
  });
});
