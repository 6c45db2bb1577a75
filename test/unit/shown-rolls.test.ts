import { afterEach, describe, expect, it, vi } from "vitest";
import { modeLike, rollModeFor } from "../../src/shell/dice/shown-rolls";

/**
 * Who sees the dice the GM's client rolls (client/documents/chat-message.mjs `applyRollMode`):
 * as the card they belong to is seen, everyone for a player's character, else the roller's mode.
 */
describe("the visibility of the GM's dice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a card's dice are seen by who sees the card", () => {
    expect(modeLike({ whisper: [], blind: false })).toEqual({ rollMode: "publicroll", whisper: [] });
    expect(modeLike({ whisper: ["gm", "poster"], blind: false }))
      .toEqual({ rollMode: "gmroll", whisper: ["gm", "poster"] });
    expect(modeLike({ whisper: ["gm", null], blind: true })).toEqual({ rollMode: "blindroll", whisper: ["gm"] });
  });

  it("a private GM shows a player's character's dice to everyone, and keeps an NPC's", () => {
    vi.stubGlobal("game", { user: { isGM: true }, settings: { get: () => "gmroll" } });
    expect(rollModeFor({ hasPlayerOwner: true })).toBe("publicroll");
    expect(rollModeFor({ hasPlayerOwner: false })).toBe("gmroll");
    expect(rollModeFor(null)).toBe("gmroll");
    // A player rolls as its own setting says.
    vi.stubGlobal("game", { user: { isGM: false }, settings: { get: () => "selfroll" } });
    expect(rollModeFor({ hasPlayerOwner: true })).toBe("selfroll");
  });
});
