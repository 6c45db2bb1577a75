import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkApplyRequest, checkHealRequest, parseApplyRequest, parseHealRequest, type Sender,
} from "../../src/rulesets/escalation/play/requests/relay-check";
import { hpChange } from "../../src/rulesets/escalation/play/cards/hp-change";
import { sealAttack, sealOf, type ApplyRecord } from "../../src/rulesets/escalation/play/cards/card-seal";
import {
  CLAIM_HOLD_MS, claimsToPrune, holdsClaim, isClaimed,
} from "../../src/shell/relay/claims";
import { sampleCard } from "../support/fixtures";

const seal = sealAttack(sampleCard, "player1");
const player1: Sender = { id: "player1", isGM: false };
const player2: Sender = { id: "player2", isGM: false };
const gm: Sender = { id: "gm", isGM: true };
const record = (by: string, mode: ApplyRecord["mode"], op = 0): ApplyRecord => ({
  op, by, mode, hpChange: mode === "undo" ? 0 : -30, deathBefore: null, deathAfter: null, addedEffects: [], lastGasp: false, selfDamage: 0,
});
const req = (mode: string, index = 0) => parseApplyRequest({ messageId: "m1", index, mode })!;

describe("the GM's check of a request to apply a card (reads only the seal and records)", () => {
  it("lets the author apply and undo what they applied; the GM may do anything", () => {
    expect(checkApplyRequest(req("apply"), seal, [], player1)).toEqual({ ok: true, op: 0 });
    expect(checkApplyRequest(req("undo"), seal, [record("player1", "apply")], player1)).toEqual({ ok: true, op: 1 });
    expect(checkApplyRequest(req("double"), seal, [], gm)).toEqual({ ok: true, op: 0 });
    expect(checkApplyRequest(req("undo"), seal, [record("player1", "apply")], gm)).toMatchObject({ ok: true });
  });

  it("keeps Half, Double and Heal for the GM, and undo for whoever applied", () => {
    for (const mode of ["half", "double", "heal"]) {
      expect(checkApplyRequest(req(mode), seal, [], player1)).toEqual({ ok: false, reason: "gmOnly" });
    }
    expect(checkApplyRequest(req("undo"), seal, [record("gm", "double")], player1)).toEqual({ ok: false, reason: "notYours" });
  });

  it("refuses other players, targets not on the seal, a second apply and an undo of nothing", () => {
    expect(checkApplyRequest(req("apply"), seal, [], player2)).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkApplyRequest(req("apply"), seal, [], null)).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkApplyRequest(req("apply", 7), seal, [], player1)).toEqual({ ok: false, reason: "notOnCard" });
    expect(checkApplyRequest(req("apply"), seal, [record("player1", "apply")], player1)).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkApplyRequest(req("undo"), seal, [], player1)).toEqual({ ok: false, reason: "notApplied" });
  });

  it("after an undo the target can be applied again, as a new step", () => {
    const steps = [record("player1", "apply", 0), record("player1", "undo", 1)];
    expect(checkApplyRequest(req("apply"), seal, steps, player1)).toEqual({ ok: true, op: 2 });
    const voided = [record("player1", "void", 0)];
    expect(checkApplyRequest(req("apply"), seal, voided, player1)).toEqual({ ok: true, op: 1 });
  });

  it("a card no GM sealed is the GM's alone", () => {
    expect(checkApplyRequest(req("apply"), null, [], player1)).toEqual({ ok: false, reason: "unsealed" });
    expect(checkApplyRequest(req("apply"), null, [], gm)).toEqual({ ok: true, op: 0 });
  });

  it("zero is never healing, and modes turn damage into HP changes", () => {
    expect([hpChange("apply", 9), hpChange("half", 9), hpChange("double", 9), hpChange("heal", 9)]).toEqual([-9, -4, -18, 9]);
    for (const mode of ["apply", "half", "double", "heal"] as const) expect(Object.is(hpChange(mode, 0), 0)).toBe(true);
    expect(Object.is(hpChange("half", 1), 0)).toBe(true);
  });
});

