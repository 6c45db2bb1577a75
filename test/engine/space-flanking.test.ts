import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cellKey, type Cell } from "../../src/engine/space/cell";
import type { Footprint } from "../../src/engine/space/footprint";
import { footprintCells } from "../../src/engine/space/footprint";
import { hexGrid, squareGrid, type Grid, type HexGrid } from "../../src/engine/space/grid";
import { behind, fromBehind, opposite } from "../../src/engine/space/flanking";
import { cubeToOffset, offsetToCube } from "../../src/engine/space/hex";
import { distance, neighbours } from "../../src/engine/space/measure";

/**
 * Flanking and facing (src/engine/space/flanking.ts): wounds' +1 from behind
 * (001_dbc5fcc02a99a518.txt §Flanking), read as an ally on the target's other side (RULINGS.md
 * §wounds); `behind` for a ruleset that gives tokens a facing.
 */
const SQUARE = squareGrid();
const HEXES: HexGrid[] = [hexGrid(false, false), hexGrid(false, true), hexGrid(true, false), hexGrid(true, true)];
const at = (i: number, j: number): Footprint => ({ origin: { i, j } });

/** Pairs of cells around `c` and whether each pair is opposite around a one-cell target there. */
function pairs(g: Grid, c: Cell): { a: Cell; b: Cell; opp: boolean }[] {
  const ns = neighbours(g, c) as Cell[];
  const out: { a: Cell; b: Cell; opp: boolean }[] = [];
  ns.forEach((a, k) => ns.slice(k + 1).forEach((b) => {
    out.push({ a, b, opp: opposite(g, { origin: c }, { origin: a }, { origin: b }) as boolean });
  }));
  return out;
}

/** The cell mirrored through `c` (the point-symmetric one), in cube terms on hexes. */
function mirror(g: Grid, c: Cell, a: Cell): Cell {
  if (g.kind !== "hex") return { i: 2 * c.i - a.i, j: 2 * c.j - a.j };
  const hc = offsetToCube(g, c);
  const ha = offsetToCube(g, a);
  const q = 2 * hc.q - ha.q;
  const r = 2 * hc.r - ha.r;
  return cubeToOffset(g, { q, r, s: -q - r });
}

