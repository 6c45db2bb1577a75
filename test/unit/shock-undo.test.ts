// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { planShockUndo, type FallMarks, type UndoRecord, type UndoTarget } from "../../src/rulesets/shock/foundry/chat/undo-plan";
import { checkApply, checkUndo } from "../../src/rulesets/shock/foundry/chat/relay-check";
import { phaseOf, sealCard, type ShockLedger } from "../../src/rulesets/shock/foundry/chat/card-seal";
import { cardView } from "../../src/rulesets/shock/foundry/chat/card-view";
import type { ShockCard } from "../../src/rulesets/shock/foundry/chat/card-spec";

/**
 * Undoing an applied shock card: the plan (exact or refused), who may ask, what each viewer sees,
 * and that every refusal has a string.
 */
const root = process.cwd();
const foundryLang = JSON.parse(readFileSync(join(root, "src/rulesets/shock/lang/foundry.json"), "utf8")) as Record<string, unknown>;
const t = localizerFor(foundryLang);
const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => t(key, options.hash as Record<string, string>));
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
const template = hb.compile(readFileSync(join(root, "src/rulesets/shock/templates/chat/attack-card.hbs"), "utf8"));

const up: FallMarks = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false } };
const fallenPC: FallMarks = { mortal: { injured: true, stabilised: false }, combatant: { fellRound: 2, defeated: false } };
const hit: UndoRecord = { hpBefore: 10, hpAfter: 6, shieldSpent: false, round: 2, fallBefore: up, fallAfter: up };
const now = (over: Partial<UndoTarget>): UndoTarget => ({ hp: 6, hpMax: 10, marks: up, round: 2, shieldUsed: false, ...over });

describe("the undo plan", () => {
  it("reverses the recorded change from the HP now, so later hits stay", () => {
    expect(planShockUndo(hit, now({}))).toEqual({ ok: true, hp: 10, marks: null, shield: false });
    expect(planShockUndo(hit, now({ hp: 2 }))).toEqual({ ok: true, hp: 6, marks: null, shield: false });
  });

  it("refuses when it would pass the maximum, or lift a later fall", () => {
    expect(planShockUndo(hit, now({ hp: 8 }))).toEqual({ ok: false, reason: "hpChangedSince" });
    expect(planShockUndo(hit, now({ hp: 0, marks: fallenPC }))).toEqual({ ok: false, reason: "hpChangedSince" });
  });

  it("a fall comes back only while HP and marks are what the card left", () => {
    const fall: UndoRecord = { hpBefore: 3, hpAfter: 0, round: 2, fallBefore: up, fallAfter: fallenPC };
    expect(planShockUndo(fall, now({ hp: 0, marks: fallenPC }))).toEqual({ ok: true, hp: 3, marks: up, shield: false });
    expect(planShockUndo(fall, now({ hp: 1, marks: up }))).toEqual({ ok: false, reason: "hpChangedSince" });
    const stabilised = { ...fallenPC, mortal: { injured: true, stabilised: true } };
    expect(planShockUndo(fall, now({ hp: 0, marks: stabilised }))).toEqual({ ok: false, reason: "marksChangedSince" });
    const npc: FallMarks = { mortal: up.mortal, combatant: { fellRound: 2, defeated: true } };
    const npcFall: UndoRecord = { ...fall, fallAfter: npc };
    expect(planShockUndo(npcFall, now({ hp: 0, marks: { ...npc, combatant: { fellRound: 2, defeated: false } } })))
      .toEqual({ ok: false, reason: "marksChangedSince" });
  });

  it("gives a spent shield back in its round; after the round nothing is owed", () => {
    const shielded: UndoRecord = { hpBefore: 6, hpAfter: 6, shieldSpent: true, round: 2, fallBefore: up, fallAfter: up };
    expect(planShockUndo(shielded, now({ shieldUsed: true }))).toEqual({ ok: true, hp: 6, marks: null, shield: true });
    expect(planShockUndo(shielded, now({ shieldUsed: false }))).toEqual({ ok: false, reason: "shieldChangedSince" });
    expect(planShockUndo(shielded, now({ round: 3 }))).toEqual({ ok: true, hp: 6, marks: null, shield: false });
  });

  it("a card applied before the records existed is not undone", () => {
    expect(planShockUndo({ hpBefore: 5, hpAfter: 2 }, now({}))).toEqual({ ok: false, reason: "notRecorded" });
  });
});

const AUTHOR = "authorauthorauth";
const card: ShockCard = {
  actorUuid: "Actor.a", weaponId: "w", weaponName: "Sabre", summary: "", tokenUuid: "Scene.s.Token.t", targetName: "Bandit",
  combatId: "c", round: 2, charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
  formula: "1d20 + 2", snapFor: "", execution: false, nonLethal: false, natural: 12, total: 14,
};
const seal = sealCard(card, AUTHOR, { hit: true, targetCombatantId: "ct", offers: [] });
const result = { hit: true, amount: 4, kind: "hit" as const, swarm: false, damageFormula: "1d6", dice: [2] };
const applied: ShockLedger = { result, applied: { by: AUTHOR, dealt: 4, absorbedBy: null, ...hit } };

describe("who may undo, and what the card shows", () => {
  it("the author or the GM, once, after an apply that changed something", () => {
    const author = { id: AUTHOR, isGM: false };
    expect(checkUndo(seal, { result }, author)).toEqual({ ok: false, reason: "notApplied" });
    expect(checkUndo(seal, applied, { id: "other", isGM: false })).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkUndo(seal, applied, author)).toEqual({ ok: true });
    expect(checkUndo(seal, applied, { id: "gm", isGM: true })).toEqual({ ok: true });
    const undone = { ...applied, undone: { by: AUTHOR } };
    expect(phaseOf(seal, undone)).toBe("undone");
    expect(checkUndo(seal, undone, author)).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkApply(seal, undone, author)).toEqual({ ok: false, reason: "alreadyApplied" });
    const nothing = { result, applied: { ...applied.applied!, hpBefore: 6, hpAfter: 6 } };
    expect(checkUndo(seal, nothing, author)).toEqual({ ok: false, reason: "nothingToUndo" });
  });

  it("Undo for the author and the GM; then it says the card was undone", () => {
    const render = (ledger: ShockLedger, userId: string, isGM = false) =>
      template({ view: cardView(card, { isGM, userId, ownsTarget: false }, seal, ledger) });
    expect(render(applied, AUTHOR)).toContain("data-shock-undo");
    expect(render(applied, "gm", true)).toContain("data-shock-undo");
    expect(render(applied, "someone")).not.toContain("data-shock-undo");
    const html = render({ ...applied, undone: { by: AUTHOR } }, AUTHOR);
    expect(html).not.toContain("data-shock-undo");
    expect(html).toContain("Undone");
  });

  it("every refusal has a string", () => {
    const keys = ["notRecorded", "hpChangedSince", "marksChangedSince", "shieldChangedSince"]
      .map((r) => `FRAY.Relay.Reason.shockUndo.${r}`).concat("FRAY.Relay.Reason.nothingToUndo", "FRAY.Shock.Card.Undo");
    expect(keys.filter((k) => t(k) === k)).toEqual([]);
  });
});
