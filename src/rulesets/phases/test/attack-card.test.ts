import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { statblockFromActor } from "../rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import type { PhasesCard } from "../play/cards/card-spec";
import {
  attackRefusal, damageToRoll, planOf, postedRefusal, sealAttack, type AttackFacts,
  type PhasesSeal,
} from "../play/cards/seal";
import {
  applyPlan, applyRefusal, keptConditions, sealOf, undoReason, undoRefusal,
} from "../play/cards/card-steps";
import { cardView, hiddenRows, sourceLabel } from "../play/cards/card-view";
import { goblin, wren } from "./fixtures";

/**
 * phases' attack card, pure: the GM's seal from the documents' facts (the edge by named source,
 * the dice the GM rolled read under the pool, the Battle action checked and paid), the card as
 * each viewer sees it, and Apply/Undo's checks and writes. Source: `003_d18720f6cd315cc2.txt`
 * §Battle Actions (Attack), §Advantage / Disadvantage; RULINGS.md §phases Edge, Powers.
 */
const t = localizerFor(languageFor("phases"));
const WREN = statblockFromActor(wren());
const GOBLIN = statblockFromActor(goblin());
const SWORD = WREN.attacks.find((a) => a.id === "sword")!;
const SHOT = WREN.attacks.find((a) => a.id === "bow")!;

const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), ...patch });

/** Wren's sword on the goblin, on Wren's Battle turn of round 2, nothing else going on. */
const facts = (patch: Partial<AttackFacts> = {}, combat: Partial<AttackFacts["combat"]> = {}):
  AttackFacts => ({
  attacker: WREN, target: GOBLIN, power: SWORD, attackerConditions: [], targetConditions: [],
  attackerUp: true, targetUp: true, reaches: true, gmPosted: false,
  combat: {
    round: 2, step: "battle", ownTurn: true, kept: kept(), targetSeized: false,
    targetDefending: false, attackerDisengaged: false, ...combat,
  },
  ...patch,
});

const card: PhasesCard = {
  actorUuid: "Actor.wren", itemId: "sword", itemName: "Longsword", tokenUuid: "Scene.s.Token.w",
  targetTokenUuid: "Scene.s.Token.g", targetName: "Goblin", combatId: "c", round: 2, opportunityFor: "",
};

function sealed(f: AttackFacts, dice: number[], damage: number[]): PhasesSeal {
  const v = sealAttack(card, "author", f, dice, damage);
  if (!v.ok) throw new Error(v.refused);
  return v.seal;
}

