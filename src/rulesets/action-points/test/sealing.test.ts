import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../../engine/i18n";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { openWindow } from "../../../engine/resolution/window/step";
import { AP_WINDOW } from "../rules/reaction-window";
import { packStatblock } from "./pack-statblocks";
import type { ApCard } from "../play/cards/card-spec";
import { attackFacts, type CardField, type FieldToken } from "../play/cards/field";
import { postedRefusal, sealedAttack } from "../play/cards/sealing";
import { cardView, hiddenRows } from "../play/cards/card-view";
import type { ApWindowState } from "../play/cards/react";
import { grid, kept, sword, tamsin, thug } from "./card-fixtures";

/**
 * The GM's seal of a posted attack card around its check (`play/cards/sealing.ts`), pure: what
 * refuses a card before its attack is read, and what a seal writes (the seal with its tokens, the
 * AP paid, the window's parties with the allies who may Intercept, a cast's provocation); and
 * the rows a viewer gets when the roll mode hides the card. On pack pregens and NPCs, on a hex
 * grid. Source: `004_2cc57162401858c9.txt` §Actions, §Reactions, §Intercept, §Reaction Attacks.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("action-points"), "action-points"));
const oswin = packStatblock("pregens", "oswin-clay");
const spell = oswin.spells[0]!;

const card = (over: Partial<ApCard> = {}): ApCard => ({
  actorUuid: "Actor.t", itemId: sword.id, itemName: sword.name, tokenUuid: "Scene.s.Token.a",
  targetTokenUuid: "Scene.s.Token.t", targetName: "Thug", combatId: "c", round: 2,
  disadvantages: [], advantages: [], reactionFor: "", maneuver: "",
  shove: { choice: "prone", both: false }, ...over,
});
const token = (id: string, side: string, j: number, over: Partial<FieldToken> = {}): FieldToken => ({
  tokenId: id, uuid: `Scene.s.Token.${id}`, combatantId: `c-${id}`, side,
  at: { origin: { i: 0, j } }, block: side === "party" ? tamsin : thug, up: true, kept: kept(),
  ...over,
});
const field = (others: FieldToken[], attacker = token("a", "party", 0)): CardField => ({
  grid, ownTurn: true, others, attacker, target: token("t", "foes", 1),
});

describe("what refuses a posted card before its attack is read", () => {
  const combat = { id: "c", round: 2 };

  it("its poster must act for the attacker, in the encounter and round it is in", () => {
    expect(postedRefusal(card(), { owns: true, combat })).toBeNull();
    expect(postedRefusal(card(), { owns: false, combat })).toBe("notOwner");
    expect(postedRefusal(card({ combatId: "other" }), { owns: true, combat })).toBe("apCombat");
    expect(postedRefusal(card(), { owns: true, combat: null })).toBe("apCombat");
    expect(postedRefusal(card({ combatId: "" }), { owns: true, combat: null })).toBeNull();
    expect(postedRefusal(card({ round: 1 }), { owns: true, combat })).toBe("apStale");
  });

  it("a maneuver must be one it knows", () => {
    expect(postedRefusal(card({ maneuver: "shove" }), { owns: true, combat })).toBeNull();
    expect(postedRefusal(card({ maneuver: "fly" }), { owns: true, combat })).toBe("badRequest");
  });
});

describe("what a sealed attack writes", () => {
  const ally = token("n", "foes", 2);

  it("the seal with each party's token, the attack's AP, and the window with its interceptor", () => {
    const f = field([ally]);
    const sealed = sealedAttack(card(), "u1", attackFacts(f, card()), f, [20]);
    if (!sealed.ok) throw new Error(sealed.refused);
    expect(sealed.seal).toMatchObject({ poster: "u1", roll: 20 });
    expect(sealed.seal.tokens).toEqual({
      "c-a": "Scene.s.Token.a", "c-t": "Scene.s.Token.t", "c-n": "Scene.s.Token.n",
    });
    expect(sealed.pay).toMatchObject({ ap: 3 });
    expect(sealed.context).toMatchObject({
      attacker: "c-a", target: "c-t", interceptors: ["c-n"], reactionAttack: false, kind: "melee",
    });
    expect(sealed.provokes).toBe(false);
  });

  it("a granted reaction attack pays 1 RP, offers no Intercept and provokes nothing", () => {
    const f = field([ally]);
    const facts = { ...attackFacts(f, card()), reaction: true };
    const sealed = sealedAttack(card(), "u1", facts, f, [20]);
    if (!sealed.ok) throw new Error(sealed.refused);
    expect(sealed.pay).toEqual({ rp: 1 });
    expect(sealed.context).toMatchObject({ reactionAttack: true, interceptors: [] });
    expect(sealed.provokes).toBe(false);
  });

  it("a spell cast provokes", () => {
    const f = field([], token("a", "party", 0, { block: oswin }));
    const cast = card({ itemId: spell.id, itemName: spell.name });
    const sealed = sealedAttack(cast, "u1", attackFacts(f, cast), f, [20]);
    if (!sealed.ok) throw new Error(sealed.refused);
    expect(sealed.provokes).toBe(true);
    expect(sealed.context.spell).toBe(true);
  });

  it("refuses as the check does: out of reach, or the item gone", () => {
    const far = { ...field([]), target: token("t", "foes", 6) };
    expect(sealedAttack(card(), "u1", attackFacts(far, card()), far, [20]))
      .toEqual({ ok: false, refused: "apReach" });
    const gone = card({ itemId: "gone" });
    expect(sealedAttack(gone, "u1", attackFacts(field([]), gone), field([]), [20]))
      .toEqual({ ok: false, refused: "noTarget" });
  });
});

describe("the card a viewer gets when the roll mode hides it", () => {
  const f = field([]);
  const sealed = sealedAttack(card(), "u1", attackFacts(f, card()), f, [20]);
  if (!sealed.ok) throw new Error(sealed.refused);
  const state = openWindow(AP_WINDOW, sealed.context).state as ApWindowState;
  const viewer = (acts: (key: string) => boolean, isGM = false) => ({
    isGM, userId: "x", acts, name: (k: string) => (k === "c-t" ? "Thug" : "Tamsin"),
  });

  it("rows only for what this viewer may press: the defender's reactions", () => {
    const owner = hiddenRows(cardView(card(), sealed.seal, { window: state },
      viewer((k) => k === "c-t"), t, null));
    expect(owner.map((r) => r.name)).toEqual(["Thug"]);
    expect(owner[0]?.buttons.at(-1)?.labelKey).toBe("FRAY.ActionPoints.Card.TakeHit");
    expect(hiddenRows(cardView(card(), sealed.seal, { window: state }, viewer(() => false), t,
      null))).toEqual([]);
    expect(hiddenRows(cardView(card(), null, {}, viewer(() => true, true), t, null))).toEqual([]);
  });

  it("the author's own buttons under the target's name", () => {
    const applied = cardView(card(), sealed.seal, { window: state, applied: true },
      { ...viewer(() => false), userId: "u1" }, t, null);
    expect(hiddenRows(applied)).toEqual([
      { name: "Thug", buttons: [expect.objectContaining({ step: "undo" })] },
    ]);
  });
});
