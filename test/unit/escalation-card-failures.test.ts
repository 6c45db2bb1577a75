import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTHOR, escalationWorld, GM, playerEdit, postCard, request, TOKEN_UUIDS, ACTOR_UUIDS,
  type EscalationWorld, type StandInMessage,
} from "../support/escalation-world";
import { GONE } from "../support/foundry-documents";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { ATTACK_KIND } from "../../src/rulesets/escalation/foundry/cards/attack-kind";
import { ABILITY_KIND } from "../../src/rulesets/escalation/foundry/cards/ability-kind";
import { ATTACK_CARD_SPEC, CARD_TARGET_SPEC, type AttackCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { withDefaults } from "../../src/engine/schema/spec";

/**
 * The escalation attack card's steps when something fails under them, each case the fuzz
 * (`escalation-requests-fuzz.test.ts`) found, on the real request path and `FrayActor`: a record
 * the GM cannot write, a document deleted between two writes, an attacker hitting itself, a
 * target whose token went, a card its poster edited before the GM took it over, a heal whose event
 * card cannot be posted. A refused step
 * changes nothing (health markers included), and damage lands and leaves once.
 * Source: `000_c2dc3d650823e22d.txt` §Damage, §Dying and Death; RULINGS.md (durations).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

let w: EscalationWorld;
beforeEach(() => {
  w = escalationWorld({ hag: 20, tam: 8, oriel: 30 });
  registerCardKind(ATTACK_KIND);
  registerSealing();
  registerCardRequests();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const row = (over: Record<string, unknown>) => withDefaults(CARD_TARGET_SPEC, { hit: true, damageKind: "hit", ...over });
const card = (targets: Record<string, unknown>[], actorUuid: string = ACTOR_UUIDS.brann): AttackCard =>
  withDefaults(ATTACK_CARD_SPEC, { actorUuid, abilityName: "Strike", targets: targets.map(row) }) as AttackCard;
const step = (user: { id: string }, m: StandInMessage, name: string, args: object) =>
  request(user, "card", { messageId: m.id, step: name, args });
const markers = (a: any) => ["staggered", "dying", "dead"].filter((s) => a.statuses.has(s));
/** Makes the card's next update whose keys match `key` fail, as a server refusing it would. */
const failNext = (m: StandInMessage, key: RegExp) => void (m.failNext = key);

describe("an Apply whose record cannot be written", () => {
  it("is put back (HP and health markers), let go, and lands once when asked again", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.hag, damage: 20 }]), { seenByGM: true });
    failNext(m, /^system\.ledger/);
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: false, reason: "failed" });
    expect(w.hag.system.hp.value).toBe(20);
    expect(markers(w.hag)).toEqual([]);
    expect(m.system.claims ?? {}).toEqual({});
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: true });
    expect(w.hag.system.hp.value).toBe(0);
    expect(markers(w.hag)).toEqual(["dead"]);
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(w.hag.system.hp.value).toBe(0);
  });

  it("with its attacker deleted under the self-damage: the target's damage is still put back", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.hag, damage: 10, selfDamage: 2 }]), { seenByGM: true });
    // The GM deletes Brann just as his Confused self-damage is written.
    w.brann.update = async () => {
      w.brann.vanish();
      throw new Error(`${GONE}: ${w.brann.uuid}`);
    };
    const answer: any = await step(AUTHOR, m, "apply", { index: 0, mode: "apply" });
    expect(answer.ok).toBe(false);
    expect(w.hag.system.hp.value).toBe(20);
    expect(markers(w.hag)).toEqual([]);
  });
});

describe("an Undo whose record cannot be written", () => {
  it("is put back, and gives the damage back once when asked again", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.hag, damage: 6 }]), { seenByGM: true });
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: true });
    expect(w.hag.system.hp.value).toBe(14);
    failNext(m, /undone$/);
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toMatchObject({ ok: false });
    expect(w.hag.system.hp.value).toBe(14);
    expect(markers(w.hag)).toEqual(["staggered"]);
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toEqual({ ok: true });
    expect(w.hag.system.hp.value).toBe(20);
    expect(markers(w.hag)).toEqual([]);
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toEqual({ ok: false, reason: "notApplied" });
    expect(w.hag.system.hp.value).toBe(20);
  });

  it("nor its ledger: the undo is put back, its mark too", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.hag, damage: 6 }]), { seenByGM: true });
    await step(AUTHOR, m, "apply", { index: 0, mode: "apply" });
    failNext(m, /^system\.ledger\.0$/);
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toEqual({ ok: false, reason: "failed" });
    expect(w.hag.system.hp.value).toBe(14);
    expect(m.system.steps["t0-0"].undone ?? null).toBeNull();
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toEqual({ ok: true });
    expect(w.hag.system.hp.value).toBe(20);
  });
});

