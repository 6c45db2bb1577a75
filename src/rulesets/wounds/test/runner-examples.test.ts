import { describe, expect, it } from "vitest";
import { scripted } from "../../../../test/engine/plan-support";
import { createContext, type Context } from "../encounter/context";
import type { Side, Square, WoundsEvent } from "../encounter/events";
import { armsOf, createFighter, derivedOf, keepUp, type Fighter } from "../encounter/fighter";
import { move } from "../encounter/movement";
import { mayAct, strike } from "../encounter/strike";
import { rosterOf } from "../encounter/roster";
import { playTurn } from "../encounter/turn";
import type { Aim } from "../rules/constants";
import type { Statblock } from "../rules/statblock";
import { fight, npc, pregen } from "./runner-fixtures";

/**
 * The text's statements as the runner plays them, on scripted dice (each test uses every die it
 * scripts): the attack roll, criticals doubling after armor, the super critical, the decisive
 * blow, the natural 1's free hit, the tragedy's free critical with no slot, the fatal blow, sneak
 * damage on a flat-footed target, free hits for leaving the melee zone or moving more than 2
 * spaces in it (none when disengaged), the starter last, summoning sickness, a spell kept up.
 * Source: `001_dbc5fcc02a99a518.txt` (sections named per test); RULINGS.md §wounds.
 */
function setup(units: readonly [Statblock, Side, Square][], dice: readonly number[]) {
  const roller = scripted(dice);
  const events: WoundsEvent[] = [];
  const fighters = units.map(([b, side, at]) => {
    const f = createFighter(b, b.name, side, armsOf(b, () => false));
    f.at.i = at.i;
    f.at.j = at.j;
    return f;
  });
  const ctx = createContext(true, roller, (e) => events.push(e), fighters, rosterOf());
  ctx.round = 1;
  const used = () => expect(() => roller.die(20)).toThrow(/ran out/);
  return { ctx, events, fighters, used };
}
const of = <K extends WoundsEvent["kind"]>(events: WoundsEvent[], kind: K) =>
  events.filter((e): e is Extract<WoundsEvent, { kind: K }> => e.kind === kind);
const hitWith = (ctx: Context, a: Fighter, t: Fighter, aim: Aim, sneak = false) =>
  strike(ctx, a, t, (a.arms.prefersRange ? a.arms.ranged : a.arms.melee)!, "attack", aim, sneak);

const at = (i: number, j: number): Square => ({ i, j });

