import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, take } from "../rules/actions";
import { attack } from "../encounter/attacks";
import { engage } from "../encounter/fighter";
import { shoveChance } from "../encounter/shove";
import { bestWeapon } from "../encounter/reactions";
import { takeHeldAction, takeTurn } from "../encounter/turn";
import { attributes, BOW, foe, of, pc, setup, skills } from "./steps";

/** P(2d6 + a > 2d6 + b) with ties re-rolled, counted face by face. */
function opposedChance(a: number, b: number): number {
  let wins = 0;
  let decisive = 0;
  for (let x1 = 1; x1 <= 6; x1++) for (let x2 = 1; x2 <= 6; x2++) {
    for (let y1 = 1; y1 <= 6; y1++) for (let y2 = 1; y2 <= 6; y2++) {
      const [x, y] = [x1 + x2 + a, y1 + y2 + b];
      if (x !== y) decisive++;
      if (x > y) wins++;
    }
  }
  return wins / decisive;
}

describe("shoving after a hit, in lieu of damage (002 §Shoving; "
  + "RULINGS.md §shock Opposed checks)", () => {
  const shover = () =>
    pc("S", { attributes: attributes({ str: 2 }), skills: skills({ exert: 1 }) });
  const sturdy = () => {
    const t = foe("T", { hpMax: 30 });
    t.budget = take(FRESH_BUDGET, "meleeAttack"); // no Total Defense
    return t;
  };

  it("the exact odds: STR/Exert +3 against +0, ties re-rolled", () => {
    expect(shoveChance(shover().block, sturdy().block)).toBeCloseTo(opposedChance(3, 0), 12);
  });

  it("knocks the target prone when the allies next to it gain more than the hit would deal", () => {
    const s = shover();
    const t = sturdy();
    const a = pc("A");
    const b = pc("B");
    for (const x of [s, a, b]) engage(x, t);
    // S: d20 15 hits AC 10; shove 2d6 4+4 +3 = 11 against 2+2 = 4. Then A: d20 10 (+2 prone) hits,
    // d8 5.
    const ctx = setup([15, 4, 4, 2, 2, 10, 5], s, t, a, b);
    attack(ctx, s, t, s.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "opposed")[0]).toMatchObject({
      purpose: "shove",
      single: {
        id: "S",
        modifiers: [
          { source: "attribute:str", value: 2 },
          { source: "skill:exert", value: 1 },
        ],
        rolls: [{ dice: [4, 4], total: 11 }],
      },
      others: [{ id: "T", rolls: [{ dice: [2, 2], total: 4 }], singleWins: true }],
    });
    expect(of(ctx.events, "shove")).toEqual([
      { kind: "shove", round: 1, attacker: "S", target: "T", attack: "a1", result: "prone" },
    ]);
    expect(of(ctx.events, "prone")).toEqual([
      { kind: "prone", round: 1, actor: "T", prone: true, reason: "shoved" },
    ]);
    expect(of(ctx.events, "damage")).toEqual([]);
    expect(t.prone).toBe(true);
    attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
    const next = of(ctx.events, "attack")[1]!;
    expect(next.modifiers).toContainEqual({ source: "situation:adjacentProne", value: 2 });
    expect(next).toMatchObject({ total: 12, hit: true });
    expect(of(ctx.events, "damage")[0]).toMatchObject({ target: "T", reason: "hit", amount: 5 });
  });

  it("a lost check: no prone, and no damage either", () => {
    const s = shover();
    const t = sturdy();
    const [a, b] = [pc("A"), pc("B")];
    for (const x of [s, a, b]) engage(x, t);
    const ctx = setup([15, 1, 1, 6, 6], s, t, a, b);
    attack(ctx, s, t, s.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "shove")[0]).toMatchObject({ result: "resisted" });
    expect(of(ctx.events, "prone")).toEqual([]);
    expect(of(ctx.events, "damage")).toEqual([]);
    expect(t.prone).toBe(false);
  });

  it("a hit that could drop the target deals damage instead", () => {
    const s = shover();
    const t = sturdy();
    t.hp = 10; // the sword's most: d8 8 + STR 2
    const [a, b] = [pc("A"), pc("B")];
    for (const x of [s, a, b]) engage(x, t);
    const ctx = setup([15, 3], s, t, a, b);
    attack(ctx, s, t, s.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "shove")).toEqual([]);
    expect(of(ctx.events, "damage")[0]).toMatchObject({ reason: "hit", amount: 5 });
  });

  it("pushes a foe off an archer, who can shoot again", () => {
    const s = shover();
    const t = sturdy();
    const archer = pc("L", { weapons: [BOW] });
    engage(s, t);
    engage(archer, t);
    // a bow in melee: N/A
    expect(bestWeapon(setup([], s, t, archer), archer, t, "ranged")).toBeNull();
    const ctx = setup([15, 5, 5, 1, 1], s, t, archer);
    attack(ctx, s, t, s.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "shove")[0]).toMatchObject({ result: "pushed" });
    expect(of(ctx.events, "move")).toEqual([
      {
        kind: "move", round: 1, actor: "T", to: null, feet: 5, reason: "pushed", action: null,
        paid: "forced",
      },
    ]);
    expect(t.engaged.size).toBe(0);
    expect(archer.engaged.size).toBe(0);
    expect(bestWeapon(ctx, archer, t, "ranged")).toBe(BOW);
  });
});

