import { describe, expect, it } from "vitest";
import { sealAttack, sealOf } from "../../src/rulesets/escalation/play/cards/card-seal";
import { grabberAmong, hitInRound } from "../../src/rulesets/escalation/play/cards/hits-this-round";
import { sampleCard } from "../support/fixtures";

/** Grabbed: no Disadvantage to disengage from a grabber the bearer hit this round (§Conditions). */
describe("hits this round, from sealed attack cards", () => {
  const seal = sealAttack(sampleCard, "author");
  const who = { actorUuid: "Actor.a", tokenUuid: "Scene.s.Token.t1", combatId: "combat1", round: 2 };

  it("the seal keeps the encounter, the round and each target's hit as posted", () => {
    expect(seal).toMatchObject({ combatId: "combat1", round: 2 });
    expect(seal.targets.map((t) => t.hit)).toEqual([true, false]);
    expect(sealOf(JSON.parse(JSON.stringify(seal)))).toEqual(seal);
  });

  it("finds a hit by that attacker on that target in that round of that encounter only", () => {
    expect(hitInRound([seal], who)).toBe(true);
    expect(hitInRound([seal], { ...who, round: 1 })).toBe(false);
    expect(hitInRound([seal], { ...who, combatId: "other" })).toBe(false);
    expect(hitInRound([seal], { ...who, actorUuid: "Actor.b" })).toBe(false);
    // The second target was attacked and missed (a crit fail): no hit.
    expect(hitInRound([seal], { ...who, tokenUuid: "Scene.s.Token.t2" })).toBe(false);
    expect(hitInRound([], who)).toBe(false);
  });

  it("never counts cards rolled outside combat, and reads older seals as no hit outside combat", () => {
    const outside = sealAttack({ ...sampleCard, combatId: "", round: 0 }, "author");
    expect(hitInRound([outside], { ...who, combatId: "", round: 0 })).toBe(false);
    const older = JSON.parse(JSON.stringify(seal)) as Record<string, unknown> & { targets: object[] };
    delete older.combatId;
    delete older.round;
    for (const t of older.targets) delete (t as { hit?: boolean }).hit;
    const read = sealOf(older);
    expect(read).toMatchObject({ combatId: "", round: 0 });
    expect(read?.kind === "attack" && read.targets.every((t) => !t.hit)).toBe(true);
  });
});

/** Grabbed gives Disadvantage to disengage from its grabber unless hit this round (§Conditions). */
describe("grabberAmong", () => {
  // Actor.a's sealed card hit the token of combatant "hag" (t1) in round 2 of combat1.
  const seal = sealAttack(sampleCard, "author");
  const tokens: Record<string, string> = { hag: "Scene.s.Token.t1", sentry: "Scene.s.Token.t2" };
  const who = {
    actorUuid: "Actor.a", combatId: "combat1", round: 2, tokenOf: (id: string) => tokens[id] ?? "",
  };
  it("a grabber among the foes counts unless hit this round", () => {
    expect(grabberAmong(["sentry"], ["sentry", "hag"], [seal], who)).toBe(true);
    expect(grabberAmong(["hag"], ["sentry", "hag"], [seal], who)).toBe(false);
    expect(grabberAmong(["hag"], ["hag"], [seal], { ...who, round: 3 })).toBe(true);
  });
  it("a grabber not among the foes does not count", () => {
    expect(grabberAmong(["sentry"], ["hag"], [seal], who)).toBe(false);
  });
  it("a Grabbed toggled by hand (no known source) is assumed to be the grabber's", () => {
    expect(grabberAmong([], ["hag"], [seal], who)).toBe(true);
    expect(grabberAmong(["hag", ""], ["hag"], [seal], who)).toBe(true);
  });
});
