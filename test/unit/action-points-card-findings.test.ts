import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  apWorld, AUTHOR, CIDS, COMBAT_ID, GM, postCard, request, TOKEN_UUIDS, type ApWorld,
} from "../support/action-points-world";
import { ScriptedRoll } from "../support/shock-world";
import { knownReason } from "./shock-fuzz-checks";
import { AP_KEYS } from "./action-points-fuzz-checks";
import { registerCardKind } from "../../src/shell/cards/kind";
import { registerSealing } from "../../src/shell/cards/takeover";
import { registerCardRequests } from "../../src/shell/cards/requests";
import { trustedRecords } from "../../src/shell/cards/records";
import { AP_ATTACK_KIND } from "../../src/rulesets/action-points/foundry/cards/attack-kind";
import { ledgerOf } from "../../src/rulesets/action-points/play/cards/card-steps";
import { AP_CARD_SPEC, type ApCard } from "../../src/rulesets/action-points/play/cards/card-spec";
import { interceptorOf, type ApWindowState } from "../../src/rulesets/action-points/play/cards/react";
import { AP_WINDOW } from "../../src/rulesets/action-points/rules/reaction-window";
import { waitingOf } from "../../src/engine/resolution/window/step";
import { withDefaults } from "../../src/engine/schema/spec";
import type { StandInMessage } from "../support/escalation-world";

/**
 * What `action-points-card-fuzz.test.ts` found in action-points' attack card, each as the shortest
 * request sequence that shows it, kept as regression tests now the bugs are fixed (each with a
 * plain `it` that checks the sequence reaches the state it needs). Source: `004_2cc57162401858c9.txt` §Intercept; the shell's relay reasons.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

/** The Bandit Thug's War Mace attack on Ivo, on the thug's turn, sealed as posted (by the GM). */
async function thugOnIvo(w: ApWorld, dice: number[]): Promise<StandInMessage> {
  registerCardKind(AP_ATTACK_KIND);
  registerSealing();
  registerCardRequests();
  w.combat.turn = 3;
  const thug = w.actors.thug;
  const mace = thug.items.contents[0];
  ScriptedRoll.dice = [...dice];
  ScriptedRoll.seed = 7;
  const card = withDefaults(AP_CARD_SPEC, {
    actorUuid: thug.uuid, itemId: mace.id, itemName: mace.name, tokenUuid: TOKEN_UUIDS.thug,
    targetTokenUuid: TOKEN_UUIDS.ivo, targetName: "Ivo Dask", combatId: COMBAT_ID,
    round: w.combat.round,
  }) as ApCard;
  return postCard(w, "cardcardcardcard", card, { seenByGM: true, poster: GM });
}

/** Every party the window waits for passes (the GM answering for each): the thug's hit lands. */
async function allPass(m: StandInMessage): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const state = ledgerOf(trustedRecords(m)!).window as ApWindowState;
    const waiting = waitingOf(AP_WINDOW, state);
    if (waiting.kind !== "answers") return;
    const by = waiting.offers[0]!.by;
    expect(await request(GM, "card", { messageId: m.id, step: "react", args: { by, answer: null } }))
      .toEqual({ ok: true });
  }
}

/** The thug's hit on Ivo applied, then Ivo's actor deleted: the Undo's refusal. */
async function undoAfterDeletion(): Promise<{ w: ApWorld; undo: any }> {
  const w = apWorld();
  const m = await thugOnIvo(w, [10]);
  await allPass(m);
  expect(await request(GM, "card", { messageId: m.id, step: "apply", args: {} })).toEqual({ ok: true });
  expect(w.actors.ivo.system.hp.value).toBeLessThan(w.actors.ivo.system.hp.max);
  w.actors.ivo.vanish();
  const undo = await request(GM, "card", { messageId: m.id, step: "undo", args: {} });
  return { w, undo };
}

/** Oswin (beside Ivo) intercepts the thug's hit and fails his Agility check (a 99). */
async function lostIntercept(): Promise<{ w: ApWorld; m: StandInMessage }> {
  const w = apWorld();
  // The attack's d100 (10: a hit under the thug's 50), then Oswin's Agility check (99: failed).
  const m = await thugOnIvo(w, [10, 99]);
  const answer = await request(AUTHOR, "card", {
    messageId: m.id, step: "react", args: { by: CIDS.oswin, answer: "intercept" },
  });
  expect(answer).toEqual({ ok: true });
  return { w, m };
}

describe("action-points' attack card: what the fuzz found", () => {
  it("a lost Intercept: the attack falls on its target, Oswin's check failed", async () => {
    const { m } = await lostIntercept();
    const facts = ledgerOf(trustedRecords(m)!).window!.frames[0]!.facts!;
    expect(facts.reaction).toBe("intercept");
    expect(facts.defence?.won).toBe(false);
    expect(facts.takenBy).toBe(CIDS.ivo);
  });

  // A lost Intercept's `takenBy` is the target (rules/reaction-window.ts `resolve`): before the fix
  // play/cards/react.ts `interceptorOf` returned it, so the card offered the target's owner and the
  // GM a swap of places "with Ivo Dask", which the swap step then refused as `apNoGrid`.
  it("a lost Intercept wins no swap of places (refused as apNoIntercept)", async () => {
    const { m } = await lostIntercept();
    const answer = await request(GM, "card", { messageId: m.id, step: "swap", args: {} });
    expect(answer).toEqual({ ok: false, reason: "apNoIntercept" });
    expect(interceptorOf(ledgerOf(trustedRecords(m)!).window ?? null)).toBeNull();
  });

  it("an Undo after the target was deleted is refused as the target gone", async () => {
    const { undo } = await undoAfterDeletion();
    expect(undo).toEqual({ ok: false, reason: "noTarget" });
  });

  // Before the fix, foundry/cards/steps.ts `UNDO_STEP` handed `undoStep` the identity for its
  // reasons, so the inverse planner's own words (`gone`, `changedSince`, `outOfBounds`:
  // engine/deltas/inverse.ts) reached the client bare; play/cards/card-steps.ts `undoReason` names
  // them.
  it("an Undo refused names a lang key", async () => {
    const { undo } = await undoAfterDeletion();
    expect(knownReason(undo.reason, AP_KEYS)).toBe(true);
  });

  // Before the fix a card whose target was deleted still played its answers, paying no RP (its
  // effects are written through the card's combat, which a gone document's reading lacked).
  it("an answer on a card whose target is gone is refused and pays nothing", async () => {
    const w = apWorld();
    const m = await thugOnIvo(w, [10]);
    const rp = () => JSON.stringify(w.combat.flags);
    const before = rp();
    w.actors.ivo.vanish();
    const answer = await request(GM, "card", {
      messageId: m.id, step: "react", args: { by: CIDS.ivo, answer: "dodge" },
    });
    expect(answer).toEqual({ ok: false, reason: "noTarget" });
    expect(rp()).toBe(before);
  });
});