describe("the GM's seal of a phases attack", () => {
  it("reads a tier above as Advantage 1: 3d6 keeping the two highest, then ATK against DEF", () => {
    const plan = planOf(facts(), SWORD);
    expect(plan.formula).toBe("3d6kh2");
    expect(plan.sources).toEqual([{ source: "tier", amount: 1 }]);
    expect([plan.atk, plan.def, plan.edge]).toEqual([4, 11, 1]);
    const v = sealAttack(card, "author", facts(), [2, 5, 4], [6]);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.seal.roll.roll.kept).toEqual([5, 4]);
    expect(v.seal.roll.total).toBe(13);
    expect(v.seal.roll.hit).toBe(true);
    expect(v.seal.damage).toEqual({ formula: "1d8 + 2", dice: [6], amount: 8 });
    expect(v.seal.effects).toEqual([{ condition: "dazed", duration: "endOfRound", onMiss: false }]);
    // Its Battle action, paid on its own Battle turn.
    expect(v.pay).toEqual({ battle: 1 });
    expect(v.seal.round).toBe(2);
  });

  it("names every source: Dazed attacker, Exposed target, a seizer; the die steps to d8", () => {
    const f = facts({ attackerConditions: ["dazed"], targetConditions: ["exposed"] },
      { targetSeized: true });
    const plan = planOf(f, SWORD);
    expect(plan.sources.map((s) => [s.source, s.amount])).toEqual([
      ["tier", 1], ["attacker:dazed", -1], ["target:exposed", 1], ["target:seized", 1],
    ]);
    expect(plan.edge).toBe(2);
    expect(plan.formula).toBe("{1d6,1d6,1d8}kh2");
    expect(plan.sources.map((s) => sourceLabel(s, t))).toEqual([
      "Tier difference +1", "Attacker Dazed −1", "Target Exposed +1",
      "Target seized the initiative +1",
    ]);
  });

  it("keeps the two lowest under Disadvantage (a tier below)", () => {
    const f = facts({ attacker: GOBLIN, target: WREN, power: GOBLIN.attacks[0]! });
    const plan = planOf(f, GOBLIN.attacks[0]!);
    expect(plan.formula).toBe("{1d6,1d6,1d12}kl2");
    const seal = sealed(f, [6, 5, 1], [3]);
    expect(seal.roll.roll.kept).toEqual([5, 1]);
    expect(seal.roll.total).toBe(8);
    expect(seal.roll.hit).toBe(false);
    // A miss of a power that deals nothing on one: no damage, nothing inflicted.
    expect(seal.damage).toBeNull();
    expect(seal.effects).toEqual([]);
  });

  it("halves a miss where the power says so, and inflicts what it marks for a miss", () => {
    const f = facts({ power: SHOT });
    expect(damageToRoll(SHOT, false)).toBe("2d6");
    const seal = sealed(f, [1, 1, 1], [3, 4]);
    expect(seal.roll.hit).toBe(false);
    expect(seal.damage).toEqual({ formula: "2d6", dice: [3, 4], amount: 3 });
    expect(seal.effects.map((e) => e.condition)).toEqual(["slowed"]);
  });

  it("rolls no damage for a miss that deals nothing, nor dice for flat damage", () => {
    expect(damageToRoll(SWORD, false)).toBeNull();
    expect(damageToRoll(SWORD, true)).toBe("1d8 + 2");
    const flat = { ...SWORD, damage: { dice: 0, die: 6, bonus: 3 } };
    expect(damageToRoll(flat, true)).toBeNull();
    const seal = sealed(facts({ power: flat }), [6, 6, 6], []);
    expect(seal.damage).toEqual({ formula: "3", dice: [], amount: 3 });
  });

  it("refuses what the rules refuse, and changes nothing", () => {
    expect(attackRefusal(facts({ power: null }))).toBe("phsNoPower");
    expect(attackRefusal(facts({ attackerUp: false }))).toBe("phsDown");
    expect(attackRefusal(facts({ targetUp: false }))).toBe("phsTargetDown");
    expect(attackRefusal(facts({ reaches: false }))).toBe("phsOutOfReach");
    expect(attackRefusal(facts({}, { step: "movement" }))).toBe("phsNotBattle");
    expect(attackRefusal(facts({}, { step: null }))).toBe("phsNotBattle");
    expect(attackRefusal(facts({}, { ownTurn: false }))).toBe("notYourTurn");
    expect(attackRefusal(facts({}, { kept: kept({ battle: 1 }) }))).toBe("phsActed");
    expect(sealAttack(card, "author", facts({}, { kept: kept({ battle: 1 }) }), [1, 1, 1], []))
      .toEqual({ ok: false, refused: "phsActed" });
    // Off a grid reach is the GM's call; outside a combat nothing is asked of the turn.
    expect(attackRefusal(facts({ reaches: null }))).toBeNull();
    expect(attackRefusal(facts({ combat: null }))).toBeNull();
  });

  it("lets a GM attack at any moment, paying only on the attacker's own Battle turn", () => {
    const off = facts({ gmPosted: true }, { step: "movement", ownTurn: false });
    const v = sealAttack(card, "gm", off, [3, 3, 3], [1]);
    expect(v.ok && v.pay).toBeNull();
    const on = sealAttack(card, "gm", facts({ gmPosted: true }), [3, 3, 3], [1]);
    expect(on.ok && on.pay).toEqual({ battle: 1 });
    expect(sealAttack(card, "gm", facts({ gmPosted: true, combat: null }), [3, 3, 3], [1]))
      .toMatchObject({ ok: true, pay: null });
    // Its Battle action spent already (it Defended): the GM's attack pays nothing more.
    expect(sealAttack(card, "gm", facts({ gmPosted: true }, { kept: kept({ battle: 1 }) }),
      [3, 3, 3], [1])).toMatchObject({ ok: true, pay: null });
  });

  it("reads this round's movement power: Charge at this target, Hustle; Run forbids the Attack", () => {
    const charge = { kind: "charge" as const, powerId: "default:charge", amount: 1,
      scope: "meleeAtEnemy" as const, enemy: "gob" };
    const at = (enemy: string) => planOf(facts({}, {
      targetId: "gob", attackerMoveEdge: { ...charge, enemy },
    }), SWORD).sources.map((s) => s.source);
    expect(at("gob")).toEqual(["tier", "attacker:charge"]);
    expect(at("other")).toEqual(["tier"]);
    const hustle = { kind: "hustle" as const, powerId: "default:hustle", amount: -1,
      scope: "all" as const, enemy: null };
    expect(planOf(facts({}, { attackerMoveEdge: hustle }), SWORD).edge).toBe(0);
    expect(sourceLabel({ source: "attacker:hustle", amount: -1 }, t))
      .toBe("Attacker used Hustle −1");
    expect(attackRefusal(facts({}, { attackerRan: true }))).toBe("phsRan");
  });

  it("a granted opportunity attack: its basic melee attack, off the turn, past reach, unpaid", () => {
    const opp = facts({ opportunity: true, reaches: false }, { step: "movement", ownTurn: false });
    expect(attackRefusal(opp)).toBeNull();
    expect(attackRefusal({ ...opp, power: SHOT })).toBe("phsNotBasic");
    expect(sealAttack(card, "author", opp, [1, 1, 1], [])).toMatchObject({ ok: true, pay: null });
    const onTurn = facts({ opportunity: true });
    expect(sealAttack(card, "author", onTurn, [1, 1, 1], [])).toMatchObject({ ok: true, pay: null });
  });

  it("throws on dice that do not fit the pool or the damage", () => {
    expect(() => sealAttack(card, "a", facts(), [2, 5], [6])).toThrow(RangeError);
    expect(() => sealAttack(card, "a", facts(), [2, 5, 7], [6])).toThrow(RangeError);
    expect(() => sealAttack(card, "a", facts(), [6, 6, 6], [9])).toThrow(RangeError);
  });

  it("refuses a card of another encounter or an earlier round, or by a non-owner", () => {
    const combat = { id: "c", round: 2 };
    expect(postedRefusal(card, { owns: true, combat })).toBeNull();
    expect(postedRefusal(card, { owns: false, combat })).toBe("notOwner");
    expect(postedRefusal(card, { owns: true, combat: { id: "d", round: 2 } })).toBe("phsCombat");
    expect(postedRefusal(card, { owns: true, combat: { id: "c", round: 3 } })).toBe("phsStale");
    expect(postedRefusal({ combatId: "", round: 0 }, { owns: true, combat: null })).toBeNull();
  });
});