describe("prone: standing up and fighting from the ground (002 §Stand Up, §Go Prone, "
  + "the situations table)", () => {
  it("stands up (a Move) through the attacks of opportunity when they cannot drop it, "
    + "then fights", () => {
    const p = pc("P");
    const f = foe("F");
    engage(p, f);
    p.prone = true;
    // F's opportunity d20 20 (+2: P is down) hits, d8 1 raised to the Shock 2; P's d20 1 misses,
    // Shock 2.
    const ctx = setup([20, 1, 1], p, f);
    takeTurn(ctx, p, undefined);
    const kinds = ctx.events.map((e) => (e.kind === "action" ? `action:${e.action}` : e.kind));
    expect(kinds).toEqual([
      "action:standUp",
      "opportunity",
      "attack",
      "damage",
      "prone",
      "action:meleeAttack",
      "attack",
      "damage",
    ]);
    const [aoo, own] = of(ctx.events, "attack");
    expect(aoo!.modifiers).toContainEqual({ source: "situation:adjacentProne", value: 2 });
    expect(own!.modifiers.some((m) => m.source.startsWith("situation:"))).toBe(false);
    expect(p.prone).toBe(false);
    expect(of(ctx.events, "action")[0]).toMatchObject({ action: "standUp", paid: "move" });
  });

  it("a trained fighter the attacks could drop Disengages and stands up safely", () => {
    const p = pc("P");
    p.hp = 5;
    const f = foe("F");
    engage(p, f);
    p.prone = true;
    const ctx = setup([], p, f);
    takeTurn(ctx, p, undefined);
    expect(of(ctx.events, "action").map((e) => e.action)).toEqual(["disengage", "standUp"]);
    expect(of(ctx.events, "opportunity")).toEqual([]);
    expect(p.prone).toBe(false);
  });

  it("an untrained one stays down and fights from the ground at −4", () => {
    const p = foe("P");
    p.hp = 5;
    const f = pc("F");
    engage(p, f);
    p.prone = true;
    const ctx = setup([10], p, f);
    takeTurn(ctx, p, undefined);
    expect(of(ctx.events, "attack")[0]!.modifiers).toContainEqual({
      source: "situation:meleeWhileProne",
      value: -4,
    });
    expect(of(ctx.events, "attack")[0]).toMatchObject({ total: 6, hit: false });
    expect(p.prone).toBe(true);
  });
});

