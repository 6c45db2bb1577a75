import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CHARGE_HIT, SNAP_PENALTY } from "../../src/rulesets/shock/rules/constants";
import {
  cardAttack, executionHolds, rolledScreen, sealRefusal, snapLinkHolds, swarmAssistants,
  totalHolds, type CardOptions, type SealFacts,
} from "../../src/rulesets/shock/play/requests/seal-checks";
import { attackModifiers, planAttack } from "../../src/rulesets/shock/rules/attack";
import { acWith } from "../../src/rulesets/shock/play/cards/resolve";
import { weapon, wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * What the GM checks of an attack card's options when it seals it, from plain data: the total,
 * an execution's conditions, a swarm's assistants, the grant a Snap Attack or held attack claims,
 * and the declared screen as the card names it. Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls,
 * §Execution Attacks, §Make a Swarm Attack, §Make a Snap Attack, §Hold An Action, §Screen an Ally.
 */
const card = (over: Partial<CardOptions> = {}): CardOptions => ({
  natural: 10, total: 10, charge: false, snap: false, dualWield: false, swarmOthers: 0,
  inMelee: false, situations: [], execution: false, nonLethal: false, snapFor: "",
  weaponId: "w", tokenUuid: "Scene.s.Token.t", ...over,
});

describe("the card's total", () => {
  // STR 2, Stab 1, attack bonus 1: a sword adds 1 + 2 + 1 = 4.
  const who = wielder({ str: 2, stab: 1, attackBonus: 1 });
  const sword = weapon();

  it("is the d20 plus exactly what its options add", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.boolean(), fc.boolean(),
      fc.integer({ min: -3, max: 3 }), (natural, charge, snap, off) => {
        const add = 4 + (charge ? CHARGE_HIT : 0) + (snap ? SNAP_PENALTY : 0);
        const c = card({ natural, charge, snap, total: natural + add + off });
        expect(totalHolds(c, who, sword)).toBe(off === 0);
      }));
  });

  it("its options make the attack the tooltip lists by source: each option once, no AC", () => {
    const c = card({ charge: true, swarmOthers: 2, situations: ["halfCover"], inMelee: true });
    const request = cardAttack(c, who, sword);
    expect(request).toEqual({
      attacker: who, weapon: sword, ac: 0, charge: true, snap: false, dualWield: false,
      swarmOthers: 2, inMelee: true, situations: ["halfCover"],
    });
    const terms = attackModifiers(request).modifiers;
    expect(terms.find((m) => m.source === "charge")?.value).toBe(CHARGE_HIT);
    expect(terms.some((m) => m.source === "swarm")).toBe(true);
    expect(terms.some((m) => m.source === "snap")).toBe(false);
    // What the tooltip lists adds up to what the total is checked with.
    const sum = terms.reduce((all, m) => all + m.value, 0);
    expect(totalHolds({ ...c, total: c.natural + sum }, who, sword)).toBe(true);
  });
});

describe("the AC the GM sees on a card", () => {
  it("adds Total Defense's +2 and a charge's −2", () => {
    expect(acWith(13, false, false)).toBe(13);
    expect(acWith(13, true, false)).toBe(15);
    expect(acWith(13, false, true)).toBe(11);
    expect(acWith(13, true, true)).toBe(13);
  });
});

describe("an execution", () => {
  const yes = () => true;
  const no = () => false;

  it("needs a plain attack on an Unsuspecting target", () => {
    expect(executionHolds(card({ execution: true }), yes)).toBe(true);
    expect(executionHolds(card({ execution: true, nonLethal: true }), yes)).toBe(true);
    expect(executionHolds(card({ execution: true }), no)).toBe(false);
    for (const over of [{ charge: true }, { snap: true }, { swarmOthers: 1 }, { snapFor: "m1" }])
      expect(executionHolds(card({ execution: true, ...over }), yes)).toBe(false);
  });

  it("makes a non-lethal blow the execution's choice only; a plain attack asks nothing", () => {
    expect(executionHolds(card({ nonLethal: true }), yes)).toBe(false);
    let asked = false;
    expect(executionHolds(card(), () => (asked = true))).toBe(true);
    expect(asked).toBe(false);
  });
});

describe("a swarm's assistants", () => {
  it("are the others who swarmed the target this round", () => {
    const all = [
      { id: "s", swarming: "t" }, { id: "a", swarming: "t" }, { id: "b", swarming: "u" },
      { id: "c", swarming: "" }, { id: null, swarming: "t" },
    ];
    expect(swarmAssistants(all, "t", "s")).toBe(2);
    expect(swarmAssistants(all, "u", "s")).toBe(1);
    expect(swarmAssistants(all, null, "s")).toBe(0);
  });
});

