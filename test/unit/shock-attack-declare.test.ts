import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkChoice, choiceAs, dialogOffers, dialogSituations, dialogTitleKey, type AttackChoice,
  type AttackWay,
} from "../../src/rulesets/shock/play/cards/attack-choice";
import {
  answerReaction, attackWayOf, declareAttack, heldWeaponRefusal,
} from "../../src/rulesets/shock/play/cards/attack-declare";
import { snapperOf, strikerOf } from "../../src/rulesets/shock/play/cards/card-seal";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { weapon, wielder } from "../../src/rulesets/shock/test/fixtures";
import { attackCard, SHOCK_CARD_SPEC } from "../../src/rulesets/shock/play/cards/card-spec";
import { validate } from "../../src/engine/schema/spec";

/**
 * How an attack is declared before its d20 (the decisions of `foundry/chat/attack.ts`): the
 * dialog's title, the choice as the way the attack is made takes it, and the card it posts.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Action Types, §Make a Snap Attack, §Hold An Action,
 * §Grappling, §Execution Attacks.
 */
const plain: AttackChoice = {
  charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
};
const OWN: AttackWay = { free: false, snap: false, held: false };
const AOO: AttackWay = { ...OWN, free: true };
const SNAP: AttackWay = { ...OWN, snap: true };
const HELD: AttackWay = { ...OWN, held: true };

describe("the attack dialog's title", () => {
  it("names the way the attack is made", () => {
    expect(dialogTitleKey(OWN)).toBe("FRAY.Shock.Dialog.Title");
    expect(dialogTitleKey(AOO)).toBe("FRAY.Shock.Dialog.OpportunityTitle");
    expect(dialogTitleKey(SNAP)).toBe("FRAY.Shock.Dialog.SnapTitle");
    expect(dialogTitleKey(HELD)).toBe("FRAY.Shock.Dialog.HeldTitle");
  });
});

describe("the choice as the attack is made", () => {
  it("keeps an attack of one's own as chosen", () => {
    const charge = { ...plain, charge: true, swarmOthers: 2 };
    expect(choiceAs(charge, OWN, false)).toEqual({ ok: true, choice: charge });
  });

  it("makes a Snap Attack a snap and a held attack none (no −4 for a held attack)", () => {
    expect(choiceAs(plain, SNAP, false)).toEqual({ ok: true, choice: { ...plain, snap: true } });
    expect(choiceAs({ ...plain, snap: true }, HELD, false))
      .toEqual({ ok: true, choice: { ...plain, snap: false } });
  });

  it("refuses a charge in a grapple, whatever the way", () => {
    for (const way of [OWN, AOO, SNAP, HELD]) {
      expect(choiceAs({ ...plain, charge: true }, way, true))
        .toEqual({ ok: false, key: "FRAY.Shock.Refuse.Held" });
    }
    expect(choiceAs(plain, OWN, true)).toEqual({ ok: true, choice: plain });
  });

  it("refuses a charge, snap or swarm as an Attack of Opportunity", () => {
    for (const c of [{ charge: true }, { snap: true }, { swarmOthers: 1 }]) {
      expect(choiceAs({ ...plain, ...c }, AOO, false))
        .toEqual({ ok: false, key: "FRAY.Shock.Refuse.BadChoice" });
    }
    expect(choiceAs({ ...plain, inMelee: true }, AOO, false).ok).toBe(true);
  });

  it("refuses a charge or swarm answering a card", () => {
    for (const way of [SNAP, HELD]) {
      for (const c of [{ charge: true }, { swarmOthers: 3 }]) {
        expect(choiceAs({ ...plain, ...c }, way, false))
          .toEqual({ ok: false, key: "FRAY.Shock.Refuse.BadChoice" });
      }
    }
  });

  it("an accepted choice made answering a card never charges or swarms (property)", () => {
    const choice = fc.record({
      charge: fc.boolean(), snap: fc.boolean(), dualWield: fc.boolean(),
      swarmOthers: fc.integer({ min: 0, max: 4 }), inMelee: fc.boolean(),
      situations: fc.constant([] as AttackChoice["situations"]),
    });
    const way = fc.record({ free: fc.boolean(), snap: fc.boolean(), held: fc.boolean() });
    fc.assert(fc.property(choice, way, fc.boolean(), (c, w, grappled) => {
      const r = choiceAs(c, w, grappled);
      if (!r.ok) return;
      if (w.free || w.snap || w.held) {
        expect(r.choice.charge).toBe(false);
        expect(r.choice.swarmOthers).toBe(0);
      }
      if (grappled) expect(r.choice.charge).toBe(false);
      if (w.snap) expect(r.choice.snap).toBe(true);
      else if (w.held || w.free) expect(r.choice.snap).toBe(false);
    }));
  });
});

