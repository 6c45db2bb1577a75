import { describe, expect, it } from "vitest";
import { effectsEndingWithSource, type TimedEffect } from "../../src/rulesets/escalation/rules/durations";
import { addsInstance, type InstanceShape } from "../../src/rulesets/escalation/rules/instances";
import { rallyTarget } from "../../src/rulesets/escalation/rules/special-actions";
import { applyAttack, rollAttack } from "../../src/rulesets/escalation/encounter/attacks";
import { dealDamage } from "../../src/rulesets/escalation/encounter/damage";
import { addEffect } from "../../src/rulesets/escalation/encounter/effects";
import { createFighter, setEffects } from "../../src/rulesets/escalation/encounter/fighter";
import { deathSave } from "../../src/rulesets/escalation/encounter/survival";
import { endOfTurn } from "../../src/rulesets/escalation/encounter/turn-end";
import { block, eventsOf, scriptedContext, timed } from "./runner-fixtures";

const shape = (over: Partial<InstanceShape> = {}): InstanceShape => ({
  condition: "dazed", duration: "saveEnds", saveTarget: 11, bearer: "B", source: "S", armed: true, ...over,
});

describe("condition instances (RULINGS.md §escalation Instances)", () => {
  it("a new instance is added unless the bearer already has its exact twin", () => {
    expect(addsInstance([], shape())).toBe(true);
    expect(addsInstance([shape()], shape())).toBe(false);
    // A twin ends the same way whoever applied it…
    expect(addsInstance([shape({ source: "T" })], shape())).toBe(false);
    expect(addsInstance([shape({ duration: "endOfNextTurn", source: "T" })], shape({ duration: "endOfNextTurn" }))).toBe(false);
    // …but an instance that ends differently is added beside it.
    expect(addsInstance([shape({ duration: "endOfNextTurn" })], shape())).toBe(true);
    expect(addsInstance([shape()], shape({ saveTarget: 13 }))).toBe(true);
    expect(addsInstance([shape({ duration: "endOfNextTurn", armed: true })], shape({ duration: "endOfNextTurn", armed: false }))).toBe(true);
    expect(addsInstance([shape({ duration: "endOfSourceNextTurn", source: "T" })], shape({ duration: "endOfSourceNextTurn" }))).toBe(true);
    // Instances on someone else, or of another condition, are not twins.
    expect(addsInstance([shape({ bearer: "C" })], shape())).toBe(true);
    expect(addsInstance([shape({ condition: "weakened" })], shape())).toBe(true);
  });

  it("Grabbed from another grabber and ongoing damage are always new instances", () => {
    expect(addsInstance([shape({ condition: "grabbed", source: "T" })], shape({ condition: "grabbed" }))).toBe(true);
    expect(addsInstance([shape({ condition: "grabbed" })], shape({ condition: "grabbed" }))).toBe(false);
    expect(addsInstance([shape({ condition: "ongoing" })], shape({ condition: "ongoing" }))).toBe(true);
  });

  it("the runner keeps a save-ends Dazed beside a shorter one, and Dazed lasts while either does", () => {
    const pc = createFighter(block("Brann Tallow"), "party", 0);
    const cultist = createFighter(block("Ashen Cultist"), "enemies", 1);
    setEffects(pc, [timed("dazed", pc, { key: "short", duration: "endOfNextTurn", source: "Goblin" })]);
    // Dice: a failed save (natural 3) at the end of the bearer's turn.
    const ctx = scriptedContext([1, 1, 1], [pc, cultist], pc.key);
    const added = addEffect(pc, { id: "dazed", duration: "saveEnds", save: 11, amount: 0, damageType: "weapon" }, cultist, ctx);
    expect(added).not.toBeNull();
    expect(pc.effects.map((e) => e.duration)).toEqual(["endOfNextTurn", "saveEnds"]);
    expect(eventsOf(ctx.events, "condition")[0]).toMatchObject({ added: true, source: cultist.key, effect: added?.key, reason: "applied" });
    endOfTurn(pc, ctx);
    // The short one ran out; the save-ends one (save failed) keeps the bearer Dazed.
    expect(pc.ids).toEqual(["dazed"]);
    expect(pc.effects[0]?.key).toBe(added?.key);
    expect(eventsOf(ctx.events, "save")).toEqual([expect.objectContaining({ effect: added?.key, success: false })]);
    // Its exact twin would add nothing.
    expect(addEffect(pc, { id: "dazed", duration: "saveEnds", save: 11, amount: 0, damageType: "weapon" }, cultist, ctx)).toBeNull();
  });

  it("Rally saves against a save-ends instance first, else a one-round one; never an end-of-encounter one", () => {
    const enc = { key: "x", duration: "endOfEncounter" as const };
    const round = { key: "r", duration: "endOfNextTurn" as const };
    const save = { key: "s", duration: "saveEnds" as const };
    expect(rallyTarget([enc, round, save])?.key).toBe("s");
    expect(rallyTarget([enc, round])?.key).toBe("r");
    expect(rallyTarget([enc])).toBeNull();
  });
});

