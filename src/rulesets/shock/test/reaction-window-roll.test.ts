import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkSucceeds, planCheck } from "../../../engine/dice/check";
import { offersNow, openWindow, stepWindow, waitingOf } from "../../../engine/resolution/window/step";
import type { WindowState } from "../../../engine/resolution/window/definition";
import { screenSide } from "../rules/maneuvers";
import {
  SHOCK_WINDOW as SHOCK, type ShockWindowContext, type ShockWindowFacts,
  type ShockWindowSettlement,
} from "../rules/reaction-window";
import { wielder } from "./fixtures";

/**
 * Shock's window when it rolls the attack itself (the runner): the screen decides whom the attack
 * targets, then the d20 is rolled against that combatant with its own modifiers; and Snap Attacks
 * by the target itself. Source: `002_5e27cdf788b28f5f.txt` §Screen an Ally ("their attack instead
 * targets you"), §Make a Snap Attack, §Attack Rolls; RULINGS.md §shock Attack, Screen.
 */
type State = WindowState<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

const side = (id: string, str: number) => screenSide(id, wielder({ str }));

// The runner's context: no roll yet; +4 against the ward in the open, +0 against s1 in full cover.
const rolling = (o: Partial<ShockWindowContext> = {}): ShockWindowContext => ({
  attacker: "orc", ward: "hero", natural: null, total: null, modifiers: { hero: 4, s1: 0 },
  naturals: true, ac: { hero: 13, s1: 13 }, attackerSide: side("orc", 1), screeners: [],
  holders: [], defenders: ["hero", "s1"], snappers: [], ...o,
});

function play(ctx: ShockWindowContext, ...events: object[]): State {
  let state = openWindow(SHOCK, ctx).state;
  for (const e of events) {
    const r = stepWindow(SHOCK, state, e);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.reason}`);
    state = r.state;
  }
  return state;
}
const dice = (...results: number[]) => ({ kind: "dice", results });
const answer = (by: string, a: string) => ({ kind: "answer", by, answer: a });
const pass = (by: string) => ({ kind: "pass", by });
const snapped = (attackerDown: boolean) => ({ kind: "outside", name: "snapAttack", value: { attackerDown } });
const offered = (s: State) => offersNow(SHOCK, s).map((o) => `${o.by}:${o.answer}`);

describe("the window rolls the attack after the screen (002 §Screen an Ally)", () => {
  it("asks for the screen's dice first, then the attacker's d20", () => {
    const ctx = rolling({ screeners: [side("s1", 0)] });
    // The attacker's 2d6 and the screener's, as one roll.
    expect(waitingOf(SHOCK, play(ctx))).toMatchObject({
      kind: "dice", need: { count: 4, faces: 6, label: "screen", by: "" },
    });
    // orc 1+1+1 = 3 against s1 6+6 = 12: s1 takes the attack before it is rolled.
    expect(waitingOf(SHOCK, play(ctx, dice(1, 1, 6, 6)))).toEqual({
      kind: "dice", depth: 0, need: { kind: "dice", count: 1, faces: 20, label: "attack", by: "orc" },
    });
    const s = play(ctx, dice(1, 1, 6, 6), dice(10));
    expect(s.frames[0]?.facts).toMatchObject({ natural: 10, target: "s1", screenedBy: "s1" });
  });

  it("rolls the screened attack with the screener's own modifiers", () => {
    // 10 + 4 would hit the ward's AC 13; against s1 in full cover it is 10 + 0 and misses.
    const ctx = rolling({ screeners: [side("s1", 0)] });
    expect(play(ctx, dice(1, 1, 6, 6), dice(10), pass("s1")).settlement).toEqual({
      cancelled: false, target: "s1", natural: 10, total: 10, ac: 13, hit: false,
      decidedBy: "total", totalDefense: false,
    });
    // The screen lost: the ward keeps it, at +4.
    expect(play(ctx, dice(6, 6, 1, 1), dice(10), pass("hero")).settlement)
      .toMatchObject({ target: "hero", total: 14, hit: true });
  });

  it("with no screen, the d20 is the only need; Total Defense reads the same modifiers", () => {
    expect(waitingOf(SHOCK, play(rolling()))).toMatchObject({ kind: "dice", need: { count: 1, faces: 20 } });
    const s = play(rolling(), dice(10), answer("hero", "totalDefense"));
    expect(s.frames[0]?.answers[0]?.note).toEqual({ hitBefore: true, hitAfter: false });
    expect(s.settlement).toMatchObject({ total: 14, ac: 15, hit: false, totalDefense: true });
  });

  it("a rolled attack keeps its total, unless the caller gives a screener's own modifiers", () => {
    const rolled = { natural: 10, total: 14, screeners: [side("s1", 0)] };
    expect(play(rolling({ ...rolled, modifiers: {} }), dice(1, 1, 6, 6), pass("s1")).settlement)
      .toMatchObject({ target: "s1", natural: 10, total: 14, hit: true });
    expect(play(rolling({ ...rolled, modifiers: { s1: 0 } }), dice(1, 1, 6, 6), pass("s1")).settlement)
      .toMatchObject({ target: "s1", natural: 10, total: 10, hit: false });
  });

  it("decides every roll as the check does, with each target's modifiers", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: -4, max: 9 }), fc.integer({ min: 8, max: 22 }),
      fc.boolean(),
      (natural, modifier, ac, naturals) => {
        const ctx = rolling({ modifiers: { hero: modifier }, ac: { hero: ac }, naturals });
        const r = checkSucceeds(planCheck({
          dice: 1, faces: 20, modifiers: [{ source: "m", value: modifier }], target: ac, naturals,
        }), natural);
        expect(play(ctx, dice(natural), pass("hero")).settlement).toMatchObject({
          natural, total: natural + modifier, hit: r.success, decidedBy: r.decidedBy,
        });
      },
    ));
  });

  it("refuses to open without the modifiers of every combatant it may end on", () => {
    expect(() => openWindow(SHOCK, rolling({ modifiers: { hero: 4 }, screeners: [side("s1", 0)] })))
      .toThrow(/no modifiers for s1/);
    expect(() => openWindow(SHOCK, rolling({ natural: 12 }))).toThrow(/come together/);
  });
});

describe("the target's own Snap Attack (002 §Make a Snap Attack)", () => {
  const ctx = rolling({ snappers: ["hero", "ally"], targetSnaps: true });

  it("is offered only where the context says so (a card stored before Foundry offered it reads as it was)", () => {
    const unsaid: ShockWindowContext = { ...ctx };
    delete unsaid.targetSnaps;
    expect(offered(play(unsaid, dice(12)))).toEqual(["hero:totalDefense", "ally:snapAttack"]);
    expect(offered(play({ ...ctx, targetSnaps: false }, dice(12))))
      .toEqual(["hero:totalDefense", "ally:snapAttack"]);
  });

  it("is offered beside its Total Defense; either spends the Main, so not both", () => {
    expect(offered(play(ctx, dice(12)))).toEqual(["hero:totalDefense", "hero:snapAttack", "ally:snapAttack"]);
    const snapped1 = play(ctx, dice(12), answer("hero", "snapAttack"), snapped(false));
    expect(offered(snapped1)).toEqual(["ally:snapAttack"]);
    expect(offered(play(ctx, dice(12), answer("hero", "totalDefense")))).toEqual(["ally:snapAttack"]);
  });

  it("felling the attacker cancels its attack", () => {
    expect(play(ctx, dice(12), answer("hero", "snapAttack"), snapped(true)).settlement)
      .toMatchObject({ cancelled: true, hit: false, target: "hero" });
  });
});
