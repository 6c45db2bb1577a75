// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { UNARMED, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import fc from "fast-check";
import { FRESH_BUDGET, maySnapAt } from "../../src/rulesets/shock/rules/actions";
import { snappersOn, snapWeaponOf, type SnapCandidate } from "../../src/rulesets/shock/play/cards/snap";
import { isReaction, sealCard, sealOf, type ShockLedger } from "../../src/rulesets/shock/play/cards/card-seal";
import { cardDone, choicesOf, windowOf } from "../../src/rulesets/shock/play/cards/card-window";
import { TARGET, windowLedger } from "../support/shock-window";
import { checkApply, checkReact } from "../../src/rulesets/shock/play/cards/relay-check";
import { cardView } from "../../src/rulesets/shock/play/cards/card-view";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { hiddenButtons } from "../../src/rulesets/shock/play/cards/hidden-buttons";
import { actionsView } from "../../src/shell/cards/actions";
import { rendererFor } from "../support/handlebars";

/**
 * Snap Attacks answering an attack card, pure parts: who may snap and with what, the offer on the
 * card and who may take it, and the window waiting for the snap's outcome before it settles.
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
    expect(snappersOn(target, attacker, [ally("a")], 100)).toEqual([{ id: "a", weapon: sword }]);
    expect(snappersOn(target, attacker, [ally("a", { budget: { ...FRESH_BUDGET, main: true } })], 100)).toEqual([]);
    expect(snappersOn(target, attacker, [ally("a", { maySnap: false })], 100)).toEqual([]);
    expect(snappersOn(target, attacker, [ally("a", { able: false })], 100)).toEqual([]);
  });

  it("not the attacker or the other side", () => {
    const all = [ally("foe", { side: "foes" }), ally("b", { side: "foes" })];
    expect(snappersOn(target, attacker, all, 100)).toEqual([]);
  });

  it("the target itself, by the same rule as anyone (002 §Make a Snap Attack: it may fell its attacker before the damage)", () => {
    expect(snappersOn(target, attacker, [ally("target"), ally("a")], 100))
      .toEqual([{ id: "target", weapon: sword }, { id: "a", weapon: sword }]);
    const spent = { budget: { ...FRESH_BUDGET, main: true } };
    for (const over of [spent, { able: false }, { maySnap: false }, { at: at(5, 0) }]) {
      expect(snappersOn(target, attacker, [ally("target", over)], 100)).toEqual([]);
    }
  });

  it("agrees with the rules' one predicate for every candidate (`maySnapAt`, reach by `snapWeaponOf`)", () => {
    fc.assert(fc.property(
      fc.boolean(), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 2 }), fc.boolean(),
      fc.constantFrom("target", "a"), fc.integer({ min: 1, max: 4 }),
      (able, maySnap, main, moves, holding, id, x) => {
        const budget = { main, moves, disengaged: false, holding };
        const c = ally(id, { able, maySnap, budget, at: at(x, 0) });
        const reaches = snapWeaponOf(c.weapons, x === 1, false) !== null;
        expect(snappersOn(target, attacker, [c], 100).length === 1)
          .toBe(maySnapAt(able, maySnap, budget, reaches));
      },
    ));
  });

  it("far away: only a readied ranged weapon reaches; gridless: ranged only", () => {
    expect(snappersOn(target, attacker, [ally("a", { at: at(5, 0) })], 100)).toEqual([]);
    expect(snappersOn(target, attacker, [ally("a", { at: at(5, 0), weapons: [sword, bow] })], 100)).toEqual([{ id: "a", weapon: bow }]);
    expect(snappersOn(target, attacker, [ally("a", { weapons: [sword] })], null)).toEqual([]);
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
  hit: true, targetCombatantId: TARGET, offers: ["snap:combatantally001"], snappers: [snapper], attackerTokenUuid: "Scene.s.Token.f",
});
const result = { hit: true, amount: 4, kind: "hit" as const, swarm: false, damageFormula: "1d6", dice: [2] };
const ALLY = "combatantally001";
const open = { snappers: [ALLY], defenders: [TARGET] };
const snap = { kind: "answer" as const, by: ALLY, answer: "snapAttack" };
const outcome = (attackerDown: boolean) => ({ kind: "outside" as const, name: "snapAttack", value: { attackerDown } });
/** The snap taken: the window waits for its card's outcome. */
const pending = windowLedger(open, snap);

