import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, take } from "../rules/actions";
import type { Statblock } from "../rules/statblock";
import { attack } from "../encounter/attacks";
import { provoke } from "../encounter/provoke";
import { createContext, type Context } from "../encounter/context";
import type { ShockEvent } from "../encounter/events";
import { createFighter, engage, type Fighter } from "../encounter/fighter";
import { execute } from "../encounter/execution";
import { takeTurn } from "../encounter/turn";
import { fight } from "./fights";
import { block, Scripted, weapon, wielder } from "./fixtures";

/** Single steps of the runner on scripted dice: each rule as the runner plays it. */
function setup(dice: number[], ...fighters: Fighter[]): Context & { events: ShockEvent[] } {
  const events: ShockEvent[] = [];
  const ctx = createContext({
    roller: new Scripted(dice),
    emit: (e) => void events.push(e),
    fighters,
    naturals: true,
    gap: 40,
  });
  ctx.round = 1;
  return Object.assign(ctx, { events });
}
const pc = (key: string, over: Partial<Statblock> = {}): Fighter =>
  createFighter({ ...wielder(), name: key, ...over }, key, "party");
const foe = (key: string, over: Partial<Statblock> = {}): Fighter =>
  createFighter(
    { ...wielder(), name: key, isPC: false, snapAttack: false, group: "g", morale: 12, ...over },
    key,
    "foes",
  );
const of = <K extends ShockEvent["kind"]>(events: ShockEvent[], kind: K) =>
  events.filter((e): e is Extract<ShockEvent, { kind: K }> => e.kind === kind);

