import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isSuccess, levelDistribution, opposedByLevel, opposedOdds, type SuccessLevel,
} from "../../../engine/dice/roll-under";
import { StatblockError } from "../../../engine/schema/document-source";
import { canSpend, endTurn, spend, startRound, startTurn } from "../../../engine/economy/points";
import { openWindow, stepWindow } from "../../../engine/resolution/window/step";
import { planCheck, resolveCheck } from "../rules/checks";
import { attackModifiers, attackPlan, damageTotal, rangeSteps } from "../rules/attack";
import {
  agilityModifierOf, reachWith, sizeReach, statblockFromActor, threatWeapon, type Weapon,
} from "../rules/statblock";
import {
  afterSurprise, apEconomy, gainForHit, gainForKill, gainForReaction, poolsAtStart,
  takeFlowState, TAGS,
} from "../rules/pools";
import { initiativePlan, readiedOrder } from "../rules/initiative";
import {
  actorWins, breaksFree, disarmResult, shoveEffects, sizeRefusal, SPECIAL,
} from "../rules/special-actions";
import { AP_WINDOW } from "../rules/reaction-window";
import { context, fighter } from "./fixtures";

/**
 * action-points' pure rules line by line: checks with modifiers and edge, attacks (gang-up, range
 * increments, off hand, the unmodified reaction attack), damage, statblocks and reach, the three
 * pools at their edges, initiative and Ready, the special actions' results, and the window's
 * opposed odds against the exact distributions. Source: `004_2cc57162401858c9.txt`;
 * RULINGS.md §action-points.
 */

const sword: Weapon = {
  id: "w", name: "Sword", category: "sword", kind: "melee", damage: { dice: 1, die: 8, bonus: 2 },
  reach: 1, range: 0, finesse: false, offHand: false, readied: true, flowActions: [],
};
const bow: Weapon = { ...sword, name: "Shortbow", category: "bow", kind: "ranged", range: 6 };

describe("checks (RULINGS §Checks)", () => {
  it("modifiers add to the skill by source; the target never goes below 0; edges net out", () => {
    const plan = planCheck(55, [{ source: "gangUp", value: 10 }, { source: "range", value: -20 }]);
    expect(plan.target).toBe(45);
    expect(planCheck(5, [{ source: "range", value: -30 }]).target).toBe(0);
    const adv = planCheck(50, [], [{ source: "feint", edge: 1 }]);
    expect(adv.edge).toBe("advantage");
    const even = planCheck(50, [], [{ source: "feint", edge: 1 }, { source: "disarm", edge: -1 }]);
    expect(even.edge).toBe("none");
    // Advantage keeps the lower d100: 70 and 20 against 45 is a Hard success (≤ 22).
    expect(resolveCheck(adv, [70, 20])).toMatchObject({ roll: 20, level: "hard" });
    expect(() => resolveCheck(adv, [20])).toThrow(RangeError);
  });
});

describe("attacks (§Gang-up, §Range Penalties, §Two-Weapon Fighting, §Reaction Attacks)", () => {
  it("range increments: a Shortbow (Range 6) is −10 at 7–12 hexes, −20 at 13–18", () => {
    expect([1, 6, 7, 12, 13, 18, 19].map((d) => rangeSteps(6, d))).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(attackModifiers({ weapon: bow }, { distance: 13, threateners: 3 }))
      .toEqual([{ source: "range", value: -20 }]);
  });

  it("gang-up +10 in melee when two or more allies threaten the target", () => {
    expect(attackModifiers({ weapon: sword }, { distance: 1, threateners: 1 })).toEqual([]);
    expect(attackModifiers({ weapon: sword }, { distance: 1, threateners: 2 }))
      .toEqual([{ source: "gangUp", value: 10 }]);
  });

  it("the off hand is −10 unless the weapon is finesse or brawl", () => {
    const off = { ...sword, offHand: true };
    expect(attackModifiers({ weapon: off }, { distance: 1, threateners: 1 }))
      .toEqual([{ source: "offHand", value: -10 }]);
    expect(attackModifiers({ weapon: { ...off, finesse: true } }, { distance: 1, threateners: 1 }))
      .toEqual([]);
    expect(attackModifiers({ weapon: { ...off, category: "brawl" } }, { distance: 1, threateners: 1 }))
      .toEqual([]);
  });

  it("a reaction attack is unmodified: no gang-up, no penalty, no edge", () => {
    const block = { skills: { melee: 60, ranged: 40, arcana: 30 } } as never;
    const plan = attackPlan(block, { weapon: { ...sword, offHand: true } }, {
      distance: 1, threateners: 4, reactionAttack: true, edgeSources: [{ source: "feint", edge: 1 }],
    });
    expect(plan).toMatchObject({ target: 60, modifiers: [], edge: "none" });
  });

  it("damage is dice + bonus times the multiplier, never below 0", () => {
    expect(damageTotal({ dice: 1, die: 8, bonus: 2 }, [5], 1)).toBe(7);
    expect(damageTotal({ dice: 1, die: 8, bonus: 2 }, [5], 3)).toBe(21);
    expect(damageTotal({ dice: 1, die: 4, bonus: -5 }, [2], 2)).toBe(0);
    expect(() => damageTotal({ dice: 1, die: 8, bonus: 0 }, [9], 1)).toThrow(RangeError);
  });
});

