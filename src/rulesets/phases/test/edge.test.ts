import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CONDITION_IDS, MOVEMENT_KINDS, type ConditionId, type Tier } from "../rules/constants";
import { attackEdge, edgeOfSources, edgeSources, type EdgeSituation, type MoveEdge } from "../rules/edge";
import { moveEdgeOf } from "../rules/movement";
import { movementPowersOf, statblockFromActor } from "../rules/statblock";
import { goblin } from "./fixtures";

/**
 * phases' edge: each source by name, netted (the same name once), capped at 4, choosing the
 * stepped die. Source: `003_d18720f6cd315cc2.txt` §Advantage / Disadvantage, §Battle Actions
 * (the tier table, Defend, Disengage), §Movement Phase (seizing); RULINGS.md §phases Edge, Battle
 * phase, Movement power defaults, Conditions.
 */
const situation = (o: {
  a?: Tier; t?: Tier; ac?: ConditionId[]; tc?: ConditionId[]; moves?: MoveEdge[];
  seized?: boolean; defending?: boolean; kind?: "melee" | "ranged";
} = {}): EdgeSituation => ({
  attacker: { tier: o.a ?? 1, conditions: o.ac ?? [], moveEdges: o.moves ?? [] },
  target: {
    id: "foe", tier: o.t ?? 1, conditions: o.tc ?? [], seized: o.seized ?? false,
    defending: o.defending ?? false,
  },
  attackKind: o.kind ?? "melee",
});

const powers = movementPowersOf(statblockFromActor(goblin()));
const power = (kind: string) => powers.find((p) => p.kind === kind)!;
const hustle = moveEdgeOf(power("hustle"))!;
const charge = moveEdgeOf(power("charge"), "foe")!;
const disengage = moveEdgeOf(power("disengage"))!;

describe("tier difference (003 §Battle Actions, the text's table)", () => {
  it.each([
    [1, 1, 0], [1, 2, -1], [1, 3, -2], [2, 1, 1], [3, 1, 2],
  ] as const)("tier %i against tier %i: %i", (a, t, net) => {
    const e = attackEdge(situation({ a, t }));
    expect(e.net).toBe(net);
    expect(e.sources).toEqual(net === 0 ? [] : [{ source: "tier", amount: net }]);
  });
  it("tier 1 against tier 2 rolls 2d6 and a d12, keeping the two lowest; tier 3 against 1 adds a d8", () => {
    expect(attackEdge(situation({ a: 1, t: 2 })).pool)
      .toEqual({ faces: [6, 6, 12], keep: 2, mode: "lowest" });
    expect(attackEdge(situation({ a: 3, t: 1 })).pool)
      .toEqual({ faces: [6, 6, 8], keep: 2, mode: "highest" });
    expect(attackEdge(situation()).pool).toEqual({ faces: [6, 6], keep: 2, mode: "highest" });
  });
});

describe("each named source", () => {
  it("Dazed attacker, Exposed target, a seizer, a Defender", () => {
    expect(edgeSources(situation({ ac: ["dazed"] }))).toEqual([{ source: "attacker:dazed", amount: -1 }]);
    expect(edgeSources(situation({ tc: ["exposed"] }))).toEqual([{ source: "target:exposed", amount: 1 }]);
    expect(edgeSources(situation({ seized: true }))).toEqual([{ source: "target:seized", amount: 1 }]);
    expect(edgeSources(situation({ defending: true })))
      .toEqual([{ source: "target:defending", amount: -1 }]);
    // Conditions that give no edge name no source: a Slowed or Immobilised attacker or target.
    expect(edgeSources(situation({ ac: ["slowed", "immobilised", "exposed"], tc: ["dazed", "slowed"] })))
      .toEqual([]);
  });
  it("Hustle and Disengage on every attack; Charge only on a melee attack at the enemy charged", () => {
    expect(edgeSources(situation({ moves: [hustle] }))).toEqual([{ source: "attacker:hustle", amount: -1 }]);
    expect(edgeSources(situation({ moves: [disengage], kind: "ranged" })))
      .toEqual([{ source: "attacker:disengage", amount: -1 }]);
    expect(edgeSources(situation({ moves: [charge] }))).toEqual([{ source: "attacker:charge", amount: 1 }]);
    expect(edgeSources(situation({ moves: [charge], kind: "ranged" }))).toEqual([]);
    expect(edgeSources(situation({ moves: [{ ...charge, enemy: "other" }] }))).toEqual([]);
    expect(moveEdgeOf(power("walk"))).toBeNull();
  });
  it("a calling's own movement power is named by its id", () => {
    const own: MoveEdge = { kind: "other", powerId: "blink", amount: 2, scope: "all", enemy: null };
    expect(edgeSources(situation({ moves: [own] }))).toEqual([{ source: "attacker:move:blink", amount: 2 }]);
  });
  it("a Dazed tier 1 attacker Charging a seized, Exposed tier 2 foe: every source named, net +1", () => {
    const e = attackEdge(situation({ t: 2, ac: ["dazed"], tc: ["exposed"], moves: [charge], seized: true }));
    expect(e.sources.map((s) => s.source)).toEqual([
      "tier", "attacker:dazed", "attacker:charge", "target:exposed", "target:seized",
    ]);
    expect(e.net).toBe(1);
    expect(e.pool).toEqual({ faces: [6, 6, 6], keep: 2, mode: "highest" });
  });
});

