import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { GRIDLESS } from "../../../engine/space/grid";
import { footprintsAdjacent } from "../../../engine/space/footprint";
import { distance } from "../../../engine/space/measure";
import { openWindow, stepWindow } from "../../../engine/resolution/window/step";
import { AP_WINDOW } from "../rules/reaction-window";
import type { CardField, FieldToken } from "../play/cards/field";
import { sealAttack, type ApSeal } from "../play/cards/seal";
import { windowContextOf } from "../play/cards/window-context";
import type { ApWindowState } from "../play/cards/react";
import type { CardLedger } from "../play/cards/card-view";
import {
  applyRefusal, interceptMove, ledgerOf, maneuverSealOf, parseNoArgs, pushBackMove, sealOf,
  swapMoves, undoReason, undoRefusal,
} from "../play/cards/card-steps";
import { grid, kept, sword, tamsin, thug } from "./card-fixtures";

/**
 * What an attack card's steps decide from the GM's records (`play/cards/card-steps.ts`), pure:
 * reading the seal and ledger, who may apply and undo (the author or a GM, once each, in order)
 * and where a won Intercept moves tokens. On pack pregens and NPCs, on a hex grid.
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Intercept.
 */

/** A sealed attack by user "u1" outside a combat, and its window settled as a hit. */
function settledCard(): { seal: ApSeal; settled: ApWindowState } {
  const v = sealAttack({
    actorUuid: "Actor.t", itemId: sword.id, itemName: sword.name, tokenUuid: "Scene.s.Token.a",
    targetTokenUuid: "Scene.s.Token.b", targetName: "Thug", combatId: "", round: 0,
    disadvantages: [], advantages: [], reactionFor: "", maneuver: "",
    shove: { choice: "prone", both: false },
  }, "u1", {
    attacker: tamsin, with: { weapon: sword }, distance: 1, threateners: 1, grappling: false,
    combat: null,
  }, [20]);
  if (!v.ok) throw new Error(v.refused);
  const ctx = windowContextOf(v.seal, { weapon: sword },
    { key: "attacker", block: tamsin, kept: null }, { key: "target", block: thug, kept: null }, []);
  const step = stepWindow(AP_WINDOW, openWindow(AP_WINDOW, ctx).state,
    { kind: "dice", results: [5] });
  if (!step.ok) throw new Error(step.reason);
  return { seal: v.seal, settled: step.state as ApWindowState };
}

describe("an attack card's records", () => {
  it("reads an attack's seal, a maneuver's, and the ledger (empty before anything)", () => {
    const { seal } = settledCard();
    expect(sealOf({ seal })).toBe(seal);
    expect(maneuverSealOf({ seal })).toBeNull();
    const maneuver = { maneuver: "shove" };
    expect(sealOf({ seal: maneuver })).toBeNull();
    expect(maneuverSealOf({ seal: maneuver })).toBe(maneuver);
    expect(sealOf({ seal: null })).toBeNull();
    expect(maneuverSealOf({ seal: null })).toBeNull();
    expect(ledgerOf({ ledger: null })).toEqual({});
    expect(ledgerOf({ ledger: { applied: true } })).toEqual({ applied: true });
    // Apply, Undo and Swap take no arguments: any object (fields are ignored) reads as none,
    // anything else is malformed.
    expect(parseNoArgs({})).toEqual({});
    expect(parseNoArgs({ extra: 1 })).toEqual({});
    for (const bad of [null, undefined, "apply", 3]) expect(parseNoArgs(bad)).toBeNull();
  });
});

describe("Apply and Undo", () => {
  const { seal, settled } = settledCard();
  const author = { id: "u1", isGM: false };
  const other = { id: "u2", isGM: false };
  const gm = { id: "g", isGM: true };

  it("Apply is the author's or a GM's, once the window settled, once", () => {
    expect(applyRefusal(seal, { window: settled }, author)).toBeNull();
    expect(applyRefusal(seal, { window: settled }, gm)).toBeNull();
    expect(applyRefusal(seal, { window: settled }, other)).toBe("notAuthor");
    expect(applyRefusal(null, { window: settled }, gm)).toBe("unsealed");
    expect(applyRefusal(seal, {}, author)).toBe("apNotSettled");
    expect(applyRefusal(seal, { window: settled, applied: true }, author)).toBe("alreadyApplied");
  });

  it("Undo is the author's or a GM's, after Apply, once", () => {
    expect(undoRefusal(seal, { window: settled, applied: true }, author)).toBeNull();
    expect(undoRefusal(seal, { window: settled, applied: true }, other)).toBe("notAuthor");
    expect(undoRefusal(null, { applied: true }, gm)).toBe("unsealed");
    expect(undoRefusal(seal, { window: settled }, gm)).toBe("notApplied");
    expect(undoRefusal(seal, { applied: true, undone: true }, gm)).toBe("notApplied");
  });

  it("never both at once, and each only for the author or a GM", () => {
    fc.assert(fc.property(
      fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom(author, other, gm),
      (sealed, isSettled, applied, undone, sender) => {
        const ledger: CardLedger = {
          ...(isSettled ? { window: settled } : {}), applied, undone,
        };
        const s = sealed ? seal : null;
        const apply = applyRefusal(s, ledger, sender) === null;
        const undo = undoRefusal(s, ledger, sender) === null;
        expect(apply && undo).toBe(false);
        const may = sealed && sender !== other;
        expect(apply).toBe(may && isSettled && !applied);
        expect(undo).toBe(may && applied && !undone);
      },
    ));
  });
});