describe("Hold an Action (002 §Hold An Action; RULINGS.md §shock Held action)", () => {
  it("holds for a charging foe; "
    + "the held blow resolves first and fells the charger at its −2 AC", () => {
    const h = pc("H");
    const c = foe("C");
    c.hp = 3;
    // H holds; C charges 40 ft; H's held d20 8 hits AC 10 − 2; d8 6 fells C before its attack.
    const ctx = setup([8, 6], h, c);
    ctx.pending.add("foes");
    takeTurn(ctx, h, undefined);
    expect(of(ctx.events, "action")).toEqual([
      { kind: "action", round: 1, actor: "H", action: "holdAction", paid: "move" },
    ]);
    takeTurn(ctx, c, undefined);
    expect(of(ctx.events, "reaction")).toEqual([
      {
        kind: "reaction",
        round: 1,
        actor: "H",
        reaction: "heldAction",
        attack: "a1",
        changed: false,
      },
    ]);
    const attacks = of(ctx.events, "attack");
    expect(attacks).toHaveLength(1);
    expect(attacks[0]).toMatchObject({
      attacker: "H",
      attackKind: "held",
      acAdjustments: [{ source: "charge", value: -2 }],
      targetAc: 8,
      hit: true,
    });
    expect(c.state).toBe("defeated");
    expect(h.hp).toBe(h.block.hpMax);
  });

  it("does not hold when a foe is within a run, or when no foe acts later this round", () => {
    const h = pc("H");
    const c = foe("C");
    c.advance = 15; // 25 ft: H runs in and attacks
    const ctx = setup([1], h, c);
    ctx.pending.add("foes");
    takeTurn(ctx, h, undefined);
    expect(of(ctx.events, "action")[0]).toMatchObject({ action: "run" });
    const h2 = pc("H");
    const ctx2 = setup([1], h2, foe("C"));
    takeTurn(ctx2, h2, undefined);
    expect(of(ctx2.events, "action")[0]).toMatchObject({ action: "charge" });
  });

  it("a held shot answers an attack that could drop an ally, before it lands", () => {
    const archer = pc("L", {
      weapons: [BOW],
      attributes: attributes({ dex: 2 }),
      skills: skills({ shoot: 2 }),
    });
    archer.budget = take(FRESH_BUDGET, "holdAction");
    const ward = pc("W");
    ward.hp = 3;
    ward.budget = take(FRESH_BUDGET, "meleeAttack");
    const x = foe("X");
    x.hp = 5;
    x.advance = 40;
    engage(x, ward);
    // L's d20 18 hits, d6 6 (+2 DEX) fells X; X's attack never lands.
    const ctx = setup([18, 6], archer, ward, x);
    const r = attack(ctx, x, ward, x.block.weapons[0]!, { kind: "normal" });
    expect(r.cancelled).toBe(true);
    expect(of(ctx.events, "reaction")[0]).toMatchObject({ actor: "L", reaction: "heldAction" });
    expect(of(ctx.events, "attack")).toHaveLength(1);
    expect(of(ctx.events, "attack")[0]).toMatchObject({
      attacker: "L",
      attackKind: "held",
      feet: 5,
    });
    expect(ward.hp).toBe(3);
  });

  it("a held action still waiting when the round ends is used then, or lost", () => {
    const h = pc("H");
    h.budget = take(FRESH_BUDGET, "holdAction");
    const c = foe("C");
    const ctx = setup([], h, c);
    takeHeldAction(ctx, h);
    expect(ctx.events).toEqual([
      { kind: "held", round: 1, actor: "H", outcome: "roundEnd" },
      { kind: "action", round: 1, actor: "H", action: "run", paid: "mainAsMove" },
      {
        kind: "move", round: 1, actor: "H", to: null, feet: 30, reason: "engage", action: "run",
        paid: "mainAsMove",
      },
    ]);
    const archer = pc("L", { weapons: [BOW] });
    archer.budget = take(FRESH_BUDGET, "holdAction");
    const hidden = foe("C");
    hidden.spot = "shadow";
    hidden.located = false;
    const ctx2 = setup([], archer, hidden);
    takeHeldAction(ctx2, archer);
    expect(ctx2.events).toEqual([{ kind: "held", round: 1, actor: "L", outcome: "lost" }]);
  });
});
