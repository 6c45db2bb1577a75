import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Cell } from "../../../engine/space/cell";
import {
  footprintCells, footprintDistance, footprintsOverlap, type Footprint,
} from "../../../engine/space/footprint";
import { interceptSpots, type InterceptAttack } from "../../../engine/space/intercept";
import { threatLeft } from "../../../engine/space/leaving";
import { distance, neighbours } from "../../../engine/space/measure";
import { threatens } from "../../../engine/space/reach";
import { INTERCEPT_HEXES, SIZES, type Size } from "../rules/constants";
import type { Hex, Side } from "../encounter/events";
import {
  AP_GRID, cellOf, cellsAt, cellsDistance, cellsOverlap, DIRECTIONS, hexDistance, hexOf,
  leavesAlong, shapeOf, sizeOf, threatensCells, threatensShapeAt,
} from "../encounter/field";
import { pool, type Fighter } from "../encounter/fighter";
import { interceptorsFor, lineBetween, spotsFor } from "../encounter/intercept";
import { distanceAt } from "../encounter/position";
import { interceptWanted } from "../encounter/reaction-tactics";
import { arena, statblock, weapon } from "./arena";

/**
 * The headless runner's own hex counting (`encounter/field.ts`, `encounter/intercept.ts`,
 * `encounter/position.ts` `distanceAt`) against the engine's `space/` functions it stands in for,
 * on random fields of `AP_GRID` (Foundry's row layout, odd rows pushed): token shapes, distances,
 * overlap, threat, leaving threatened hexes (the `space` rule, first leaves) and Intercept spots
 * (melee and ranged, in the engine's order), with Small, Medium, Large and Huge tokens. The engine
 * is the specification; the runner only counts the same things faster.
 * Source: `004_2cc57162401858c9.txt` §Movement In Combat, §Reach, §Threat Range, §Intercept.
 */

const RUNS = { numRuns: 400 };

const hexAt = (span: number): fc.Arbitrary<Hex> =>
  fc.record({ q: fc.integer({ min: -span, max: span }), r: fc.integer({ min: -span, max: span }) });
/** A hex within `span` of `h` on both axial axes. */
const near = (span: number) => (h: Hex): fc.Arbitrary<Hex> =>
  hexAt(span).map((d) => ({ q: h.q + d.q, r: h.r + d.r }));
/** Two hexes at most `span` apart on both axes (the same one as often as any other pair). */
const pairAt = (span: number): fc.Arbitrary<[Hex, Hex]> =>
  hexAt(20).chain((a) => fc.tuple(fc.constant(a), near(span)(a)));
const size = fc.constantFrom<Size>(...SIZES);
const reach = fc.integer({ min: 0, max: 4 });

/** A token of `s` with its top-left hex at `at`, as the engine names it. */
const footprint = (at: Hex, s: Size): Footprint => ({ origin: cellOf(at), size: sizeOf(s) });
const hexesOf = (at: Hex, s: Size): Hex[] => cellsAt(shapeOf(s), at);
const hexKey = (h: Hex): string => `${h.q},${h.r}`;