describe("statblocks, reach and the Agility modifier (§Reach; RULINGS §Agility modifier)", () => {
  const doc = (type: string, system: object, items: object[] = []) =>
    ({ _id: "a1", name: "Tess", type, system, items }) as never;

  it("the modifier is the Agility skill's tens digit unless the sheet states its own", () => {
    expect(agilityModifierOf(45, { stated: false, value: 0 })).toBe(4);
    expect(agilityModifierOf(45, { stated: true, value: 2 })).toBe(2);
    const b = statblockFromActor(doc("actionPointsCharacter", { skills: { agility: 62 } }, [
      { _id: "i1", name: "Sword", type: "actionPointsWeapon", system: {} },
      { _id: "i2", name: "Spark", type: "actionPointsSpell", system: {} },
      { _id: "i3", name: "Rope", type: "loot", system: {} },
    ]));
    expect(b).toMatchObject({ isPC: true, agilityModifier: 6, size: "medium" });
    expect(b.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect([b.weapons.length, b.spells.length]).toEqual([1, 1]);
  });

  it("refuses another ruleset's actor and data outside the model, naming the field", () => {
    expect(() => statblockFromActor(doc("shockNpc", {}))).toThrow(StatblockError);
    expect(() => statblockFromActor(doc("actionPointsNpc", { skills: { melee: 140 } })))
      .toThrow(/skills\.melee/);
  });

  it("it threatens with its longest-reaching readied melee weapon, or not at all without one", () => {
    const pike = { ...sword, id: "p", category: "polearm" as const, reach: 2 };
    expect(threatWeapon({ size: "medium", weapons: [sword, pike] })?.id).toBe("p");
    expect(threatWeapon({ size: "medium", weapons: [{ ...pike, readied: false }, sword] })?.id)
      .toBe("w");
    expect(threatWeapon({ size: "medium", weapons: [bow] })).toBeNull();
  });

  it("reach: 1 for Small and Medium, +1 per size above; a weapon's reach never stacks", () => {
    expect(["small", "medium", "large", "huge"].map((s) => sizeReach(s as never)))
      .toEqual([1, 1, 2, 3]);
    const polearm = { ...sword, category: "polearm" as const, reach: 2 };
    expect(reachWith({ size: "medium" }, polearm)).toBe(2);
    expect(reachWith({ size: "large" }, polearm)).toBe(2);
    expect(reachWith({ size: "huge" }, polearm)).toBe(3);
    expect(reachWith({ size: "medium" }, bow)).toBe(1);
  });
});

describe("pools (§Actions/Turn Cheat Sheet, §Surprise Attacks; RULINGS §Pools)", () => {
  const econ = apEconomy({ pools: { ap: 5, rp: 2, fp: 2 } });

  it("AP refill at the own turn's start and are lost at its end; RP refill then too", () => {
    let s = poolsAtStart(econ, false);
    expect(s.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    const spent = spend(econ, startTurn(econ, s), "ap", 2);
    expect(spent.ok).toBe(true);
    s = endTurn(econ, spent.ok ? spent.state : s);
    expect(s.pools).toMatchObject({ ap: 0, fp: 1 });
    s = { ...s, pools: { ...s.pools, rp: 0 } };
    expect(startTurn(econ, s).pools).toMatchObject({ ap: 5, rp: 2, fp: 1 });
  });

  it("at most 2 AP of movement a turn; Take a Step once a round", () => {
    let s = startTurn(econ, poolsAtStart(econ, false));
    for (let i = 0; i < 2; i++) {
      const r = spend(econ, s, "ap", 1, TAGS.move);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    expect(spend(econ, s, "ap", 1, TAGS.move)).toMatchObject({ ok: false, reason: "capReached" });
    const step = spend(econ, s, "ap", 1, TAGS.step);
    expect(step.ok).toBe(true);
    if (step.ok) {
      expect(canSpend(econ, step.state, "ap", 1, TAGS.step)).toBe(false);
      expect(canSpend(econ, startRound(step.state), "ap", 1, TAGS.step)).toBe(true);
    }
  });

  it("FP: +2 a hit, +3 a crit, +1 a kill, +1 a reaction once a round; −1 a turn unless Flow State", () => {
    let s = poolsAtStart(econ, false);
    s = gainForHit(econ, s, "normal");
    s = gainForHit(econ, s, "critical");
    s = gainForKill(econ, s);
    expect(s.pools.fp).toBe(8);
    const first = gainForReaction(econ, s);
    const second = gainForReaction(econ, first.state);
    expect([first.given, second.given, second.state.pools.fp]).toEqual([true, false, 9]);
    expect(gainForReaction(econ, startRound(second.state)).given).toBe(true);
    expect(endTurn(econ, s).pools.fp).toBe(7);
    expect(endTurn(econ, takeFlowState(s)).pools.fp).toBe(8);
    expect(endTurn(econ, { ...s, pools: { ...s.pools, fp: 0 } }).pools.fp).toBe(0);
  });

  it("the surprised start with 0 AP, RP and FP and get their FP at the first normal round", () => {
    const s = poolsAtStart(econ, true);
    expect(s.pools).toEqual({ ap: 0, rp: 0, fp: 0 });
    expect(afterSurprise(econ, s).pools).toEqual({ ap: 0, rp: 0, fp: 2 });
    const rich = apEconomy({ pools: { ap: 6, rp: 3, fp: 3 } });
    expect(poolsAtStart(rich, false).pools).toEqual({ ap: 6, rp: 3, fp: 3 });
  });
});

describe("initiative and Ready (§Initiative, §Ready Action)", () => {
  it("1d10 + Agility modifier, highest first; the tied re-roll 1d10 + modifier among themselves", () => {
    const dice = [[7], [5], [2], [4, 9]];
    const scripted = (() => {
      const g = initiativePlan([
        { id: "a", agilityModifier: 3 }, { id: "b", agilityModifier: 5 },
        { id: "c", agilityModifier: 1 },
      ]);
      let step = g.next();
      let i = 0;
      while (!step.done) {
        const d = dice[i++] as number[];
        expect(d).toHaveLength(step.value.count);
        step = g.next(d);
      }
      return step.value;
    })();
    // a 10, b 10 (tied: re-roll 4+3 = 7 and 9+5 = 14), c 3.
    expect(scripted.map((e) => e.id)).toEqual(["b", "a", "c"]);
    expect(scripted[0]).toMatchObject({ score: 10, tiebreaks: [14] });
  });

  it("a readied action that fires moves its taker to that point for later rounds", () => {
    expect(readiedOrder(["a", "b", "c", "d"], "a", "d")).toEqual(["b", "c", "a", "d"]);
    expect(readiedOrder(["a", "b", "c"], "b", null)).toEqual(["a", "c", "b"]);
    expect(() => readiedOrder(["a", "b"], "a", "a")).toThrow(RangeError);
    expect(() => readiedOrder(["a", "b"], "z", "a")).toThrow(RangeError);
  });
});

describe("special actions (§Special Actions)", () => {
  it("costs and once-a-round limits follow the table", () => {
    expect(Object.fromEntries(Object.entries(SPECIAL).map(([k, r]) => [k, r.ap]))).toEqual({
      disarm: 2, draw: 1, feint: 1, flowState: 1, grapple: 2, ready: 0, shove: 1, step: 1,
      totalDefense: 3, tumble: 1,
    });
    expect(SPECIAL.totalDefense.endsTurn).toBe(true);
    expect([SPECIAL.feint, SPECIAL.shove, SPECIAL.step].map((r) => r.onceARound))
      .toEqual(["feint", "shove", "step"]);
  });

  it("Disarm, Grapple and Shove only on targets no larger; no Tumble past a Medium one", () => {
    expect(sizeRefusal("grapple", "medium", "large")).toBe("FRAY.ActionPoints.Refuse.TargetLarger");
    expect(sizeRefusal("disarm", "large", "large")).toBeNull();
    expect(sizeRefusal("tumble", "small", "medium")).toBeNull();
    expect(sizeRefusal("tumble", "huge", "large")).toBe("FRAY.ActionPoints.Refuse.TumbleLarge");
  });

  it("Disarm by level: adjacent (target's choice), then take it or within 2, 3, 4 hexes", () => {
    expect(["failure", "normal", "hard", "major", "critical"].map((l) => disarmResult(l as never)))
      .toEqual([
        null, { hexes: 1, attackerChooses: false }, { hexes: 2, attackerChooses: true },
        { hexes: 3, attackerChooses: true }, { hexes: 4, attackerChooses: true },
      ]);
  });

  it("Shove: the chosen effect, both on a Hard success or better; opposed ties to the shover", () => {
    expect(shoveEffects(true, "normal", "prone", true)).toEqual(["prone"]);
    expect(shoveEffects(true, "hard", "prone", true)).toEqual(["pushBack", "prone"]);
    expect(shoveEffects(true, "hard", "prone", false)).toEqual(["prone"]);
    expect(shoveEffects(false, "critical", "prone", true)).toEqual([]);
    expect(actorWins("normal", "normal")).toBe(true);
    expect(actorWins("normal", "hard")).toBe(false);
    expect(actorWins("failure", "failure")).toBe(false);
  });

  it("breaking free needs an outright win: ties keep the grapple", () => {
    expect(breaksFree("hard", "hard")).toBe(false);
    expect(breaksFree("major", "hard")).toBe(true);
    expect(breaksFree("failure", "criticalFailure")).toBe(true);
  });
});

describe("the window's opposed odds are the exact distributions (§Dodge/Parry)", () => {
  /** Plays the attack `roll` against a Dodge rolling `dodge`; whether the dodge avoided it. */
  const dodged = (attackSkill: number, roll: number, agility: number, dodge: number): boolean => {
    const ctx = context({
      attack: { target: attackSkill, edge: 0, dice: [roll] }, interceptors: [],
      fighters: { orc: fighter(), hero: fighter({ agility, athletics: 0 }), ally: fighter() },
    });
    const opened = openWindow(AP_WINDOW, ctx).state;
    const asked = stepWindow(AP_WINDOW, opened, { kind: "answer", by: "hero", answer: "dodge" });
    if (!asked.ok) return false;
    const r = stepWindow(AP_WINDOW, asked.state, { kind: "dice", results: [dodge] });
    if (!r.ok) throw new Error(r.reason);
    return r.state.frames[0]?.facts?.takenBy === null;
  };

  it("over every pair of d100s, the dodges that win are the exact count for would-hit attacks", () => {
    const [attack, agility] = [65, 55];
    let wins = 0;
    for (let roll = 1; roll <= 100; roll++) {
      for (let dodge = 1; dodge <= 100; dodge++) if (dodged(attack, roll, agility, dodge)) wins++;
    }
    // A dodge is offered only when the attack would hit: the joint outcomes of its success levels.
    const a = levelDistribution(attack, "none").counts;
    const d = levelDistribution(agility, "none").counts;
    let exact = 0;
    for (const [la, na] of Object.entries(a)) {
      if (!isSuccess(la as SuccessLevel)) continue;
      for (const [ld, nd] of Object.entries(d)) {
        if (opposedByLevel(la as SuccessLevel, ld as SuccessLevel).winner === "defender") {
          exact += na * nd;
        }
      }
    }
    expect(wins).toBe(exact);
    // And the same as opposedOdds less the failed attacks, where every dodge level but a tie wins.
    const all = opposedOdds({ skill: attack, edge: "none" }, { skill: agility, edge: "none" });
    expect(wins).toBeLessThan(all.defender);
  });

  it("property: a check's level counts match levelDistribution for any skill and edge", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 120 }), (skill) => {
      const counts: Record<string, number> = {};
      for (let d = 1; d <= 100; d++) {
        const level = resolveCheck(planCheck(skill), [d]).level;
        counts[level] = (counts[level] ?? 0) + 1;
      }
      const exact = levelDistribution(skill, "none").counts;
      for (const [level, n] of Object.entries(exact)) expect(counts[level] ?? 0).toBe(n);
    }), { numRuns: 60 });
  });
});