describe("forged and malformed requests (property-based)", () => {
  const anything = fc.anything({ withNullPrototype: true, withObjectString: true });

  it("garbage payloads are refused by parsing, never thrown", () => {
    fc.assert(fc.property(anything, (payload) => {
      const parsed = parseApplyRequest(payload);
      if (parsed) {
        expect(typeof parsed.messageId).toBe("string");
        expect(Number.isInteger(parsed.index)).toBe(true);
      }
      expect(() => parseHealRequest(payload)).not.toThrow();
      expect(() => sealOf(payload)).not.toThrow();
    }));
    expect(parseApplyRequest(null)).toBeNull();
    expect(parseApplyRequest({ messageId: "m", index: -1, mode: "apply" })).toBeNull();
    expect(parseApplyRequest({ messageId: "m", index: 0, mode: "explode" })).toBeNull();
  });

  it("no player but the author is ever let through, whatever the card's records say", () => {
    const modes = fc.constantFrom("apply", "half", "double", "heal", "undo");
    const records = fc.array(fc.record({
      by: fc.constantFrom("player1", "player2", "gm"), mode: fc.constantFrom("apply", "half", "double", "heal", "undo", "void"),
    }), { maxLength: 5 });
    fc.assert(fc.property(modes, fc.nat(3), records, fc.constantFrom("player2", "player3"), (mode, index, rs, id) => {
      const steps = rs.map((r, op) => record(r.by, r.mode as ApplyRecord["mode"], op));
      const verdict = checkApplyRequest(req(mode, index), seal, steps, { id, isGM: false });
      expect(verdict.ok).toBe(false);
    }));
  });

  it("the author's legitimate steps are never refused: apply when open, undo their own", () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { maxLength: 6 }), (toggles) => {
      const steps: ApplyRecord[] = [];
      for (const undo of toggles) {
        const applied = steps.length > 0 && steps[steps.length - 1]!.mode !== "undo";
        const mode = applied ? "undo" : "apply";
        const verdict = checkApplyRequest(req(mode), seal, steps, player1);
        expect(verdict).toEqual({ ok: true, op: steps.length });
        steps.push(record("player1", mode, steps.length));
        if (undo) continue;
      }
    }));
  });

  it("a forged seal is not a seal", () => {
    expect(sealOf({ kind: "attack", authorId: "p", actorUuid: "a", sustainItemId: "", targets: [{ tokenUuid: "t", name: "n", damage: -5, crit: false, lastGasp: false, selfDamage: 0, effects: [] }] })).toBeNull();
    expect(sealOf({ kind: "refused" })).toBeNull();
    expect(sealOf(seal)).toEqual(seal);
  });

  it("heal buttons: the author (or GM), a sealed target, once", () => {
    const healSeal = { kind: "heal" as const, authorId: "player1", actorUuid: "Actor.a", free: false, targets: [{ uuid: "Actor.b", name: "B" }] };
    const heal = parseHealRequest({ messageId: "m", index: 0, mode: "roll" })!;
    expect(checkHealRequest(heal, healSeal, false, player1)).toEqual({ ok: true });
    expect(checkHealRequest(heal, healSeal, false, player2)).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkHealRequest(heal, healSeal, true, player1)).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkHealRequest({ ...heal, index: 3 }, healSeal, false, gm)).toEqual({ ok: false, reason: "notOnCard" });
    expect(checkHealRequest(heal, null, false, player1)).toEqual({ ok: false, reason: "unsealed" });
  });
});

describe("claims: one step, one winner, even between two clients acting as the active GM", () => {
  /**
   * A model of Foundry's server: updates are applied one at a time, and a writer's copy, when its
   * own update returns, holds every update applied before it (they were broadcast first).
   */
  function race(order: readonly string[]): string[] {
    const server: Record<string, Record<string, true>> = {};
    const winners: string[] = [];
    for (const nonce of order) {
      const key = "t0-0";
      server[key] = { ...(server[key] ?? {}), [nonce]: true };
      const copy = structuredClone(server);
      if (holdsClaim(copy, key, nonce)) winners.push(nonce);
    }
    return winners;
  }

  it("exactly the first claim applied wins, for any interleaving", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.stringMatching(/^n[a-z0-9]{4,8}$/), { minLength: 1, maxLength: 6 }), (nonces) => {
      expect(race(nonces)).toEqual([nonces[0]]);
    }));
  });

  it("reads claims safely", () => {
    expect(isClaimed(undefined, "0-0")).toBe(false);
    expect(isClaimed({ "0-0": { nA: true } }, "0-0")).toBe(true);
    expect(isClaimed({}, "constructor")).toBe(false);
    expect(holdsClaim(null, "0-0", "nA")).toBe(false);
  });

  it("a claim left by a client that stopped mid-step no longer blocks once it is stale", () => {
    const now = 1_000_000_000;
    const stale = now - CLAIM_HOLD_MS - 1;
    const recent = now - CLAIM_HOLD_MS;
    expect(isClaimed({ k: { nA: stale } }, "k", now)).toBe(false);
    expect(isClaimed({ k: { nA: recent } }, "k", now)).toBe(true);
    // Of the claims after a stale one, the first still wins, and only it.
    const claims = { k: { nA: stale, nB: now - 10, nC: now } };
    expect(holdsClaim(claims, "k", "nA", now)).toBe(false);
    expect(holdsClaim(claims, "k", "nB", now)).toBe(true);
    expect(holdsClaim(claims, "k", "nC", now)).toBe(false);
  });

  it("prunes claims a day old (and malformed ones), keeps the rest", () => {
    const now = 10 * 24 * 3600 * 1000;
    const claims = { old: { nA: now - 25 * 3600 * 1000 }, fresh: { nB: now - 1000 }, bad: 3, legacy: { nC: true } };
    expect(claimsToPrune(claims, now).sort()).toEqual(["bad", "legacy", "old"]);
    expect(claimsToPrune(null, now)).toEqual([]);
  });
});