describe("the card an attack posts", () => {
  const made = {
    actorUuid: "Actor.a", weapon: { id: "sword", name: "Sword" }, summary: "+4 vs AC",
    target: { tokenUuid: "Scene.s.Token.t", name: "Mire Thrall" },
    combat: { id: "c1", round: 3 },
    choice: { ...plain, charge: true, situations: ["halfCover" as const] },
    prepaid: false, snapFor: "", formula: "1d20 + 4", natural: 14, modifier: 4,
  };

  it("records the roll's total and the combat's round, and fits the card's spec", () => {
    const card = attackCard(made);
    expect(card).toMatchObject({
      actorUuid: "Actor.a", weaponId: "sword", weaponName: "Sword", tokenUuid: "Scene.s.Token.t",
      targetName: "Mire Thrall", combatId: "c1", round: 3, charge: true, natural: 14, total: 18,
      situations: ["halfCover"], execution: false, nonLethal: false,
    });
    expect(validate(SHOCK_CARD_SPEC, card)).toEqual([]);
  });

  it("outside a started combat names none, round 0", () => {
    expect(attackCard({ ...made, combat: null })).toMatchObject({ combatId: "", round: 0 });
  });

  it("takes an execution only as a paid attack of its own, non-lethal only with it", () => {
    const exec = { ...plain, execution: true, nonLethal: true };
    expect(attackCard({ ...made, choice: exec })).toMatchObject({ execution: true, nonLethal: true });
    expect(attackCard({ ...made, choice: exec, prepaid: true, snapFor: "m1" }))
      .toMatchObject({ execution: false, nonLethal: false, snapFor: "m1" });
    expect(attackCard({ ...made, choice: { ...plain, nonLethal: true } }))
      .toMatchObject({ execution: false, nonLethal: false });
  });
});

describe("what the attack dialog offers", () => {
  const sword = weapon();
  const bow = weapon({ id: "bow", kind: "ranged", twoHanded: true, skill: "shoot" });
  const javelin = weapon({ id: "jav", kind: "thrown" });

  it("offers a snap of one's own, never when the attack already answers a card", () => {
    expect(dialogOffers(wielder(), sword, OWN, false).canSnap).toBe(true);
    expect(dialogOffers(wielder(), sword, SNAP, false).canSnap).toBe(false);
    expect(dialogOffers(wielder(), sword, HELD, false).canSnap).toBe(false);
    const noSnap = { ...wielder(), snapAttack: false };
    expect(dialogOffers(noSnap, sword, OWN, false).canSnap).toBe(false);
  });

  it("offers an execution only as a paid attack of one's own on an unsuspecting target", () => {
    expect(dialogOffers(wielder(), sword, OWN, true).canExecute).toBe(true);
    expect(dialogOffers(wielder(), sword, OWN, false).canExecute).toBe(false);
    for (const way of [AOO, SNAP, HELD])
      expect(dialogOffers(wielder(), sword, way, true).canExecute).toBe(false);
  });

  it("offers dual wielding only to one wielding a pair, with one of them or bare hands", () => {
    expect(dialogOffers(wielder(), sword, OWN, false).canDual).toBe(false);
    const dagger = weapon({ id: "dagger", name: "Dagger", die: 4 });
    const pair = { ...wielder({ stab: 1 }), weapons: [sword, dagger] };
    expect(dialogOffers(pair, sword, OWN, false).canDual).toBe(true);
    expect(dialogOffers(pair, weapon({ id: "other" }), OWN, false).canDual).toBe(false);
  });

  it("asks about a foe in melee range for ranged and thrown weapons, hinting each's penalty", () => {
    expect(dialogOffers(wielder(), sword, OWN, false)).toMatchObject({ ranged: false });
    expect(dialogOffers(wielder(), bow, OWN, false))
      .toMatchObject({ ranged: true, inMeleeHint: "FRAY.Shock.Dialog.BowInMelee" });
    expect(dialogOffers(wielder(), javelin, OWN, false))
      .toMatchObject({ ranged: true, inMeleeHint: "FRAY.Shock.Dialog.ThrownInMelee" });
    expect(dialogOffers(wielder(), sword, OWN, false).situations).toEqual(dialogSituations());
  });
});

