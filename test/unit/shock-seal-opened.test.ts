import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { playOpening } from "../../src/engine/resolution/window/drive";
import { screenSide } from "../../src/rulesets/shock/rules/maneuvers";
import { SHOCK_WINDOW } from "../../src/rulesets/shock/rules/reaction-window";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import type { ShockWindowState } from "../../src/rulesets/shock/play/cards/card-window";
import { sealOfOpening, type OpenedAt, type SealParty } from "../../src/rulesets/shock/play/requests/seal-opened";
import { wielder } from "../../src/rulesets/shock/test/fixtures";
import { TARGET, windowContext, windowState } from "../support/shock-window";

/**
 * The seal of a card whose window the GM has just opened, from the window and the combatants read
 * of the documents: whether it hits, on whom, what it offers, the screen as rolled. Source:
 * `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Screen an Ally, §Execution Attacks.
 */
const card = (over: Partial<ShockCard> = {}): ShockCard => ({
  actorUuid: "Actor.orc", weaponId: "w", weaponName: "Axe", summary: "", tokenUuid: "Scene.s.Token.tw",
  targetName: "Wenna", combatId: "c", round: 1, charge: false, snap: false, dualWield: false, swarmOthers: 0,
  inMelee: false, situations: [], formula: "1d20 + 2", snapFor: "", execution: false, nonLethal: false,
  natural: 12, total: 14, ...over,
});
const party = (id: string, name = id): SealParty => ({ id, name, token: { uuid: `Scene.s.Token.${id}`, name } });
const at = (over: Partial<OpenedAt> = {}): OpenedAt => ({
  inCombat: true, ward: party(TARGET, "Wenna"), roster: [party(TARGET, "Wenna"), party("s1", "Oskar")],
  holders: [], snappers: [], attackerTokenUuid: "Scene.s.Token.orc", ...over,
});

describe("a card opened with nothing declared", () => {
  it("hits when the total meets the ward's AC as the window opened (13), on the ward's combatant", () => {
    const seal = sealOfOpening(card(), "author", windowState(), at());
    expect(seal).toMatchObject({
      hit: true, targetCombatantId: TARGET, tokenUuid: "Scene.s.Token.tw", targetName: "Wenna",
      authorId: "author", screen: null, attackerTokenUuid: "Scene.s.Token.orc", offers: [],
    });
    expect(sealOfOpening(card({ total: 12 }), "author", windowState(), at()).hit).toBe(false);
  });

  it("the hit is the total against that AC for every roll; an execution always lands", () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 19 }), fc.integer({ min: -3, max: 8 }), fc.boolean(),
      (natural, bonus, execution) => {
        const seal = sealOfOpening(card({ natural, total: natural + bonus, execution }), "a", windowState(), at());
        expect(seal.hit).toBe(execution || natural + bonus >= 13);
      }));
  });

  it("outside a combat it names no combatant; the holders are its helpers", () => {
    expect(sealOfOpening(card(), "a", windowState(), at({ inCombat: false })).targetCombatantId).toBe("");
    const helpers = sealOfOpening(card(), "a", windowState(), at({ holders: [party("h1", "Hal")] })).helpers;
    expect(helpers).toEqual([{ combatantId: "h1", name: "Hal", tokenUuid: "Scene.s.Token.h1" }]);
  });

  it("a window that was not opened is no seal", () => {
    const empty = { ...windowState(), frames: [] } as ShockWindowState;
    expect(() => sealOfOpening(card(), "a", empty, at())).toThrow(/not opened/);
  });
});

describe("a card a declared screener took", () => {
  // The attacker's 2d6 (1, 1) against the screener's (6, 6): the screener takes the attack.
  const opened = async () => {
    const context = windowContext({
      screeners: [screenSide("s1", wielder())], defenders: [TARGET, "s1"], ac: { [TARGET]: 13, s1: 11 },
    });
    const played = await playOpening(SHOCK_WINDOW, context, async () => [1, 1, 6, 6]);
    if (!played.ok) throw new Error(played.reason);
    return played.state;
  };

  it("is sealed on the screener: its token, its combatant, the screen as rolled, by name", async () => {
    const seal = sealOfOpening(card(), "a", await opened(), at());
    expect(seal).toMatchObject({
      tokenUuid: "Scene.s.Token.s1", targetName: "Oskar", targetCombatantId: "s1",
      screen: { ward: "Wenna", attackerTotal: 2, takenBy: "Oskar", screeners: [{ name: "Oskar", total: 12, won: true }] },
    });
  });

  it("hits against the screener's AC (11), not the ward's (13)", async () => {
    expect(sealOfOpening(card({ total: 12 }), "a", await opened(), at()).hit).toBe(true);
    expect(sealOfOpening(card({ total: 10 }), "a", await opened(), at()).hit).toBe(false);
  });

  it("outside a combat the screener's token is the target still, with no combatant named", async () => {
    const seal = sealOfOpening(card(), "a", await opened(), at({ inCombat: false }));
    expect(seal).toMatchObject({ tokenUuid: "Scene.s.Token.s1", targetCombatantId: "" });
  });
});