describe("the card as each viewer sees it", () => {
  const seal = sealed(facts({ targetConditions: ["exposed"] }), [2, 5, 4], [6]);
  const author = { isGM: false, userId: "author" };

  it("shows every die with the kept ones, the sources, the check and the outcome", () => {
    const v = cardView(card, seal, {}, author, t, null);
    expect(v.sealed).toBe(true);
    expect(v.dice).toEqual([
      { value: 2, die: "d6", kept: false }, { value: 5, die: "d6", kept: true },
      { value: 4, die: "d8", kept: true },
    ]);
    expect(v.edge).toBe("Advantage 2: 2d6 and a d8, the two highest kept");
    expect(v.sources).toEqual(["Tier difference +1", "Target Exposed +1"]);
    expect(v.check).toBe("Kept 5 + 4, +4 ATK: 13 against DEF 11");
    expect([v.outcome, v.damage]).toEqual(["Hit", "8 damage (1d8 + 2: 6)"]);
    expect(v.effects).toEqual(["Dazed (Until the end of the round)"]);
    expect(v.buttons.map((b) => b.step)).toEqual(["apply"]);
    expect(v.opportunity).toBe(false);
    expect(cardView({ ...card, opportunityFor: "prompt" }, null, {}, author, t, null).opportunity)
      .toBe(true);
  });

  it("gives Apply to its author and a GM only, then Undo once applied", () => {
    expect(cardView(card, seal, {}, { isGM: false, userId: "other" }, t, null).buttons)
      .toEqual([]);
    expect(cardView(card, seal, {}, { isGM: true, userId: "gm" }, t, null).buttons
      .map((b) => b.step)).toEqual(["apply"]);
    const applied = cardView(card, seal, { applied: true }, author, t, null);
    expect(applied.applied).toBe(true);
    expect(applied.buttons.map((b) => b.step)).toEqual(["undo"]);
    expect(cardView(card, seal, { applied: true, undone: true }, author, t, null).buttons)
      .toEqual([]);
    expect(hiddenRows(applied)).toEqual([{ name: "Goblin", buttons: applied.buttons }]);
  });

  it("waits for the GM before the seal, and shows a refusal", () => {
    expect(cardView(card, null, {}, author, t, null)).toMatchObject({
      sealed: false, title: "Longsword", target: "Goblin", buttons: [],
    });
    expect(cardView(card, null, {}, author, t, "no").refusal).toBe("no");
  });
});