describe("001 §Attacking and §Auto Fails/Criticals in the runner", () => {
  it("d20 + Accuracy (+1 center mass) against 10 + Agility; 0 HP defeats an NPC", () => {
    const s = setup([[pregen("tamsin-reed"), "party", at(0, 0)],
      [npc("goblin-cutter"), "foes", at(5, 0)]], [8, 5, 3]);
    const [tamsin, goblin] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, tamsin, goblin, "centerMass");
    const [a] = of(s.events, "attack");
    expect(a).toMatchObject({ natural: 8, total: 13, defense: 12, hit: true, weapon: "Longbow" });
    // Weapon Focus: the Longbow rolls 2d8 (5 + 3) + 1.
    expect(of(s.events, "damage")[0]).toMatchObject({ dice: [5, 3], raw: 9, net: 9, amount: 9 });
    expect(goblin).toMatchObject({ hp: 0, out: true });
    expect(of(s.events, "state")[0]).toMatchObject({ actor: "Goblin Cutter", state: "defeated" });
    s.used();
  });

  it("a natural 20 doubles the damage after armor; a d4 of 4 doubles it again", () => {
    const s = setup([[pregen("garrick-holt"), "party", at(0, 0)],
      [npc("orc-brute"), "foes", at(1, 0)]], [20, 2, 4, 5, 20, 4, 2, 1, 1]);
    const [garrick, brute] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, garrick, brute, "centerMass");
    // 2d10 (Weapon Focus) 4 + 5 + Strength 3 = 12, armor 2: 10, ×2 = 20.
    expect(of(s.events, "damage")[0]).toMatchObject({ raw: 12, net: 10, multiplier: 2, dealt: 20 });
    expect(brute.hp).toBe(2);
    hitWith(s.ctx, garrick, brute, "centerMass");
    expect(of(s.events, "attack")[1]!.chain).toMatchObject({ result: "superCritical" });
    expect(of(s.events, "damage")[1]).toMatchObject({ raw: 5, net: 3, multiplier: 4, dealt: 12 });
    expect(brute).toMatchObject({ hp: 0, out: true });
    s.used();
  });

  it("a super critical escalating to a 6 is a decisive blow: defeated whatever its HP", () => {
    const s = setup([[pregen("garrick-holt"), "party", at(0, 0)],
      [npc("iron-sentinel"), "foes", at(1, 0)]], [20, 4, 6, 3, 1, 1]);
    const [garrick, sentinel] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, garrick, sentinel, "centerMass");
    // The d8 link is rolled and reported only.
    expect(of(s.events, "attack")[0]!.chain).toEqual({
      kind: "critical", faces: [4, 6, 8], rolls: [4, 6, 3], result: "decisive",
    });
    expect(sentinel.hp).toBe(40 - 0); // 2 + 3 − 5 armor: nothing dealt, yet defeated
    expect(of(s.events, "state")).toEqual([
      { kind: "state", round: 1, actor: "Iron Sentinel", state: "defeated" },
    ]);
    s.used();
  });

  it("a natural 1 in the target's melee zone gives it a free hit, paid with a slot", () => {
    const s = setup([[npc("goblin-cutter"), "foes", at(0, 0)],
      [pregen("wren-ashby"), "party", at(0, 1)]], [1, 2, 10, 5]);
    const [goblin, wren] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, goblin, wren, "centerMass");
    expect(of(s.events, "freeHit")).toEqual([{
      kind: "freeHit", round: 1, actor: "Wren Ashby", target: "Goblin Cutter",
      trigger: "natural1", slotsLeft: 4, taken: true,
    }]);
    // Its aim: the daggers can wound (1d6 + 1 + 1) but not on average; the goblin is nimble.
    expect(of(s.events, "attack")[1]).toMatchObject({ way: "freeHit", aim: "slowing", hit: true });
    expect(of(s.events, "wound")[0]).toMatchObject({ target: "Goblin Cutter", aim: "slowing" });
    expect([goblin.hp, wren.freeUsed]).toEqual([2, 1]);
    s.used();
  });

  it("a tragedy gives a free critical hit (no roll, ×2) even with no slot left", () => {
    const s = setup([[npc("goblin-cutter"), "foes", at(0, 0)],
      [pregen("wren-ashby"), "party", at(0, 1)]], [1, 4, 3, 2]);
    const [goblin, wren] = s.fighters as [Fighter, Fighter];
    wren.freeUsed = 4;
    hitWith(s.ctx, goblin, wren, "centerMass");
    expect(of(s.events, "freeHit")[0])
      .toMatchObject({ trigger: "tragedy", slotsLeft: 0, taken: true });
    expect(of(s.events, "damage")[0]).toMatchObject({
      reason: "tragedyFreeHit", dice: [2], raw: 4, multiplier: 2, dealt: 8,
    });
    expect(goblin.hp).toBe(1);
    s.used();
  });

  it("a tragedy escalating to a 6 is a fatal blow: the attacker dies, no free hit", () => {
    const s = setup([[npc("goblin-cutter"), "foes", at(0, 0)],
      [pregen("wren-ashby"), "party", at(0, 1)]], [1, 4, 6, 2]);
    const [goblin] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, goblin, s.fighters[1]!, "centerMass");
    expect(of(s.events, "attack")[0]!.chain)
      .toMatchObject({ rolls: [4, 6, 2], result: "fatalBlow" });
    expect(of(s.events, "state")).toEqual([
      { kind: "state", round: 1, actor: "Goblin Cutter", state: "dead" },
    ]);
    expect(goblin.out).toBe(true);
    expect(of(s.events, "freeHit")).toEqual([]);
    s.used();
  });

  it("§Sneak Damage: undetected, hit on 5, a d4 more per Sneak Attack", () => {
    const s = setup([[pregen("wren-ashby"), "party", at(0, 0)],
      [npc("orc-brute"), "foes", at(0, 1)]], [3, 4, 3, 2]);
    const [wren, brute] = s.fighters as [Fighter, Fighter];
    hitWith(s.ctx, wren, brute, "centerMass", true);
    expect(of(s.events, "attack")[0]).toMatchObject({
      total: 7, defense: 5, defenseState: "flatFooted", hit: true,
    });
    expect(of(s.events, "damage")[0]).toMatchObject({ dice: [4], sneak: [3, 2], raw: 11, net: 9 });
    expect(brute.hp).toBe(13);
    s.used();
  });
});

