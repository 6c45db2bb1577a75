// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { UNARMED, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { snapAllies, snapsBlock, snapWeaponOf, type SnapCandidate, type SnapStep } from "../../src/rulesets/shock/foundry/chat/snap";
import { isReaction, openOffers, sealCard, sealOf, type ShockLedger } from "../../src/rulesets/shock/foundry/chat/card-seal";
import { checkApply, checkReact } from "../../src/rulesets/shock/foundry/chat/relay-check";
import { cardView } from "../../src/rulesets/shock/foundry/chat/card-view";
import type { ShockCard } from "../../src/rulesets/shock/foundry/chat/card-spec";

/**
 * Snap Attacks answering an attack card, pure parts: who may snap and with what, the offer on the
 * card and who may take it, and the apply waiting for the snaps' cards.
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Snap Attack.
 */
const sword: Weapon = { ...UNARMED, id: "sword", name: "Sword", unarmed: false, skill: "stab", dice: 1, die: 8 };
const bow: Weapon = { ...sword, id: "bow", name: "Bow", kind: "ranged", skill: "shoot", twoHanded: true };
const sheathed: Weapon = { ...sword, id: "sheathed", readied: false };
const at = (x: number, y: number) => ({ x: x * 100, y: y * 100, width: 1, height: 1 });
const ally = (id: string, over: Partial<SnapCandidate> = {}): SnapCandidate => ({
  id, side: "party", at: at(1, 0), able: true, maySnap: true, budget: FRESH_BUDGET, weapons: [sword, UNARMED], held: false, ...over,
});
const target = { id: "target", side: "party" };
const attacker = { id: "foe", at: at(0, 0) };

describe("who may snap at the attacker", () => {
  it("an adjacent ally with a readied melee weapon, its Main unspent, able to snap", () => {
    expect(snapAllies(target, attacker, [ally("a")], 100)).toEqual([{ id: "a", weapon: sword }]);
    expect(snapAllies(target, attacker, [ally("a", { budget: { ...FRESH_BUDGET, main: true } })], 100)).toEqual([]);
    expect(snapAllies(target, attacker, [ally("a", { maySnap: false })], 100)).toEqual([]);
    expect(snapAllies(target, attacker, [ally("a", { able: false })], 100)).toEqual([]);
  });

  it("not the target itself, the attacker, or the other side", () => {
    const all = [ally("target"), ally("foe", { side: "foes" }), ally("b", { side: "foes" })];
    expect(snapAllies(target, attacker, all, 100)).toEqual([]);
  });

  it("far away: only a readied ranged weapon reaches; gridless: ranged only", () => {
    expect(snapAllies(target, attacker, [ally("a", { at: at(5, 0) })], 100)).toEqual([]);
    expect(snapAllies(target, attacker, [ally("a", { at: at(5, 0), weapons: [sword, bow] })], 100)).toEqual([{ id: "a", weapon: bow }]);
    expect(snapAllies(target, attacker, [ally("a", { weapons: [sword] })], null)).toEqual([]);
  });

  it("the weapon: readied melee next to the attacker, else readied ranged, else fists; in a grapple fists only", () => {
    expect(snapWeaponOf([sheathed, UNARMED], true, false)).toEqual(UNARMED);
    expect(snapWeaponOf([sheathed], true, false)).toBeNull();
    expect(snapWeaponOf([bow, sword], true, false)).toEqual(sword);
    expect(snapWeaponOf([sword, UNARMED], true, true)).toEqual(UNARMED);
    expect(snapWeaponOf([bow, UNARMED], false, true)).toBeNull();
  });
});

const AUTHOR = "authorauthorauth";
const card: ShockCard = {
  actorUuid: "Actor.a", weaponId: "w", weaponName: "Sabre", summary: "", tokenUuid: "Scene.s.Token.t", targetName: "Bandit",
  combatId: "c", round: 2, charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
  formula: "1d20 + 2", snapFor: "", execution: false, nonLethal: false, natural: 12, total: 14,
};
const snapper = { combatantId: "combatantally001", name: "Oskar", tokenUuid: "Scene.s.Token.o", weaponId: "sword" };
const seal = sealCard(card, AUTHOR, {
  hit: true, targetCombatantId: "ct", offers: ["snap:combatantally001"], snappers: [snapper], attackerTokenUuid: "Scene.s.Token.f",
});
const step: SnapStep = { combatantId: "combatantally001", name: "Oskar", weaponId: "sword", by: "u", messageId: "" };
const result = { hit: true, amount: 4, kind: "hit" as const, swarm: false, damageFormula: "1d6", dice: [2] };