describe("the runner's hexes and the engine's cells (field.ts)", () => {
  it("hexOf and cellOf are inverse, and a step in DIRECTIONS is the engine's neighbour", () => {
    fc.assert(fc.property(hexAt(40), (h) => {
      const c = cellOf(h);
      expect(hexOf(c)).toEqual(h);
      expect(cellOf(hexOf(c))).toEqual(c);
      const around = (neighbours(AP_GRID, c) as Cell[]).map(hexOf);
      expect(around).toEqual(DIRECTIONS.map((d) => ({ q: h.q + d.q, r: h.r + d.r })));
    }), RUNS);
  });

  it("a token's hexes are the engine's footprintCells, in the same order, on either row", () => {
    fc.assert(fc.property(hexAt(40), size, (at, s) => {
      const engine = (footprintCells(AP_GRID, footprint(at, s)) as Cell[]).map(hexOf);
      expect(hexesOf(at, s)).toEqual(engine);
    }), RUNS);
    // Small and Medium 1 hex, Large 3, Huge 7 (field.ts AP_SIZES).
    expect(SIZES.map((s) => hexesOf({ q: 0, r: 0 }, s).length)).toEqual([1, 1, 3, 7]);
  });

  it("hexDistance is the engine's distance, and cellsDistance its footprintDistance", () => {
    fc.assert(fc.property(pairAt(8), size, size, ([a, b], sa, sb) => {
      expect(hexDistance(a, b)).toBe(distance(AP_GRID, cellOf(a), cellOf(b)));
      const engine = footprintDistance(AP_GRID, footprint(a, sa), footprint(b, sb));
      expect(cellsDistance(hexesOf(a, sa), hexesOf(b, sb))).toBe(engine);
    }), RUNS);
  });

  it("distanceAt (a token's would-be place to a fighter) is the engine's footprintDistance", () => {
    fc.assert(fc.property(pairAt(6), size, size, ([a, b], sa, sb) => {
      const { f } = arena([
        { block: statblock({ name: "mover", size: sa }), side: "party", at: { q: 40, r: 0 } },
        { block: statblock({ name: "target", size: sb }), side: "foes", at: b },
      ], []);
      const engine = footprintDistance(AP_GRID, footprint(a, sa), footprint(b, sb));
      expect(distanceAt(f("mover"), a.q, a.r, f("target"))).toBe(engine);
    }), { numRuns: 200 });
  });

  it("cellsOverlap is the engine's footprintsOverlap", () => {
    fc.assert(fc.property(pairAt(3), size, size, ([a, b], sa, sb) => {
      const engine = footprintsOverlap(AP_GRID, footprint(a, sa), footprint(b, sb));
      expect(cellsOverlap(hexesOf(a, sa), hexesOf(b, sb))).toBe(engine);
    }), RUNS);
  });
});

describe("threat (field.ts threatensCells, engine space/reach.ts threatens)", () => {
  it("a token threatens another token exactly when the engine says so", () => {
    fc.assert(fc.property(pairAt(5), size, size, reach, ([a, b], sa, sb, r) => {
      const own = { footprint: footprint(a, sa), reach: r };
      const engine = threatens(AP_GRID, own, footprint(b, sb));
      expect(threatensCells(hexesOf(a, sa), r, hexesOf(b, sb))).toBe(engine);
      // The same, read from the other token's shape and top-left hex without its hexes.
      expect(threatensShapeAt(hexesOf(a, sa), r, shapeOf(sb), b.q, b.r)).toBe(engine);
    }), RUNS);
  });

  it("and a single hex, its own hexes never", () => {
    fc.assert(fc.property(pairAt(5), size, reach, ([a, h], sa, r) => {
      const engine = threatens(AP_GRID, { footprint: footprint(a, sa), reach: r }, cellOf(h));
      expect(threatensCells(hexesOf(a, sa), r, [h])).toBe(engine);
    }), RUNS);
  });

  it("a one-hex token with reach 2 threatens 18 hexes (the text's count)", () => {
    const own = hexesOf({ q: 0, r: 0 }, "medium");
    let n = 0;
    for (let q = -4; q <= 4; q++) {
      for (let r = -4; r <= 4; r++) if (threatensCells(own, 2, [{ q, r }])) n++;
    }
    expect(n).toBe(18);
  });
});

/** A walk: its start and the index in DIRECTIONS of each step. */
const walkArb = fc.record({
  start: hexAt(4),
  steps: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 10 }),
});
const walkOf = (w: { start: Hex; steps: number[] }): Hex[] => {
  const out: Hex[] = [w.start];
  for (const k of w.steps) {
    const last = out[out.length - 1] as Hex;
    const d = DIRECTIONS[k] as Hex;
    out.push({ q: last.q + d.q, r: last.r + d.r });
  }
  return out;
};
const threatenerArb = fc.record({ at: hexAt(5), size, reach });