describe("an attack declared in its dialog (declareAttack)", () => {
  const sword = weapon({ readied: true, kind: "melee" });
  const fists = weapon({ readied: true, kind: "melee", unarmed: true, id: "fists" });
  const attacker = wielder({ str: 1, stab: 1 });
  const ourTurn = { actingSide: "party", side: "party", holding: false, surprised: false };
  const paying = { budget: FRESH_BUDGET, turn: ourTurn };
  const base = { attacker, weapon: sword, way: OWN, held: false, paying };

  it("accepts a plain attack of one's own: the choice as read, a melee attack's action", () => {
    const declared = declareAttack({}, base);
    expect(declared.ok).toBe(true);
    if (!declared.ok) return;
    expect(declared.choice).toEqual({ ...plain, execution: false, nonLethal: false });
    expect(declared.verdict.action).toBe("meleeAttack");
    // The same plan `checkChoice` makes: STR +1 and Stab-1 on a d20.
    expect(declared.verdict).toEqual(checkChoice(attacker, sword, declared.choice, 0, FRESH_BUDGET));
    expect(declared.verdict.plan.check.modifier).toBe(2);
    // Nothing to mark on its combatant but the spend.
    expect(declared.marks).toEqual({});
  });

  it("a charge marks its charger charging as it pays (its −2 AC this round, §Charge)", () => {
    const declared = declareAttack({ charge: "on" }, base);
    expect(declared.ok && declared.choice.charge).toBe(true);
    expect(declared.ok && declared.marks).toEqual({ charging: true });
  });

  it("refuses a malformed form before anything else", () => {
    expect(declareAttack({ swarmOthers: -1 }, base)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.BadChoice" });
    expect(declareAttack({ swarmOthers: 1.5 }, { ...base, held: true })).toEqual({ ok: false, key: "FRAY.Shock.Refuse.BadChoice" });
  });

  it("refuses in order: the way (a charge in a grapple), then the weapon and budget, then the turn", () => {
    const offTurn = { budget: FRESH_BUDGET, turn: { ...ourTurn, actingSide: "foes" } };
    // A charge held in a grapple is refused as such even off its side's turn.
    expect(declareAttack({ charge: "on" }, { ...base, held: true, paying: offTurn }))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.Held" });
    // An unreadied weapon is the weapon's refusal, before the turn's.
    expect(declareAttack({}, { ...base, weapon: { ...sword, readied: false }, paying: offTurn }))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.NotReadied" });
    // A spent Main is the budget's refusal.
    expect(declareAttack({}, { ...base, paying: { ...paying, budget: { ...FRESH_BUDGET, main: true } } }))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.Spent.meleeAttack" });
    expect(declareAttack({}, { ...base, paying: offTurn }))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.NotYourSide" });
  });

  it("judges neither budget nor turn when nothing is paid here (free, or answering a card)", () => {
    const declared = declareAttack({}, { ...base, way: AOO, paying: null });
    expect(declared.ok).toBe(true);
    const snap = declareAttack({}, { ...base, way: SNAP, paying: null });
    expect(snap.ok && snap.choice.snap).toBe(true);
    expect(snap.ok && snap.verdict.action).toBe("snapAttack");
  });

  it("a held combatant may attack only unarmed (§Grappling)", () => {
    expect(heldWeaponRefusal(true, sword)).toBe("FRAY.Shock.Refuse.GrappledUnarmed");
    expect(heldWeaponRefusal(true, fists)).toBeNull();
    expect(heldWeaponRefusal(false, sword)).toBeNull();
  });
});

describe("the way an attack is made", () => {
  it("an attack of one's own is paid here; an opportunity, a snap or a held attack is not", () => {
    const none = { opportunity: false, snap: false, held: false };
    expect(attackWayOf(none)).toEqual({ way: OWN, prepaid: false });
    expect(attackWayOf({ ...none, opportunity: true })).toEqual({ way: AOO, prepaid: true });
    expect(attackWayOf({ ...none, snap: true })).toEqual({ way: SNAP, prepaid: true });
    expect(attackWayOf({ ...none, held: true })).toEqual({ way: HELD, prepaid: true });
  });

  it("asks the GM for the answer the card offers: a snap's or a held attack's, by its striker", () => {
    expect(answerReaction(true, "c1")).toBe("snap:c1");
    expect(answerReaction(false, "c1")).toBe("held:c1");
    // The card reads them back as the same striker, a snap only for a snap.
    expect(strikerOf(answerReaction(true, "c1"))).toBe("c1");
    expect(strikerOf(answerReaction(false, "c1"))).toBe("c1");
    expect(snapperOf(answerReaction(false, "c1"))).toBeNull();
  });
});
