import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { GRIDLESS, hexGrid } from "../../../engine/space/grid";
import { packStatblock } from "./pack-statblocks";
import { KEPT_SPEC } from "../play/data/kept-spec";
import type { FieldToken } from "../play/cards/field";
import {
  provokedByMove, provokedByTumble, provokedInPlace, threatsFrom,
} from "../play/round/reaction-attacks";

/**
 * Who may make a reaction attack (play/round/reaction-attacks.ts), on a hex grid with pack
 * statblocks: the enemies with a melee weapon in hand, standing, with 1 RP, whose reach covers
 * the hex the mover leaves (not a Take a Step's), or where it casts or stands up.
 * Source: `004_2cc57162401858c9.txt` §Reaction Attacks, §Threat Range, §Taking a Step.
 */
const thug = packStatblock("npcs", "bandit-thug");
const grid = hexGrid(false, false);
const foe = (id: string, j: number, over: Partial<FieldToken> = {}, rp = 2): FieldToken => ({
  tokenId: id, uuid: id, combatantId: id, side: "foes", at: { origin: { i: 0, j } }, block: thug,
  up: true, kept: withDefaults(KEPT_SPEC, { rp }), ...over,
});
const mover = { id: "me", side: "party" };

describe("reaction attacks", () => {
  it("threats are the other side's standing combatants on the grid with a melee weapon", () => {
    const unarmed = { ...thug, weapons: thug.weapons.map((w) => ({ ...w, readied: false })) };
    const threats = threatsFrom([
      foe("a", 1), foe("b", 2, { side: "party" }), foe("c", 3, { at: null }),
      foe("d", 4, { block: unarmed }), foe("me", 5), foe("e", 6, { up: false }, 0),
    ], mover);
    expect(threats.map((x) => [x.id, x.able, x.rp])).toEqual([["a", true, 2], ["e", false, 0]]);
  });

  it("leaving a threatened hex provokes; a Take a Step's one hex does not; none off the grid", () => {
    const threats = threatsFrom([foe("a", 1), foe("poor", 1, {}, 0)], mover);
    const away = [{ i: 0, j: 0 }, { i: 0, j: -1 }];
    expect(provokedByMove(grid, away, undefined, threats, false)).toEqual(["a"]);
    expect(provokedByMove(grid, away, undefined, threats, true)).toEqual([]);
    expect(provokedByMove(GRIDLESS, away, undefined, threats, false)).toBeNull();
  });

  it("casting or standing up within reach provokes each ready enemy there", () => {
    const threats = threatsFrom([foe("a", 1), foe("far", 5), foe("poor", 1, {}, 0)], mover);
    expect(provokedInPlace(grid, { origin: { i: 0, j: 0 } }, threats)).toEqual(["a"]);
    expect(provokedInPlace(GRIDLESS, { origin: { i: 0, j: 0 } }, threats)).toBeNull();
  });

  it("a failed Tumble Through provokes the enemy it tried to pass alone, if it may react", () => {
    const threats = threatsFrom([foe("a", 1), foe("b", 2), foe("poor", 1, {}, 0),
      foe("down", 1, { up: false })], mover);
    expect(provokedByTumble(threats, "a")).toEqual(["a"]);
    // Out of reach does not matter: it was passing it.
    expect(provokedByTumble(threats, "b")).toEqual(["b"]);
    expect(provokedByTumble(threats, "poor")).toEqual([]);
    expect(provokedByTumble(threats, "down")).toEqual([]);
    expect(provokedByTumble(threats, "nobody")).toEqual([]);
  });
});
