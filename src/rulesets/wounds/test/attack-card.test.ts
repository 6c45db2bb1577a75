import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { derive } from "../rules/derived";
import { NO_STATES } from "../rules/states";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { keptOfSlots } from "../play/round/economy";
import { freshSlots } from "../../../engine/economy/slots";
import { woundsEconomy } from "../rules/economy";
import { postedOf, type WoundsCard } from "../play/cards/card-spec";
import {
  attackRefusal, diceToRoll, planOf, postedRefusal, sealAttack, type AttackFacts,
  type AttackPlanned, type WoundsSeal,
} from "../play/cards/seal";
import { outcomeOf } from "../play/cards/outcome";
import {
  applyPlan, applyRefusal, linkRefusal, undoRefusal, type WoundsLedger,
} from "../play/cards/card-steps";
import { cardView, hiddenRows } from "../play/cards/card-view";
import { attackDialogView, declaredOf } from "../play/views/attack-dialog";
import { packStatblock } from "./pack-statblocks";
import { armsOf } from "../play/cards/arms";

/**
 * wounds' attack card, pure: the GM's seal from the documents' facts (modifiers and the defense
 * by named source, the actions paid), the chain rolled link by link with its meaning, the damage
 * at the chain's multiplier, Apply's writes and who may press what, and the card as each viewer
 * sees it. Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Wounds/Aiming, §Auto Fails/Criticals,
 * §Bonus Actions, §Sneak Damage; RULINGS.md §wounds.
 */
const t = localizerFor(languageFor("wounds"));
const WREN = packStatblock("pregens", "wren-ashby");
const BRUTE = packStatblock("npcs", "orc-brute");
const DAGGERS = WREN.weapons.find((w) => w.name === "Twin Daggers")!;
const CROSSBOW = WREN.weapons.find((w) => w.name === "Hand Crossbow")!;

const fresh = (block = WREN): KeptSource => withDefaults(KEPT_SPEC, {
  ...keptOfSlots(freshSlots(woundsEconomy(derive(block, [], 1)))),
}) as KeptSource;

const card = (patch: Partial<WoundsCard> = {}): WoundsCard => ({
  actorUuid: "Actor.wren", itemId: DAGGERS.id, itemName: DAGGERS.name, tokenUuid: "T.a",
  targetTokenUuid: "T.b", targetName: "Orc Brute", combatId: "c1", round: 1,
  aim: "centerMass", extraAttack: false, buyToHit: 0, buyMeleeDamage: 0, improveSpell: 0,
  freeHitFor: "", ...patch,
});

const facts = (patch: Partial<AttackFacts> = {}): AttackFacts => ({
  attacker: WREN, attackerDerived: derive(WREN, [], 1), target: BRUTE,
  targetDerived: derive(BRUTE, [], 1), targetStates: NO_STATES, weapon: DAGGERS,
  attackerUp: true, targetUp: true, attackerSick: false, inReach: true, inTargetZone: true,
  flanking: false, undetected: false, gmPosted: false, freeHit: false,
  spell: false, improvement: 0,
  combat: { round: 1, ownTurn: true, kept: fresh(), targetKept: fresh(BRUTE) },
  ...patch,
});

function planned(f = facts(), c = card()): AttackPlanned {
  const p = planOf(f, postedOf(c));
  if (typeof p === "string") throw new Error(p);
  return p;
}

function sealed(d20: number, weapon: number[], sneak: number[] = [], c = card(), f = facts()):
  { seal: WoundsSeal; pay: Partial<KeptSource> | null } {
  const v = sealAttack(c, "u1", f, planned(f, c), d20, weapon, sneak);
  if (!v.ok) throw new Error(v.refused);
  return v;
}