describe("the runner's steps on scripted dice (002 §Shock, §Total Defense, §Make a Snap Attack, "
  + "§Make a Swarm Attack)", () => {
  it("the text's example: a Shock 2/AC 15 weapon missing AC 13 deals 2", () => {
    const a = foe("A", { weapons: [weapon({ shock: { amount: 2, ac: 15, anyAc: false } })] });
    const t = pc("T", { ac: 13 });
    a.budget = take(FRESH_BUDGET, "meleeAttack");
    t.budget = take(FRESH_BUDGET, "meleeAttack"); // no Total Defense left
    const ctx = setup([5], a, t);
    attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "attack")[0]).toMatchObject({
      natural: 5,
      total: 5,
      targetAc: 13,
      hit: false,
      shock: { amount: 2, ac: 15 },
    });
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "shock",
      amount: 2,
      hpBefore: 10,
      hpAfter: 8,
      absorbedBy: null,
    });
  });

  it("a shield ignores the first Shock of the round only", () => {
    const a = foe("A");
    const t = pc("T", { ac: 13, shield: true });
    t.budget = take(FRESH_BUDGET, "meleeAttack");
    const ctx = setup([3, 4, 2], a, t);
    const w = a.block.weapons[0]!;
    attack(ctx, a, t, w, { kind: "normal" });
    attack(ctx, a, t, w, { kind: "normal" });
    ctx.round = 2;
    attack(ctx, a, t, w, { kind: "normal" });
    expect(of(ctx.events, "damage").map((d) => [d.amount, d.absorbedBy])).toEqual([
      [0, "shield"],
      [2, null],
      [0, "shield"],
    ]);
  });

  it("Total Defense after seeing the roll turns a hit into a miss and stops the Shock", () => {
    const a = foe("A", { attackBonus: 3 });
    const t = pc("T", { ac: 13 });
    t.hp = 3; // the hit could drop it: worth the Main
    const ctx = setup([10], a, t);
    attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "attack")[0]).toMatchObject({ total: 13, targetAc: 13, hit: true });
    expect(of(ctx.events, "reaction")[0]).toMatchObject({
      actor: "T",
      reaction: "totalDefense",
      changed: true,
    });
    expect(of(ctx.events, "action")[0]).toMatchObject({
      actor: "T",
      action: "totalDefense",
      paid: "main",
    });
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "shock",
      amount: 0,
      absorbedBy: "totalDefense",
    });
    expect(t.hp).toBe(3);
    expect(t.budget.main).toBe(true);
  });

  it("no Total Defense once the Main is spent, nor against a natural 20", () => {
    const a = foe("A", { attackBonus: 3 });
    const t = pc("T", { ac: 13 });
    t.hp = 3;
    const ctx = setup([20, 1], a, t);
    attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx.events, "reaction")).toEqual([]);
    // A d8 of 1 is raised to the Shock 2 the miss would have dealt at AC 13.
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "hit",
      base: 1,
      floor: 2,
      amount: 2,
    });
    expect(t.hp).toBe(1);
    t.budget = take(FRESH_BUDGET, "meleeAttack");
    t.hp = 3;
    const ctx2 = setup([10, 1], a, t);
    attack(ctx2, a, t, a.block.weapons[0]!, { kind: "normal" });
    expect(of(ctx2.events, "reaction")).toEqual([]);
  });

  it("a Snap Attack fells the attacker after its hit and before its damage", () => {
    const a = foe("A", { attackBonus: 3 });
    a.hp = 1;
    const ward = pc("W");
    ward.hp = 2;
    const snapper = pc("S", { attackBonus: 2 });
    engage(a, snapper);
    engage(a, ward);
    a.budget = take(FRESH_BUDGET, "meleeAttack");
    ward.budget = take(FRESH_BUDGET, "meleeAttack"); // the ward has acted: only S can snap
    // A's natural 20 (no Total Defense helps), S's snap d20 18 (−4), S's d8 5.
    const ctx = setup([20, 18, 5], a, ward, snapper);
    const r = attack(ctx, a, ward, a.block.weapons[0]!, { kind: "normal" });
    expect(r.cancelled).toBe(true);
    expect(of(ctx.events, "reaction")[0]).toMatchObject({ actor: "S", reaction: "snapAttack" });
    expect(of(ctx.events, "attack")[1]).toMatchObject({
      attacker: "S",
      attackKind: "snap",
      modifiers: expect.arrayContaining([{ source: "snap", value: -4 }]),
    });
    expect(a.state).toBe("defeated");
    expect(ward.hp).toBe(2);
    expect(snapper.budget.main).toBe(true);
  });

  it("a swarm's Shock lands through a shield at any AC; the bonus is +2 per assistant", () => {
    const striker = pc("S");
    const t = foe("T", { ac: 18, shield: true });
    t.budget = take(FRESH_BUDGET, "meleeAttack");
    engage(striker, t);
    const ctx = setup([3], striker, t);
    ctx.swarms.set("T", ["X", "Y"]);
    attack(ctx, striker, t, striker.block.weapons[0]!, { kind: "swarm" });
    expect(of(ctx.events, "attack")[0]!.modifiers).toContainEqual({ source: "swarm", value: 4 });
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "swarm",
      amount: 2,
      absorbedBy: null,
    });
  });

  it("a swarm hit adds +1 per assistant but never past the weapon's maximum", () => {
    const striker = pc("S");
    const t = foe("T", { ac: 10 });
    t.budget = take(FRESH_BUDGET, "meleeAttack");
    t.hp = 30;
    const ctx = setup([15, 7], striker, t);
    ctx.swarms.set("T", ["X", "Y", "Z"]);
    attack(ctx, striker, t, striker.block.weapons[0]!, { kind: "swarm" });
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "hit",
      base: 7,
      swarmBonus: 1,
      amount: 8,
    });
  });

  it("grapple: an unarmed hit, then an opposed STR/Brawl check instead of damage; "
    + "break free on a Main", () => {
    const strangler = createFighter(block("Mire Strangler"), "M", "foes");
    const t = pc("T", { ac: 12 });
    t.budget = take(FRESH_BUDGET, "meleeAttack");
    // d20 15 hits; grapple: M 2d6 5+5 (+2 STR +2 Brawl = 14) vs T 1+1 (2).
    const ctx = setup([15, 5, 5, 1, 1], strangler, t);
    attack(ctx, strangler, t, strangler.block.weapons[0]!, { kind: "normal", grapple: true });
    expect(of(ctx.events, "grapple")[0]).toEqual({
      kind: "grapple",
      round: 1,
      grappler: "M",
      target: "T",
      held: true,
    });
    expect(of(ctx.events, "damage")).toEqual([]);
    expect(t.grappledBy.has("M")).toBe(true);
    // T's turn: break free, 6+6 = 12 vs 1+1+4 = 6.
    t.budget = FRESH_BUDGET;
    const ctx2 = setup([6, 6, 1, 1], strangler, t);
    takeTurn(ctx2, t, undefined);
    expect(of(ctx2.events, "opposed")[0]).toMatchObject({
      purpose: "breakFree",
      others: [{ id: "M", singleWins: true }],
    });
    expect(t.grappledBy.size).toBe(0);
    expect(strangler.grappling).toBeNull();
  });

  it("Attacks of Opportunity from adjacent armed foes, none after Disengage", () => {
    const mover = pc("P");
    const armed = foe("A");
    const bare = foe("B", { weapons: [] });
    engage(mover, armed);
    engage(mover, bare);
    mover.budget = take(FRESH_BUDGET, "meleeAttack");
    const ctx = setup([1], mover, armed, bare);
    provoke(ctx, mover);
    expect(of(ctx.events, "opportunity")).toEqual([
      { kind: "opportunity", round: 1, attacker: "A", target: "P" },
    ]);
    mover.budget = take(FRESH_BUDGET, "disengage");
    const ctx2 = setup([], mover, armed, bare);
    provoke(ctx2, mover);
    expect(ctx2.events).toEqual([]);
  });

  it("a screen: the screener who wins the opposed check takes the attack", () => {
    const a = foe("A");
    const ward = pc("W");
    const guard = pc("G", { ac: 18, skills: { ...wielder().skills, stab: 1 } });
    guard.screening = "W";
    a.budget = take(FRESH_BUDGET, "meleeAttack");
    guard.budget = take(FRESH_BUDGET, "meleeAttack");
    // A 2d6 2+2 = 4 vs G 5+5+1 = 11: G takes it; d20 3 misses AC 18.
    const ctx = setup([2, 2, 5, 5, 3], a, ward, guard);
    const r = attack(ctx, a, ward, a.block.weapons[0]!, { kind: "normal" });
    expect(r.target.key).toBe("G");
    expect(of(ctx.events, "attack")[0]).toMatchObject({
      target: "G",
      screenedFrom: "W",
      targetAc: 18,
    });
    expect(guard.screenedAttackers.has("A")).toBe(true);
  });
});

