import { describe, expect, it } from "vitest";
import { resolveWindow, type Interjection, type WindowPlan } from "../../src/engine/resolution/reaction-window";
import { rollOpposed } from "../../src/engine/dice/opposed";
import type { DiceRoller } from "../../src/engine/dice/roller";

/** A toy attack: the state a ruleset would keep. */
interface Toy {
  target: string;
  natural: number;
  total: number;
  ac: number;
  hit: boolean;
  immune: boolean;
  damage: number;
  attackerDown: boolean;
}
const scripted = (values: number[]): DiceRoller => ({ die: () => values.shift() as number });

function toyPlan(natural: number, interjections: Interjection<Toy>[], pick = (offers: readonly Interjection<Toy>[]) => offers[0] ?? null): WindowPlan<Toy> {
  return {
    declared: { target: "ward", natural: 0, total: 0, ac: 13, hit: false, immune: false, damage: 0, attackerDown: false },
    interjections,
    roll: (s) => ({ ...s, natural, total: natural + 2, hit: natural + 2 >= s.ac }),
    choose: (_stage, _s, offers) => pick(offers),
    damage: (s) => (s.hit ? [{ id: "hit", apply: (x: Toy) => ({ ...x, damage: x.damage + 5 }) }] : []),
    cancelled: (s) => s.attackerDown,
  };
}

/** Shock's Total Defense: +2 AC and Shock immunity, after the roll is seen. */
const totalDefense: Interjection<Toy> = {
  id: "totalDefense", by: "ward", stage: "react",
  available: (s) => !s.immune,
  apply: (s) => ({ ...s, ac: s.ac + 2, immune: true, hit: s.total >= s.ac + 2 }),
};

describe("reaction window (002 §Total Defense, §Screen an Ally, §Make a Snap Attack)", () => {
  it("declare → roll → react → final → damage, each step recorded", () => {
    const r = resolveWindow(toyPlan(12, [totalDefense]));
    expect(r.rolled.hit).toBe(true);
    expect(r.final).toMatchObject({ ac: 15, hit: false, immune: true });
    expect(r.resolved.damage).toBe(0);
    expect(r.steps.map((s) => `${s.stage}:${s.id}`)).toEqual(["react:totalDefense"]);
    expect(r.steps[0]?.before.hit).toBe(true);
  });

  it("a reaction that does not change the outcome leaves the damage steps", () => {
    const r = resolveWindow(toyPlan(17, [totalDefense]));
    expect(r.final.hit).toBe(true);
    expect(r.resolved.damage).toBe(5);
    expect(r.steps.map((s) => s.id)).toEqual(["totalDefense", "hit"]);
  });

  it("declining to react changes nothing; each interjection is offered once", () => {
    const declined = resolveWindow(toyPlan(12, [totalDefense], () => null));
    expect(declined.final.hit).toBe(true);
    let offers = 0;
    const again: Interjection<Toy> = { ...totalDefense, available: () => true };
    resolveWindow(toyPlan(12, [again], (o) => (offers++, o[0] ?? null)));
    expect(offers).toBe(1);
  });

  it("a declare-stage screen redirects the attack before the roll", () => {
    const screen: Interjection<Toy> = {
      id: "screen", by: "guard", stage: "declare", available: (s) => s.target === "ward",
      apply: (s) => ({ ...s, target: "guard", ac: 16 }),
    };
    const r = resolveWindow(toyPlan(12, [screen]));
    expect(r.final).toMatchObject({ target: "guard", hit: false });
    expect(r.steps[0]?.stage).toBe("declare");
  });

  it("a snap attack that fells the attacker cancels the damage", () => {
    const snap: Interjection<Toy> = { id: "snapAttack", by: "ally", stage: "react", available: (s) => s.hit, apply: (s) => ({ ...s, attackerDown: true }) };
    const r = resolveWindow(toyPlan(18, [snap]));
    expect(r.cancelled).toBe(true);
    expect(r.resolved.damage).toBe(0);
  });

  it("holds action-points' dodge: an opposed check after a would-hit", () => {
    // The dodge wins 2d6 11 vs 2d6 4.
    const roller = scripted([5, 6, 2, 2]);
    const dodge: Interjection<Toy> = {
      id: "dodge", by: "ward", stage: "react", available: (s) => s.hit,
      apply: (s) => {
        const o = rollOpposed({ id: "ward", dice: 2, faces: 6, modifiers: [] }, { id: "foe", dice: 2, faces: 6, modifiers: [] }, roller);
        return { ...s, hit: o.winner !== "a" };
      },
    };
    const r = resolveWindow(toyPlan(18, [dodge]));
    expect(r.rolled.hit).toBe(true);
    expect(r.final.hit).toBe(false);
  });

  it("refuses a pick that was not offered", () => {
    const stray: Interjection<Toy> = { ...totalDefense, id: "stray" };
    expect(() => resolveWindow(toyPlan(12, [totalDefense], () => stray))).toThrow(/not offered/);
  });
});