describe("the seal: the attack from the documents, by named source", () => {
  it("Wren's daggers at center mass: Accuracy +3, center mass +1 against 10 + the brute's −1", () => {
    const p = planned();
    expect(p.plan.modifiers).toEqual([
      { source: "accuracy", value: 3 }, { source: "aim:centerMass", value: 1 },
    ]);
    expect(p.defense.target).toBe(9);
    expect(p.defenseState).toBe("dodging");
    expect(diceToRoll(p)).toEqual({ weapon: 1, die: 6, sneak: 0 });
  });

  it("a kept-up spell's ward: its Accuracy on the attacker's roll, its armor off the damage", () => {
    const ward = { accuracy: 1, armor: 2, movement: 0 };
    const p = planned(facts({
      attackerDerived: derive(WREN, [], 1, ward), targetDerived: derive(BRUTE, [], 1, ward),
    }));
    expect(p.plan.modifiers).toContainEqual({ source: "ward", value: 1 });
    expect(p.plan.modifier).toBe(5);
    expect(p.hit.reductions).toEqual([{ source: "armor", value: BRUTE.armor + 2 }]);
  });

  it("another aim drops center mass's +1; flanking adds +1 to a melee attack only", () => {
    expect(planned(facts(), card({ aim: "slowing" })).plan.modifier).toBe(3);
    expect(planned(facts({ flanking: true })).plan.modifier).toBe(5);
    const shot = facts({ flanking: true, weapon: CROSSBOW });
    expect(planned(shot, card({ itemId: CROSSBOW.id })).plan.modifier).toBe(4);
  });

  it("a target snuck up on is flat-footed (hit on 5) and takes sneak d4s, one more per feat", () => {
    const p = planned(facts({ undetected: true }));
    expect([p.defenseState, p.defense.target]).toEqual(["flatFooted", 5]);
    expect(diceToRoll(p).sneak).toBe(2);
  });

  it("a prone target is hit on 5 + its Agility; its bought dodge does not count", () => {
    const prone = { ...NO_STATES, prone: true };
    const targetKept = { ...fresh(BRUTE), purchases: [{ kind: "dodge" as const, round: 1 }] };
    const f = facts({
      targetStates: prone, combat: { round: 1, ownTurn: true, kept: fresh(), targetKept },
    });
    expect(planned(f).defense.target).toBe(4);
    const dodging = facts({ combat: { round: 1, ownTurn: true, kept: fresh(), targetKept } });
    expect(planned(dodging).defense.target).toBe(10);
  });

  it("pays the Attack Action, one Bonus Action per purchase; the bought +1 to hit is used up", () => {
    const c = card({ buyToHit: 1, buyMeleeDamage: 1 });
    const p = planned(facts(), c);
    expect(p.plan.modifier).toBe(5);
    expect(p.slots?.left).toMatchObject({ attack: 0, move: 1, bonus: 0 });
    expect(p.purchases).toEqual([{ kind: "meleeDamage", round: 1 }]);
    expect(p.hit.meleeDamagePurchases).toBe(1);
    const { pay } = sealed(12, [3], [], c);
    expect(pay).toMatchObject({ attack: 0, bonus: 0, purchases: [{ kind: "meleeDamage", round: 1 }] });
  });

  it("the extra attack pays the Move and both Bonus Actions; with a purchase too it cannot", () => {
    const p = planned(facts(), card({ extraAttack: true }));
    expect(p.slots?.left).toMatchObject({ attack: 1, move: 0, bonus: 0 });
    expect(p.hit.extraAttack).toBe(true);
    expect(planOf(facts(), postedOf(card({ extraAttack: true, buyToHit: 1 })))).toBe("wndNoSlot");
  });

  it("refuses a player off its turn, a second attack, and what the documents forbid", () => {
    const off = facts({ combat: { round: 1, ownTurn: false, kept: fresh(), targetKept: null } });
    expect(attackRefusal(off, postedOf(card()))).toBe("notYourTurn");
    const spent = { ...fresh(), attack: 0 };
    const again = facts({ combat: { round: 1, ownTurn: true, kept: spent, targetKept: null } });
    expect(planOf(again, postedOf(card()))).toBe("wndNoSlot");
    expect(attackRefusal(facts({ weapon: null }), postedOf(card()))).toBe("wndNoWeapon");
    expect(attackRefusal(facts({ attackerUp: false }), postedOf(card()))).toBe("wndDown");
    expect(attackRefusal(facts({ attackerSick: true }), postedOf(card()))).toBe("wndSick");
    expect(attackRefusal(facts({ targetUp: false }), postedOf(card()))).toBe("wndTargetDown");
    expect(attackRefusal(facts({ inReach: false }), postedOf(card()))).toBe("wndOutOfReach");
    // Gridless: the GM's call, never refused for reach.
    expect(attackRefusal(facts({ inReach: null }), postedOf(card()))).toBeNull();
    const plainFree = postedOf(card({ freeHitFor: "m1", buyToHit: 1 }));
    expect(attackRefusal(facts({ freeHit: true }), plainFree)).toBe("wndFreeHitPlain");
  });

  it("an attack spell is cast first: its card then pays nothing and uses the cast up", () => {
    const orla = packStatblock("pregens", "orla-venn");
    const dart = orla.spells.find((s) => s.name === "Ember Dart")!;
    const asWeapon = { id: dart.id, name: dart.name, kind: "ranged" as const, damage: dart.damage! };
    const k = (castReady: string) => ({ ...fresh(orla), castReady });
    const f = (castReady: string) => facts({
      attacker: orla, attackerDerived: derive(orla, [], 1), weapon: asWeapon, spell: true,
      combat: { round: 1, ownTurn: true, kept: k(castReady), targetKept: null },
    });
    const c = card({ itemId: dart.id, itemName: dart.name });
    expect(attackRefusal(f(""), postedOf(c))).toBe("wndNotCast");
    expect(attackRefusal(f(dart.id), postedOf(card({ ...c, buyToHit: 1 })))).toBe("wndSpellPlain");
    const p = planned(f(dart.id), c);
    expect(p.slots?.left).toMatchObject({ attack: 1, move: 1 });
    expect(p.hit.weapon.kind).toBe("ranged");
    const v = sealAttack(c, "u1", f(dart.id), p, 12, [5], []);
    expect(v.ok && v.pay).toMatchObject({ castReady: "", attack: 1 });
  });

  it("an attack spell's improvement: its Bonus Actions paid, its damage added per action", () => {
    const orla = packStatblock("pregens", "orla-venn");
    const dart = orla.spells.find((s) => s.name === "Ember Dart")!;
    expect(dart.improvement).toBe(1);
    const asWeapon = { id: dart.id, name: dart.name, kind: "ranged" as const, damage: dart.damage! };
    const f = (bonus: number) => facts({
      attacker: orla, attackerDerived: derive(orla, [], 1), weapon: asWeapon, spell: true,
      improvement: dart.improvement,
      combat: {
        round: 1, ownTurn: true, kept: { ...fresh(orla), castReady: dart.id, bonus }, targetKept: null,
      },
    });
    const c = card({ itemId: dart.id, itemName: dart.name, improveSpell: 2 });
    const p = planned(f(2), c);
    expect(p.slots?.left).toMatchObject({ bonus: 0, attack: 1 });
    expect(p.hit.improvement).toBe(2);
    const v = sealAttack(c, "u1", f(2), p, 12, [5], []);
    expect(v.ok && v.pay).toMatchObject({ castReady: "", bonus: 0 });
    const o = v.ok ? outcomeOf(v.seal, [], null) : null;
    // 5 on the d8, +1 its bonus, +2 improved, less the brute's 2 armor.
    expect(o?.damage?.terms.find((m) => m.source === "spell:improvement")?.value).toBe(2);
    expect(o?.damage?.net).toBe(6);
    // One Bonus Action left, two asked: refused, nothing paid.
    expect(planOf(f(1), postedOf(c))).toBe("wndNoSlot");
    // Only a spell with an improvement is improved.
    expect(attackRefusal(facts(), postedOf(card({ improveSpell: 1 })))).toBe("wndNoImprovement");
    expect(attackRefusal({ ...f(2), improvement: 0 }, postedOf(c))).toBe("wndNoImprovement");
    // Outside a fight, or off the caster's turn, a player's card improves nothing (its author
    // may write any number there).
    expect(attackRefusal({ ...f(2), combat: null }, postedOf(c))).toBe("wndNoImprovement");
    const off = f(2).combat!;
    expect(attackRefusal({ ...f(2), combat: { ...off, ownTurn: false } }, postedOf(c)))
      .toBe("wndNoImprovement");
    expect(attackRefusal({ ...f(2), combat: null, gmPosted: true }, postedOf(c))).toBeNull();
  });

  it("a free hit pays a Free Hit Slot off the turn; a tragedy's hits unrolled for double", () => {
    const off = { round: 1, ownTurn: false, kept: fresh(), targetKept: null };
    const free = facts({ freeHit: true, combat: off });
    expect(attackRefusal(free, postedOf(card({ freeHitFor: "m" })))).toBeNull();
    expect(planned(free, card({ freeHitFor: "m" })).slots?.left).toMatchObject({ freeHit: 3 });
    const spent = facts({ freeHit: true, combat: { ...off, kept: { ...fresh(), freeHit: 0 } } });
    expect(planOf(spent, postedOf(card({ freeHitFor: "m" })))).toBe("wndNoSlot");
    const critical = facts({
      freeHit: true, criticalFreeHit: true, combat: { ...off, kept: { ...fresh(), freeHit: 0 } },
    });
    const c = card({ freeHitFor: "m" });
    const p = planned(critical, c);
    expect(p.slots).toBeNull();
    const v = sealAttack(c, "u1", critical, p, null, [5], []);
    if (!v.ok) throw new Error(v.refused);
    expect([v.seal.autoCritical, v.seal.chain, v.seal.check.success]).toEqual([true, null, true]);
    expect(outcomeOf(v.seal, [], null).damage).toMatchObject({ multiplier: 2, total: 10 });
    expect(() => sealAttack(c, "u1", critical, p, 12, [5], [])).toThrow(RangeError);
    expect(cardView(c, v.seal, {}, { isGM: true, userId: "g" }, t, null).check)
      .toBe("A tragedy's free hit: an automatic critical, no roll (damage ×2)");
  });

  it("a free hit on a mover already out of reach stands: its grant says it was in reach", () => {
    const free = facts({ freeHit: true, inReach: false });
    expect(attackRefusal(free, postedOf(card({ freeHitFor: "m" })))).toBeNull();
    expect(attackRefusal(facts({ inReach: false }), postedOf(card()))).toBe("wndOutOfReach");
  });

  it("a GM's attack off the turn, or with nothing left to pay, is a ruling: nothing paid", () => {
    const off = facts({
      gmPosted: true, combat: { round: 1, ownTurn: false, kept: fresh(), targetKept: null },
    });
    expect(attackRefusal(off, postedOf(card()))).toBeNull();
    expect(planned(off).slots).toBeNull();
    const spent = facts({
      gmPosted: true, combat: { round: 1, ownTurn: true, kept: { ...fresh(), attack: 0 },
        targetKept: null },
    });
    expect(planned(spent).slots).toBeNull();
  });

  it("refuses a card its poster does not own, of another encounter, or of an earlier round", () => {
    const at = { owns: true, combat: { id: "c1", round: 1 } };
    expect(postedRefusal(card(), at)).toBeNull();
    expect(postedRefusal(card(), { ...at, owns: false })).toBe("notOwner");
    expect(postedRefusal(card({ combatId: "c2" }), at)).toBe("wndCombat");
    expect(postedRefusal(card({ round: 2 }), { ...at, combat: { id: "c1", round: 3 } }))
      .toBe("wndStale");
  });
});

