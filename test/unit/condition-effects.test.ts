import { Scripted, monsters, pregens } from "./runner-fixtures";
import { describe, expect, it } from "vitest";
import { canIntercept } from "../../src/rulesets/escalation/rules/opportunity";
import { applyAttack, rollAttack } from "../../src/rulesets/escalation/encounter/attacks";
import { endOfTurn } from "../../src/rulesets/escalation/encounter/turn-end";
import { chooseAbility, planTurn } from "../../src/rulesets/escalation/encounter/tactics";
import { beforeProvokingUse } from "../../src/rulesets/escalation/encounter/position";
import { engage } from "../../src/rulesets/escalation/encounter/engagement";
import { deathSave, fightInSpirit, sustain } from "../../src/rulesets/escalation/encounter/survival";
import { partyShouldFlee } from "../../src/rulesets/escalation/encounter/rounds";
import { createFighter, setEffects, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { createContext, type TurnContext } from "../../src/rulesets/escalation/encounter/context";
import type { EncounterEvent } from "../../src/rulesets/escalation/encounter/events";
import type { TimedEffect } from "../../src/rulesets/escalation/rules/durations";
import type { ConditionId } from "../../src/rulesets/escalation/rules/conditions";

/**
 * Each condition's effect, observed where the turn code uses it (the headless runner's steps and
 * the pure rules they call), so removing the effect from `CONDITIONS` or from the code that reads
 * it fails a test here. Conditions whose effect is a plain number on the attack or save plan are
 * covered in conditions.test.ts; position ones in position.test.ts; Helpless in
 * special-actions.test.ts.
 */
const party = pregens;
const brann = party.find((p) => p.name === "Brann Tallow")!;
const imp = monsters.find((m) => m.name === "Cinder Imp")!;

function context(dice: number[], fighters: Fighter[], turn: string | null = null): TurnContext & { events: EncounterEvent[] } {
  const events: EncounterEvent[] = [];
  const ctx = createContext({ record: true, roller: new Scripted(dice), emit: (e) => void events.push(e), fighters, prefix: "t" });
  return Object.assign(ctx, { round: 2, escalation: 1, turn, events });
}

const timed = (condition: ConditionId, bearer: Fighter, over: Partial<TimedEffect> = {}): TimedEffect => ({
  key: `k-${condition}`, condition, duration: "saveEnds", saveTarget: 11, amount: 0, damageType: "weapon", bearer: bearer.key, source: "src", armed: true, ...over,
});

const basic = (f: Fighter) => f.block.abilities.find((a) => a.system.basic === f.block.stance)!;

describe("condition effects where the turn code applies them", () => {
  it("Invisible: an attacker who fails the 11+ save first makes no attack", () => {
    const pc = createFighter(brann, "party", 0);
    const foe = createFighter(imp, "enemies", 1);
    setEffects(foe, [timed("invisible", foe)]);
    const ctx = context([1, 2, 3], [pc, foe]);
    expect(rollAttack(pc, foe, basic(pc), ctx)).toBeNull();
    expect(ctx.events).toEqual([expect.objectContaining({ kind: "invisible", success: false, natural: 6 })]);
    // Without Invisible the same dice are an ordinary attack roll.
    setEffects(foe, []);
    expect(rollAttack(pc, foe, basic(pc), context([1, 2, 3], [pc, foe]))).not.toBeNull();
  });

  it("Confused: on an odd natural the attacker takes half of the damage it deals", () => {
    const pc = createFighter(brann, "party", 0);
    const foe = createFighter(imp, "enemies", 1);
    setEffects(pc, [timed("confused", pc)]);
    // Natural 6+6+5 = 17 (odd, a crit): damage dice all 4s.
    const ctx = context([6, 6, 5, 4, 4, 4, 4, 4, 4, 4, 4], [pc, foe]);
    const rolled = rollAttack(pc, foe, basic(pc), ctx)!;
    applyAttack(rolled, ctx);
    const damage = ctx.events.filter((e): e is Extract<EncounterEvent, { kind: "damage" }> => e.kind === "damage");
    const dealt = damage.find((e) => e.reason === "hit")!;
    const self = damage.find((e) => e.reason === "confused")!;
    // Half of the damage before the crit doubles it (§Conditions: "before multiplying").
    expect(dealt.doubled).toBe(true);
    expect(self.amount).toBe(Math.floor(dealt.rolled / 2));
    expect(pc.hp).toBe(pc.block.hpMax - self.amount);
  });

  it("Ongoing damage: taken at the end of the bearer's turn, before its saves", () => {
    const pc = createFighter(brann, "party", 0);
    setEffects(pc, [timed("ongoing", pc, { amount: 5, damageType: "fire" })]);
    // A foe still up: with nobody on the other side the fight would be over, and no save rolled.
    const ctx = context([6, 6, 6], [pc, createFighter(imp, "enemies", 1)], pc.key);
    endOfTurn(pc, ctx);
    expect(ctx.events.map((e) => e.kind)).toEqual(["damage", "save", "condition"]);
    expect(pc.hp).toBe(pc.block.hpMax - 5);
  });

  it("Hampered: the runner only picks a basic attack", () => {
    const pc = createFighter(brann, "party", 0);
    const first = chooseAbility(pc, 3);
    expect(first?.system.basic).toBe("none");
    setEffects(pc, [timed("hampered", pc)]);
    expect(chooseAbility(pc, 3)?.system.basic).toBe(pc.block.stance);
  });

  it("Helpless: an engaged Helpless foe draws a Coup de Grace (hit and crit on any dice) while all three actions are free", () => {
    const pc = createFighter(brann, "party", 0);
    const foe = createFighter(imp, "enemies", 1);
    setEffects(foe, [timed("helpless", foe)]);
    const dice = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    expect(planTurn(pc, context([], [pc, foe], pc.key))).toMatchObject({ kind: "attack", coupDeGrace: null });
    expect(rollAttack(pc, foe, basic(pc), context([...dice], [pc, foe]))?.outcome).toMatchObject({ hit: false, critFail: true });
    engage(pc, foe, context([], [pc, foe]));
    expect(planTurn(pc, context([], [pc, foe], pc.key))).toMatchObject({ kind: "attack", coupDeGrace: foe });
    const ctx = context([...dice], [pc, foe]);
    expect(rollAttack(pc, foe, basic(pc), ctx, { coupDeGrace: true })?.outcome).toMatchObject({ hit: true, crit: true });
    expect(ctx.events[0]).toMatchObject({ kind: "attack", coupDeGrace: true });
    // With its Quick action spent there is no Coup de Grace.
    pc.actions.quick = true;
    expect(planTurn(pc, context([], [pc, foe], pc.key))).toMatchObject({ kind: "attack", coupDeGrace: null });
  });

  it("Stuck: an engaged bearer cannot disengage before a provoking use, so it draws the opportunity attack", () => {
    const pc = createFighter(brann, "party", 0);
    const foe = createFighter(imp, "enemies", 1);
    engage(pc, foe, context([], [pc, foe]));
    // Free to try: a natural 12 disengages, no opportunity attack.
    const free = context([4, 4, 4], [pc, foe], pc.key);
    expect(beforeProvokingUse(pc, free)).toBe(true);
    expect(free.events.map((e) => e.kind)).toEqual(["disengage", "engagement"]);
    engage(pc, foe, context([], [pc, foe]));
    setEffects(pc, [timed("stuck", pc)]);
    const stuck = context(new Array(20).fill(1), [pc, foe], pc.key);
    beforeProvokingUse(pc, stuck);
    expect(stuck.events.map((e) => e.kind)).toEqual(["disengageBlocked", "opportunity", "attack"]);
  });

  it("Grabbed: an engaged foe that is Grabbed makes no opportunity attack", () => {
    const pc = createFighter(brann, "party", 0);
    const foe = createFighter(imp, "enemies", 1);
    engage(pc, foe, context([], [pc, foe]));
    setEffects(foe, [timed("grabbed", foe)]);
    const ctx = context([1, 1, 1], [pc, foe], pc.key);
    beforeProvokingUse(pc, ctx);
    expect(ctx.events.map((e) => e.kind)).toEqual(["disengage"]);
  });

  it("Fight in Spirit: a dead PC gives its most hurt ally one Advantage on attacks until its next turn", () => {
    const ghost = createFighter(brann, "party", 0, "Ghost");
    const ally = createFighter(brann, "party", 1, "Ally");
    const fresh = createFighter(brann, "party", 2, "Fresh");
    const foe = createFighter(imp, "enemies", 3);
    ghost.dead = true;
    ally.hp = 5;
    const ctx = context([6, 6, 6, 6], [ghost, ally, fresh, foe]);
    fightInSpirit(ghost, ctx);
    expect(ctx.events).toEqual([expect.objectContaining({ kind: "spirit", actor: "Ghost", ally: "Ally", boon: "attacks" })]);
    const attack = rollAttack(ally, foe, basic(ally), ctx);
    expect(ctx.events.at(-1)).toMatchObject({ kind: "attack", edge: 1 });
    expect(attack?.outcome.dice).toHaveLength(4);
    // Its next turn replaces the boon rather than stacking it.
    fightInSpirit(ghost, context([], [ghost, ally, fresh, foe]));
    expect(ally.boons).toHaveLength(1);
  });

  it("Sustain: a success keeps the held effect through the next turn end; a failure ends it at once", () => {
    const hag = createFighter(monsters.find((m) => m.name === "Marsh Hag")!, "enemies", 0);
    const pc = createFighter(brann, "party", 1);
    const mire = hag.block.abilities.find((a) => a.name === "Sinking Mire")!;
    const held = { ...timed("stuck", pc, { key: "held", duration: "endOfSourceNextTurn", source: hag.key, armed: true }) };
    setEffects(pc, [held]);
    hag.sustaining = { ability: mire, keys: ["held"] };
    const pass = context([6, 6, 6], [hag, pc], hag.key);
    sustain(hag, pass);
    expect(pass.events[0]).toMatchObject({ kind: "sustain", success: true });
    endOfTurn(hag, pass);
    expect(pc.ids).toEqual(["stuck"]);
    const fail = context([1, 1, 1], [hag, pc], hag.key);
    sustain(hag, fail);
    expect(fail.events.map((e) => e.kind)).toEqual(["sustain", "condition"]);
    expect(pc.ids).toEqual([]);
    expect(hag.sustaining).toBeNull();
  });

  it("Last Gasp: a hit starts the saves; the character saves instead of acting and keeps its HP on a pass", () => {
    const drake = createFighter(monsters.find((m) => m.name === "Gravel Drake")!, "enemies", 0);
    const pc = createFighter(brann, "party", 1);
    const gaze = drake.block.abilities.find((a) => a.system.lastGasp)!;
    const ctx = context([6, 6, 6], [drake, pc]);
    applyAttack(rollAttack(drake, pc, gaze, ctx)!, ctx);
    expect(ctx.events.map((e) => e.kind)).toEqual(["attack", "lastGasp"]);
    expect(pc.death.lastGasp).toBe(true);
    const hp = pc.hp;
    const fail = context([1, 1, 1], [drake, pc]);
    deathSave(pc, fail);
    expect(pc.death).toMatchObject({ lastGasp: true, failures: 1 });
    const pass = context([6, 5, 4], [drake, pc]);
    deathSave(pc, pass);
    expect(pc.death.lastGasp).toBe(false);
    expect(pc.hp).toBe(hp);
    expect(pass.events.map((e) => e.kind)).toEqual(["deathSave"]);
  });

  it("the runner's party flees when fewer than half can act and the foes have more HP left", () => {
    const a = createFighter(brann, "party", 0, "A");
    const b = createFighter(brann, "party", 1, "B");
    const c = createFighter(brann, "party", 2, "C");
    const foe = createFighter(imp, "enemies", 3);
    expect(partyShouldFlee([a, b, c, foe])).toBe(false);
    for (const f of [b, c]) f.state = "dying";
    a.hp = 1;
    expect(partyShouldFlee([a, b, c, foe])).toBe(true);
    a.hp = 100;
    expect(partyShouldFlee([a, b, c, foe])).toBe(false);
  });

  it("Flying: only a Flying interceptor can intercept the bearer", () => {
    const free = { conditions: [] as string[], engaged: false };
    expect(canIntercept({ interceptor: free, mover: { conditions: ["flying"], intercepting: false } })).toBe(false);
    expect(canIntercept({ interceptor: { ...free, conditions: ["flying"] }, mover: { conditions: ["flying"], intercepting: false } })).toBe(true);
    expect(canIntercept({ interceptor: free, mover: { conditions: [], intercepting: false } })).toBe(true);
    expect(canIntercept({ interceptor: { ...free, engaged: true }, mover: { conditions: [], intercepting: false } })).toBe(false);
    expect(canIntercept({ interceptor: free, mover: { conditions: [], intercepting: true } })).toBe(false);
  });

});
