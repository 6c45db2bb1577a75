import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { openWindow, stepWindow } from "../../src/engine/resolution/window/step";
import type { WindowEffect } from "../../src/engine/resolution/window/definition";
import { NATURALS_DEFAULT } from "../../src/rulesets/shock/rules/constants";
import { screenSide } from "../../src/rulesets/shock/rules/maneuvers";
import { SHOCK_WINDOW, type ShockWindowContext } from "../../src/rulesets/shock/rules/reaction-window";
import { openingContext, strikersOffered } from "../../src/rulesets/shock/play/requests/opening";
import { windowAcs, type TargetState } from "../../src/rulesets/shock/play/cards/resolve";
import type { Snapper } from "../../src/rulesets/shock/play/cards/card-seal";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { standingSettlement } from "../../src/rulesets/shock/play/requests/resettle";
import {
  EFFECT_FIELDS, effectMarks, effectSpends, effectTakers, marksApart, spendAble,
} from "../../src/rulesets/shock/play/requests/window-effects";
import { wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * What shock's GM decides of an attack card's reaction window, without Foundry: the context it
 * opens with, what its effects spend and mark, and the result settled again once a Snap Attack
 * that felled the attacker is undone. Source: `002_5e27cdf788b28f5f.txt` §Total Defense, §Screen
 * an Ally, §Hold An Action, §Make a Snap Attack; RULINGS.md §shock.
 */
const spend = (by: string, answer: string): WindowEffect =>
  ({ kind: "spend", depth: 0, by, answer, resource: "main", amount: 1 });
const mark = (by: string, m: string, data: unknown = null): WindowEffect =>
  ({ kind: "mark", depth: 0, by, mark: m, data: data as never });

describe("a window's effects", () => {
  it("pays each answer as its action; a held attack as a melee attack, held answers from a hold", () => {
    const effects = [spend("t", "totalDefense"), spend("s", "screen"), spend("h", "heldAttack"),
      spend("a", "snapAttack"), { ...spend("x", "screen"), kind: "refund" } as WindowEffect];
    expect(effectSpends(effects)).toEqual([
      { by: "t", answer: "totalDefense", action: "totalDefense", fromHold: false },
      { by: "s", answer: "screen", action: "screen", fromHold: true },
      { by: "h", answer: "heldAttack", action: "meleeAttack", fromHold: true },
      { by: "a", answer: "snapAttack", action: "snapAttack", fromHold: false },
    ]);
    expect(effectTakers([...effects, mark("s", "screening", "w"), mark("m", "totalDefense")]))
      .toEqual(["t", "s", "h", "a", "m"]);
  });

  it("marks Total Defense, the ward screened, and the attacker screened once", () => {
    const had: Record<string, string[]> = { s: ["foe"], r: ["other"] };
    const marks = effectMarks([
      mark("t", "totalDefense"), mark("s", "screening", "w"), mark("s", "screenedAttacker"),
      mark("r", "screenedAttacker"), mark("u", "somethingElse"),
    ], "foe", (id) => had[id] ?? []);
    expect([...marks]).toEqual([
      ["t", { totalDefense: true }],
      ["s", { screening: "w" }],
      ["r", { screenedAttackers: ["other", "foe"] }],
      ["u", {}],
    ]);
    expect(EFFECT_FIELDS).toContain("screenedAttackers");
  });

  it("writes apart only the marks of those who pay for no answer (a payer's go with its spend)", () => {
    const effects = [spend("t", "totalDefense"), mark("t", "totalDefense"), spend("h", "screen"),
      mark("h", "screening", "w"), mark("s", "screenedAttacker")];
    const marks = effectMarks(effects, "foe", () => []);
    expect(marksApart(marks, effectSpends(effects))).toEqual({ s: { screenedAttackers: ["foe"] } });
    expect(marksApart(marks, [])).toEqual(Object.fromEntries(marks));
  });

  it("never lists an attacker twice among those a combatant screened", () => {
    fc.assert(fc.property(fc.subarray(["foe", "a", "b"]), fc.nat(3), (had, n) => {
      const effects = Array.from({ length: n + 1 }, () => mark("s", "screenedAttacker"));
      const got = effectMarks(effects, "foe", () => had).get("s")?.screenedAttackers as
        string[] | undefined;
      const list = got ?? had;
      expect(list.filter((x) => x === "foe")).toHaveLength(1);
      expect(new Set(list).size).toBe(list.length);
    }));
  });
});

describe("a window's opening", () => {
  const foe = wielder({ str: 1, stab: 1 });
  const ally = wielder({ dex: 1, stab: 1 });
  const attack = { attackerId: "foe", attacker: foe, natural: 12, total: 15 };

  it("offers nothing outside a combat or without the attacker's combatant", () => {
    const parties = { ward: "w", screeners: [], holders: [], defenders: ["w"], snappers: ["w"],
      heldAttackers: [] };
    for (const [a, p] of [[attack, null], [{ ...attack, attackerId: "" }, parties]] as const) {
      expect(openingContext(a, p, "target")).toEqual({
        attacker: a.attackerId || "attacker", natural: 12, total: 15, naturals: NATURALS_DEFAULT,
        ac: {}, attackerSide: screenSide(a.attackerId || "attacker", foe), ward: "target",
        screeners: [], holders: [], defenders: [], snappers: [],
      });
    }
  });

  it("names screeners' and holders' sides, what a held screen pays, each party once", () => {
    const context = openingContext(attack, {
      ward: "w", screeners: [{ id: "s1", block: ally }],
      holders: [{ id: "h1", block: ally, moves: 0 }, { id: "h2", block: ally, moves: 1 }],
      defenders: ["w", "s1", "w"], snappers: ["w", "a1", "a1"], heldAttackers: ["h1"],
    }, "target");
    expect(context.ward).toBe("w");
    expect(context.screeners).toEqual([screenSide("s1", ally)]);
    expect(context.holders).toEqual([
      { side: screenSide("h1", ally), pays: "move" }, { side: screenSide("h2", ally), pays: "main" },
    ]);
    expect(context.defenders).toEqual(["w", "s1"]);
    expect(context.snappers).toEqual(["w", "a1"]);
    expect(context.heldAttackers).toEqual(["h1"]);
    expect(context.targetSnaps).toBe(true);
    expect(context.ac).toEqual({});
  });
});

describe("a result settled again once a Snap Attack is undone", () => {
  const context: ShockWindowContext = {
    attacker: "foe", ward: "ward", natural: 12, total: 15, naturals: true, ac: { ward: 14 },
    attackerSide: screenSide("foe", wielder({ str: 1, stab: 1 })), screeners: [], holders: [],
    defenders: ["ward"], snappers: ["ward"], targetSnaps: true,
  };
  /** The window after the ward snapped and the snap felled the foe. */
  function felled() {
    let state = openWindow(SHOCK_WINDOW, context).state;
    const events = [
      { kind: "answer" as const, by: "ward", answer: "snapAttack" },
      { kind: "outside" as const, name: "snapAttack", value: { attackerDown: true } },
    ];
    for (const event of events) {
      const next = stepWindow(SHOCK_WINDOW, state, event);
      if (!next.ok) throw new Error(`refused: ${next.reason}`);
      state = next.state;
    }
    return state;
  }

  it("the snap settled the attack as cancelled; settled again, it lands as its roll says", () => {
    const state = felled();
    expect(state.settlement?.cancelled).toBe(true);
    const hit = standingSettlement(state.frames[0], { ward: 14 });
    expect(hit).toMatchObject({ cancelled: false, target: "ward", total: 15, ac: 14, hit: true });
    expect(standingSettlement(state.frames[0], { ward: 16 }))
      .toMatchObject({ cancelled: false, hit: false, ac: 16 });
  });

  it("counts a Total Defense taken in the window, and needs the target's AC now", () => {
    const state = felled();
    const frame = state.frames[0]!;
    // As a window whose target took Total Defense in it stores it (the AC read now leaves it out).
    const defended = { ...frame, facts: { ...frame.facts!, totalDefense: ["ward"] } };
    expect(standingSettlement(defended, { ward: 14 }))
      .toMatchObject({ cancelled: false, hit: false, ac: 16, totalDefense: true });
    expect(standingSettlement(state.frames[0], {})).toBeNull();
    expect(standingSettlement(undefined, { ward: 14 })).toBeNull();
  });
});

describe("the window's ACs and the attacks offered on the attacker", () => {
  const round = { budget: FRESH_BUDGET, totalDefense: false, charging: false, shieldUsed: false };
  const state = (ac: number, over: Partial<typeof round> = {}): TargetState =>
    ({ ac, shield: false, combat: { ...round, ...over } });

  it("counts a charge and a Total Defense taken before the window, not one taken in it", () => {
    const parties: [string, TargetState][] = [
      ["target", state(13, { totalDefense: true })], ["s", state(12, { charging: true })],
      ["d", state(14, { totalDefense: true })], ["o", { ac: 11, shield: true, combat: null }],
    ];
    expect(windowAcs(parties, ["d"])).toEqual({ target: 15, s: 10, d: 14, o: 11 });
    // Named as taken without Total Defense on it, nothing is taken off.
    expect(windowAcs(parties, ["s", "o"])).toEqual({ target: 15, s: 10, d: 16, o: 11 });
    expect(windowAcs([], ["d"])).toEqual({});
  });

  const offer = (id: string, weaponId = "w"): Snapper =>
    ({ combatantId: id, name: id.toUpperCase(), tokenUuid: `Token.${id}`, weaponId });

  it("names each striker once over every party, a snap's offer over a held attack's", () => {
    const got = strikersOffered([
      { snaps: [offer("a"), offer("b")], held: [offer("h")] },
      { snaps: [offer("b", "spear"), offer("c")], held: [offer("a", "axe"), offer("h")] },
    ]);
    expect(got.snappers).toEqual(["a", "b", "c"]);
    expect(got.heldAttackers).toEqual(["h", "a"]);
    // "a" is offered both: the seal keeps its snap's offer; the last party's offer of "b" wins.
    expect(got.strikers).toEqual([offer("h"), offer("a"), offer("b", "spear"), offer("c")]);
    expect(strikersOffered([])).toEqual({ snappers: [], heldAttackers: [], strikers: [] });
  });
});

describe("whether an answer can still be paid", () => {
  it("needs its payer standing, and a held screen or held attack the action still held", () => {
    const [td, screen, heldAttack, snap] = effectSpends([spend("t", "totalDefense"),
      spend("s", "screen"), spend("h", "heldAttack"), spend("a", "snapAttack")]);
    for (const free of [td!, snap!]) {
      expect(spendAble(free, { up: true, holding: false })).toBe(true);
      expect(spendAble(free, { up: false, holding: true })).toBe(false);
    }
    for (const held of [screen!, heldAttack!]) {
      expect(spendAble(held, { up: true, holding: true })).toBe(true);
      expect(spendAble(held, { up: true, holding: false })).toBe(false);
      expect(spendAble(held, { up: false, holding: true })).toBe(false);
    }
  });
});