describe("the outcome: damage at the chain's multiplier, link by link", () => {
  it("a plain hit: 4 + 1 weapon + 1 Strength − 2 armor = 4, no wound", () => {
    const { seal } = sealed(10, [4]);
    const o = outcomeOf(seal, [], null);
    expect([o.hit, o.chain, o.nextLink]).toEqual([true, null, null]);
    expect(o.damage).toMatchObject({ raw: 6, reduced: 2, net: 4, multiplier: 1, total: 4,
      wound: false });
    expect(applyPlan(seal, o, 22)).toEqual({
      targetHp: { before: 22, after: 18 }, wound: null, defeatTarget: false, attackerDies: false,
    });
  });

  it("a natural 20: d4 first, a 4 makes it super critical (×4) and asks for the d6", () => {
    const { seal } = sealed(20, [4]);
    expect(outcomeOf(seal, [], null).nextLink).toBe(4);
    const superCrit = outcomeOf(seal, [4], null);
    expect([superCrit.nextLink, superCrit.damage?.multiplier, superCrit.damage?.total])
      .toEqual([6, 4, 16]);
    const done = outcomeOf(seal, [4, 5], null);
    expect([done.nextLink, done.decisive, done.damage?.wound]).toEqual([null, false, true]);
    const plain = outcomeOf(seal, [2], null);
    expect([plain.nextLink, plain.damage?.total]).toEqual([null, 8]);
  });

  it("a d6 of 6 is a decisive blow: the target is defeated; later links are still rolled", () => {
    const { seal } = sealed(20, [1]);
    const o = outcomeOf(seal, [4, 6], null);
    expect([o.decisive, o.nextLink]).toEqual([true, 8]);
    const final = outcomeOf(seal, [4, 6, 3], null);
    expect(applyPlan(seal, final, 22)).toMatchObject({
      targetHp: { before: 22, after: 0 }, defeatTarget: true,
    });
  });

  it("a natural 1 in the target's zone: a free hit; a tragedy a critical one; a 6 the fatal blow", () => {
    const { seal } = sealed(1, []);
    expect(outcomeOf(seal, [2], null)).toMatchObject({ hit: false, freeHit: "freeHit",
      fatalBlow: false, nextLink: null });
    expect(outcomeOf(seal, [4, 1], null)).toMatchObject({ freeHit: "criticalFreeHit",
      fatalBlow: false });
    const fatal = outcomeOf(seal, [4, 6, 1], null);
    expect(fatal.fatalBlow).toBe(true);
    expect(applyPlan(seal, fatal, 22).attackerDies).toBe(true);
    const far = sealed(1, [], [], card(), facts({ inTargetZone: false })).seal;
    expect(outcomeOf(far, [2], null).freeHit).toBe("none");
  });

  it("a fatal aim's wound asks for its d4; a 4 adds 16", () => {
    const c = card({ aim: "fatal" });
    const { seal } = sealed(15, [6], [], c);
    const before = outcomeOf(seal, [], null);
    expect([before.damage?.total, before.fatalDue]).toEqual([6, true]);
    expect(() => applyPlan(seal, before, 22)).toThrow(RangeError);
    expect(outcomeOf(seal, [], 4).damage?.total).toBe(22);
    expect(outcomeOf(seal, [], 3)).toMatchObject({ fatalDue: false, damage: { total: 6 } });
    expect(() => outcomeOf(seal, [], 5)).toThrow(RangeError);
  });

  it("damage is (terms − armor, at least 0) × multiplier (+16 on a fatal 4), for any dice", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 6 }),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 2 }),
      fc.boolean(),
      (d20, die, sneak, sneaking) => {
        const f = facts({ undetected: sneaking });
        const { seal } = sealed(d20, [die], sneaking ? sneak : [], card(), f);
        const links = d20 === 20 ? [4, 2] : d20 === 1 ? [1] : [];
        const o = outcomeOf(seal, links, null);
        if (!seal.check.success) return o.damage === null;
        const raw = die + 1 + 1 + (sneaking ? sneak[0]! + sneak[1]! : 0);
        const mult = d20 === 20 ? 4 : 1;
        return o.damage!.total === Math.max(0, raw - 2) * mult
          && o.damage!.wound === o.damage!.total >= 6;
      },
    ));
  });
});

