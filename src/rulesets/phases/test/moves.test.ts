import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { squareGrid } from "../../../engine/space/grid";
import type { Cell } from "../../../engine/space/cell";
import { movementPowersOf, statblockFromActor } from "../rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { judgeMove, ruleMovePower, type MoverFacts, type Walk } from "../play/round/moves";
import { goblin } from "./fixtures";

/**
 * A combatant's movement in Foundry, pure: the sheet's pick of a movement power, and each drag
 * judged against it (or the shortest default covering it), summed over the turn, with the
 * opportunity attacks it provokes. Source: `003_d18720f6cd315cc2.txt` §Movement Phase,
 * §Movement Phase Notes; RULINGS.md §phases Movement power defaults, Opportunity attack.
 */
const grid = squareGrid();
const GOBLIN = statblockFromActor(goblin());
const POWERS = movementPowersOf(GOBLIN);
const id = (kind: string) => POWERS.find((p) => p.kind === kind)!.id;
const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), ...patch });
const facts = (patch: Partial<MoverFacts> = {}): MoverFacts => ({
  round: 2, step: "movement", ownTurn: true, up: true, kept: kept(), conditions: [],
  speed: GOBLIN.speed, powers: POWERS, ...patch,
});
/** A walk along row 0 from column `from` to `to`, an enemy at (1, 0) threatening the start. */
const row = (from: number, to: number): Cell[] => {
  const step = to >= from ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => ({ i: 0, j: from + k * step }));
};
const walk = (cells: Cell[], enemies: Walk["enemies"] = [
  { id: "orc", at: { origin: { i: 1, j: 0 } }, strikes: true },
]): Walk => ({ grid, cells, enemies });

describe("the sheet's pick of a movement power", () => {
  it("is its own Movement turn's, once a round, and able to move", () => {
    expect(ruleMovePower({ power: id("run") }, facts())).toEqual({
      ok: true, patch: { movement: 1, movePower: id("run"), moveSquares: 0, moveAuto: false },
    });
    // Disengage's Disadvantage starts with the pick.
    expect(ruleMovePower({ power: id("disengage") }, facts()))
      .toMatchObject({ ok: true, patch: { disengaged: 2 } });
    const key = (args: unknown, f: MoverFacts) => {
      const r = ruleMovePower(args, f);
      return r.ok ? null : r.key;
    };
    expect(key({ power: id("walk") }, facts({ step: "battle" }))).toBe("NotMovement");
    expect(key({ power: id("walk") }, facts({ ownTurn: false }))).toBe("NotYourTurn");
    expect(key({ power: id("walk") }, facts({ up: false }))).toBe("Down");
    expect(key({ power: id("walk") }, facts({ conditions: ["immobilised"] }))).toBe("CannotMove");
    expect(key({ power: id("walk") }, facts({ kept: kept({ movement: 1 }) }))).toBe("Moved");
    expect(key({ power: "fly" }, facts())).toBe("NoPower");
    expect(key(null, facts())).toBe("NoPower");
  });
});

