// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { legacyDeltas, type FallMarks, type LegacyApplied } from "../../src/rulesets/shock/play/cards/legacy-undo";
import { planInverse } from "../../src/engine/deltas/inverse";
import type { Json } from "../../src/engine/deltas/delta";
import { checkApply, checkUndo } from "../../src/rulesets/shock/play/cards/relay-check";
import { phaseOf, sealCard, type ShockLedger } from "../../src/rulesets/shock/play/cards/card-seal";
import { cardView } from "../../src/rulesets/shock/play/cards/card-view";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";

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
const hit: LegacyApplied = {
  by: "u", dealt: 4, absorbedBy: null, hpBefore: 10, hpAfter: 6, shieldSpent: false, round: 2, fallBefore: up, fallAfter: up,
};
const PLACES = {
  actorUuid: "Actor.t", combatantUuid: "Combat.c.Combatant.ct", combatUuid: "Combat.c",
  unconsciousUuid: "Actor.t.ActiveEffect.ko",
};
interface Now { hp: number; hpMax: number; marks: FallMarks; round: number; shieldUsed: boolean }
const now = (over: Partial<Now>): Now => ({ hp: 6, hpMax: 10, marks: up, round: 2, shieldUsed: false, ...over });

/** The undo of a card applied before the runtime, in a world holding `n`. */
function plan(record: LegacyApplied, n: Now) {
  const deltas = legacyDeltas(record, PLACES);
  if (!deltas) return null;
  const world: Record<string, Record<string, Json>> = {
    "Actor.t": { "system.hp.value": n.hp, "system.hp.max": n.hpMax, "system.mortal": { ...n.marks.mortal } },
    "Combat.c.Combatant.ct": {
      "system.fellRound": n.marks.combatant?.fellRound ?? 0, defeated: n.marks.combatant?.defeated ?? false,
      "system.shieldUsed": n.shieldUsed,
    },
    "Combat.c": { round: n.round },
    ...(n.marks.unconscious ? { "Actor.t.ActiveEffect.ko": {} } : {}),
  };
  return planInverse(deltas, { read: (r) => world[r.uuid]?.[r.path], exists: (u) => u in world });
}
/** What the plan writes, as the old planner said it: the HP, the marks put back, the shield. */
function writes(p: ReturnType<typeof plan>) {
  if (!p?.ok) return p;
  const at = (uuid: string, path: string) =>
    p.writes.find((w) => w.kind === "update" && w.uuid === uuid && w.path === path);
  const hp = at("Actor.t", "system.hp.value");
  return {
    hp: hp?.kind === "update" ? hp.value : null,
    marks: Boolean(at("Actor.t", "system.mortal") || at("Combat.c.Combatant.ct", "defeated")),
    shield: Boolean(at("Combat.c.Combatant.ct", "system.shieldUsed")),
    status: p.writes.some((w) => w.kind === "delete"),
  };
}
const refusedAt = (path: string) => expect.objectContaining({ ok: false, at: expect.objectContaining({ path }) });

describe("the undo of a card applied before the runtime (its records migrated to deltas)", () => {
  it("reverses the recorded change from the HP now, so later hits stay", () => {
    expect(writes(plan(hit, now({})))).toEqual({ hp: 10, marks: false, shield: false, status: false });
    expect(writes(plan(hit, now({ hp: 2 })))).toEqual({ hp: 6, marks: false, shield: false, status: false });
  });

  it("refuses when it would pass the maximum, or lift a later fall", () => {
    expect(plan(hit, now({ hp: 8 }))).toEqual(refusedAt("system.hp.value"));
    expect(plan(hit, now({ hp: 0, marks: fallenPC }))).toEqual(refusedAt("system.hp.value"));
  });

  it("a fall comes back only while HP and marks are what the card left", () => {
    const fall: LegacyApplied = { ...hit, hpBefore: 3, hpAfter: 0, fallBefore: up, fallAfter: fallenPC };
    expect(writes(plan(fall, now({ hp: 0, marks: fallenPC })))).toEqual({ hp: 3, marks: true, shield: false, status: false });
    // Healed and standing again since: both the HP and the marks moved; either refuses.
    expect(plan(fall, now({ hp: 1, marks: up }))).toMatchObject({ ok: false, reason: "changedSince" });
    const stabilised = { ...fallenPC, mortal: { injured: true, stabilised: true } };
    expect(plan(fall, now({ hp: 0, marks: stabilised }))).toEqual(refusedAt("system.mortal"));
    const npc: FallMarks = { mortal: up.mortal, combatant: { fellRound: 2, defeated: true } };
    const npcFall: LegacyApplied = { ...fall, fallAfter: npc };
    expect(plan(npcFall, now({ hp: 0, marks: { ...npc, combatant: { fellRound: 2, defeated: false } } })))
      .toEqual(refusedAt("defeated"));
  });

  it("gives a spent shield back in its round; after the round nothing is owed", () => {
    const shielded: LegacyApplied = { ...hit, hpBefore: 6, hpAfter: 6, shieldSpent: true };
    expect(writes(plan(shielded, now({ shieldUsed: true })))).toEqual({ hp: null, marks: false, shield: true, status: false });
    expect(plan(shielded, now({ shieldUsed: false }))).toEqual(refusedAt("system.shieldUsed"));
    expect(writes(plan(shielded, now({ round: 3 })))).toEqual({ hp: null, marks: false, shield: false, status: false });
  });

  it("a knock-out's status goes with it, and only while it is as the knock-out left it", () => {
    const before: FallMarks = { ...up, unconscious: false };
    const after: FallMarks = { mortal: { injured: false, stabilised: true }, combatant: { fellRound: 2, defeated: false }, unconscious: true };
    const ko: LegacyApplied = { ...hit, hpBefore: 7, hpAfter: 0, fallBefore: before, fallAfter: after };
    expect(writes(plan(ko, now({ hp: 0, marks: after })))).toEqual({ hp: 7, marks: true, shield: false, status: true });
    expect(plan(ko, now({ hp: 0, marks: { ...after, unconscious: false } }))).toEqual(refusedAt(""));
  });

  it("a card applied before the records existed is not undone", () => {
    expect(plan({ by: "u", dealt: 3, absorbedBy: null, hpBefore: 5, hpAfter: 2 }, now({}))).toBeNull();
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
const applied: ShockLedger = { result, applied: { ...hit, by: AUTHOR } };

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
    const undo = 'data-fray-step="undo"';
    expect(render(applied, AUTHOR)).toContain(undo);
    expect(render(applied, "gm", true)).toContain(undo);
    expect(render(applied, "someone")).not.toContain(undo);
    const html = render({ ...applied, undone: { by: AUTHOR } }, AUTHOR);
    expect(html).not.toContain(undo);
    expect(html).toContain("Undone");
  });

  it("every refusal has a string", () => {
    const keys = ["notRecorded", "hpChangedSince", "marksChangedSince", "shieldChangedSince"]
      .map((r) => `FRAY.Relay.Reason.shockUndo.${r}`).concat("FRAY.Relay.Reason.nothingToUndo", "FRAY.Shock.Card.Undo");
    expect(keys.filter((k) => t(k) === k)).toEqual([]);
  });
});