describe("the steps: who may press what, in order", () => {
  const author = { id: "u1", isGM: false };
  const other = { id: "u2", isGM: false };
  const gm = { id: "g", isGM: true };
  const crit = sealed(20, [3]).seal;

  it("the chain's links are the author's or a GM's, one at a time, before Apply", () => {
    expect(linkRefusal(crit, {}, author)).toBeNull();
    expect(linkRefusal(crit, {}, gm)).toBeNull();
    expect(linkRefusal(crit, {}, other)).toBe("notAuthor");
    expect(linkRefusal(crit, { links: [2] }, author)).toBe("wndNoLink");
    expect(linkRefusal(null, {}, author)).toBe("unsealed");
    expect(linkRefusal(sealed(10, [3]).seal, {}, author)).toBe("wndNoLink");
  });

  it("a tragedy's links its target's owners may roll too; a critical's they may not", () => {
    const f = facts({ targetOwners: ["u2"] });
    const fumble = sealed(1, [], [], card(), f).seal;
    expect(fumble.targetOwners).toEqual(["u2"]);
    expect(linkRefusal(fumble, {}, other)).toBeNull();
    expect(linkRefusal(fumble, {}, author)).toBeNull();
    expect(linkRefusal(fumble, {}, { id: "u3", isGM: false })).toBe("notAuthor");
    expect(linkRefusal(fumble, { links: [4, 6, 1] }, other)).toBe("wndNoLink");
    expect(linkRefusal(sealed(20, [3], [], card(), f).seal, {}, other)).toBe("notAuthor");
    // The owner sees the link's button, and no Apply once the chain is settled.
    const view = (ledger: WoundsLedger) =>
      cardView(card(), fumble, ledger, { isGM: false, userId: "u2" }, t, null).buttons;
    expect(view({}).map((b) => b.step)).toEqual(["link"]);
    expect(view({ links: [4, 6, 1] })).toEqual([]);
    // A card sealed before the owners were kept: the author's and a GM's alone.
    const older = { ...fumble, targetOwners: undefined };
    expect(linkRefusal(older, {}, other)).toBe("notAuthor");
  });

  it("a fatal blow is the GM's to apply and undo, not the attacker's own", () => {
    const fumble = sealed(1, []).seal;
    const fatal: WoundsLedger = { links: [4, 6, 1] };
    expect(applyRefusal(fumble, fatal, author)).toBe("wndFatalGM");
    expect(applyRefusal(fumble, fatal, gm)).toBeNull();
    expect(undoRefusal(fumble, { ...fatal, applied: true }, author)).toBe("wndFatalGM");
    expect(undoRefusal(fumble, { ...fatal, applied: true }, gm)).toBeNull();
    const view = cardView(card(), fumble, fatal, { isGM: false, userId: "u1" }, t, null);
    expect(view.buttons).toEqual([]);
    expect(cardView(card(), fumble, fatal, { isGM: true, userId: "g" }, t, null).buttons
      .map((b) => b.step)).toEqual(["apply"]);
  });

  it("Apply waits for the chain, once; nothing to apply on a plain miss; Undo after Apply", () => {
    expect(applyRefusal(crit, {}, author)).toBe("wndChainPending");
    const done: WoundsLedger = { links: [2] };
    expect(applyRefusal(crit, done, author)).toBeNull();
    expect(applyRefusal(crit, { ...done, applied: true }, author)).toBe("alreadyApplied");
    expect(applyRefusal(sealed(3, []).seal, {}, author)).toBe("wndNothingToApply");
    expect(undoRefusal(crit, done, author)).toBe("notApplied");
    expect(undoRefusal(crit, { ...done, applied: true }, other)).toBe("notAuthor");
    expect(undoRefusal(crit, { ...done, applied: true }, gm)).toBeNull();
  });
});