describe("a drag of the token", () => {
  it("with no power picked takes the shortest default covering it, and provokes", () => {
    // One square: a Shift, which provokes nothing.
    expect(judgeMove(walk(row(0, 1)), facts(), false)).toEqual({
      ok: true, provoked: [], leaving: {},
      patch: { movement: 1, movePower: id("shift"), moveSquares: 1, moveAuto: true },
    });
    // Four squares: a Walk (Speed 6), leaving the orc's square: one opportunity attack.
    expect(judgeMove(walk(row(0, 4)), facts(), false)).toMatchObject({
      ok: true, provoked: ["orc"], patch: { movePower: id("walk"), moveSquares: 4 },
      // It left the orc's side from its first square: a Slowing attack stops it there.
      leaving: { orc: { i: 0, j: 0 } },
    });
    // Eight: a Hustle (Speed + 2); twelve: a Run (2 × Speed); thirteen: too far.
    expect(judgeMove(walk(row(0, 8)), facts(), false))
      .toMatchObject({ ok: true, patch: { movePower: id("hustle") } });
    expect(judgeMove(walk(row(0, 12)), facts(), false))
      .toMatchObject({ ok: true, patch: { movePower: id("run"), moveSquares: 12 } });
    expect(judgeMove(walk(row(0, 13)), facts(), false)).toEqual({ ok: false, key: "TooFar" });
  });

  it("difficult terrain costs two squares a square", () => {
    const rough = { ...walk(row(0, 4)), difficult: [{ i: 0, j: 2 }, { i: 0, j: 3 }] };
    expect(judgeMove(rough, facts(), false))
      .toMatchObject({ ok: true, patch: { movePower: id("walk"), moveSquares: 6 } });
    const walking = kept({ movement: 1, movePower: id("walk"), moveSquares: 1 });
    expect(judgeMove(rough, facts({ kept: walking }), false)).toEqual({ ok: false, key: "TooFar" });
  });

  it("a later drag of the turn adds its squares, lengthening a default but never a pick", () => {
    const shifted = kept({ movement: 1, movePower: id("shift"), moveSquares: 1, moveAuto: true });
    expect(judgeMove(walk(row(1, 4), []), facts({ kept: shifted }), false))
      .toMatchObject({ ok: true, patch: { movePower: id("walk"), moveSquares: 4 } });
    const picked = kept({ movement: 1, movePower: id("walk"), moveSquares: 5 });
    expect(judgeMove(walk(row(5, 6), []), facts({ kept: picked }), false))
      .toMatchObject({ ok: true, patch: { moveSquares: 6, moveAuto: false } });
    expect(judgeMove(walk(row(6, 7), []), facts({ kept: { ...picked, moveSquares: 6 } }), false))
      .toEqual({ ok: false, key: "TooFar" });
    // A picked Shift or Disengage provokes nothing.
    const disengage = kept({ movement: 1, movePower: id("disengage") });
    expect(judgeMove(walk(row(0, 2)), facts({ kept: disengage }), false))
      .toMatchObject({ ok: true, provoked: [] });
  });

  it("a Charge runs straight and ends beside an enemy, who is kept for its Advantage", () => {
    const charge = kept({ movement: 1, movePower: id("charge") });
    const foe = [{ id: "orc", at: { origin: { i: 0, j: 5 } }, strikes: true }];
    expect(judgeMove(walk(row(0, 4), foe), facts({ kept: charge }), false))
      .toMatchObject({ ok: true, patch: { chargeAt: "orc", moveSquares: 4 } });
    expect(judgeMove(walk(row(0, 2), foe), facts({ kept: charge }), false))
      .toEqual({ ok: false, key: "NotAtEnemy" });
    const bent: Cell[] = [{ i: 1, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 2 }, { i: 0, j: 3 }, { i: 0, j: 4 }];
    expect(judgeMove(walk(bent, foe), facts({ kept: charge }), false))
      .toEqual({ ok: false, key: "NotStraight" });
  });

  it("a player may not move off its Movement turn or while it cannot; a GM's drag stands", () => {
    const cases: [Partial<MoverFacts>, string][] = [
      [{ step: "battle" }, "NotMovement"], [{ ownTurn: false }, "NotYourTurn"],
      [{ up: false }, "Down"], [{ conditions: ["slowed"] }, "CannotMove"],
    ];
    for (const [patch, key] of cases) {
      expect(judgeMove(walk(row(0, 2)), facts(patch), false)).toEqual({ ok: false, key });
      expect(judgeMove(walk(row(0, 2)), facts(patch), true))
        .toEqual({ ok: true, patch: {}, provoked: [] });
    }
    expect(judgeMove(walk(row(0, 20)), facts(), true)).toEqual({ ok: true, patch: {}, provoked: [] });
    // Off a grid it is the GM's call; a drag of no square changes nothing.
    expect(judgeMove(null, facts(), false)).toEqual({ ok: true, patch: {}, provoked: [] });
    expect(judgeMove(walk([{ i: 0, j: 0 }]), facts(), false))
      .toEqual({ ok: true, patch: {}, provoked: [] });
  });
});
