import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Localize } from "../../src/engine/i18n";
import { TIE_BREAK } from "../../src/engine/initiative/sides";
import {
  healthOfActor, hpOf, isPlayerCharacter, isShockActor, mortalOf,
} from "../../src/rulesets/shock/play/round/actor-health";
import { sideName, sideRollName } from "../../src/rulesets/shock/play/round/side-rolls";
import { mayActNext } from "../../src/rulesets/shock/play/round/sides";

/**
 * The Combat's and the Actor's decisions moved to shock's pure play/round/ layer, checked without
 * Foundry: a side's name, the name over an initiative roll, and an actor's health from its data.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Damage; RULINGS.md §shock (Side
 * initiative, Mortally Injured, NPC defeated).
 */
const t: Localize = (key) => `<${key}>`;

describe("side names", () => {
  it("names the party's side the party's, and every other side the foes'", () => {
    expect(sideName("party", t)).toBe("<FRAY.Shock.Side.party>");
    expect(sideName("foes", t)).toBe("<FRAY.Shock.Side.foes>");
    expect(sideName("bandits", t)).toBe("<FRAY.Shock.Side.foes>");
  });

  it("names a side's roll after its side, and a tie-break after no one", () => {
    expect(sideRollName("party", t)).toBe("<FRAY.Shock.Side.party>");
    expect(sideRollName("wolves", t)).toBe("<FRAY.Shock.Side.foes>");
    expect(sideRollName(TIE_BREAK, t)).toBeUndefined();
  });
});

describe("an actor's health from its data", () => {
  const pc = (value: number, injured: boolean, stabilised: boolean) => ({
    type: "shockCharacter", system: { hp: { value, max: 12 }, mortal: { injured, stabilised } },
  });
  const npc = (value: number) => ({ type: "shockNpc", system: { hp: { value, max: 7 } } });

  it("knows shock's actor types, and which is a PC", () => {
    expect(isShockActor({ type: "shockCharacter" })).toBe(true);
    expect(isShockActor({ type: "shockNpc" })).toBe(true);
    expect(isShockActor({ type: "escalationCharacter" })).toBe(false);
    expect(isPlayerCharacter({ type: "shockCharacter" })).toBe(true);
    expect(isPlayerCharacter({ type: "shockNpc" })).toBe(false);
  });

  it("reads HP and a PC's marks; an NPC has no marks whatever its data says", () => {
    expect(hpOf(pc(5, false, false))).toEqual({ value: 5, max: 12 });
    expect(mortalOf(pc(0, true, true))).toEqual({ injured: true, stabilised: true });
    const marked = { type: "shockNpc", system: { hp: { value: 0, max: 7 }, mortal: { injured: true } } };
    expect(mortalOf(marked)).toEqual({ injured: false, stabilised: false });
  });

  it("is up above 0 HP; at 0 a PC is Mortally Injured or stabilised, an NPC defeated", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.boolean(),
      (hp, injured, stabilised) => {
        expect(healthOfActor(pc(hp, injured, stabilised))).toBe("up");
        expect(healthOfActor(npc(Math.min(hp, 7)))).toBe("up");
      }));
    expect(healthOfActor(pc(0, true, false))).toBe("mortallyInjured");
    expect(healthOfActor(pc(0, true, true))).toBe("stabilised");
    expect(healthOfActor(npc(0))).toBe("defeated");
  });
});

describe("picking who acts next", () => {
  it("is for the acting side, in a started combat, among those yet to act", () => {
    expect(mayActNext(true, "party", "party", 3, 1)).toBe(true);
    expect(mayActNext(true, "party", "party", 0, null)).toBe(true);
    expect(mayActNext(true, "party", "party", 1, 1)).toBe(false);
    expect(mayActNext(true, "party", "party", 0, 1)).toBe(false);
    expect(mayActNext(true, "foes", "party", 3, 1)).toBe(false);
    expect(mayActNext(true, null, "party", 3, 1)).toBe(false);
    expect(mayActNext(false, "party", "party", 3, 1)).toBe(false);
  });
});