describe("the card as each viewer sees it", () => {
  const viewer = { isGM: false, userId: "u1" };
  const crit = sealed(20, [3]).seal;

  it("one button per link with its die, then Apply, then Undo; none for a stranger", () => {
    const steps = (ledger: WoundsLedger, v = viewer) =>
      cardView(card(), crit, ledger, v, t, null).buttons.map((b) => [b.step, b.labelData]);
    expect(steps({})).toEqual([["link", { die: "d4" }]]);
    expect(steps({ links: [4] })).toEqual([["link", { die: "d6" }]]);
    expect(steps({ links: [4, 1] })).toEqual([["apply", { name: "Orc Brute" }]]);
    expect(steps({ links: [4, 1], applied: true })).toEqual([["undo", { name: "Orc Brute" }]]);
    expect(steps({}, { isGM: false, userId: "u2" })).toEqual([]);
    expect(hiddenRows(cardView(card(), crit, {}, viewer, t, null))[0]?.buttons).toHaveLength(1);
  });

  it("says each link and the chain's result in words, with the terms by source", () => {
    const v = cardView(card(), crit, { links: [4, 6, 2] }, viewer, t, null);
    expect(v.links.map((l) => [l.die, l.roll, l.says])).toEqual([
      ["d4", 4, "super critical"], ["d6", 6, "decisive blow"], ["d8", 2, "the chain stops"],
    ]);
    expect(v.chainResult).toBe("Decisive blow: the target is defeated");
    expect(v.modifiers).toEqual(["Accuracy +3", "Center mass +1"]);
    expect(v.defense).toBe("Defense 9 (dodging)");
    expect(v.defenseSources).toEqual(["Base 10", "Agility −1"]);
    expect(v.check).toBe("d20 20, total 24 against 9");
    expect(v.damage).toEqual(["Dice +3", "Weapon bonus +1", "Strength +1", "Armor −2", "×4"]);
    expect(v.total).toBe("Damage 12");
    expect(v.wound).toBe("A wound, aimed Center mass: +1 to hit; its wound has no lasting effect.");
  });

  it("before the seal: the aim and a waiting note; a refused card shows why", () => {
    const before = cardView(card({ aim: "slowing" }), null, {}, viewer, t, null);
    expect([before.sealed, before.aim, before.aimEffect])
      .toEqual([false, "Slowing", "Movement −2 · Agility −1"]);
    expect(cardView(card(), null, {}, viewer, t, "no").refusal).toBe("no");
  });
});