describe("a Confused attacker hitting itself (§Conditions: Confused)", () => {
  it("takes its damage and its self-damage once, and Undo gives back exactly those", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.oriel, damage: 5, selfDamage: 3 }], ACTOR_UUIDS.oriel), { seenByGM: true });
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: true });
    expect(w.oriel.system.hp.value).toBe(22);
    expect(await step(AUTHOR, m, "undo", { index: 0 })).toEqual({ ok: true });
    expect(w.oriel.system.hp.value).toBe(30);
  });
});

describe("an Undo after the target's token was deleted", () => {
  it("gives the linked actor its HP back with its health markers in line", async () => {
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.tam, damage: 8 }]), { seenByGM: true });
    expect(await step(GM, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: true });
    expect(markers(w.tam)).toEqual(["dying"]);
    w.tokens.tam.vanish();
    expect(await step(GM, m, "undo", { index: 0 })).toEqual({ ok: true });
    expect(w.tam.system.hp.value).toBe(8);
    expect(markers(w.tam)).toEqual(["staggered"]);
  });
});

describe("durations picked on a card its poster edited before the GM took it over", () => {
  it("apply as picked, one per sealed effect", async () => {
    const dazed = { id: "dazed", duration: "saveEnds", save: 11, amount: 0, damageType: "weapon" };
    const m = await postCard(w, "cardcardcardcard", "escalationAttack",
      card([{ tokenUuid: TOKEN_UUIDS.hag, damage: 1, effects: [dazed] }]), {
        seenByGM: true,
        // The edit reaches the server before the GM's seal runs: the content lists no effect.
        before: async (msg) => void await playerEdit(msg, AUTHOR, { "system.targets.0.effects": [] }, ATTACK_CARD_SPEC),
      });
    expect(m.system.targets[0].effects).toEqual([]);
    expect(m.system.seal.targets[0].effects).toHaveLength(1);
    const pick = { index: 0, effect: 0, value: "endOfNextTurn" };
    expect(await step(AUTHOR, m, "duration", pick)).toEqual({ ok: true });
    expect(await step(AUTHOR, m, "apply", { index: 0, mode: "apply" })).toEqual({ ok: true });
    const effects = [...w.hag.effects.values()].filter((e: any) => e.statuses.has("dazed"));
    expect(effects.map((e: any) => e.flags.fray.timing.duration)).toEqual(["endOfNextTurn"]);
  });
});

describe("a heal whose event card or record fails (§Recoveries)", () => {
  it("is put back, markers too, and heals once when asked again", async () => {
    registerCardKind(ABILITY_KIND);
    w.tam.system.hp.value = 0;
    await w.tam.syncHealthStatuses();
    const heal = { actorUuid: ACTOR_UUIDS.oriel, itemId: "pcMotherOre606d9", abilityName: "Word of Mending",
      heal: { free: false, targets: [{ uuid: TOKEN_UUIDS.tam, name: "Tam" }] } };
    const m = await postCard(w, "healcardhealcard", "escalationAbility", heal, { seenByGM: true });
    const before = structuredClone(w.tam.system);
    w.failNextPost = true;
    expect(await step(AUTHOR, m, "heal", { index: 0, mode: "average" })).toMatchObject({ ok: false });
    m.failNext = /^system\.ledger/;
    expect(await step(AUTHOR, m, "heal", { index: 0, mode: "average" })).toEqual({ ok: false, reason: "failed" });
    expect(w.tam.system).toEqual(before);
    expect(markers(w.tam)).toEqual(["dying"]);
    expect(await step(AUTHOR, m, "heal", { index: 0, mode: "average" })).toEqual({ ok: true });
    // One recovery, averaged: 3d8 + 3 → 3 × 4 + 3 = 15, from 0.
    expect(w.tam.system.hp.value).toBe(15);
    expect(w.tam.system.recoveries.value).toBe(before.recoveries.value - 1);
    expect(await step(AUTHOR, m, "heal", { index: 0, mode: "average" })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(w.tam.system.hp.value).toBe(15);
  });
});