describe("opposite sides of a one-space target", () => {
  it("square: of the 28 pairs of neighbours, the 4 facing each other across it", () => {
    const got = pairs(SQUARE, { i: 3, j: 3 }).filter((p) => p.opp);
    expect(got).toHaveLength(4);
    for (const p of got) expect(p.b).toEqual(mirror(SQUARE, { i: 3, j: 3 }, p.a));
    // Side and corner, or two corners on one side, are not opposite.
    expect(opposite(SQUARE, at(0, 0), at(0, -1), at(1, 1))).toBe(false);
    expect(opposite(SQUARE, at(0, 0), at(-1, -1), at(-1, 1))).toBe(false);
  });

  it("hex: of the 15 pairs of neighbours, the 3 facing each other across it, in every layout", () => {
    for (const g of HEXES) {
      const c = { i: 4, j: 5 };
      const got = pairs(g, c).filter((p) => p.opp);
      expect(got).toHaveLength(3);
      for (const p of got) expect(p.b).toEqual(mirror(g, c, p.a));
    }
  });

  it("any attacker and its mirror image through the target are opposite, at any distance", () => {
    const gridArb = fc.constantFrom<Grid>(SQUARE, ...HEXES);
    fc.assert(fc.property(gridArb, fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 }), (g, di, dj) => {
      const c = { i: 6, j: 6 };
      const a = { i: c.i + di, j: c.j + dj };
      if (cellKey(a) === cellKey(c)) return;
      expect(opposite(g, { origin: c }, { origin: a }, { origin: mirror(g, c, a) })).toBe(true);
    }));
  });

  it("symmetric in the two attackers; unchanged by turning the hex board a sixth or flipping the square one", () => {
    const near = fc.record({ i: fc.integer({ min: 3, max: 9 }), j: fc.integer({ min: 3, max: 9 }) });
    fc.assert(fc.property(fc.constantFrom(...HEXES), near, near, (g, a, b) => {
      const c = { i: 6, j: 6 };
      if (cellKey(a) === cellKey(c) || cellKey(b) === cellKey(c)) return;
      const o = opposite(g, { origin: c }, { origin: a }, { origin: b });
      expect(opposite(g, { origin: c }, { origin: b }, { origin: a })).toBe(o);
      // A sixth of a turn about c: (q, r, s) → (−r, −s, −q) relative to c.
      const hc = offsetToCube(g, c);
      const turn = (x: Cell): Cell => {
        const h = offsetToCube(g, x);
        const [q, r, s] = [h.q - hc.q, h.r - hc.r, h.s - hc.s];
        return cubeToOffset(g, { q: hc.q - r, r: hc.r - s, s: hc.s - q });
      };
      expect(opposite(g, { origin: c }, { origin: turn(a) }, { origin: turn(b) })).toBe(o);
    }), { numRuns: 300 });
    fc.assert(fc.property(near, near, (a, b) => {
      const c = { i: 6, j: 6 };
      if (cellKey(a) === cellKey(c) || cellKey(b) === cellKey(c)) return;
      const o = opposite(SQUARE, { origin: c }, { origin: a }, { origin: b });
      const flipRows = (x: Cell): Cell => ({ i: 12 - x.i, j: x.j });
      const transpose = (x: Cell): Cell => ({ i: x.j, j: x.i });
      expect(opposite(SQUARE, { origin: c }, { origin: flipRows(a) }, { origin: flipRows(b) })).toBe(o);
      expect(opposite(SQUARE, { origin: c }, { origin: transpose(a) }, { origin: transpose(b) })).toBe(o);
    }), { numRuns: 300 });
  });

  it("an attacker on the target's own space flanks nothing", () => {
    expect(opposite(SQUARE, { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } }, at(1, 1), at(1, 3))).toBe(false);
  });
});

describe("opposite sides of a larger target", () => {
  const big: Footprint = { origin: { i: 0, j: 0 }, size: { width: 2, height: 2 } };
  it("a 2×2 square target: left and right in any rows, two far corners; not left and bottom", () => {
    expect(opposite(SQUARE, big, at(0, -1), at(0, 2))).toBe(true);
    expect(opposite(SQUARE, big, at(0, -1), at(1, 2))).toBe(true);
    expect(opposite(SQUARE, big, at(-1, -1), at(2, 2))).toBe(true);
    expect(opposite(SQUARE, big, at(0, -1), at(2, 1))).toBe(false);
    expect(opposite(SQUARE, big, at(-1, 0), at(2, 1))).toBe(true);
  });

  it("a Large hex target (3 hexes): along its widest row, in one side and out of the other", () => {
    const g = hexGrid(false, false);
    const large: Footprint = { origin: { i: 4, j: 4 }, size: { width: 2, height: 2, shape: "ellipse1" } };
    const cells = footprintCells(g, large) as Cell[];
    expect(cells.map(cellKey).sort()).toEqual(["4,4", "4,5", "5,4"]);
    expect(opposite(g, large, at(4, 3), at(4, 6))).toBe(true);
    // Two attackers beside the same side: the line between them misses the target.
    expect(opposite(g, large, at(4, 3), at(5, 3))).toBe(false);
    // Above its top row and below-left of its bottom hex: the line passes through, but in by the
    // upper-left sixth and out by the lower-left one, which are not opposite.
    expect(opposite(g, large, at(3, 4), at(6, 4))).toBe(false);
  });

  it("a Huge hex target (7 hexes): the hexes around it flank only with their mirror through its middle", () => {
    for (const g of HEXES) {
      const huge: Footprint = { origin: { i: 4, j: 4 }, size: { width: 3, height: 3, shape: "ellipse1" } };
      const cells = footprintCells(g, huge) as Cell[];
      const middle = cells.find((c) => (neighbours(g, c) as Cell[]).every((n) => cells.some((x) => cellKey(x) === cellKey(n)))) as Cell;
      const ring = new Map((neighbours(g, middle) as Cell[]).flatMap((n) => neighbours(g, n) as Cell[])
        .filter((c) => distance(g, middle, c) === 2).map((c) => [cellKey(c), c]));
      expect(ring.size).toBe(12);
      // Of the 12 hexes two away from the middle, each is opposite its mirror and no other.
      for (const a of ring.values()) {
        const across = [...ring.values()].filter((b) => opposite(g, huge, { origin: a }, { origin: b }));
        expect(across).toEqual([mirror(g, middle, a)]);
      }
    }
  });
});