describe("the offer on the card", () => {
  it("reads back from the seal; each ally snaps once", () => {
    expect(isReaction("snap:combatantally001")).toBe(true);
    expect(isReaction("snap:bad id")).toBe(false);
    expect(sealOf(JSON.parse(JSON.stringify(seal)))?.snappers).toEqual([snapper]);
    expect(sealOf({ ...seal, snappers: undefined, attackerTokenUuid: undefined })?.snappers).toEqual([]);
    expect(choicesOf(windowOf(windowLedger(open))!)).toEqual(["totalDefense", "snap:combatantally001"]);
    expect(choicesOf(windowOf(windowLedger(open, snap, outcome(false)))!)).toEqual(["totalDefense"]);
  });

  it("only the ally's owners (or the GM) take it, while the card waits", () => {
    const request = { messageId: "m", choice: "snap:combatantally001" as const };
    const player = { id: "p", isGM: false };
    const waiting = windowLedger(open);
    expect(checkReact(request, seal, waiting, player, false)).toEqual({ ok: false, reason: "notOwner" });
    expect(checkReact(request, seal, waiting, player, true)).toEqual({ ok: true });
    expect(checkReact(request, seal, pending, player, true)).toEqual({ ok: false, reason: "notOffered" });
    expect(checkReact(request, seal, { ...waiting, result }, player, true)).toEqual({ ok: false, reason: "alreadyApplied" });
    // While its outcome is awaited the target may only say "no reaction" (kept until it comes).
    expect(checkReact({ choice: "totalDefense" }, seal, pending, player, true)).toEqual({ ok: false, reason: "snapPending" });
    expect(checkReact({ choice: "none" }, seal, pending, player, true)).toEqual({ ok: true });
    expect(checkReact({ choice: "none" }, seal, { ...pending, closing: { by: "p" } }, player, true))
      .toEqual({ ok: false, reason: "alreadyApplied" });
  });

  it("the ally's owner sees its Snap Attack button; the target's owner its answer", () => {
    const lang = JSON.parse(readFileSync(join(process.cwd(), "src/rulesets/shock/lang/foundry.json"), "utf8")) as Record<string, unknown>;
    const t = localizerFor(lang);
    const hb = Handlebars.create();
    hb.registerHelper("localize", (key: string, o: Handlebars.HelperOptions) => t(key, o.hash as Record<string, string>));
    hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
    const template = hb.compile(readFileSync(join(process.cwd(), "src/rulesets/shock/templates/chat/attack-card.hbs"), "utf8"));
    const waiting = windowLedger(open);
    const mine = cardView(card, { isGM: false, userId: "p", ownsTarget: false, ownedCombatants: ["combatantally001"] }, seal, waiting);
    expect(mine.reactions.map((r) => r.choice)).toEqual(["snap:combatantally001"]);
    expect(template({ view: mine })).toContain("Oskar: Snap Attack on the attacker");
    const theirs = cardView(card, { isGM: false, userId: "q", ownsTarget: true }, seal, waiting);
    expect(theirs.reactions.map((r) => r.choice)).toEqual(["totalDefense", "none"]);
    // Taken: the target's owner may still say "no reaction", the author waits.
    expect(cardView(card, { isGM: false, userId: "q", ownsTarget: true }, seal, pending).reactions.map((r) => r.choice))
      .toEqual(["none"]);
    const awaited = cardView(card, { isGM: false, userId: AUTHOR, ownsTarget: false }, seal, { ...pending, closing: { by: "q" } });
    expect(awaited.canApply).toBe(false);
    expect(awaited.reactions).toEqual([]);
    // A GM may still end the wait (for a snap card that never came).
    const gmView = cardView(card, { isGM: true, userId: "g", ownsTarget: false }, seal, { ...pending, closing: { by: "q" } });
    expect(gmView.reactions.map((r) => r.choice)).toEqual(["none"]);
    const html = template({ view: awaited });
    expect(html).toContain("Oskar makes a Snap Attack");
    expect(html).toContain("waits for the cards of the attacks made on the attacker first");
  });
});

