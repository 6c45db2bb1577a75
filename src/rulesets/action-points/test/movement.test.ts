import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { economyAt } from "../play/round/economy";
import { moveRuling, type MoveFacts } from "../play/round/movement";

/**
 * Moves on the map paid from AP (`play/round/movement.ts`): 1 AP per Move Speed of hexes, at
 * most 2 AP of movement a turn, the turn's hexes kept so a move pays only for the Move Speed it
 * starts to use. Source: `004_2cc57162401858c9.txt` §Actions (Movement), §Taking a Step.
 */
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, ...over });
const facts = (over: Partial<KeptSource> = {}, more: Partial<MoveFacts> = {}): MoveFacts => ({
  kept: kept(over), pools: { ap: 5, rp: 2, fp: 2 }, speed: 6, ownTurn: true, up: true, ...more,
});
const apply = (k: KeptSource, patch: Partial<KeptSource>): KeptSource => ({ ...k, ...patch });

describe("a move's AP (play/round/movement.ts)", () => {
  it("pays 1 AP for the first hex of each Move Speed, up to 2 AP a turn", () => {
    let k = kept();
    const move = (hexes: number) => {
      const r = moveRuling(hexes, { ...facts(), kept: k });
      if (r.ok) k = apply(k, r.patch);
      return r;
    };
    expect(move(4)).toMatchObject({ ok: true, apSpent: 1 });
    expect([k.ap, k.moveAp, k.moveHexes]).toEqual([4, 1, 4]);
    expect(move(2)).toMatchObject({ ok: true, apSpent: 0 });
    expect(move(1)).toMatchObject({ ok: true, apSpent: 1 });
    expect([k.ap, k.moveAp, k.moveHexes]).toEqual([3, 2, 7]);
    expect(move(5)).toMatchObject({ ok: true, apSpent: 0 });
    expect(move(1)).toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.MoveCapHexes" });
    expect([k.ap, k.moveAp, k.moveHexes]).toEqual([3, 2, 12]);
  });

  it("a long move pays for each Move Speed it starts; the sheet's Move bought ahead counts", () => {
    expect(moveRuling(13, facts())).toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.MoveCapHexes" });
    expect(moveRuling(12, facts())).toMatchObject({ ok: true, apSpent: 2, patch: { ap: 3 } });
    expect(moveRuling(6, facts({ ap: 4, moveAp: 1 }))).toMatchObject({ ok: true, apSpent: 0 });
    expect(moveRuling(7, facts({ ap: 0, moveAp: 1 })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.MoveNoAP" });
    // A slower mover: Move Speed 4.
    expect(moveRuling(5, facts({}, { speed: 4 }))).toMatchObject({ ok: true, apSpent: 2 });
  });

  it("a Take a Step's one hex is free; off-turn, down or after Total Defense nothing moves", () => {
    expect(moveRuling(1, facts({ stepping: true })))
      .toEqual({ ok: true, patch: { stepping: false }, apSpent: 0 });
    expect(moveRuling(2, facts({ stepping: true }))).toMatchObject({
      ok: true, apSpent: 1, patch: { stepping: false, moveHexes: 2 },
    });
    expect(moveRuling(1, facts({}, { ownTurn: false }))).toEqual({ ok: false, key: "notYourTurn" });
    expect(moveRuling(1, facts({}, { up: false })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Down" });
    expect(moveRuling(1, facts({ totalDefense: true })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" });
    expect(moveRuling(0, facts({}, { ownTurn: false }))).toEqual({ ok: true, patch: {}, apSpent: 0 });
    // Lying prone, it stands up first (rules/silent.ts).
    expect(moveRuling(1, facts({ stepping: true }, { prone: true })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Prone" });
  });

  it("never spends past the pool or the cap, and the hexes paid for cover the hexes moved", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 6 }), fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 0, max: 5 }),
      (moves, speed, ap) => {
        let k = kept({ ap });
        for (const hexes of moves) {
          const r = moveRuling(hexes, facts({}, { speed, kept: k }));
          if (!r.ok) continue;
          k = apply(k, r.patch);
          expect(k.ap).toBeGreaterThanOrEqual(0);
          expect(k.moveAp).toBeLessThanOrEqual(2);
          expect(ap - k.ap).toBe(k.moveAp);
          expect(k.moveHexes).toBeLessThanOrEqual(k.moveAp * speed);
        }
      },
    ));
  });

  it("the turn's hexes start again at each turn", () => {
    const input = { kept: kept({ moveHexes: 9, moveAp: 2 }), pools: { ap: 5, rp: 2, fp: 2 },
      round: 2, surpriseRound: false, caughtBySurprise: false };
    expect(economyAt("turnStart", input)).toMatchObject({ moveHexes: 0, moveAp: 0 });
    expect(economyAt("turnEnd", input)).toMatchObject({ moveHexes: 0 });
  });
});
