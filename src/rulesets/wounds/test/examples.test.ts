import { describe, expect, it } from "vitest";
import { freshSlots, pay } from "../../../engine/economy/slots";
import { economyEdges } from "../../../engine/turns/scheme";
import { runFromPool, runSync } from "../../../engine/dice/plan";
import { defenseOf, hitOdds, planAttack } from "../rules/attack";
import { chainOutcome, chainOutcomePlan } from "../rules/chains";
import { resolveDamage } from "../rules/damage";
import { derive } from "../rules/derived";
import { woundsEconomy } from "../rules/economy";
import { meleeZone } from "../rules/feats";
import { rollInitiative } from "../rules/initiative";
import { movementSpaces } from "../rules/movement";
import { statblockFromActor } from "../rules/statblock";
import { summonSlots } from "../rules/summons";
import { WOUNDS_TURNS } from "../rules/turn-scheme";
import { bran, goblin } from "./fixtures";
import { scripted } from "../../../../test/engine/plan-support";

/**
 * The text's own statements and numbers, one test each, in the text's order. Source:
 * `001_dbc5fcc02a99a518.txt` (section named in each test); RULINGS.md §wounds.
 */
const b = statblockFromActor(bran());
const g = statblockFromActor(goblin());
const plain = { woundAccuracy: 0, flanking: false, toHitPurchases: 0 };

describe("001 §Combat rules to §Initiative", () => {
  it("§Combat rules: a turn = 1 AA, 1 MA, 2 BA", () => {
    expect(freshSlots(woundsEconomy(derive(b, [], 1))).left)
      .toMatchObject({ attack: 1, move: 1, bonus: 2 });
  });
  it("§Move Action: traditionally 6 spaces", () => {
    const move = { movementPurchases: 0, mode: "normal" as const, prone: false, feats: [] };
    expect(movementSpaces({ ...move, movement: derive(g, [], 1).movement })).toBe(6);
  });
  it("§Initiative: highest Agility first; whoever attacked before the battle last; set once", () => {
    const order = rollInitiative([
      { id: "goblin", agility: g.agility }, { id: "bran", agility: b.agility, initiator: true },
    ], scripted([]));
    expect(order.map((e) => e.id)).toEqual(["goblin", "bran"]);
    expect(WOUNDS_TURNS.initiative.reroll).toBe("never");
    expect(economyEdges(WOUNDS_TURNS.economy)).toEqual(["turnStart", "roundStart"]);
    const plan = WOUNDS_TURNS.initiative.plan!([
      { id: "a", modifier: 1 }, { id: "b", modifier: 4 }, { id: "c", modifier: 9, last: true },
    ]);
    expect(runFromPool(plan, [])!.value.map((e) => e.id)).toEqual(["b", "a", "c"]);
  });
});

describe("001 §Attacking to §Auto Fails/Criticals", () => {
  it("§Attacking: a total equal to 10 + the target's Agility hits, one less misses", () => {
    // Bran: +3, center mass +1, against the goblin's 11: a natural 7 makes 11.
    const plan = planAttack({ ...plain, accuracy: b.accuracy, aim: "centerMass" },
      defenseOf({ agility: g.agility, state: "dodging", dodgePurchases: 0 }));
    expect(plan.target).toBe(11);
    expect(hitOdds(plan)).toEqual({ successes: 14, total: 20 });
  });
  it("§Wounds/Aiming: center mass adds +1 to the attack; other aims do not", () => {
    const d = defenseOf({ agility: 0, state: "dodging", dodgePurchases: 0 });
    expect(planAttack({ ...plain, accuracy: 0, aim: "centerMass" }, d).modifier).toBe(1);
    expect(planAttack({ ...plain, accuracy: 0, aim: "weakening" }, d).modifier).toBe(0);
  });
  it("§Wounds/Aiming: 6 net damage after armor is a wound, 5 is not", () => {
    const t = {
      weapon: b.weapons[1]!, strength: 0, feats: [], extraAttack: false, meleeDamagePurchases: 0,
      sneak: false, multiplier: 1, aim: "slowing" as const,
    };
    expect(resolveDamage({ ...t, reductions: [{ source: "armor", value: 1 }] }, [6], []).wound)
      .toBe(true);
    expect(resolveDamage({ ...t, reductions: [{ source: "armor", value: 2 }] }, [6], []).wound)
      .toBe(false);
  });
  it("§Auto Fails/Criticals: d4 of 4, then d6 of 6, then a d8, and so on", () => {
    const roller = scripted([4, 6, 8, 10, 1]);
    const chain = runSync(chainOutcomePlan("tragedy"), roller);
    expect(roller.asked).toEqual([4, 6, 8, 10, 12]);
    expect(chain).toMatchObject({ tragedy: true, fatalBlow: true, chain: { reached: 4 } });
  });
  it("§Combat specific: a critical doubles the damage, a super critical doubles it again", () => {
    expect(chainOutcome("critical", [1])).toMatchObject({ multiplier: 2 });
    expect(chainOutcome("critical", [4, 1])).toMatchObject({ multiplier: 4 });
  });
});

describe("001 §Other Combat Terms", () => {
  it("§Melee Zone: the adjacent squares; Reach makes it 2 spaces", () => {
    expect(meleeZone([])).toBe(1);
    expect(meleeZone([{ feat: "reach" }])).toBe(2);
  });
  it("§Free Hits: Agility + 1 slots; 0 or less none", () => {
    expect(derive(b, [], 1).freeHitSlots).toBe(3);
    expect(derive({ ...b, agility: -1 }, [], 1).freeHitSlots).toBe(0);
  });
  it("§Disengage: 1 AA or 2 BA", () => {
    const e = woundsEconomy({ bonusActions: 2, freeHitSlots: 0 });
    expect(e.actions.disengage?.options).toEqual([{ attack: 1 }, { bonus: 2 }]);
  });
  it("§Flat Footed: hit on 5 whatever the Agility; prone: 5 + Agility", () => {
    expect(defenseOf({ agility: 4, state: "flatFooted", dodgePurchases: 0 }).target).toBe(5);
    expect(defenseOf({ agility: 4, state: "prone", dodgePurchases: 0 }).target).toBe(9);
  });
  it("§Prone: a third of the movement; standing up takes an AA, an MA or a BA", () => {
    const move = { movementPurchases: 0, mode: "normal" as const, prone: true, feats: [] };
    expect(movementSpaces({ ...move, movement: 6 })).toBe(2);
    const e = woundsEconomy({ bonusActions: 2, freeHitSlots: 0 });
    for (const option of [0, 1, 2]) {
      expect(pay(e, freshSlots(e), "standUp", { onTurn: true, option }).ok).toBe(true);
    }
  });
  it("§Summoning Slots: as many as the level; §Thralling: 6 MP × level", () => {
    expect(summonSlots(b.level, [])).toBe(3);
    expect(b.thrallCost).toBe(18);
  });
  it("§Sneak Damage: an extra d4, multiplied by criticals", () => {
    const t = {
      weapon: b.weapons[1]!, strength: 0, feats: [], extraAttack: false, meleeDamagePurchases: 0,
      sneak: true, reductions: [], multiplier: 2, aim: "centerMass" as const,
    };
    expect(resolveDamage(t, [2], [3])).toMatchObject({ raw: 6, dealt: 12 });
  });
});