describe("leaving threat along a walk (field.ts leavesAlong, engine threatLeft)", () => {
  it("leaves the same threateners at the same steps in the same order (rule space, first)", () => {
    fc.assert(fc.property(
      walkArb, size, fc.array(threatenerArb, { maxLength: 5 }),
      (w, moverSize, ts) => {
        const path = walkOf(w);
        const runner = leavesAlong(shapeOf(moverSize), path, ts.map((t) => ({
          cells: hexesOf(t.at, t.size), reach: t.reach,
        })));
        const engine = threatLeft(AP_GRID, path.map(cellOf), ts.map((t, k) => ({
          id: `t${k}`, footprint: footprint(t.at, t.size), reach: t.reach,
        })), { rule: "space", mover: sizeOf(moverSize), each: "first" });
        expect(runner.map((l) => ({ id: `t${l.index}`, step: l.step }))).toEqual(engine);
      },
    ), RUNS);
  });

  it("a step between two hexes a foe threatens leaves it (the space rule)", () => {
    // A Medium foe with reach 2 at (0, 0); the mover walks from (1, 0) to (2, -1), both in reach.
    const left = leavesAlong(shapeOf("medium"), [{ q: 1, r: 0 }, { q: 2, r: -1 }], [
      { cells: hexesOf({ q: 0, r: 0 }, "medium"), reach: 2 },
    ]);
    expect(left).toEqual([{ index: 0, step: 1 }]);
  });
});

/** A token on a random field: where, how big, which side, whether still in the fight. */
interface Placed {
  readonly at: Hex;
  readonly size: Size;
  readonly side: Side;
  readonly out: boolean;
}
const placedArb = (
  at: fc.Arbitrary<Hex>, side: fc.Arbitrary<Side>, out: fc.Arbitrary<boolean>,
): fc.Arbitrary<Placed> => fc.record({ at, size, side, out });
const sideArb = fc.constantFrom<Side>("party", "foes");

/**
 * A field around an attack: the target (party), the attacker (foes) and the interceptor (party)
 * within a few hexes of it, and a few other tokens of either side, some fallen; each kept only when
 * it meets no token placed before it (tokens never share a hex), the first three required.
 */
interface Field {
  readonly target: Placed;
  readonly attacker: Placed;
  readonly interceptor: Placed;
  readonly others: readonly Placed[];
}
const fieldArb = (attack: InterceptAttack): fc.Arbitrary<Field> => hexAt(2).chain((t) => {
  const up = fc.constant(false);
  return fc.record({
    target: placedArb(fc.constant(t), fc.constant("party"), up),
    // A melee attacker stands next to its target (or within a long reach of it).
    attacker: placedArb(near(attack === "melee" ? 2 : 6)(t), fc.constant("foes"), up),
    interceptor: placedArb(near(4)(t), fc.constant("party"), up),
    others: fc.array(placedArb(near(5)(t), sideArb, fc.boolean()), { maxLength: 6 }),
  });
});

/** An attack and the field it is made on. */
const attackArb = fc.constantFrom<InterceptAttack>("melee", "ranged")
  .chain((attack) => fc.tuple(fc.constant(attack), fieldArb(attack)));

/**
 * The field's tokens on an arena (`arena.ts`), named target, attacker, f and o3…, fallen ones out
 * of the fight but still on their hexes; null when two of the first three overlap.
 */
function stage(field: Field) {
  const kept: Placed[] = [];
  const all = [field.target, field.attacker, field.interceptor, ...field.others];
  const print = (p: Placed): Footprint => footprint(p.at, p.size);
  for (const p of all) {
    if (kept.some((k) => footprintsOverlap(AP_GRID, print(k), print(p)))) {
      if (kept.length < 3) return null;
      continue;
    }
    kept.push(p);
  }
  const names = kept.map((_, k) => ["target", "attacker", "f"][k] ?? `o${k}`);
  // Allies fit to Intercept a frail target that takes no reaction of its own
  // (reaction-tactics.ts `interceptWanted`, `allyWouldIntercept`).
  const { ctx, f } = arena(kept.map((p, k) => ({
    block: statblock({
      name: names[k] as string, size: p.size, hp: k === 0 ? 1 : 100,
      skills: k === 0 ? { agility: 1, athletics: 1, melee: 1, endurance: 1 } : { agility: 90 },
      weapons: [weapon()],
    }),
    side: p.side, at: p.at,
  })), []);
  kept.forEach((p, k) => {
    if (p.out) (f(names[k] as string) as { out: boolean }).out = true;
  });
  return { ctx, f, names };
}

type Staged = NonNullable<ReturnType<typeof stage>>;

const fighterPrint = (x: Fighter): Footprint => footprint(x.at, x.block.size);