describe("001 §Free Hits: moves", () => {
  const goblinMoves = (from: Square, goal: Square, disengaged: boolean, dice: number[]) => {
    const s = setup([[pregen("garrick-holt"), "party", at(0, 0)],
      [npc("goblin-cutter"), "foes", from]], dice);
    const goblin = s.fighters[1]!;
    move(s.ctx, goblin, {
      goal, within: 0, allowance: 6, paid: "move", mode: "normal", disengaged, watched: true,
    });
    return s;
  };

  it("leaving a Reach zone (2 spaces) gives a free hit, struck before the step out", () => {
    const s = goblinMoves(at(1, 0), at(6, 0), false, [15, 2, 2, 3]);
    expect(of(s.events, "freeHit")[0]).toMatchObject({ trigger: "leftZone", slotsLeft: 1 });
    expect(of(s.events, "attack")[0]).toMatchObject({ distance: 2, aim: "fatal", hit: true });
    expect(of(s.events, "damage")[0]).toMatchObject({ fatalRoll: 3, fatalBonus: 0, amount: 7 });
    expect(of(s.events, "move")[0]).toMatchObject({ spaces: 5, stopped: false });
    s.used();
  });

  it("the third space moved within the zone gives one; disengaging gives none", () => {
    const s = goblinMoves(at(2, -2), at(2, 2), false, [2]);
    expect(of(s.events, "freeHit")[0]).toMatchObject({ trigger: "movedWithin", taken: true });
    expect(of(s.events, "attack")[0]).toMatchObject({ distance: 2, hit: false });
    s.used();
    const calm = goblinMoves(at(1, 0), at(6, 0), true, []);
    expect(of(calm.events, "freeHit")).toEqual([]);
    calm.used();
  });
});

describe("001 §Disengage", () => {
  it("a shooter in a melee zone pays two BA to step out without a free hit, then shoots", () => {
    const s = setup([[pregen("tamsin-reed"), "party", at(0, 0)],
      [npc("goblin-cutter"), "foes", at(0, 1)]], [5]);
    const tamsin = s.fighters[0]!;
    Object.assign(tamsin, { attackLeft: 1, moveLeft: 1, bonusUsed: 0 });
    playTurn(s.ctx, tamsin);
    expect(of(s.events, "disengage")).toEqual([
      { kind: "disengage", round: 1, actor: "Tamsin Reed", paid: ["bonus", "bonus"] },
    ]);
    expect(of(s.events, "move")[0]).toMatchObject({ disengaged: true, spaces: 2 });
    expect(of(s.events, "freeHit")).toEqual([]);
    expect(of(s.events, "attack")[0]).toMatchObject({ weapon: "Longbow", distance: 3, hit: false });
    s.used();
  });
});

describe("001 §Initiative and §Summoning Sickness over seeded fights", () => {
  it("the unit that started the fight goes last; a summon first acts two rounds on", () => {
    let summons = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { events } = fight("starter", seed);
      const init = of(events, "initiative")[0]!;
      expect(init.order[init.order.length - 1]).toBe("Wren Ashby");
      for (const s of of(events, "summon")) {
        summons++;
        const first = of(events, "turn").find((t) => t.actor === s.unit);
        if (first) expect(first.round).toBeGreaterThanOrEqual(s.round + 2);
      }
    }
    expect(summons).toBeGreaterThan(0);
    const orla = createFighter(pregen("orla-venn"), "Orla", "party",
      armsOf(pregen("orla-venn"), () => false));
    const unit = createFighter(npc("ashhound"), "A", "party", armsOf(npc("ashhound"), () => false),
      { round: 2, summoner: orla });
    expect([1, 2, 3, 4].map((r) => mayAct(unit, r))).toEqual([false, false, false, true]);
  });
});