describe("the offer on the card", () => {
  it("reads back from the seal; each ally snaps once", () => {
    expect(isReaction("snap:combatantally001")).toBe(true);
    expect(isReaction("snap:bad id")).toBe(false);
    expect(sealOf(JSON.parse(JSON.stringify(seal)))?.snappers).toEqual([snapper]);
    expect(sealOf({ ...seal, snappers: undefined, attackerTokenUuid: undefined })?.snappers).toEqual([]);
    expect(openOffers(seal, { snaps: { combatantally001: step } })).toEqual([]);
  });

  it("only the ally's owners (or the GM) take it, while the card waits", () => {
    const request = { messageId: "m", choice: "snap:combatantally001" as const };
    const player = { id: "p", isGM: false };
    expect(checkReact(request, seal, {}, player, { target: true, screener: false })).toEqual({ ok: false, reason: "notOwner" });
    expect(checkReact(request, seal, {}, player, { target: false, screener: true })).toEqual({ ok: true });
    expect(checkReact(request, seal, { snaps: { combatantally001: step } }, player, { target: false, screener: true }))
      .toEqual({ ok: false, reason: "notOffered" });
    expect(checkReact(request, seal, { result }, player, { target: false, screener: true })).toEqual({ ok: false, reason: "alreadyApplied" });
  });

  it("the ally's owner sees its Snap Attack button; the target's owner its answer", () => {
    const lang = JSON.parse(readFileSync(join(process.cwd(), "src/rulesets/shock/lang/foundry.json"), "utf8")) as Record<string, unknown>;
    const t = localizerFor(lang);
    const hb = Handlebars.create();
    hb.registerHelper("localize", (key: string, o: Handlebars.HelperOptions) => t(key, o.hash as Record<string, string>));
    hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
    const template = hb.compile(readFileSync(join(process.cwd(), "src/rulesets/shock/templates/chat/attack-card.hbs"), "utf8"));
    const mine = cardView(card, { isGM: false, userId: "p", ownsTarget: false, ownedCombatants: ["combatantally001"] }, seal, {});
    expect(mine.reactions.map((r) => r.choice)).toEqual(["snap:combatantally001"]);
    expect(template({ view: mine })).toContain("Oskar: Snap Attack on the attacker");
    const theirs = cardView(card, { isGM: false, userId: "q", ownsTarget: true }, seal, {});
    expect(theirs.reactions.map((r) => r.choice)).toEqual(["none"]);
    const waiting = cardView(card, { isGM: false, userId: AUTHOR, ownsTarget: false, snapsPending: true }, seal,
      { result, snaps: { combatantally001: step } });
    expect(waiting.canApply).toBe(false);
    const html = template({ view: waiting });
    expect(html).toContain("Oskar makes a Snap Attack");
    expect(html).toContain("waits for the Snap Attacks");
  });
});

describe("the damage waits for the snaps", () => {
  it("until each snap's card is posted and done; a GM may pass a grant whose card never came", () => {
    const linked = { ...step, messageId: "snapcard" };
    expect(snapsBlock([step], () => null, false)).toBe(true);
    expect(snapsBlock([step], () => null, true)).toBe(false);
    expect(snapsBlock([linked], () => false, true)).toBe(true);
    expect(snapsBlock([linked], () => true, false)).toBe(false);
    expect(snapsBlock([linked], () => null, false)).toBe(false);
    const ledger: ShockLedger = { result, snaps: { combatantally001: step } };
    expect(checkApply(seal, ledger, { id: AUTHOR, isGM: false }, true)).toEqual({ ok: false, reason: "snapPending" });
    expect(checkApply(seal, ledger, { id: AUTHOR, isGM: false }, false)).toEqual({ ok: true });
  });
});
