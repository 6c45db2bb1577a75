import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runFromPool } from "../../../engine/dice/plan";
import {
  ATTACK_SOURCES, attackModifiers, attackPlan, defenseOf, hitOdds, planAttack, rollAttack,
  type AttackerTerms, type DefenseState,
} from "../rules/attack";
import { scripted } from "../../../../test/engine/plan-support";

/**
 * wounds' attack roll: d20 + Accuracy + bonuses ≥ 10 + Agility; flat-footed 5, prone 5 + Agility;
 * naturals 20 and 1 decide alone and start their chains. Source: `001_dbc5fcc02a99a518.txt`
 * §Attacking, §Wounds/Aiming, §Flanking, §Flat Footed, §Prone; RULINGS.md §wounds Attack.
 */
const attacker = (over: Partial<AttackerTerms> = {}): AttackerTerms => ({
  accuracy: 3, woundAccuracy: 0, aim: "centerMass", flanking: false, toHitPurchases: 0, ...over,
});

const dodging = (agility: number) => defenseOf({ agility, state: "dodging", dodgePurchases: 0 });
const flat = (agility: number) => defenseOf({ agility, state: "flatFooted", dodgePurchases: 0 });

describe("modifiers by source (§Attacking, §Wounds/Aiming, §Flanking, §Bonus Actions)", () => {
  it("center mass +1, flanking +1, each bought +1, wounds' penalty, all named", () => {
    expect(attackModifiers(attacker({ flanking: true, toHitPurchases: 2, woundAccuracy: -3 })))
      .toEqual([
        { source: ATTACK_SOURCES.accuracy, value: 3 },
        { source: ATTACK_SOURCES.wounds, value: -3 },
        { source: ATTACK_SOURCES.centerMass, value: 1 },
        { source: ATTACK_SOURCES.flanking, value: 1 },
        { source: ATTACK_SOURCES.toHit, value: 2 },
      ]);
  });
  it("another aim loses center mass's +1; zero terms are left out, accuracy never", () => {
    expect(attackModifiers(attacker({ aim: "fatal", accuracy: 0 })))
      .toEqual([{ source: "accuracy", value: 0 }]);
    expect(attackModifiers(attacker({ aim: "slowing", extra: [{ source: "gm", value: -2 }] })))
      .toEqual([{ source: "accuracy", value: 3 }, { source: "gm", value: -2 }]);
  });
});

describe("the target number (§Attacking, §Flat Footed, §Prone)", () => {
  it("dodging: 10 + Agility + bought dodge; flat-footed: 5 whatever its Agility", () => {
    expect(defenseOf({ agility: 2, state: "dodging", dodgePurchases: 1 }).target).toBe(13);
    expect(defenseOf({ agility: 7, state: "flatFooted", dodgePurchases: 2 }).target).toBe(5);
  });
  it("prone is semi flat-footed: 5 + Agility, bought dodge not counted (it cannot dodge)", () => {
    expect(defenseOf({ agility: 3, state: "prone", dodgePurchases: 2 })).toEqual({
      target: 8, sources: [{ source: "prone", value: 5 }, { source: "agility", value: 3 }],
    });
    expect(defenseOf({ agility: -2, state: "prone", dodgePurchases: 0 }).target).toBe(3);
  });
});

describe("exact chances to hit over the d20's twenty faces", () => {
  it("Accuracy 3 + center mass against Agility 2 (12): naturals 8–20 hit, 13/20", () => {
    const plan = planAttack(attacker(), dodging(2));
    expect(plan.target).toBe(12);
    expect(hitOdds(plan)).toEqual({ successes: 13, total: 20 });
  });
  it("a flat-footed target (5) is missed only on a natural 1; prone Agility 2 (7) on 1 and 2", () => {
    const ff = planAttack(attacker({ accuracy: 0, aim: "fatal" }),
      defenseOf({ agility: 5, state: "flatFooted", dodgePurchases: 0 }));
    expect(hitOdds(ff)).toEqual({ successes: 16, total: 20 });
    const easy = planAttack(attacker(), flat(0));
    expect(hitOdds(easy)).toEqual({ successes: 19, total: 20 });
    const prone = planAttack(attacker({ accuracy: 0, aim: "fatal" }),
      defenseOf({ agility: 2, state: "prone", dodgePurchases: 0 }));
    expect(hitOdds(prone)).toEqual({ successes: 14, total: 20 });
  });
  it("a natural 20 hits however high the defense, a natural 1 misses however low", () => {
    const far = planAttack(attacker({ accuracy: -10 }), { target: 40, sources: [] });
    expect(hitOdds(far)).toEqual({ successes: 1, total: 20 });
    const near = planAttack(attacker({ accuracy: 30 }), { target: 0, sources: [] });
    expect(hitOdds(near)).toEqual({ successes: 19, total: 20 });
  });
  it("each face decides as the text says (property)", () => {
    const states: DefenseState[] = ["dodging", "flatFooted", "prone"];
    fc.assert(fc.property(
      fc.integer({ min: -5, max: 10 }), fc.integer({ min: -5, max: 8 }), fc.constantFrom(...states),
      fc.integer({ min: 1, max: 20 }), fc.boolean(),
      (acc, agi, state, natural, flanking) => {
        const a = attacker({ accuracy: acc, flanking });
        const d = defenseOf({ agility: agi, state, dodgePurchases: 0 });
        const r = runFromPool(attackPlan(planAttack(a, d)), [natural, 1, 1])!.value;
        const total = natural + acc + 1 + (flanking ? 1 : 0);
        expect(r.hit).toBe(natural === 20 || (natural !== 1 && total >= d.target));
        const kind = natural === 20 ? "critical" : natural === 1 ? "tragedy" : null;
        expect(r.chain?.kind ?? null).toBe(kind);
      },
    ));
  });
});

describe("the attack plan rolls the chain only on a natural 20 or 1", () => {
  const plan = planAttack(attacker(), dodging(2));
  it("a 12 rolls nothing more; a 20, 4, 6, 2 is a decisive blow (a d8 rolled and reported)", () => {
    const plain = scripted([12]);
    expect(rollAttack(plan, plain)).toMatchObject({ hit: true, chain: null });
    const roller = scripted([20, 4, 6, 2]);
    const r = rollAttack(plan, roller);
    expect(roller.asked).toEqual([20, 4, 6, 8]);
    expect(r.chain).toMatchObject({
      kind: "critical", superCritical: true, decisive: true, multiplier: 4,
    });
  });
  it("a 1, 4, 5 misses with a tragedy but no fatal blow", () => {
    const r = rollAttack(plan, scripted([1, 4, 5]));
    expect(r.hit).toBe(false);
    expect(r.chain).toMatchObject({ kind: "tragedy", tragedy: true, fatalBlow: false });
  });
});