describe("001 §Channeling: a spell kept up in the runner (rules/silent.ts)", () => {
  /** Orla with `mp` MP, a goblin out of her reach and she out of its. */
  const orlaWith = (mp: number, goblinAt = at(0, 90), dice: number[] = []) => {
    const s = setup([[{ ...pregen("orla-venn"), mp }, "party", at(0, 0)],
      [npc("goblin-cutter"), "foes", goblinAt]], dice);
    return { ...s, orla: s.fighters[0]! };
  };
  const turn = (s: ReturnType<typeof orlaWith>) => {
    Object.assign(s.orla, { attackLeft: 1, moveLeft: 1, bonusUsed: 0 });
    playTurn(s.ctx, s.orla);
  };

  it("cast with the Move Action: its ward counts, its caster channels; upkeep, then it ends", () => {
    const s = orlaWith(4);
    turn(s);
    expect(of(s.events, "cast")[0]).toMatchObject({ spell: "Barkskin", paid: ["move"], mpAfter: 1 });
    expect(of(s.events, "keepUp")).toEqual([{
      kind: "keepUp", round: 1, actor: "Orla Venn", spell: "Barkskin",
      ward: { accuracy: 0, armor: 2, movement: 0 }, flatFooted: false,
    }]);
    expect(s.orla.states.flatFooted).toContain("channeling");
    expect(derivedOf(s.orla, 1).armor).toBe(2);
    // No creature to summon here: the Move Action went to the ward.
    expect(of(s.events, "summon")).toEqual([]);
    s.ctx.round = 2;
    turn(s);
    expect(of(s.events, "upkeep")).toEqual([{
      kind: "upkeep", round: 2, actor: "Orla Venn", spell: "Barkskin", mpBefore: 1, mpAfter: 0,
      ended: false,
    }]);
    s.ctx.round = 3;
    turn(s);
    expect(of(s.events, "upkeep")[1]).toMatchObject({ mpBefore: 0, mpAfter: 0, ended: true });
    expect(s.orla.upkept).toBeNull();
    expect(s.orla.states.flatFooted).not.toContain("channeling");
    expect(derivedOf(s.orla, 3).armor).toBe(0);
    s.used();
  });

  it("a ward's Accuracy is a term of the attack, its movement part of the allowance", () => {
    const s = orlaWith(24, at(0, 1), [12, 3]);
    const ward = { accuracy: 1, armor: 0, movement: 2 };
    keepUp(s.orla, { ...s.orla.block.spells.find((x) => x.upkeep > 0)!, ward });
    expect(derivedOf(s.orla, 1).movement).toBe(s.orla.block.movement + 2);
    strike(s.ctx, s.orla, s.fighters[1]!, s.orla.arms.melee!, "attack", "slowing");
    const attack = of(s.events, "attack")[0]!;
    expect(attack.modifiers).toContainEqual({ source: "ward", value: 1 });
    expect(attack.total).toBe(12 + s.orla.block.accuracy + 1);
    s.used();
  });

  it("not cast without MP for the cast and one upkeep, nor in an enemy's melee zone", () => {
    // 3 MP: her Ember Dart instead (2 MP; a d20 of 2 misses).
    const poor = orlaWith(3, at(0, 90), [2]);
    turn(poor);
    expect(of(poor.events, "keepUp")).toEqual([]);
    expect(of(poor.events, "cast").map((e) => e.spell)).toEqual(["Ember Dart"]);
    poor.used();
    // In the goblin's zone she steps out with her Move Action (its free hit: a d20 of 2 misses).
    const pressed = orlaWith(24, at(0, 1), [2]);
    expect(mayAct(pressed.fighters[1]!, 1)).toBe(true);
    Object.assign(pressed.orla, { attackLeft: 0, moveLeft: 1, bonusUsed: 2 });
    playTurn(pressed.ctx, pressed.orla);
    expect(of(pressed.events, "keepUp")).toEqual([]);
    expect(of(pressed.events, "move")).toHaveLength(1);
    pressed.used();
  });
});