describe("behind, by facing", () => {
  it("square, facing up: the three cells below are behind; facing right: the three to the left", () => {
    const t = at(0, 0);
    const ring = neighbours(SQUARE, { i: 0, j: 0 }) as Cell[];
    const rear = (facing: number, arc?: number) =>
      ring.filter((c) => behind(SQUARE, t, { origin: c }, facing, arc)).map(cellKey).sort();
    expect(rear(0)).toEqual(["1,-1", "1,0", "1,1"]);
    expect(rear(90)).toEqual(["-1,-1", "0,-1", "1,-1"]);
    expect(rear(180)).toEqual(["-1,-1", "-1,0", "-1,1"]);
    expect(rear(0, 180)).toEqual(["0,-1", "0,1", "1,-1", "1,0", "1,1"]);
    expect(rear(0, 360)).toHaveLength(8);
  });

  it("hex, facing an edge: the one hex straight behind; with a 180° rear, three", () => {
    const g = hexGrid(false, false); // pointy-topped: edges face right, left and the four slants
    const t = at(4, 4);
    const ring = neighbours(g, { i: 4, j: 4 }) as Cell[];
    expect(ring.filter((c) => behind(g, t, { origin: c }, 90)).map(cellKey)).toEqual(["4,3"]);
    expect(ring.filter((c) => behind(g, t, { origin: c }, 90, 180))).toHaveLength(3);
  });

  it("front and back never both, for a rear arc of at most 180°; the whole circle is all behind", () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 359 }), fc.integer({ min: 1, max: 179 }), (i, j, facing, arc) => {
      if (i === 0 && j === 0) return;
      const a = at(i, j);
      expect(behind(SQUARE, at(0, 0), a, facing, arc) && behind(SQUARE, at(0, 0), a, facing + 180, arc)).toBe(false);
      expect(behind(SQUARE, at(0, 0), a, facing, 360)).toBe(true);
    }));
  });

  it("refuses a facing that is not a number and a rear arc outside (0, 360]", () => {
    expect(() => behind(SQUARE, at(0, 0), at(1, 0), Number.NaN)).toThrow(RangeError);
    expect(() => behind(SQUARE, at(0, 0), at(1, 0), 0, 0)).toThrow(RangeError);
    expect(() => behind(SQUARE, at(0, 0), at(1, 0), 0, 400)).toThrow(RangeError);
  });
});

describe("from behind: facing when there is one, else an ally across (RULINGS.md §wounds Flanking)", () => {
  it("wounds has no facing: an ally opposite makes it flanking; no ally, no flanking", () => {
    expect(fromBehind(SQUARE, at(0, 0), at(0, -1), { allies: [at(5, 5), at(0, 1)] })).toBe(true);
    expect(fromBehind(SQUARE, at(0, 0), at(0, -1), { allies: [at(1, 1)] })).toBe(false);
    expect(fromBehind(SQUARE, at(0, 0), at(0, -1))).toBe(false);
  });
  it("with a facing, the facing decides and allies do not matter", () => {
    expect(fromBehind(SQUARE, at(0, 0), at(1, 0), { facing: 0, allies: [] })).toBe(true);
    expect(fromBehind(SQUARE, at(0, 0), at(0, -1), { facing: 0, allies: [at(0, 1)] })).toBe(false);
    expect(distance(SQUARE, { i: 0, j: 0 }, { i: 1, j: 0 })).toBe(1);
  });
});