const MELEE = { melee: true, improvement: null };
const RANGED = { melee: false, improvement: null };

describe("the attack dialog", () => {
  it("offers every aim with its effect, center mass checked; purchases as Bonus Actions allow", () => {
    const v = attackDialogView(planned(), 2, MELEE, t);
    expect(v.aims.map((a) => [a.id, a.checked])).toEqual([
      ["centerMass", true], ["fatal", false], ["slowing", false], ["weakening", false],
      ["disrupting", false],
    ]);
    expect(v.aims[4]?.effect).toBe("Accuracy −3 this round, −1 after");
    expect(v.needs).toBe("The target's defense is 9 (it dodges).");
    expect(v.purchases.map((p) => [p.name, p.options])).toEqual([
      ["buyToHit", [0, 1, 2]], ["buyMeleeDamage", [0, 1, 2]],
    ]);
    expect(v.extraAttack).toBe(true);
    expect(attackDialogView(planned(), 1, RANGED, t).purchases.map((p) => p.name))
      .toEqual(["buyToHit"]);
    expect(attackDialogView(planned(), null, MELEE, t))
      .toMatchObject({ turn: false, extraAttack: false, purchases: [] });
  });

  it("an attack spell buys nothing a weapon does; its improvement, when it has one", () => {
    const spell = attackDialogView(planned(), 2, { melee: false, improvement: 2 }, t);
    expect(spell.extraAttack).toBe(false);
    expect(spell.purchases.map((p) => [p.name, p.label, p.options])).toEqual([
      ["improveSpell", "Bonus Actions improving the spell (+2 damage each)", [0, 1, 2]],
    ]);
    expect(attackDialogView(planned(), 2, { melee: false, improvement: 0 }, t).purchases).toEqual([]);
    expect(declaredOf({ improveSpell: "2" }).improveSpell).toBe(2);
    expect(declaredOf({ improveSpell: "-1" }).improveSpell).toBe(0);
  });

  it("reads its form, bad values made safe", () => {
    expect(declaredOf({ aim: "fatal", extraAttack: true, buyToHit: 1, buyMeleeDamage: "2" }))
      .toEqual({ aim: "fatal", extraAttack: true, buyToHit: 1, buyMeleeDamage: 2, improveSpell: 0 });
    expect(declaredOf({ aim: "<b>", buyToHit: -1, buyMeleeDamage: 9 }))
      .toEqual({
        aim: "centerMass", extraAttack: false, buyToHit: 0, buyMeleeDamage: 2, improveSpell: 0,
      });
  });
});

describe("a card's item on its attacker", () => {
  it("is a weapon, or an attack spell as a ranged weapon of its damage; else nothing", () => {
    const orla = packStatblock("pregens", "orla-venn");
    const dart = orla.spells.find((s) => s.name === "Ember Dart")!;
    const call = orla.spells.find((s) => s.name === "Call Ashhound")!;
    const none = { weapon: null, spell: false, improvement: 0 };
    expect(armsOf(WREN, DAGGERS.id)).toEqual({ weapon: DAGGERS, spell: false, improvement: 0 });
    expect(armsOf(orla, dart.id)).toEqual({
      weapon: { id: dart.id, name: dart.name, kind: "ranged", damage: dart.damage }, spell: true,
      improvement: 1,
    });
    expect(armsOf(orla, call.id)).toEqual(none);
    expect(armsOf(orla, "nothing")).toEqual(none);
  });
});
