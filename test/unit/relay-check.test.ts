import { describe, expect, it } from "vitest";
import { checkApplyRequest, hpChange } from "../../src/chat/relay-check";
import type { AttackCard, CardTarget } from "../../src/chat/card-spec";

const target = (uuid: string, done = false): CardTarget => ({
  tokenUuid: uuid, name: uuid, defense: "ac", defenseValue: 15, dice: [4, 4, 4], natural: 12, total: 18, edge: 0,
  hit: true, lastGasp: false, selfDamage: 0, crit: false, critFail: false, invisibleFailed: false, damage: 9, damageType: "weapon", damageFormula: "2d6+2",
  halved: false, damageKind: "hit", effects: [], applied: { done, mode: done ? "apply" : "", amount: done ? -9 : 0, hpBefore: 30, addedEffects: [], lastGasp: false, selfDamage: 0 },
});
const card = (targets: CardTarget[]): { authorId: string; data: AttackCard } => ({
  authorId: "player1", data: { actorUuid: "Actor.a", abilityName: "Strike", escalation: 0, formula: "3d6", sustainItemId: "", targets },
});
const request = (mode: string, tokenUuid = "Token.t1") => ({ messageId: "m1", tokenUuid, mode });
const player1 = { id: "player1", isGM: false };
const player2 = { id: "player2", isGM: false };
const gm = { id: "gm", isGM: true };

describe("apply-damage relay check (run on the active GM's client)", () => {
  it("lets the card's author apply to a target on the card", () => {
    expect(checkApplyRequest(request("apply"), card([target("Token.t1")]), player1)).toEqual({ ok: true, mode: "apply", targetIndex: 0 });
  });
  it("lets a GM apply any card", () => {
    expect(checkApplyRequest(request("half"), card([target("Token.t1")]), gm)).toMatchObject({ ok: true });
  });
  it("refuses another player", () => {
    expect(checkApplyRequest(request("apply"), card([target("Token.t1")]), player2)).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkApplyRequest(request("apply"), card([target("Token.t1")]), null)).toEqual({ ok: false, reason: "notAuthor" });
  });
  it("refuses a token that is not on the card", () => {
    expect(checkApplyRequest(request("apply", "Token.other"), card([target("Token.t1")]), player1)).toEqual({ ok: false, reason: "notOnCard" });
  });
  it("refuses applying twice, and undoing what was not applied", () => {
    expect(checkApplyRequest(request("apply"), card([target("Token.t1", true)]), player1)).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkApplyRequest(request("undo"), card([target("Token.t1")]), player1)).toEqual({ ok: false, reason: "notApplied" });
    expect(checkApplyRequest(request("undo"), card([target("Token.t1", true)]), player1)).toMatchObject({ ok: true, mode: "undo" });
  });
  it("refuses unknown modes and missing messages", () => {
    expect(checkApplyRequest(request("explode"), card([target("Token.t1")]), gm)).toEqual({ ok: false, reason: "badMode" });
    expect(checkApplyRequest(request("apply"), null, gm)).toEqual({ ok: false, reason: "badMessage" });
  });
  it("turns modes into HP changes: apply, half (round down), double, heal", () => {
    expect([hpChange("apply", 9), hpChange("half", 9), hpChange("double", 9), hpChange("heal", 9)]).toEqual([-9, -4, -18, 9]);
  });
});