describe("the damage waits for the snap's outcome", () => {
  it("the card settles only once its outcome is in; a felled attacker deals nothing", () => {
    const author = { id: AUTHOR, isGM: false };
    expect(checkApply(seal, pending, author)).toEqual({ ok: false, reason: "snapPending" });
    const standing = windowLedger(open, snap, outcome(false), { kind: "pass", by: TARGET });
    expect(windowOf(standing)?.settlement).toMatchObject({ cancelled: false, hit: true });
    expect(checkApply(seal, { ...standing, result }, author)).toEqual({ ok: true });
    const felled = windowLedger(open, snap, outcome(true));
    expect(windowOf(felled)?.settlement).toMatchObject({ cancelled: true, hit: false });
    const nothing = { ...result, hit: false, kind: "none" as const, amount: 0, dice: [], cancelled: true as const };
    expect(checkApply(seal, { ...felled, result: nothing }, author)).toEqual({ ok: false, reason: "attackerFell" });
  });

  it("a snap card is done once refused, applied, undone, or settled with nothing to apply", () => {
    const applied: ShockLedger = { result, applied: { by: AUTHOR, dealt: 4, absorbedBy: null, hpBefore: 9, hpAfter: 5 } };
    expect(cardDone(null, {}, true)).toBe(true);
    expect(cardDone(seal, pending, false)).toBe(false);
    expect(cardDone(seal, { result }, false)).toBe(false);
    expect(cardDone(seal, applied, false)).toBe(true);
    expect(cardDone(seal, { ...applied, undone: { by: AUTHOR } }, false)).toBe(true);
    expect(cardDone(seal, { result: { ...result, kind: "none", amount: 0 } }, false)).toBe(true);
  });
});

/**
 * Review: a card the roll mode hides (blind or private) from a viewer renders only what that
 * viewer may still do (shell/cards/render.ts, `card-actions.hbs`); an ally offered a Snap Attack
 * must still get its button there, wired by the card kind to roll the snap on its own client.
 */
describe("a Snap Attack offered on a card the roll mode hides", () => {
  const waiting = windowLedger(open);
  const mine = cardView(card, { isGM: false, userId: "p", ownsTarget: false, ownedCombatants: [ALLY] }, seal, waiting);

  it("keeps the snapper's button among what it may still do", () => {
    expect(hiddenButtons(mine)).toEqual([{
      step: "react", args: { choice: "snap:combatantally001", seq: 0 }, labelKey: "FRAY.Shock.Card.React.snap",
      labelData: { name: "Oskar" }, icon: "fa-bolt-lightning", local: "snap:combatantally001",
    }]);
    const theirs = cardView(card, { isGM: false, userId: "q", ownsTarget: true }, seal, waiting);
    expect(hiddenButtons(theirs).map((b) => b.local)).toEqual([undefined, undefined]);
  });

  it("renders it under the hidden note and wires it to the snap on this client", async () => {
    const view = actionsView("Sabre", [{ name: "Bandit", buttons: hiddenButtons(mine) }], "?");
    const html = rendererFor("shock").renderShell("chat/card-actions.hbs", { view });
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const button = holder.querySelector<HTMLButtonElement>("button[data-fray-local]");
    expect(button?.dataset.frayLocal).toBe("snap:combatantally001");
    expect(button?.dataset.frayStep).toBeUndefined();
    expect(button?.textContent?.trim()).toMatch(/^Oskar: Snap Attack on the attacker/);
    // Wired by the card kind: the snap's own flow runs (here it finds Oskar gone and says so).
    const warned: string[] = [];
    const g = globalThis as Record<string, unknown>;
    g.game = { combats: { get: () => undefined }, i18n: { format: (k: string) => k, localize: (k: string) => k, has: () => true } };
    g.fromUuidSync = () => null;
    g.ui = { notifications: { warn: (m: string) => void warned.push(m) } };
    const records = { seal, ledger: waiting, steps: {}, posterId: AUTHOR };
    SHOCK_ATTACK_KIND.wire?.({ id: "m" } as never, holder, records);
    button?.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(warned).toEqual(["FRAY.Shock.Refuse.SnapGone"]);
  });
});
