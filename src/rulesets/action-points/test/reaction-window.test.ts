import { describe, expect, it } from "vitest";
import { openWindow, offersNow, stepWindow, waitingOf } from "../../../engine/resolution/window/step";
import type { WindowEffect, WindowState } from "../../../engine/resolution/window/definition";
import {
  AP_WINDOW as AP, type ApWindowContext, type ApWindowFacts, type ApWindowSettlement,
} from "../rules/reaction-window";
import { context, rolled, trio } from "./fixtures";

/**
 * action-points' reactions through the engine's window, on the text's own cases. Skills 60
 * (attack, Melee), 50 (Agility): Critical ≤6/≤5, Major ≤12/≤10, Hard ≤30/≤25, Normal ≤60/≤50;
 * 96–99 fail, 100 fails critically (RULINGS.md §action-points Checks). Source:
 * `004_2cc57162401858c9.txt` §Reactions, §Dodge/Parry, §Critical Results, §Parrying Large
 * Creatures, §Riposte, §Reaction Chains, §Intercept, §Total Defense.
 */
type State = WindowState<ApWindowContext, ApWindowFacts, ApWindowSettlement>;

/** Opens a window and plays events that must be accepted; every effect, in order. */
function play(ctx: ApWindowContext, ...events: object[]): { state: State; effects: WindowEffect[] } {
  const opened = openWindow(AP, ctx);
  let state = opened.state;
  const effects = [...opened.effects];
  for (const e of events) {
    const r = stepWindow(AP, state, e);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.reason}`);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

const answer = (by: string, a: string) => ({ kind: "answer", by, answer: a });
const pass = (by: string) => ({ kind: "pass", by });
const dice = (...results: number[]) => ({ kind: "dice", results });
const offered = (s: State) => offersNow(AP, s).map((o) => `${o.by}:${o.answer}:${o.cost[0]?.amount}`);
const rp = (effects: readonly WindowEffect[], by: string) => effects.reduce((n, e) =>
  n + (e.kind === "spend" && e.by === by ? e.amount : e.kind === "refund" && e.by === by ? -e.amount : 0), 0);

describe("action-points reactions (004 §Reactions, §Dodge/Parry, §Critical Results)", () => {
  it("a missed attack opens no reaction and settles at once", () => {
    const { state, effects } = play(context({ attack: rolled(70) }));
    expect(state.settlement).toMatchObject({ hit: false, level: "failure", damage: 0 });
    expect(effects).toEqual([{ kind: "settle", depth: 0, settlement: state.settlement }]);
  });

  it("offers the defender Dodge, Parry, Riposte and an ally Intercept within their RP", () => {
    const s = play(context()).state;
    expect(offered(s)).toEqual([
      "hero:dodge:1", "hero:parry:1", "hero:riposte:2", "ally:intercept:2",
    ]);
    const poor = context({ fighters: trio({ hero: { rp: 1, shield: true }, ally: { rp: 1 } }) });
    expect(offered(play(poor).state)).toEqual(["hero:dodge:1", "hero:parry:1", "hero:block:1"]);
    const ranged = context({ kind: "ranged" });
    expect(offered(play(ranged).state)).toEqual(["hero:dodge:1", "ally:intercept:2"]);
  });

  it("no reaction: the hit lands at ×1", () => {
    const { state } = play(context(), pass("hero"), pass("ally"), dice(7));
    expect(state.settlement).toEqual({
      hit: true, target: "hero", level: "normal", reaction: null, defence: null, multiplier: 1,
      dice: [7], damage: 10,
    });
  });

  it("a dodge that wins the opposed check avoids the damage and counts as a successful reaction", () => {
    const { state, effects } = play(context(), answer("hero", "dodge"), dice(20));
    expect(state.settlement).toMatchObject({ hit: false, target: null, reaction: "dodge", damage: 0 });
    expect(effects.filter((e) => e.kind === "mark")).toEqual([
      { kind: "mark", depth: 0, by: "hero", mark: "successfulReaction", data: "dodge" },
    ]);
    expect(rp(effects, "hero")).toBe(1);
  });

  it("ties go to the attacker; one reaction per attack", () => {
    // Normal (40) against a Normal dodge (45): the defender must win.
    const dodged = play(context(), answer("hero", "dodge"), dice(45)).state;
    // After the dodge the ally is offered no Intercept: the window settles and rolls damage.
    expect(waitingOf(AP, dodged)).toMatchObject({ kind: "dice", need: { label: "damage" } });
    const { state } = play(context(), answer("hero", "dodge"), dice(45), dice(2));
    expect(state.settlement).toMatchObject({ hit: true, target: "hero", damage: 5 });
  });

  it("a critical dodge gives its RP back, unless the attack was critical too (then ×2)", () => {
    const crit = play(context(), answer("hero", "dodge"), dice(5));
    expect(rp(crit.effects, "hero")).toBe(0);
    expect(crit.effects.filter((e) => e.kind === "refund")).toEqual([
      { kind: "refund", depth: 0, by: "hero", answer: "dodge", resource: "rp", amount: 1 },
    ]);
    const both = play(context({ attack: rolled(6) }), answer("hero", "dodge"), dice(5), dice(4));
    expect(rp(both.effects, "hero")).toBe(1);
    expect(both.state.settlement).toMatchObject({ hit: true, level: "critical", multiplier: 2, damage: 14 });
  });

  it("a critical hit met by a critically failed dodge or parry deals ×3; a plain failure ×2", () => {
    const critHit = context({ attack: rolled(3) });
    expect(play(critHit, answer("hero", "dodge"), dice(100), dice(4)).state.settlement)
      .toMatchObject({ multiplier: 3, damage: 21 });
    expect(play(critHit, answer("hero", "parry"), dice(100), dice(4)).state.settlement)
      .toMatchObject({ multiplier: 3, damage: 21 });
    expect(play(critHit, answer("hero", "dodge"), dice(99), dice(4)).state.settlement)
      .toMatchObject({ multiplier: 2, damage: 14 });
    // A normal hit met by a critically failed dodge: ×1.
    expect(play(context(), answer("hero", "dodge"), dice(100), dice(4)).state.settlement)
      .toMatchObject({ multiplier: 1, damage: 7 });
  });

  it("a Large attacker counts one level higher against a Medium parry, damage as rolled", () => {
    // The text's example: Normal attack, Normal parry; the Large attack hits as a Normal success.
    const large = context({ fighters: trio({ orc: { size: 2 } }) });
    const { state } = play(large, answer("hero", "parry"), dice(50), dice(6));
    expect(state.settlement).toMatchObject({ hit: true, level: "normal", multiplier: 1, damage: 9 });
    // A Hard parry only ties the shifted attack (the attacker wins ties); a Major one wins. Against
    // a Medium attacker the Hard parry wins.
    expect(play(large, answer("hero", "parry"), dice(30), dice(6)).state.settlement)
      .toMatchObject({ hit: true });
    expect(play(large, answer("hero", "parry"), dice(12)).state.settlement).toMatchObject({ hit: false });
    expect(play(context(), answer("hero", "parry"), dice(30)).state.settlement).toMatchObject({ hit: false });
    // More than one size larger: no parry, no riposte.
    const huge = context({ fighters: trio({ orc: { size: 3 } }) });
    expect(offered(play(huge).state)).toEqual(["hero:dodge:1", "ally:intercept:2"]);
  });

  it("a block needs a shield and has no critical refund", () => {
    const shielded = context({ fighters: trio({ hero: { shield: true } }) });
    const { effects, state } = play(shielded, answer("hero", "block"), dice(2));
    expect(state.settlement).toMatchObject({ hit: false, reaction: "block" });
    expect(effects.some((e) => e.kind === "refund")).toBe(false);
  });

  it("Total Defense gives Advantage: two d100, the better kept", () => {
    const guarded = context({ fighters: trio({ hero: { edge: 1 } }) });
    const s = play(guarded, answer("hero", "dodge")).state;
    expect(waitingOf(AP, s)).toMatchObject({ kind: "dice", need: { count: 2, faces: 100 } });
    expect(play(guarded, answer("hero", "dodge"), dice(90, 20)).state.settlement)
      .toMatchObject({ hit: false });
  });

  it("an Intercept that wins takes the full attack for the ally; one that loses leaves it", () => {
    const critHit = context({ attack: rolled(5) });
    const won = play(context(), answer("ally", "intercept"), dice(10), dice(5));
    expect(won.state.settlement).toMatchObject({ hit: true, target: "ally", multiplier: 1, damage: 8 });
    expect(rp(won.effects, "ally")).toBe(2);
    // Won against a critical: the interceptor takes the doubled damage; no reaction follows.
    expect(play(critHit, answer("ally", "intercept"), dice(1), dice(5)).state.settlement)
      .toMatchObject({ target: "hero", multiplier: 2 });
    const lost = play(context(), answer("ally", "intercept"), dice(70), dice(5));
    expect(lost.state.settlement).toMatchObject({ hit: true, target: "hero", damage: 8 });
    expect(lost.effects.some((e) => e.kind === "mark")).toBe(false);
  });
});

describe("Riposte: a Parry, then a reaction attack with its own window (004 §Riposte, §Reaction Chains)", () => {
  it("a won parry counterattacks; the attacker may only Dodge, Parry or Block it", () => {
    const rich = context({ fighters: trio({ orc: { rp: 3, shield: true } }), interceptors: ["ally"] });
    const s = play(rich, answer("hero", "riposte"), dice(10), dice(25)).state;
    expect(s.frames).toHaveLength(2);
    expect(s.frames[1]?.context).toMatchObject({
      attacker: "hero", target: "orc", reactionAttack: true, attack: { target: 60, edge: 0, dice: [25] },
      interceptors: [],
    });
    // The orc has 3 RP: Riposte and Intercept would be affordable, yet only the basics are offered.
    expect(offered(s)).toEqual(["orc:dodge:1", "orc:parry:1", "orc:block:1"]);
    const { state, effects } = play(rich, answer("hero", "riposte"), dice(10), dice(25),
      pass("orc"), dice(5));
    expect(effects).toEqual([
      { kind: "spend", depth: 0, by: "hero", answer: "riposte", resource: "rp", amount: 2 },
      {
        kind: "settle", depth: 1, settlement: {
          hit: true, target: "orc", level: "hard", reaction: null, defence: null, multiplier: 1,
          dice: [5], damage: 6,
        },
      },
      { kind: "mark", depth: 0, by: "hero", mark: "successfulReaction", data: "riposte" },
      { kind: "settle", depth: 0, settlement: state.settlement },
    ]);
    expect(state.settlement).toMatchObject({ hit: false, reaction: "riposte" });
    expect(state.closed).toHaveLength(1);
  });

  it("the attacker's reaction in the inner window follows the same critical rules", () => {
    const critCounter = play(context(), answer("hero", "riposte"), dice(10), dice(2),
      answer("orc", "parry"), dice(100), dice(5));
    expect(critCounter.state.closed[0]?.settlement).toMatchObject({ multiplier: 3, damage: 18 });
    const dodged = play(context(), answer("hero", "riposte"), dice(10), dice(25),
      answer("orc", "dodge"), dice(4));
    expect(dodged.state.closed[0]?.settlement).toMatchObject({ hit: false, reaction: "dodge" });
    expect(rp(dodged.effects, "orc")).toBe(0);
  });

  it("a lost parry takes the hit with no counter; a missed counter settles its window at once", () => {
    const lost = play(context(), answer("hero", "riposte"), dice(50), dice(3));
    expect(lost.state.settlement).toMatchObject({ hit: true, target: "hero", damage: 6 });
    expect(lost.state.closed).toEqual([]);
    // The counter always gets its own window, so a caller reads one depth-1 settlement either way.
    const missed = play(context(), answer("hero", "riposte"), dice(10), dice(80));
    expect(missed.state.settlement).toMatchObject({ hit: false });
    expect(missed.state.closed).toHaveLength(1);
    expect(missed.state.closed[0]?.settlement).toMatchObject({
      hit: false, target: null, level: "failure", dice: [], damage: 0,
    });
  });

  it("a critical riposte parry gives back the Parry's 1 RP of the 2 (ruling)", () => {
    const { effects } = play(context(), answer("hero", "riposte"), dice(6), dice(80));
    expect(rp(effects, "hero")).toBe(1);
  });
});
