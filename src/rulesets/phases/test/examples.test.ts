import { describe, expect, it } from "vitest";
import { runFromPool } from "../../../engine/dice/plan";
import { squareGrid } from "../../../engine/space/grid";
import type { Cell } from "../../../engine/space/cell";
import { damageDealt, effectsInflicted, planAttack, reaches, resolveAttack } from "../rules/attack";
import { attackEdge } from "../rules/edge";
import { effectDuration, type TimedCondition } from "../rules/durations";
import { afterDamage, healthState } from "../rules/health";
import { initiativePlan, roundOrders } from "../rules/initiative";
import { checkMove, moveEdgeOf, provokedBy, threatenerOf } from "../rules/movement";
import { endPhasePlan } from "../rules/saves";
import {
  movementPowersOf, opportunityAttackOf, statblockFromActor,
} from "../rules/statblock";
import { goblin, wren } from "./fixtures";

/**
 * One round of phases played through the pure rules with the dice given: Initiative (the goblin
 * seizes), Movement (its Walk provokes Wren's opportunity attack, then Wren Charges), Battle
 * (Wren first, the seizer last), End (a Daze "until the end of the round" ends without a save).
 * Source: `003_d18720f6cd315cc2.txt` §Combat Round and each phase; RULINGS.md §phases.
 */
describe("a round, phase by phase (003 §Combat Round)", () => {
  it("plays as the rules say", () => {
    const grid = squareGrid();
    const w = statblockFromActor(wren());
    const g = statblockFromActor(goblin());
    const c = (i: number, j: number): Cell => ({ i, j });
    const row = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => c(0, a + k));

    // Initiative: Wren 3 + 1 + 5 = 9, the goblin 6 + 5 + 2 = 13; the goblin seizes.
    const ranked = runFromPool(initiativePlan([w, g]), [3, 1, 6, 5])!.value;
    const orders = roundOrders(ranked, ["gob"]);
    expect(orders).toEqual({ movement: ["gob", "wren"], battle: ["wren", "gob"] });

    // Movement, the goblin first: it Walks from beside Wren, provoking her.
    const walk = movementPowersOf(g).find((m) => m.kind === "walk")!;
    const away = row(1, 4);
    expect(checkMove(grid, { power: walk, speed: g.speed, conditions: [], path: away }))
      .toMatchObject({ ok: true, cost: 3 });
    const provoked = provokedBy(grid, away, walk, [threatenerOf("wren", { origin: c(0, 0) })]);
    expect(provoked).toEqual([{ id: "wren", step: 1 }]);
    // Wren's opportunity attack with her sword: tier +1 and a seizer +1, a d8 added.
    const sword = opportunityAttackOf(w)!;
    const oaEdge = attackEdge({
      attacker: { tier: w.tier, conditions: [] },
      target: { id: g.id, tier: g.tier, conditions: [], seized: true }, attackKind: "melee",
    });
    const oa = resolveAttack(planAttack(w.atk, g.def, oaEdge), [2, 3, 7]);
    expect(oaEdge.sources.map((s) => s.source)).toEqual(["tier", "target:seized"]);
    expect(oa).toMatchObject({ total: 14, hit: true });
    let gobHp = afterDamage(g.hp, damageDealt(sword, oa.hit, [1]));
    expect(gobHp).toBe(4);
    const dazed: TimedCondition[] = effectsInflicted(sword, oa.hit).map((e, k) => ({
      key: `oa${k}`, bearer: "gob", source: "wren", condition: e.condition, armed: true,
      duration: effectDuration(e.duration, 1),
    }));
    expect(dazed.map((e) => [e.condition, e.duration.name])).toEqual([["dazed", "endOfRound"]]);

    // Wren Charges in a straight line to beside the goblin, now at (0, 4).
    const charge = movementPowersOf(w).find((m) => m.kind === "charge")!;
    expect(checkMove(grid, {
      power: charge, speed: w.speed, conditions: [], path: row(0, 3), enemy: { origin: c(0, 4) },
    })).toMatchObject({ ok: true });
    const chargeEdge = moveEdgeOf(charge, "gob")!;

    // Battle, Wren first: tier +1, Charge +1, seizer +1: a d10, two highest.
    expect(reaches(grid, sword, { origin: c(0, 3) }, { origin: c(0, 4) })).toBe(true);
    const hitEdge = attackEdge({
      attacker: { tier: w.tier, conditions: [], moveEdges: [chargeEdge] },
      target: { id: "gob", tier: g.tier, conditions: ["dazed"], seized: true }, attackKind: "melee",
    });
    const plan = planAttack(w.atk, g.def, hitEdge);
    expect([plan.formula, plan.edge]).toEqual(["{1d6,1d6,1d10}kh2", 3]);
    const blow = resolveAttack(plan, [1, 1, 10]);
    expect(blow).toMatchObject({ total: 15, hit: true });
    gobHp = afterDamage(gobHp, damageDealt(sword, blow.hit, [1]));
    expect([gobHp, healthState(gobHp, false)]).toEqual([1, "up"]);

    // The goblin, last: tier −1 and Dazed −1, a d10 and the two lowest.
    const spearEdge = attackEdge({
      attacker: { tier: g.tier, conditions: ["dazed"] },
      target: { id: "wren", tier: w.tier, conditions: [] }, attackKind: "melee",
    });
    const stab = resolveAttack(planAttack(g.atk, w.def, spearEdge), [6, 6, 9]);
    expect(stab).toMatchObject({ total: 14, hit: true });
    expect(afterDamage(w.hp, damageDealt(g.attacks[0]!, stab.hit, [3]))).toBe(14);

    // End: the Daze lasted to the end of the round and ends with no dice rolled.
    const end = runFromPool(endPhasePlan(dazed, 1), [])!;
    expect(end.used).toBe(0);
    expect(end.value.ended).toEqual(dazed);
  });
});
