import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  apWorld, CIDS, COMBAT_ID, keptOfCombatant, ownerOf, request, setKept, type ApWorld, type Who,
} from "../support/action-points-world";
import { dragToken, registerApRequests } from "../support/action-points-play";
import { GRID_TYPES } from "../support/foundry-documents";

/**
 * What action-points' request fuzz (`action-points-requests-fuzz.test.ts`) found in the GM's
 * handling of spends and moves, each pinned by its smallest case on the stand-in world (a hex grid
 * of Foundry's HEXODDR layout, the foes' tokens unlinked, or a square grid):
 * - a drag out and back to the starting space was neither paid nor provoked (shell's watch);
 * - a move of more than one hex after a Take a Step was charged as movement from its first hex
 *   but its first hex provoked nothing;
 * - a fallen combatant's token, moved by a client that skips its own check, was left where it
 *   went;
 * - a player's refused move, put back, still used up the step taken;
 * - a spend could be asked back (`fray.keptRefund`) after it took effect: a Stand Up given back
 *   left the combatant standing with its AP.
 * Source: `004_2cc57162401858c9.txt` §Actions (Movement), §Taking a Step, §Reaction Attacks;
 * RULINGS.md §action-points Costs.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

/** A world on `grid` with Ivo acting (5 AP, its pack's Move Speed), the others out of reach. */
function world(grid: number, places: Partial<Record<Who, [number, number]>>): ApWorld {
  const away: Record<Who, [number, number]> = {
    ivo: [2, 2], oswin: [0, 0], reyna: [0, 1], thug: [6, 4], bowman: [6, 0], cultist: [6, 1],
  };
  const w = apWorld({ grid, places: { ...away, ...places }, unlinked: ["thug", "bowman", "cultist"] });
  registerApRequests();
  w.combat.turn = 0;
  return w;
}
const offersAgainst = (w: ApWorld, who: Who) => [...w.messages.values()]
  .filter((m) => m.flags?.fray?.offer?.targetTokenUuid === w.tokens[who].uuid)
  .flatMap((m) => m.flags.fray.offer.responders.map((r: any) => r.combatantId));
const byOwner = { user: ownerOf("ivo"), honest: false, tabs: 1 } as const;

describe("action-points' moves and spends, as the request fuzz found them", () => {
  it("a drag out of a threatened hex and back is paid and provokes", async () => {
    // Ivo beside the thug (an unlinked token) on a hex grid; out two hexes and back.
    const w = world(GRID_TYPES.HEXODDR, { thug: [3, 2] });
    expect(await dragToken(w, "ivo", [[1, 2], [0, 2], [1, 2], [2, 2]], byOwner)).toBe(true);
    const kept = keptOfCombatant(w.combatants.ivo);
    expect([kept.ap, kept.moveAp, kept.moveHexes]).toEqual([4, 1, 4]);
    expect(offersAgainst(w, "ivo")).toEqual([CIDS.thug]);
  });

  it("a move of two hexes after a step pays for both and provokes from the first", async () => {
    const w = world(GRID_TYPES.SQUARE, { thug: [3, 2] });
    setKept(w.combatants.ivo, { stepping: true, step: true, ap: 4 });
    await dragToken(w, "ivo", [[1, 2], [0, 2]], byOwner);
    const kept = keptOfCombatant(w.combatants.ivo);
    expect([kept.ap, kept.moveHexes, kept.stepping]).toEqual([3, 2, false]);
    expect(offersAgainst(w, "ivo")).toEqual([CIDS.thug]);
  });

  it("the step's one hex is free and provokes nothing", async () => {
    const w = world(GRID_TYPES.SQUARE, { thug: [3, 2] });
    setKept(w.combatants.ivo, { stepping: true, step: true, ap: 4 });
    await dragToken(w, "ivo", [[1, 2]], byOwner);
    const kept = keptOfCombatant(w.combatants.ivo);
    expect([kept.ap, kept.moveHexes, kept.stepping]).toEqual([4, 0, false]);
    expect(offersAgainst(w, "ivo")).toEqual([]);
  });

  it("a fallen PC's move, sent past its client's check, is put back; a GM's drag of it stands", async () => {
    const w = world(GRID_TYPES.HEXEVENQ, { thug: [3, 2] });
    await w.actors.ivo.changeHp(-w.actors.ivo.system.hp.value);
    const [x, y] = [w.tokens.ivo.x, w.tokens.ivo.y];
    expect(await dragToken(w, "ivo", [[1, 2]], byOwner)).toBe(true);
    expect([w.tokens.ivo.x, w.tokens.ivo.y]).toEqual([x, y]);
    // Its honest client refuses it before it is sent.
    expect(await dragToken(w, "ivo", [[1, 2]], { ...byOwner, honest: true })).toBe(false);
    await dragToken(w, "ivo", [[1, 2]], { ...byOwner, user: ownerOf("thug") });
    expect([w.tokens.ivo.x, w.tokens.ivo.y]).not.toEqual([x, y]);
    expect(offersAgainst(w, "ivo")).toEqual([]);
  });

  it("a player's refused move is put back and keeps the step taken", async () => {
    const w = world(GRID_TYPES.SQUARE, {});
    setKept(w.combatants.ivo, { stepping: true, step: true, totalDefense: true });
    const before = keptOfCombatant(w.combatants.ivo);
    await dragToken(w, "ivo", [[1, 2]], byOwner);
    expect(keptOfCombatant(w.combatants.ivo)).toEqual(before);
    expect(w.tokens.ivo._positionToGridOffset({})).toEqual({ i: 2, j: 2 });
  });

  it("a spend is never given back: a Stand Up refunded would stand for free", async () => {
    const w = world(GRID_TYPES.HEXODDR, {});
    await w.actors.ivo.toggleStatusEffect("prone", { active: true });
    const spend = { combatId: COMBAT_ID, combatantId: CIDS.ivo, args: { action: "standUp" } };
    expect(await request(ownerOf("ivo"), "keptSpend", spend)).toEqual({ ok: true });
    expect([keptOfCombatant(w.combatants.ivo).ap, w.actors.ivo.statuses.has("prone")]).toEqual([4, false]);
    expect(await request(ownerOf("ivo"), "keptRefund", spend)).toEqual({ ok: false, reason: "notApplied" });
    expect(keptOfCombatant(w.combatants.ivo).ap).toBe(4);
  });
});
