import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACTOR_UUIDS, GM, postCard, request, ScriptedRoll, shockWorld, TOKEN_UUIDS, type ShockWorld,
} from "../support/shock-world";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { SHOCK_ATTACK_KIND } from "../../src/rulesets/shock/foundry/cards/attack-kind";
import { SHOCK_CARD_SPEC } from "../../src/rulesets/shock/play/cards/card-spec";
import { planAttack } from "../../src/rulesets/shock/rules/attack";
import { weaponOfItem } from "../../src/rulesets/shock/foundry/data/accessors";
import { withDefaults } from "../../src/engine/schema/spec";

/**
 * Undo of a shock card whose record the server refuses to mark (found by the fuzz of the card's
 * requests): what the undo gave back is put back with it, so the card still says applied, the
 * target holds what the apply left, and asking again gives the damage back once, not twice.
 * Source: RULINGS.md §shock (Undo restores exactly).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

let w: ShockWorld;
beforeEach(() => {
  w = shockWorld({ corvin: 10 });
  registerGMRequests();
  registerCardKind(SHOCK_ATTACK_KIND);
  registerSealing();
  registerCardRequests();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The Brute's cudgel on Corvin outside the combat (nothing to answer): a hit, settled at once. */
async function appliedCard() {
  const brute = w.actors.brute;
  const item = brute.items.contents[0];
  const plan = planAttack({
    attacker: brute.statblock, weapon: weaponOfItem(item), ac: 0, charge: false, snap: false,
    dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
  });
  const card = withDefaults(SHOCK_CARD_SPEC, {
    actorUuid: ACTOR_UUIDS.brute, weaponId: item.id, weaponName: item.name, tokenUuid: TOKEN_UUIDS.corvin,
    targetName: "Corvin", formula: "1d20", natural: 19, total: 19 + plan.check.modifier,
  });
  ScriptedRoll.dice = [4];
  const m = await postCard(w, "cardcardcardcard", card, { seenByGM: true, poster: GM });
  expect(await request(GM, "card", { messageId: m.id, step: "apply", args: {} })).toEqual({ ok: true });
  return m;
}

describe("shock's Undo when its record is refused", () => {
  it("puts back what it gave: the card stays applied, and a second ask gives the damage back once", async () => {
    const m = await appliedCard();
    const hit = w.actors.corvin.system.hp.value;
    expect(hit).toBeLessThan(10);
    m.failNext = /^system\.steps/;
    const refused = await request(GM, "card", { messageId: m.id, step: "undo", args: {} }) as any;
    expect(refused.ok).toBe(false);
    expect(m.failNext, "the mark's write was refused").toBeNull();
    expect(w.actors.corvin.system.hp.value, "the undo's HP put back").toBe(hit);
    expect(m.system.steps.apply.undone).toBeUndefined();
    expect(await request(GM, "card", { messageId: m.id, step: "undo", args: {} })).toEqual({ ok: true });
    expect(w.actors.corvin.system.hp.value).toBe(10);
  });
});
