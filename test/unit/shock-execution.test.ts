// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { UNARMED, type Statblock, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { executionOutcome, knocksOut } from "../../src/rulesets/shock/play/cards/resolve";
import { healthMarkers, healthOf, KNOCKED_OUT_MARKS } from "../../src/rulesets/shock/play/round/health";
import { legacyDeltas } from "../../src/rulesets/shock/play/cards/legacy-undo";
import { planInverse } from "../../src/engine/deltas/inverse";
import type { Json } from "../../src/engine/deltas/delta";
import { rendererFor } from "../support/handlebars";
import { checkChoice, parseChoice } from "../../src/rulesets/shock/play/cards/attack-choice";
import { sealCard, sealOf } from "../../src/rulesets/shock/play/cards/card-seal";
import { cardView } from "../../src/rulesets/shock/play/cards/card-view";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";

/** Execution attacks, pure parts. Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks. */
const sword: Weapon = { ...UNARMED, id: "sword", name: "Sword", unarmed: false, skill: "stab", attributes: ["str"], dice: 1, die: 8 };
const assassin: Statblock = {
  id: "a", name: "A", isPC: true, attackBonus: 1, hitDice: 1, attributes: { str: 1, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 2, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false, save: 14,
  snapAttack: true, morale: 12, fearless: true, group: "A", weapons: [sword],
};
const facts = { attacker: assassin, weapon: sword, natural: 3, total: 6, swarmOthers: 0, dualWield: false };

describe("an execution's result", () => {
  it("the Physical save at − the assailant's combat skill: failed, the target falls; saved, maximum damage", () => {
    // Save 13: d20 14 − Stab 2 = 12 fails; d20 15 − 2 = 13 saves, taking 1d8 at 8 + STR 1 = 9.
    expect(executionOutcome(facts, 13, 14)).toMatchObject({ hit: true, kind: "hit", amount: 0, execution: { total: 12, target: 13, saved: false } });
    expect(executionOutcome(facts, 13, 15)).toMatchObject({ hit: true, kind: "hit", amount: 9, execution: { total: 13, saved: true } });
  });

  it("the dialog's choice: an execution is a plain attack", () => {
    const choice = parseChoice({ execution: "on", swarmOthers: 0 });
    expect(choice?.execution).toBe(true);
    expect(checkChoice(assassin, sword, { ...choice!, charge: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.ExecutionAlone" });
    expect(checkChoice(assassin, sword, choice!, 0, null).ok).toBe(true);
  });

  it("the card says so, with the save; a failed save's Apply fells the target", () => {
    const lang = JSON.parse(readFileSync(join(process.cwd(), "src/rulesets/shock/lang/foundry.json"), "utf8")) as Record<string, unknown>;
    const t = localizerFor(lang);
    const hb = Handlebars.create();
    hb.registerHelper("localize", (key: string, o: Handlebars.HelperOptions) => t(key, o.hash as Record<string, string>));
    hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
    const template = hb.compile(readFileSync(join(process.cwd(), "src/rulesets/shock/templates/chat/attack-card.hbs"), "utf8"));
    const card: ShockCard = {
      actorUuid: "Actor.a", weaponId: "sword", weaponName: "Sword", summary: "", tokenUuid: "Scene.s.Token.t", targetName: "Guard",
      combatId: "", round: 0, charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
      formula: "1d20 + 4", snapFor: "", execution: true, nonLethal: false, natural: 3, total: 7,
    };
    const seal = sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] });
    expect(sealOf(JSON.parse(JSON.stringify(seal)))?.execution).toBe(true);
    const failed = cardView(card, { isGM: false, userId: "u", ownsTarget: false }, seal, { result: executionOutcome(facts, 13, 14) });
    const html = template({ view: failed });
    expect(html).toContain("Physical save 12 against 13, failed");
    expect(html).toContain("the target falls to 0 HP");
    expect(html).toContain("execution");
    const saved = cardView(card, { isGM: false, userId: "u", ownsTarget: false }, seal, { result: executionOutcome(facts, 13, 15) });
    expect(template({ view: saved })).toContain("saved: maximum damage, 9");
  });
});

/**
 * A non-lethal execution, line by line: "On a failure, they are immediately reduced to zero HP and
 * Mortally Injured, or knocked unconscious if the weapon was non-lethal. If they succeed on the
 * save, they still take maximum damage from the hit." (`002_5e27cdf788b28f5f.txt` §Execution Attacks)
 */
describe("a non-lethal execution", () => {
  const { render } = rendererFor("shock");
  const card: ShockCard = {
    actorUuid: "Actor.a", weaponId: "sword", weaponName: "Sword", summary: "", tokenUuid: "Scene.s.Token.t", targetName: "Guard",
    combatId: "", round: 0, charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
    formula: "1d20 + 4", snapFor: "", execution: true, nonLethal: true, natural: 3, total: 7,
  };
  const author = { isGM: false, userId: "u", ownsTarget: false };

  it("\"knocked unconscious if the weapon was non-lethal\": a failed save knocks out, HP to 0 on Apply", () => {
    const failed = executionOutcome(facts, 13, 14, false);
    expect(failed).toMatchObject({ amount: 0, execution: { saved: false, outcome: "unconscious" } });
    expect(knocksOut(failed)).toBe(true);
    // Lethal, the same roll leaves it Mortally Injured.
    expect(executionOutcome(facts, 13, 14).execution?.outcome).toBe("mortallyInjured");
    expect(knocksOut(executionOutcome(facts, 13, 14))).toBe(false);
  });

  it("\"they still take maximum damage\": a saved non-lethal execution knocks no one out", () => {
    const saved = executionOutcome(facts, 13, 15, false);
    expect(saved).toMatchObject({ amount: 9, execution: { saved: true, outcome: "maximumDamage" } });
    expect(knocksOut(saved)).toBe(false);
  });

  it("the dialog's non-lethal choice goes with an execution only; the seal keeps it only with one", () => {
    const choice = parseChoice({ execution: "on", nonLethal: "on", swarmOthers: 0 });
    expect(choice).toMatchObject({ execution: true, nonLethal: true });
    expect(checkChoice(assassin, sword, choice!, 0, null).ok).toBe(true);
    expect(checkChoice(assassin, sword, { ...choice!, execution: false }, 0, null))
      .toEqual({ ok: false, key: "FRAY.Shock.Refuse.NonLethalAlone" });
    expect(sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] }).nonLethal).toBe(true);
    expect(sealCard({ ...card, execution: false }, "u", { hit: true, targetCombatantId: "", offers: [] }).nonLethal).toBe(false);
    // A stored seal is read the same way (and a forged non-lethal without an execution is dropped).
    const stored = JSON.parse(JSON.stringify(sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] })));
    expect(sealOf(stored)?.nonLethal).toBe(true);
    expect(sealOf({ ...stored, execution: false })?.nonLethal).toBe(false);
  });

  it("the card says knocked out, with its badge, the save, a non-lethal tag and what Apply will do", () => {
    const seal = sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] });
    const view = cardView(card, author, seal, { result: executionOutcome(facts, 13, 14, false) });
    expect(view.badges[0]).toMatchObject({ variant: "crit", key: "FRAY.Shock.Card.Badge.executionKnockedOut" });
    expect(view.applyKey).toBe("FRAY.Shock.Card.ApplyKnockOut");
    const html = render("chat/attack-card.hbs", { view, roll: { label: "", detail: "", versus: "", natural: "" } });
    expect(html).toContain("Knocked out");
    expect(html).toContain("Physical save 12 against 13, failed: the target is knocked out");
    expect(html).toContain("non-lethal");
    expect(html).toContain("Apply: knock the target out");
  });

  it("once applied, the card says so and offers Undo", () => {
    const seal = sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] });
    const fall = { mortal: { injured: false, stabilised: false }, combatant: null, unconscious: false };
    const applied = {
      by: "u", dealt: 7, absorbedBy: null, hpBefore: 7, hpAfter: 0, round: 0, knockedOut: true,
      fallBefore: fall, fallAfter: { ...fall, mortal: KNOCKED_OUT_MARKS, unconscious: true },
    };
    const view = cardView(card, author, seal, { result: executionOutcome(facts, 13, 14, false), applied });
    expect(view.canUndo).toBe(true);
    const html = render("chat/attack-card.hbs", { view, roll: { label: "", detail: "", versus: "", natural: "" } });
    expect(html).toContain("Guard is knocked out: 0 HP, unconscious, not dying.");
  });

  it("a knocked-out PC is not dying and shows no Mortally Injured marker; a knocked-out NPC no dead overlay", () => {
    expect(healthOf(0, true, KNOCKED_OUT_MARKS)).toBe("stabilised");
    expect(healthMarkers("stabilised", true, KNOCKED_OUT_MARKS, true)).toEqual({ mortal: false, dead: false });
    // Stabilised by first aid after a lethal fall keeps the marker.
    expect(healthMarkers("stabilised", true, { injured: true, stabilised: true }, false)).toEqual({ mortal: true, dead: false });
    expect(healthMarkers("mortallyInjured", true, { injured: true, stabilised: false }, false).mortal).toBe(true);
    expect(healthMarkers("defeated", false, { injured: false, stabilised: false }, true)).toEqual({ mortal: false, dead: false });
    expect(healthMarkers("defeated", false, { injured: false, stabilised: false }, false)).toEqual({ mortal: false, dead: true });
  });

  it("Undo gives back the status only while it is as the knock-out left it", () => {
    const before = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false }, unconscious: false };
    const after = { mortal: KNOCKED_OUT_MARKS, combatant: { fellRound: 2, defeated: false }, unconscious: true };
    const record = {
      by: "u", dealt: 7, absorbedBy: null, hpBefore: 7, hpAfter: 0, round: 2, fallBefore: before, fallAfter: after,
    };
    const places = {
      actorUuid: "A", combatantUuid: "C.c", combatUuid: "C", unconsciousUuid: "A.ko",
    };
    const world = (withStatus: boolean): Record<string, Record<string, Json>> => ({
      A: { "system.hp.value": 0, "system.hp.max": 10, "system.mortal": { ...after.mortal } },
      "C.c": { "system.fellRound": 2, defeated: false },
      C: { round: 2 },
      ...(withStatus ? { "A.ko": {} } : {}),
    });
    const undo = (w: Record<string, Record<string, Json>>) => planInverse(legacyDeltas(record, places) ?? [], {
      read: (r) => w[r.uuid]?.[r.path], exists: (u) => u in w,
    });
    const done = undo(world(true));
    expect(done.ok && done.writes).toEqual(expect.arrayContaining([
      { kind: "update", uuid: "A", path: "system.hp.value", value: 7 },
      { kind: "update", uuid: "A", path: "system.mortal", value: before.mortal },
      { kind: "delete", uuid: "A.ko" },
    ]));
    expect(undo(world(false))).toMatchObject({ ok: false, reason: "changedSince" });
  });
});