describe("effects lasting to the end of the source's next turn end when the source is out (RULINGS.md Instances)", () => {
  const effect = (over: Partial<TimedEffect>): TimedEffect => ({
    key: "e", condition: "stuck", duration: "endOfSourceNextTurn", saveTarget: 11, amount: 0, damageType: "weapon", bearer: "B", source: "S", armed: true, ...over,
  });

  it("effectsEndingWithSource picks exactly the source's end-of-its-next-turn instances", () => {
    const mine = effect({ key: "a" });
    const theirs = effect({ key: "b", source: "T" });
    const saveEnds = effect({ key: "c", duration: "saveEnds" });
    const bearers = effect({ key: "d", duration: "endOfNextTurn" });
    expect(effectsEndingWithSource([mine, theirs, saveEnds, bearers], "S")).toEqual([mine]);
    expect(effectsEndingWithSource([], "S")).toEqual([]);
  });

  it("a defeated Marsh Hag's Sinking Mire no longer holds its victim Stuck", () => {
    const hag = createFighter(block("Marsh Hag"), "enemies", 0);
    const pc = createFighter(block("Tam Reed"), "party", 1);
    const mire = hag.block.abilities.find((a) => a.name === "Sinking Mire")!;
    // A hit (natural 18) with Sinking Mire: its damage dice all 1s.
    const ctx = scriptedContext([6, 6, 6, 1, 1, 1], [hag, pc], hag.key);
    applyAttack(rollAttack(hag, pc, mire, ctx)!, ctx);
    expect(pc.ids).toEqual(["stuck"]);
    dealDamage(hag, hag.hp, "radiant", pc.key, ctx, { rolled: hag.hp, dice: [], doubled: false, halved: false, reason: "hit", crit: false, attack: null, effect: null });
    expect(hag.state).toBe("defeated");
    expect(pc.ids).toEqual([]);
    expect(eventsOf(ctx.events, "condition").at(-1)).toMatchObject({ added: false, condition: "stuck", source: hag.key, reason: "sourceDown" });
  });

  it("a PC's such effects end when it dies, not while it is only Dying", () => {
    const pc = createFighter(block("Brann Tallow"), "party", 0);
    const foe = createFighter(block("Ironbark Brute"), "enemies", 1);
    setEffects(foe, [effect({ key: "held", bearer: foe.key, source: pc.key })]);
    const ctx = scriptedContext([1, 1, 1], [pc, foe]);
    pc.hp = 5;
    dealDamage(pc, 10, "weapon", foe.key, ctx, { rolled: 10, dice: [], doubled: false, halved: false, reason: "hit", crit: false, attack: null, effect: null });
    expect(pc.state).toBe("dying");
    expect(foe.ids).toEqual(["stuck"]);
    pc.death = { ...pc.death, failures: 3 };
    deathSave(pc, ctx);
    expect(pc.dead).toBe(true);
    expect(foe.ids).toEqual([]);
  });
});
