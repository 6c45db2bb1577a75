import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runSync } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import {
  DEFENSE_STATES, defenseOf, planAttack, type AttackerTerms, type TargetTerms,
} from "../rules/attack";
import { AIMS, type Aim } from "../rules/constants";
import type { DamageOutcome } from "../rules/damage";
import { focused, type FeatLike } from "../rules/feats";
import { strikePlan, tragedyFreeHitPlan, type HitTerms, type Strike } from "../rules/strike";
import {
  decisive, fatalBlow, rollStrike, rollStrikeDamage, StrikeRoll, tragedy,
} from "../encounter/strike-roll";

/**
 * The unrecorded runner's strike (`encounter/strike-roll.ts`) against the rules' plans it stands
 * for (`rules/strike.ts` `strikePlan`, `tragedyFreeHitPlan`): over random attackers, targets,
 * weapons, feats and dice (biased towards each die's top and bottom face, so chains, super
 * criticals, decisive and fatal blows, tragedies and the fatal d4's 4 all come up), both draw
 * the same dice in the same order and come to the same numbers.
 */

/** A roller playing back fractions of a die (0: its 1, 0.99: its top face), cycling. */
function fractions(xs: readonly number[]): DiceRoller & { readonly drawn: number[] } {
  let k = 0;
  const drawn: number[] = [];
  return {
    drawn,
    die(faces: number): number {
      const d = 1 + Math.floor((xs[k++ % xs.length] as number) * faces);
      drawn.push(faces, d);
      return d;
    },
  };
}

const fraction = fc.oneof(
  fc.constant(0), fc.constant(0.999), fc.double({ min: 0, max: 0.999, noNaN: true }),
);
const aim = fc.constantFrom<Aim>(...AIMS);

const attacker = fc.record({
  accuracy: fc.integer({ min: -3, max: 8 }), woundAccuracy: fc.integer({ min: -8, max: 0 }), aim,
  flanking: fc.boolean(), toHitPurchases: fc.integer({ min: 0, max: 3 }),
});
const target = fc.record({
  agility: fc.integer({ min: -4, max: 6 }), state: fc.constantFrom(...DEFENSE_STATES),
  dodgePurchases: fc.integer({ min: 0, max: 3 }),
});
const weapon = fc.record({
  id: fc.constantFrom("w1", "w2"), name: fc.constantFrom("Axe", "Bow"),
  kind: fc.constantFrom("melee" as const, "ranged" as const),
  damage: fc.record({
    dice: fc.integer({ min: 0, max: 3 }), die: fc.constantFrom(4, 6, 8, 10, 12, 20),
    bonus: fc.integer({ min: -3, max: 5 }),
  }),
});
const feats = fc.array(fc.oneof(
  fc.constant<FeatLike>({ feat: "sneakAttack" }), fc.constant<FeatLike>({ feat: "reach" }),
  fc.record<FeatLike>({
    feat: fc.constant("weaponFocus"), weapons: fc.subarray(["w1", "Bow", "Dagger"]),
  }),
), { maxLength: 3 });
const hit = fc.record<HitTerms>({
  weapon, strength: fc.integer({ min: -3, max: 5 }), feats, extraAttack: fc.boolean(),
  meleeDamagePurchases: fc.integer({ min: 0, max: 2 }), sneak: fc.boolean(),
  reductions: fc.array(fc.record({ source: fc.constant("armor"), value: fc.nat(5) }),
    { maxLength: 2 }), aim,
});

/** The fast roll's terms, from the rules' terms. */
function termsOf(a: AttackerTerms, t: TargetTerms, h: HitTerms): StrikeRoll {
  const armor = h.reductions.reduce((n, r) => n + r.value, 0);
  return new StrikeRoll()
    .aim(a.accuracy, a.woundAccuracy, a.aim, a.flanking, a.toHitPurchases, t.state, t.agility,
      t.dodgePurchases)
    .hitWith(h.weapon, focused(h.feats, h.weapon), h.feats, h.extraAttack, h.sneak, h.strength,
      h.meleeDamagePurchases, armor, h.aim);
}

/** The damage numbers both give. */
const damageOf = (d: DamageOutcome | null) => (d === null
  ? { multiplier: 1, dealt: 0, fatalRoll: 0, total: 0 }
  : { multiplier: d.multiplier, dealt: d.dealt, fatalRoll: d.fatalRoll ?? 0, total: d.total });

/** The fast roll's damage numbers. */
const rolledDamage = (roll: StrikeRoll) => ({
  multiplier: roll.multiplier, dealt: roll.dealt, fatalRoll: roll.fatalRoll, total: roll.total,
});

describe("the unrecorded strike roll (encounter/strike-roll.ts) is the rules' strike plan", () => {
  it("same dice, same d20 terms, hit, chain, blows and damage (property)", () => {
    const dice = fc.array(fraction, { minLength: 1, maxLength: 30 });
    fc.assert(fc.property(attacker, target, hit, dice, (a, t, h, xs) => {
      const plan = planAttack(a, defenseOf(t));
      const byPlan = fractions(xs);
      const s: Strike = runSync(strikePlan(plan, h), byPlan);
      const fast = fractions(xs);
      const roll = termsOf(a, t, h);
      rollStrike(roll, fast);
      expect(fast.drawn).toEqual(byPlan.drawn);
      expect([roll.modifier, roll.target]).toEqual([plan.modifier, plan.target]);
      const c = s.roll.chain;
      expect({
        natural: roll.natural, hit: roll.hit, chain: roll.chain, reached: roll.reached,
        decisive: decisive(roll), fatalBlow: fatalBlow(roll), tragedy: tragedy(roll),
        ...rolledDamage(roll),
      }).toEqual({
        natural: s.roll.check.natural, hit: s.roll.hit, chain: c ? c.kind : null,
        reached: c ? c.chain.reached : 0,
        decisive: c?.kind === "critical" && c.decisive,
        fatalBlow: c?.kind === "tragedy" && c.fatalBlow,
        tragedy: c?.kind === "tragedy" && c.tragedy,
        ...damageOf(s.damage),
      });
    }), { numRuns: 3000 });
  });

  it("a tragedy's free hit: the same dice and damage at ×2 (property)", () => {
    const dice = fc.array(fraction, { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(attacker, target, hit, dice, (a, t, h, xs) => {
      const byPlan = fractions(xs);
      const d = runSync(tragedyFreeHitPlan(h), byPlan);
      const fast = fractions(xs);
      const roll = termsOf(a, t, h);
      rollStrikeDamage(roll, 2, fast);
      expect(fast.drawn).toEqual(byPlan.drawn);
      expect(rolledDamage(roll)).toEqual(damageOf(d));
    }), { numRuns: 2000 });
  });
});