describe("netting and the cap (RULINGS.md §phases Edge)", () => {
  it("caps at 4 either way: a tier 4 attacker on a seized, Exposed tier 1 foe has net 5, edge 4", () => {
    const e = attackEdge(situation({ a: 4, t: 1, tc: ["exposed"], seized: true }));
    expect(e.net).toBe(5);
    expect(e.edge).toBe(4);
    expect(e.pool.faces).toEqual([6, 6, 12]);
    const low = attackEdge(situation({ a: 1, t: 4, ac: ["dazed"], moves: [hustle], defending: true }));
    expect([low.net, low.edge]).toEqual([-6, -4]);
    expect(low.pool).toEqual({ faces: [6, 6, 6], keep: 2, mode: "lowest" });
  });
  it("the same source counts once: Disengage twice is one Disadvantage", () => {
    expect(edgeOfSources([
      { source: "attacker:disengage", amount: -1 }, { source: "attacker:disengage", amount: -1 },
    ]).net).toBe(-1);
    expect(attackEdge(situation({ moves: [disengage, disengage] })).net).toBe(-1);
  });
  it("property: net is the sum over distinct names, edge the net within ±4, the die as the ladder says", () => {
    const tier = fc.constantFrom<Tier>(1, 2, 3, 4);
    const conds = fc.subarray([...CONDITION_IDS]);
    const move = fc.record({
      kind: fc.constantFrom(...MOVEMENT_KINDS), powerId: fc.constantFrom("p", "q"),
      amount: fc.integer({ min: -4, max: 4 }), scope: fc.constantFrom("all" as const, "meleeAtEnemy" as const),
      enemy: fc.constantFrom<string | null>("foe", "x", null),
    });
    fc.assert(fc.property(
      tier, tier, conds, conds, fc.array(move, { maxLength: 4 }), fc.boolean(), fc.boolean(),
      fc.constantFrom("melee" as const, "ranged" as const),
      (a, t, ac, tc, moves, seized, defending, kind) => {
        const e = attackEdge(situation({ a, t, ac, tc, moves, seized, defending, kind }));
        const seen = new Map<string, number>();
        for (const s of e.sources) if (!seen.has(s.source)) seen.set(s.source, s.amount);
        const net = [...seen.values()].reduce((x, y) => x + y, 0);
        expect(e.net).toBe(net);
        expect(e.edge).toBe(Math.max(-4, Math.min(4, net)));
        expect(e.sources.every((s) => s.amount !== 0)).toBe(true);
        const ladder = e.edge > 0 ? [6, 8, 10, 12][e.edge - 1] : [12, 10, 8, 6][-e.edge - 1];
        expect(e.pool.faces).toEqual(e.edge === 0 ? [6, 6] : [6, 6, ladder]);
        expect(e.pool.keep).toBe(2);
        if (e.edge !== 0) expect(e.pool.mode).toBe(e.edge > 0 ? "highest" : "lowest");
        // The tier source is exactly the difference.
        expect(e.sources.find((s) => s.source === "tier")?.amount ?? 0).toBe(a - t);
      },
    ), { numRuns: 1000 });
  });
});
