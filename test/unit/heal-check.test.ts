import { describe, expect, it } from "vitest";
import { checkHealRequest, healFlagOf } from "../../src/chat/heal-check";

describe("healing from an ability card (the GM's check)", () => {
  const flag = { free: false, targets: [{ uuid: "A", name: "Brann", done: false }, { uuid: "B", name: "Tam", done: true }] };
  const card = { authorId: "u1", flag };
  it("lets the author or a GM heal a listed, unhealed target, rolled or averaged", () => {
    expect(checkHealRequest({ messageId: "m", uuid: "A", mode: "roll" }, card, { id: "u1", isGM: false })).toEqual({ ok: true, index: 0, mode: "roll" });
    expect(checkHealRequest({ messageId: "m", uuid: "A", mode: "average" }, card, { id: "gm", isGM: true })).toEqual({ ok: true, index: 0, mode: "average" });
  });
  it("refuses others, unlisted or healed targets, unknown modes and cards without the flag", () => {
    expect(checkHealRequest({ messageId: "m", uuid: "A", mode: "roll" }, card, { id: "u2", isGM: false })).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkHealRequest({ messageId: "m", uuid: "C", mode: "roll" }, card, { id: "u1", isGM: false })).toEqual({ ok: false, reason: "notOnCard" });
    expect(checkHealRequest({ messageId: "m", uuid: "B", mode: "roll" }, card, { id: "u1", isGM: false })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkHealRequest({ messageId: "m", uuid: "A", mode: "max" }, card, { id: "u1", isGM: false })).toEqual({ ok: false, reason: "badMode" });
    expect(checkHealRequest({ messageId: "m", uuid: "A", mode: "roll" }, null, { id: "u1", isGM: false })).toEqual({ ok: false, reason: "badMessage" });
  });
  it("reads only well-formed flags", () => {
    expect(healFlagOf({ fray: { heal: flag } })).toEqual(flag);
    expect(healFlagOf({ fray: { heal: { free: "no", targets: [] } } })).toBeNull();
    expect(healFlagOf({})).toBeNull();
  });
});