describe("Apply and Undo", () => {
  const seal = sealed(facts(), [2, 5, 4], [6]);
  const author = { id: "author", isGM: false };

  it("are the author's and the GM's, once each and in order", () => {
    expect(applyRefusal(null, {}, author)).toBe("unsealed");
    expect(applyRefusal(seal, {}, { id: "other", isGM: false })).toBe("notAuthor");
    expect(applyRefusal(seal, {}, author)).toBeNull();
    expect(applyRefusal(seal, {}, { id: "gm", isGM: true })).toBeNull();
    expect(applyRefusal(seal, { applied: true }, author)).toBe("alreadyApplied");
    expect(undoRefusal(seal, {}, author)).toBe("notApplied");
    expect(undoRefusal(seal, { applied: true }, author)).toBeNull();
    expect(undoRefusal(seal, { applied: true, undone: true }, author)).toBe("notApplied");
    const nothing = sealed(facts({ attacker: GOBLIN, target: WREN, power: GOBLIN.attacks[0]! }),
      [1, 1, 1], []);
    expect(applyRefusal(nothing, {}, author)).toBe("phsNothingToApply");
  });

  it("takes HP down to 0 at most and records each condition's duration by its effect", () => {
    expect(applyPlan(seal, 7).hp).toEqual({ before: 7, after: 0 });
    expect(applyPlan(seal, 12).hp).toEqual({ before: 12, after: 4 });
    const plan = applyPlan(seal, 7);
    const before = [{ effect: "old", name: "saveEnds" as const, round: 1 }];
    expect(keptConditions(before, ["e1"], plan, 2)).toEqual([
      ...before, { effect: "e1", name: "endOfRound", round: 2 },
    ]);
    expect(keptConditions([], [], plan, 2)).toEqual([]);
  });

  it("names why an Undo cannot be exact", () => {
    expect(undoReason("gone", "system.hp.value")).toBe("noTarget");
    expect(undoReason("changed", "system.hp.value")).toBe("hpChangedSince");
    expect(undoReason("changed", "flags.fray.kept.c.conditions")).toBe("phsConditionsChangedSince");
    expect(sealOf({ seal: { kind: "refused", reason: "x" } })).toBeNull();
    expect(sealOf({ seal })).toBe(seal);
  });
});