/** A token at hex (i, j), in the encounter. */
const token = (id: string, side: string, i: number, j: number): FieldToken => ({
  tokenId: id, uuid: `Scene.s.Token.${id}`, combatantId: `c-${id}`, side,
  at: { origin: { i, j } }, block: side === "party" ? tamsin : thug, up: true, kept: kept(),
});
const field = (others: FieldToken[], over: Partial<CardField> = {}): CardField => ({
  grid, ownTurn: true, others,
  attacker: token("a", "party", 0, 0), target: token("t", "foes", 0, 1), ...over,
});

describe("a won Intercept's moves", () => {
  it("moves the interceptor into a spot next to both in melee, and not when it stands there", () => {
    const ally = token("n", "foes", 0, 3);
    const move = interceptMove(field([ally]), sword.id, "c-n")!;
    expect(move).toMatchObject({ uuid: "Scene.s.Token.n", from: { i: 0, j: 3 } });
    const at = (cell: { i: number; j: number }) => ({ origin: cell });
    expect(footprintsAdjacent(grid, at(move.to), at({ i: 0, j: 0 }))).toBe(true);
    expect(footprintsAdjacent(grid, at(move.to), at({ i: 0, j: 1 }))).toBe(true);
    // Already in its spot: nothing moves.
    const placed = token("n", "foes", move.to.i, move.to.j);
    expect(interceptMove(field([placed]), sword.id, "c-n")).toBeNull();
    expect(interceptMove(field([ally], { grid: GRIDLESS }), sword.id, "c-n")).toBeNull();
    expect(interceptMove(field([ally]), sword.id, "c-nobody")).toBeNull();
  });

  it("a swap puts each of the two where the other stood", () => {
    const ally = token("n", "foes", 1, 1);
    expect(swapMoves(field([ally]), "c-n")).toEqual([
      { uuid: "Scene.s.Token.n", from: { i: 1, j: 1 }, to: { i: 0, j: 1 } },
      { uuid: "Scene.s.Token.t", from: { i: 0, j: 1 }, to: { i: 1, j: 1 } },
    ]);
    expect(swapMoves(field([{ ...ally, at: null }]), "c-n")).toBeNull();
    expect(swapMoves(field([ally]), null)).toBeNull();
  });
});

describe("a Shove's push back", () => {
  it("moves the target one hex straight away from the actor", () => {
    const move = pushBackMove(field([]))!;
    expect(move).toEqual({ uuid: "Scene.s.Token.t", from: { i: 0, j: 1 }, to: expect.anything() });
    expect(distance(grid, { i: 0, j: 1 }, move.to)).toBe(1);
    expect(distance(grid, { i: 0, j: 0 }, move.to)).toBe(2);
  });

  it("off the grid, or with either token unplaced, nothing moves", () => {
    expect(pushBackMove(field([], { grid: GRIDLESS }))).toBeNull();
    expect(pushBackMove(field([], { target: { ...token("t", "foes", 0, 1), at: null } })))
      .toBeNull();
    expect(pushBackMove(field([], { attacker: { ...token("a", "party", 0, 0), at: null } })))
      .toBeNull();
  });
});

describe("why an Undo of Apply is refused, as a relay reason", () => {
  it("names the planner's refusals by the field that blocked them", () => {
    expect(undoReason("gone", "")).toBe("noTarget");
    expect(undoReason("changedSince", "system.hp.value")).toBe("hpChangedSince");
    expect(undoReason("outOfBounds", "system.hp.value")).toBe("hpChangedSince");
    expect(undoReason("changedSince", "flags.fray.kept.c1.fp")).toBe("apFpChangedSince");
  });
});