describe("a card answering another card's grant", () => {
  const first = {
    attackerTokenUuid: "Scene.s.Token.t",
    snappers: [{ combatantId: "a1", weaponId: "w" }],
    awaited: { by: "a1", answer: "snapAttack" },
  };
  const snap = card({ snap: true, snapFor: "m1" });

  it("is the snap granted: the ally awaited, its weapon, against that card's attacker", () => {
    expect(snapLinkHolds(snap, "a1", first)).toBe(true);
    const held = { ...first, awaited: { by: "a1", answer: "heldAttack" } };
    expect(snapLinkHolds(card({ snapFor: "m1" }), "a1", held)).toBe(true);
  });

  it("is refused for anything else", () => {
    expect(snapLinkHolds(snap, "", first)).toBe(false);
    expect(snapLinkHolds(snap, "a2", first)).toBe(false);
    expect(snapLinkHolds({ ...snap, charge: true }, "a1", first)).toBe(false);
    expect(snapLinkHolds({ ...snap, swarmOthers: 1 }, "a1", first)).toBe(false);
    expect(snapLinkHolds(card({ snapFor: "m1" }), "a1", first)).toBe(false);
    expect(snapLinkHolds({ ...snap, weaponId: "dagger" }, "a1", first)).toBe(false);
    expect(snapLinkHolds({ ...snap, tokenUuid: "Scene.s.Token.x" }, "a1", first)).toBe(false);
    expect(snapLinkHolds(snap, "a1", { ...first, awaited: null })).toBe(false);
    expect(snapLinkHolds(snap, "a1", { ...first, snapCards: { a1: "m2" } })).toBe(false);
  });
});

describe("the declared screen on the card", () => {
  it("names the screeners and who took the attack; none when no screen was rolled", () => {
    const names: Record<string, string> = { s1: "Ana", s2: "Bo" };
    const note = { attackerTotal: 16, takenBy: "s2",
      screeners: [{ id: "s1", total: 12, won: false }, { id: "s2", total: 18, won: true }] };
    expect(rolledScreen(note, "Cy", (id) => names[id] ?? "")).toEqual({
      ward: "Cy", attackerTotal: 16, takenBy: "Bo",
      screeners: [{ name: "Ana", total: 12, won: false }, { name: "Bo", total: 18, won: true }],
    });
    expect(rolledScreen({ ...note, takenBy: null }, "Cy", (id) => names[id] ?? "")?.takenBy)
      .toBeNull();
    expect(rolledScreen(null, "Cy", () => "")).toBeNull();
    expect(rolledScreen({ attackerTotal: 3 }, "Cy", () => "")).toBeNull();
  });
});

describe("why the GM seals a card as refused", () => {
  const who = wielder({ str: 2, stab: 1, attackBonus: 1 });
  const sword = weapon();
  const fists = weapon({ unarmed: true, id: "fists" });
  const ok = card({ natural: 10, total: 14 });
  // The total the options give, as the GM checks it.
  const totaled = (c: CardOptions) =>
    ({ ...c, total: c.natural + planAttack(cardAttack(c, who, sword)).check.modifier });
  const facts: SealFacts = {
    owns: true, attacker: who, weapon: sword, inCombat: true, attackerId: "a", targetId: "t",
    held: false, swarming: [{ id: "b", swarming: "t" }], unsuspecting: () => false,
  };

  it("none for an owner's card whose options all hold", () => {
    expect(sealRefusal(ok, facts)).toBeNull();
    expect(sealRefusal(totaled({ ...ok, swarmOthers: 1 }), facts)).toBeNull();
  });

  it("the first that fails: owner, total, a held attacker's weapon, the swarm, the execution", () => {
    const all = { ...ok, total: 99, swarmOthers: 2, execution: true };
    const held = { ...facts, owns: false, held: true, swarming: [] };
    expect(sealRefusal(all, held)).toBe("notOwner");
    expect(sealRefusal(all, { ...held, owns: true })).toBe("total");
    expect(sealRefusal(ok, { ...facts, held: true })).toBe("grappled");
    expect(sealRefusal(ok, { ...facts, held: true, weapon: fists })).not.toBe("grappled");
    // One assistant swarmed the target this round: two claimed is too many.
    const two = totaled({ ...ok, swarmOthers: 2 });
    expect(sealRefusal(two, facts)).toBe("swarm");
    // Outside a started combat a swarm is not counted.
    expect(sealRefusal(two, { ...facts, inCombat: false })).toBeNull();
    expect(sealRefusal({ ...ok, execution: true }, facts)).toBe("execution");
    expect(sealRefusal({ ...ok, execution: true }, { ...facts, unsuspecting: () => true })).toBeNull();
  });

  it("asks whether the target is unsuspecting only for a plain execution", () => {
    let asked = 0;
    const ask = () => (asked += 1) > 0;
    sealRefusal(ok, { ...facts, unsuspecting: ask });
    sealRefusal({ ...ok, total: 99, execution: true }, { ...facts, unsuspecting: ask });
    expect(asked).toBe(0);
    sealRefusal({ ...ok, execution: true }, { ...facts, unsuspecting: ask });
    expect(asked).toBe(1);
  });
});
