import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACTOR_UUIDS, AUTHOR, CIDS, COMBAT_ID, OTHER, request, ScriptedRoll, setEconomy, shockWorld,
  TOKEN_UUIDS, type ShockWorld,
} from "../support/shock-world";
import { registerGMRequests } from "../../src/rulesets/shock/foundry/gm/register";
import { REQUESTS } from "../../src/rulesets/shock/play/requests/names";
import { knownReason } from "./shock-fuzz-checks";

/**
 * shock's GM requests when a document they need is deleted while they run (another client's
 * deletion landing between two of the GM's writes; found by the fuzz of shock's GM requests): the
 * answer is a result, never a crash, and an action whose effect did not happen leaves its Main
 * unspent. Source: `002_5e27cdf788b28f5f.txt` §Use a Skill, §Grappling; RULINGS.md §shock.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

let w: ShockWorld;
beforeEach(() => {
  // Wenna (the other player's) acts on her side's turn, her Main unspent.
  w = shockWorld({ corvin: 0 });
  w.actors.corvin.system.mortal = { injured: true, stabilised: false };
  registerGMRequests();
  ScriptedRoll.dice = [];
  ScriptedRoll.seed = 7;
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("shock's GM requests with a document deleted under them", () => {
  it("first aid whose target is deleted after the helper paid: refused, the Main given back", async () => {
    // The target's actor goes just after the first write (the helper's Main).
    w.world.arm(1, () => w.actors.corvin.vanish());
    const answer = await request(OTHER, REQUESTS.firstAid,
      { helperUuid: ACTOR_UUIDS.wenna, tokenUuid: TOKEN_UUIDS.corvin }) as any;
    expect(w.world.sprung).toBe(true);
    expect(answer.ok).toBe(false);
    expect(w.combatants.wenna.budget.main, "the Main given back").toBe(false);
  });

  it("breaking free from a grappler deleted after the Main was paid: a result, never a crash", async () => {
    setEconomy(w.combatants.lisbet, { grappling: CIDS.wenna });
    setEconomy(w.combatants.wenna, { grappledBy: [CIDS.lisbet] });
    w.world.arm(1, () => w.actors.lisbet.vanish());
    const answer = await request(OTHER, REQUESTS.breakFree,
      { combatId: COMBAT_ID, combatantId: CIDS.wenna }) as any;
    expect(w.world.sprung).toBe(true);
    if (answer.ok) return;
    expect(knownReason(answer.reason), `a localized refusal, not ${answer.reason}`).toBe(true);
    expect(w.combatants.wenna.budget.main, "refused: the Main given back").toBe(false);
  });

  it("breaking free whose card the server refuses: the Main and the holds put back", async () => {
    setEconomy(w.combatants.lisbet, { grappling: CIDS.wenna });
    setEconomy(w.combatants.wenna, { grappledBy: [CIDS.lisbet] });
    // Wenna's check wins (she escapes); the roll is shown, then the GM's card is refused.
    ScriptedRoll.dice = [6, 6, 1, 1];
    (globalThis as any).ChatMessage.create = async () => {
      throw new Error("stand-in: the server refused the message");
    };
    const answer = await request(OTHER, REQUESTS.breakFree,
      { combatId: COMBAT_ID, combatantId: CIDS.wenna }) as any;
    expect(answer.ok).toBe(false);
    expect(w.combatants.wenna.budget.main, "the Main given back").toBe(false);
    expect(w.combatants.wenna.data.grappledBy, "still held").toEqual([CIDS.lisbet]);
    expect(w.combatants.lisbet.data.grappling).toBe(CIDS.wenna);
  });

  it("carrying a foe whose actor was deleted: refused in words, never a crash, the Main unspent", async () => {
    const sq = shockWorld({}, { square: true, places: { corvin: [0, 0], brute: [1, 0] } });
    registerGMRequests();
    setEconomy(sq.combatants.corvin, { grappling: CIDS.brute });
    setEconomy(sq.combatants.brute, { grappledBy: [CIDS.corvin] });
    // The Brute's actor is deleted; its combatant stays in the combat, holding its marks.
    sq.actors.brute.vanish();
    const answer = await request(AUTHOR, REQUESTS.carry,
      { combatId: COMBAT_ID, combatantId: CIDS.corvin, mode: "carry", x: 0, y: 100 });
    expect(answer).toEqual({ ok: false, reason: "FRAY.Shock.Carry.NotHolding" });
    expect(sq.combatants.corvin.budget.main).toBe(false);
  });

  it("a carry whose foe's token is deleted between the two moves: all of it put back", async () => {
    const sq = shockWorld({}, { square: true, places: { corvin: [0, 0], brute: [1, 0] } });
    registerGMRequests();
    setEconomy(sq.combatants.corvin, { grappling: CIDS.brute });
    setEconomy(sq.combatants.brute, { grappledBy: [CIDS.corvin] });
    // Corvin wins the check; his token moves a square down, then the Brute's token is deleted by
    // another client just before the GM moves it too.
    ScriptedRoll.dice = [6, 6, 1, 1];
    const brute = sq.tokens.brute as any;
    const moveBrute = brute.move.bind(brute);
    brute.move = async (...args: unknown[]) => {
      brute.vanish();
      return moveBrute(...args);
    };
    const answer = await request(AUTHOR, REQUESTS.carry,
      { combatId: COMBAT_ID, combatantId: CIDS.corvin, mode: "carry", x: 0, y: 100 }) as any;
    expect(answer.ok).toBe(false);
    expect(brute.deleted).toBe(true);
    const corvin = sq.tokens.corvin as any;
    expect([corvin.x, corvin.y], "the grappler's token back where it stood").toEqual([0, 0]);
    // Put back as a rule's move, which no movement watch judges (shell/movement/watch.ts).
    expect(corvin.updates.at(-1)).toEqual({ changes: { y: 0 }, options: { frayForced: true } });
    expect(sq.combatants.corvin.budget.main, "the Main given back").toBe(false);
    expect(sq.combatants.corvin.data.grappling, "the hold as it was").toBe(CIDS.brute);
  });
});