/**
 * The engine's Intercept spots for `x`, passing where no foe in the fight stands and ending where
 * no other token stands (004 §Movement In Combat), both judged by engine footprints.
 */
function engineSpots(s: Staged, x: Fighter, attack: InterceptAttack): Hex[] {
  const target = s.f("target");
  const attacker = s.f("attacker");
  const meets = (cell: Cell, who: (g: Fighter) => boolean): boolean => s.ctx.fighters.some((g) =>
    g !== x && who(g)
    && footprintsOverlap(AP_GRID, { origin: cell, size: sizeOf(x.block.size) }, fighterPrint(g)));
  const spots = interceptSpots(
    AP_GRID, fighterPrint(x), fighterPrint(target), fighterPrint(attacker), {
      attack, budget: INTERCEPT_HEXES,
      passable: (cell) => !meets(cell, (g) => g.side !== x.side && !g.out),
      canEnd: (cell) => !meets(cell, () => true),
    },
  ) as Cell[];
  return spots.map(hexOf);
}

describe("Intercept spots (intercept.ts spotsFor, engine space/intercept.ts)", () => {
  it("finds the engine's spots in the engine's order, melee and ranged; `first` its first", () => {
    const found = { melee: 0, ranged: 0 };
    fc.assert(fc.property(attackArb, ([attack, field]) => {
      const s = stage(field);
      if (s === null) return;
      const x = s.f("f");
      const target = s.f("target");
      const attacker = s.f("attacker");
      const between = attack === "ranged" ? lineBetween(attacker.cells, target.cells) : null;
      const spots = (first: boolean) =>
        spotsFor(s.ctx, x, target.cells, attacker.cells, between, INTERCEPT_HEXES, first);
      const engine = engineSpots(s, x, attack);
      expect(spots(false)).toEqual(engine);
      expect(spots(true)).toEqual(engine.slice(0, 1));
      if (engine.length > 0) found[attack]++;
    }), { numRuns: 800 });
    // Enough fields of each kind have somewhere to stand (about 110 melee and 160 ranged a run).
    expect(found.melee).toBeGreaterThan(20);
    expect(found.ranged).toBeGreaterThan(30);
  });

  it("lineBetween is the d − 1 hexes between two tokens d apart, from the attacker out", () => {
    // Its ends are a nearest pair, so no hex between them is nearer either token: the k-th hex is
    // k from the attacker's token and d − k from the ally's, and none is either token's own.
    fc.assert(fc.property(pairAt(6), size, size, ([a, b], sa, sb) => {
      const att = hexesOf(a, sa);
      const ally = hexesOf(b, sb);
      const d = cellsDistance(att, ally);
      const line = lineBetween(att, ally);
      expect(line.length).toBe(Math.max(0, d - 1));
      const own = new Set([...att, ...ally].map(hexKey));
      line.forEach((h, k) => {
        expect(own.has(hexKey(h))).toBe(false);
        expect([cellsDistance([h], att), cellsDistance([h], ally)]).toEqual([k + 1, d - 1 - k]);
      });
    }), RUNS);
  });

  it("interceptorsFor gives each ally fit to Intercept the engine's first spot, no other", () => {
    let offered = 0;
    fc.assert(fc.property(attackArb, ([attack, field]) => {
      const s = stage(field);
      if (s === null) return;
      const target = s.f("target");
      const attacker = s.f("attacker");
      // Attack rank 2 (a normal success); a worst blow of 50 could drop the target (1 HP).
      expect(interceptWanted(target, attacker, 2, 50, attack === "melee")).toBe(true);
      const got = interceptorsFor(s.ctx, attacker, target, attack, 2, 50);
      const expected = new Map<string, Hex>();
      for (const x of s.ctx.fighters) {
        if (x === target || x.side !== "party" || x.out) continue;
        expect(pool(x, "rp")).toBeGreaterThanOrEqual(2);
        const spot = engineSpots(s, x, attack)[0];
        if (spot) expected.set(x.key, spot);
      }
      expect(got ?? new Map()).toEqual(expected);
      offered += expected.size;
    }), { numRuns: 300 });
    // About 140 a run.
    expect(offered).toBeGreaterThan(50);
  });
});