describe("execution attacks (002 §Execution Attacks; RULINGS.md §shock Execution, Saves)", () => {
  it("a failed Physical save (at − the assailant's skill) drops the victim to 0", () => {
    const assassin = pc("K", { skills: { ...wielder().skills, stab: 2 } });
    const victim = foe("V", { save: 13 });
    victim.hp = 9;
    // d20 14 − 2 = 12 < 13: failed.
    const ctx = setup([14], assassin, victim);
    expect(execute(ctx, assassin, victim, assassin.block.weapons[0]!)).toBe(false);
    expect(of(ctx.events, "save")[0]).toMatchObject({
      natural: 14,
      total: 12,
      target: 13,
      success: false,
      modifiers: [{ source: "execution", value: -2 }],
    });
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "execution",
      amount: 9,
      hpAfter: 0,
    });
    expect(victim.state).toBe("defeated");
  });

  it("a passed save still takes maximum damage; a PC felled is Mortally Injured", () => {
    const assassin = foe("K", { attributes: { ...wielder().attributes, str: 1 } });
    const victim = pc("V", { save: 10 });
    victim.hp = 20;
    const ctx = setup([15], assassin, victim);
    expect(execute(ctx, assassin, victim, assassin.block.weapons[0]!)).toBe(true);
    // d8 at 8 + STR 1.
    expect(of(ctx.events, "damage")[0]).toMatchObject({
      reason: "execution",
      amount: 9,
      hpAfter: 11,
    });
    const ctx2 = setup([2], assassin, victim);
    execute(ctx2, assassin, victim, assassin.block.weapons[0]!);
    expect(victim.state).toBe("mortallyInjured");
  });

  it("the runner plays executions before the fight", () => {
    const r = fight("bandits", 9, {
      executions: [{ assailant: "Oskar Brenn", victim: "Bandit Captain" }],
    });
    expect(r.events[0]?.kind).toBe("field");
    expect(r.events[1]).toMatchObject({
      kind: "save",
      actor: "Bandit Captain",
      purpose: "execution",
    });
    expect(() =>
      fight("bandits", 9, { executions: [{ assailant: "Nobody", victim: "Bandit Captain" }] }),
    ).toThrow(RangeError);
  });
});
