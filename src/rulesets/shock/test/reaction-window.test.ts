import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import { runWindow } from "../../../engine/resolution/window/drive";
import { offersNow, openWindow, stepWindow, waitingOf } from "../../../engine/resolution/window/step";
import type { WindowDefinition, WindowEffect, WindowState } from "../../../engine/resolution/window/definition";
import { planAttack, resolveAttack, withAcAdjustment } from "../rules/attack";
import { TOTAL_DEFENSE_AC } from "../rules/constants";
import { screenSide } from "../rules/maneuvers";
import {
  offersNothing, settleOnWard, settleUnanswered, SHOCK_ANSWERS, SHOCK_WINDOW as SHOCK, type ShockWindowContext, type ShockWindowFacts,
  type ShockWindowSettlement,
} from "../rules/reaction-window";
import { weapon, wielder } from "./fixtures";
import {
  checkEquivalence, playRandomly, strayEvents, type HarnessOptions,
} from "../../../../test/engine/fixtures/window-harness";

/**
 * Shock's reaction window on the text's cases: Total Defense after the roll is seen, screens by
 * several allies, a held screen, Snap Attacks before damage, no reaction. Screen checks are 2d6 +
 * the better of STR/DEX + the best combat skill. Source: `002_5e27cdf788b28f5f.txt` §Total
 * Defense, §Screen an Ally, §Hold An Action, §Make a Snap Attack, §Attack Rolls; RULINGS.md §shock.
 */
type State = WindowState<ShockWindowContext, ShockWindowFacts, ShockWindowSettlement>;

const side = (id: string, str: number, stab = 0) => screenSide(id, wielder({ str, stab }));

const context = (o: Partial<ShockWindowContext> = {}): ShockWindowContext => ({
  attacker: "orc", ward: "hero", natural: 10, total: 14, naturals: true,
  ac: { hero: 13, guard: 16, s1: 16, s2: 12 }, attackerSide: side("orc", 1, 1),
  screeners: [], holders: [], defenders: ["hero"], snappers: ["ally"], ...o,
});

function play(ctx: ShockWindowContext, ...events: object[]): { state: State; effects: WindowEffect[] } {
  const opened = openWindow(SHOCK, ctx);
  let state = opened.state;
  const effects = [...opened.effects];
  for (const e of events) {
    const r = stepWindow(SHOCK, state, e);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.reason}`);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}
const answer = (by: string, a: string) => ({ kind: "answer", by, answer: a });
const pass = (by: string) => ({ kind: "pass", by });
const dice = (...results: number[]) => ({ kind: "dice", results });
const snapped = (attackerDown: boolean) => ({ kind: "outside", name: "snapAttack", value: { attackerDown } });
const offered = (s: State) => offersNow(SHOCK, s).map((o) => `${o.by}:${o.answer}:${o.cost[0]?.resource}`);

describe("shock's reaction window: Total Defense (002 §Total Defense)", () => {
  it("taken after seeing a hit, +2 AC on the same roll turns it into a miss, immune to Shock", () => {
    const s0 = play(context()).state;
    expect(offered(s0)).toEqual(["hero:totalDefense:main", "ally:snapAttack:main"]);
    const { state, effects } = play(context(), answer("hero", "totalDefense"), pass("ally"));
    expect(state.settlement).toEqual({
      cancelled: false, target: "hero", natural: 10, total: 14, ac: 15, hit: false,
      decidedBy: "total", totalDefense: true,
    });
    expect(effects).toEqual([
      { kind: "spend", depth: 0, by: "hero", answer: "totalDefense", resource: "main", amount: 1 },
      { kind: "mark", depth: 0, by: "hero", mark: "totalDefense", data: true },
      { kind: "settle", depth: 0, settlement: state.settlement },
    ]);
    expect(state.frames[0]?.answers[0]?.note).toEqual({ hitBefore: true, hitAfter: false });
  });

  it("a total that beats the raised AC still hits; the immunity still holds", () => {
    const { state } = play(context({ total: 15 }), answer("hero", "totalDefense"), pass("ally"));
    expect(state.settlement).toMatchObject({ hit: true, ac: 15, totalDefense: true });
  });

  it("a natural 20 hits through it with the natural option; without the option it misses", () => {
    const twenty = { natural: 20, total: 14 };
    expect(play(context(twenty), answer("hero", "totalDefense"), pass("ally")).state.settlement)
      .toMatchObject({ hit: true, decidedBy: "natural" });
    expect(play(context({ ...twenty, naturals: false }), answer("hero", "totalDefense"), pass("ally"))
      .state.settlement).toMatchObject({ hit: false, decidedBy: "total" });
    expect(play(context({ natural: 1, total: 30 }), pass("hero"), pass("ally")).state.settlement)
      .toMatchObject({ hit: false, decidedBy: "natural" });
  });

  it("decides the hit as the runner's own attack roll does, with and without it", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: -2, max: 4 }), fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 8, max: 22 }), fc.boolean(), fc.boolean(),
      (natural, str, stab, ac, naturals, defend) => {
        const plan = planAttack({ attacker: wielder({ str, stab }), weapon: weapon(), ac, naturals });
        const rolled = resolveAttack(plan, [natural]);
        const ctx = context({ natural, total: rolled.total, naturals, ac: { hero: ac } });
        const { state } = play(ctx, defend ? answer("hero", "totalDefense") : pass("hero"), pass("ally"));
        const expected = defend
          ? resolveAttack(withAcAdjustment(plan, { source: "totalDefense", value: TOTAL_DEFENSE_AC }), [natural])
          : rolled;
        expect(state.settlement).toMatchObject({
          hit: expected.hit, decidedBy: expected.decidedBy, ac: ac + (defend ? TOTAL_DEFENSE_AC : 0),
        });
      },
    ));
  });

  it("is not offered once the Main is spent", () => {
    expect(offered(play(context({ defenders: [] })).state)).toEqual(["ally:snapAttack:main"]);
  });

  it("no reaction: everyone passes and the roll stands", () => {
    const { state, effects } = play(context(), pass("hero"), pass("ally"));
    expect(state.settlement).toMatchObject({ hit: true, ac: 13, totalDefense: false });
    expect(effects.map((e) => e.kind)).toEqual(["settle"]);
  });
});

describe("Snap Attacks before damage (002 §Make a Snap Attack)", () => {
  it("an ally's snap that fells the attacker cancels the attack, whoever has not answered", () => {
    const mid = play(context(), answer("ally", "snapAttack")).state;
    expect(waitingOf(SHOCK, mid)).toEqual({
      kind: "outside", depth: 0,
      need: { kind: "outside", name: "snapAttack", data: { by: "ally", target: "orc" } },
    });
    const { state, effects } = play(context(), answer("ally", "snapAttack"), snapped(true));
    expect(state.settlement).toMatchObject({ cancelled: true, hit: false });
    expect(effects[0]).toEqual({
      kind: "spend", depth: 0, by: "ally", answer: "snapAttack", resource: "main", amount: 1,
    });
  });

  it("a snap that does not fell it leaves the target its own answer", () => {
    const s = play(context(), answer("ally", "snapAttack"), snapped(false)).state;
    expect(offered(s)).toEqual(["hero:totalDefense:main"]);
    expect(play(context(), answer("ally", "snapAttack"), snapped(false), pass("hero")).state.settlement)
      .toMatchObject({ cancelled: false, hit: true });
  });

  it("several allies may each snap once", () => {
    const s = play(context({ snappers: ["ally", "friend"] }), answer("ally", "snapAttack"), snapped(false)).state;
    expect(offered(s)).toEqual(["hero:totalDefense:main", "friend:snapAttack:main"]);
  });
});

describe("screens (002 §Screen an Ally, §Hold An Action)", () => {
  // orc: 2d6 + 1 + 1; s1: 2d6 + 1 + 0; s2: 2d6 + 0 + 0.
  const screened = context({ screeners: [side("s1", 1), side("s2", 0)], defenders: ["hero", "s1", "s2"] });

  it("several screeners: the attacker's one check against each, the worst-rolling winner takes it", () => {
    const s = play(screened).state;
    // The attacker's 2d6 with the first screener's as one roll, then each other screener's 2d6;
    // the screen's rolls are named after nobody.
    expect(waitingOf(SHOCK, s)).toMatchObject({
      kind: "dice", need: { count: 4, faces: 6, label: "screen", by: "" },
    });
    expect(waitingOf(SHOCK, play(screened, dice(3, 3, 4, 4)).state))
      .toMatchObject({ need: { count: 2, by: "" } });
    // orc 3+3+2 = 8; s1 4+4+1 = 9 and s2 5+5 = 10 both win; s1 rolled worse and takes the attack.
    const { state, effects } = play(screened, dice(3, 3, 4, 4), dice(5, 5));
    expect(state.frames[0]?.facts).toMatchObject({ target: "s1", screenedBy: "s1" });
    expect(state.frames[0]?.note).toMatchObject({
      attackerTotal: 8,
      screeners: [{ id: "s1", total: 9, won: true }, { id: "s2", total: 10, won: true }],
      takenBy: "s1",
    });
    // Every roll of the check is kept for a log or a card.
    expect(state.frames[0]?.note).toMatchObject({
      rolls: {
        single: { dice: [3, 3], natural: 6, total: 8 },
        pairs: [
          { id: "s1", singleWins: false, otherTotal: 9, rolls: [{ other: { dice: [4, 4] } }] },
          { id: "s2", singleWins: false, otherTotal: 10, rolls: [{ other: { dice: [5, 5] } }] },
        ],
      },
    });
    expect(effects).toEqual([
      { kind: "mark", depth: 0, by: "s1", mark: "screenedAttacker", data: "orc" },
      { kind: "mark", depth: 0, by: "s2", mark: "screenedAttacker", data: "orc" },
    ]);
    // The attack is s1's now: its Total Defense is offered, not the ward's; 14 misses its AC 16.
    expect(offered(state)).toEqual(["s1:totalDefense:main", "ally:snapAttack:main"]);
    expect(play(screened, dice(3, 3, 4, 4), dice(5, 5), pass("s1"), pass("ally")).state.settlement)
      .toMatchObject({ target: "s1", ac: 16, hit: false });
  });

  it("when no screener wins the attack stays on the ward; a tie rolls that pair again", () => {
    const lost = play(screened, dice(6, 6, 1, 1), dice(1, 1)).state;
    expect(lost.frames[0]?.facts).toMatchObject({ target: "hero", screenedBy: null });
    // orc 8 against s1 8: a tie; the pair rolls again, both at once, before s2 rolls at all.
    const tied = play(screened, dice(3, 3, 3, 4)).state;
    expect(waitingOf(SHOCK, tied)).toMatchObject({ kind: "dice", need: { count: 4, by: "" } });
    // orc 1+1+2 = 4 against s1 6+6+1 = 13; then s2's 1+1 loses to the orc's first 8.
    const decided = play(screened, dice(3, 3, 3, 4), dice(1, 1, 6, 6), dice(1, 1)).state;
    expect(decided.frames[0]?.facts).toMatchObject({ target: "s1" });
    expect(decided.settlement).toBeNull();
  });

  it("an ally holding its action may screen the ward as an Instant, once", () => {
    const held = context({ holders: [{ side: side("guard", 2, 1), pays: "main" }], defenders: ["hero", "guard"] });
    expect(offered(play(held).state)).toEqual([
      "guard:screen:main", "hero:totalDefense:main", "ally:snapAttack:main",
    ]);
    // orc 2+2+2 = 6 against guard 4+4+3 = 11: the guard takes it; its Main paid for the screen.
    // Each round of the check is one roll of both sides' dice, named after the holder.
    expect(waitingOf(SHOCK, play(held, answer("guard", "screen")).state))
      .toMatchObject({ kind: "dice", need: { count: 4, faces: 6, label: "screen", by: "guard" } });
    const { state, effects } = play(held, answer("guard", "screen"), dice(2, 2, 4, 4));
    expect(state.frames[0]?.facts).toMatchObject({ target: "guard", heldScreen: "guard" });
    expect(effects.filter((e) => e.kind !== "spend")).toEqual([
      { kind: "mark", depth: 0, by: "guard", mark: "screening", data: "hero" },
      { kind: "mark", depth: 0, by: "guard", mark: "screenedAttacker", data: "orc" },
    ]);
    expect(offered(state)).toEqual(["ally:snapAttack:main"]);
    expect(play(held, answer("guard", "screen"), dice(2, 2, 4, 4), pass("ally")).state.settlement)
      .toMatchObject({ target: "guard", ac: 16, hit: false, totalDefense: false });
    // Lost: the ward keeps the attack and its answer; no second held screen.
    const lost = play(held, answer("guard", "screen"), dice(6, 6, 1, 1)).state;
    expect(lost.frames[0]?.facts).toMatchObject({ target: "hero", heldScreen: "guard" });
    expect(offered(lost)).toEqual(["hero:totalDefense:main", "ally:snapAttack:main"]);
  });

  it("a holder whose Move is free screens with it and may still take Total Defense", () => {
    const held = context({ holders: [{ side: side("guard", 2, 1), pays: "move" }], defenders: ["hero", "guard"] });
    const s = play(held, answer("guard", "screen"), dice(2, 2, 4, 4)).state;
    expect(offered(s)).toEqual(["guard:totalDefense:main", "ally:snapAttack:main"]);
  });

  it("no held screen once a declared screen moved the attack", () => {
    const both = context({
      screeners: [side("s1", 1)], holders: [{ side: side("guard", 2, 1), pays: "move" }],
      defenders: ["s1"],
    });
    expect(offered(play(both, dice(1, 1, 6, 6)).state)).toEqual(["s1:totalDefense:main", "ally:snapAttack:main"]);
  });

  it("refuses to open without the AC of every combatant the attack may end on", () => {
    expect(() => openWindow(SHOCK, context({ screeners: [side("s9", 0)] }))).toThrow(/no AC for s9/);
  });
});

describe("shock's reaction window: a held attack (002 §Hold An Action)", () => {
  const held = (attackerDown: boolean) => ({ kind: "outside", name: "heldAttack", value: { attackerDown } });
  const ctx = context({ heldAttackers: ["guard"] });

  it("a holder with its Main is offered its held attack; it pays the Main and the window waits for it", () => {
    expect(offered(play(ctx).state)).toEqual([
      "hero:totalDefense:main", "ally:snapAttack:main", "guard:heldAttack:main",
    ]);
    const { state, effects } = play(ctx, answer("guard", "heldAttack"));
    expect(effects).toContainEqual(expect.objectContaining({ kind: "spend", by: "guard", resource: "main", amount: 1 }));
    expect(waitingOf(SHOCK, state)).toMatchObject({
      kind: "outside", need: { name: "heldAttack", data: { by: "guard", target: "orc" } },
    });
    // Its Main is spent: neither a second held attack nor a snap afterwards.
    const after = play({ ...ctx, snappers: ["ally", "guard"] }, answer("guard", "heldAttack"), held(false));
    expect(offered(after.state)).toEqual(["hero:totalDefense:main", "ally:snapAttack:main"]);
  });

  it("resolves first: felling the attacker cancels the attack it answered (no damage, no Shock)", () => {
    expect(play(ctx, answer("guard", "heldAttack"), held(true)).state.settlement).toEqual({
      cancelled: true, target: "hero", natural: 10, total: 14, ac: 13, hit: false,
      decidedBy: "total", totalDefense: false,
    });
  });

  it("a held attack that does not fell the attacker leaves the hit to land", () => {
    const { state } = play(ctx, answer("guard", "heldAttack"), held(false), pass("hero"), pass("ally"));
    expect(state.settlement).toMatchObject({ cancelled: false, hit: true, target: "hero" });
  });

  it("the target holding its action may strike its attacker with it; the attacker never may", () => {
    expect(offered(play(context({ heldAttackers: ["hero", "orc"], snappers: [] })).state))
      .toEqual(["hero:totalDefense:main", "hero:heldAttack:main"]);
  });

  it("a window stored before held attacks were offered (no `heldAttackers`) offers none", () => {
    const stored: ShockWindowContext = { ...ctx };
    delete stored.heldAttackers;
    expect(offered(play(stored).state)).toEqual(["hero:totalDefense:main", "ally:snapAttack:main"]);
  });
});

describe("shock's window over random play", () => {
  const ids = ["hero", "s1", "s2", "guard", "ally", "friend"];
  const arb: fc.Arbitrary<ShockWindowContext> = fc.record({
    natural: fc.integer({ min: 1, max: 20 }), bonus: fc.integer({ min: -2, max: 8 }),
    naturals: fc.boolean(), acs: fc.array(fc.integer({ min: 10, max: 20 }), { minLength: 6, maxLength: 6 }),
    mods: fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 7, maxLength: 7 }),
    screeners: fc.subarray(["s1", "s2"]), holders: fc.subarray(["guard", "s2"]),
    pays: fc.constantFrom("move" as const, "main" as const),
    defenders: fc.subarray(ids), snappers: fc.subarray(["hero", "ally", "friend", "guard"]),
    targetSnaps: fc.boolean(), heldAttackers: fc.subarray(["hero", "guard", "friend"]),
    // The runner's way: the window rolls the d20, with each target's own modifiers.
    rolls: fc.boolean(), own: fc.array(fc.integer({ min: -4, max: 8 }), { minLength: 6, maxLength: 6 }),
  }).map((r) => ({
    attacker: "orc", ward: "hero", natural: r.rolls ? null : r.natural,
    total: r.rolls ? null : r.natural + r.bonus,
    ...(r.rolls ? { modifiers: Object.fromEntries(ids.map((id, i) => [id, r.own[i] as number])) } : {}),
    naturals: r.naturals, ac: Object.fromEntries(ids.map((id, i) => [id, r.acs[i] as number])),
    attackerSide: side("orc", r.mods[6] as number),
    screeners: r.screeners.map((id) => side(id, r.mods[ids.indexOf(id)] as number)),
    holders: r.holders.filter((id) => !r.screeners.includes(id))
      .map((id) => ({ side: side(id, r.mods[ids.indexOf(id)] as number, 1), pays: r.pays })),
    defenders: r.defenders, snappers: r.snappers, targetSnaps: r.targetSnaps,
    heldAttackers: r.heldAttackers,
  }));
  const opts: HarnessOptions = {
    nestedOnly: null, outside: (_need, pick) => ({ attackerDown: pick % 4 === 0 }),
    strays: strayEvents(["orc", ...ids], SHOCK_ANSWERS),
  };
  const def = SHOCK as WindowDefinition<unknown, unknown, unknown>;

  it("stays valid JSON, refuses strays without change, settles once, and is consistent", () => {
    fc.assert(fc.property(arb, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (ctx, p) => {
      const { state } = playRandomly(def, ctx, p, opts);
      const s = state.settlement as ShockWindowSettlement;
      const f = state.frames[0]?.facts as ShockWindowFacts;
      // The settlement reads the final facts: a cancelled attack never hits; Total Defense only
      // counts for the final target and raised its AC by 2.
      expect(s.cancelled).toBe(f.attackerDown);
      if (s.cancelled) expect(s.hit).toBe(false);
      expect(s.target).toBe(f.target);
      expect(s.ac).toBe((ctx.ac[s.target] as number) + (s.totalDefense ? 2 : 0));
      // The d20 is the context's, or the opening's last die; the total is against the final target.
      expect(s.natural).toBe(ctx.natural ?? f.natural);
      expect(s.total).toBe(ctx.modifiers
        ? s.natural + (ctx.modifiers[s.target] as number) : ctx.total);
      // Nobody spends the Main twice in one window.
      const mains = state.log.flatMap((e) => (e.kind === "spend" && e.resource === "main" ? [e.by] : []));
      expect(new Set(mains).size).toBe(mains.length);
    }), { numRuns: 300 });
  });

  it("the runner's sync play equals the card's step-by-step play", async () => {
    await fc.assert(fc.asyncProperty(arb, fc.integer(), fc.nat(), async (ctx, seed, salt) => {
      await checkEquivalence(def, ctx, seed, salt, opts);
    }), { numRuns: 200 });
  });
});

describe("shock's reaction window offering nothing (the runner settles it unplayed)", () => {
  it("settleUnanswered gives what the window played from its opening gives, the same d20", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: -6, max: 12 }),
      fc.integer({ min: 5, max: 25 }), fc.boolean(), fc.integer(),
      (roll, modifier, ac, naturals, seed) => {
        const c = context({
          natural: null, total: null, naturals, ac: { hero: ac }, modifiers: { hero: modifier },
          defenders: [], snappers: [],
        });
        expect(offersNothing(c)).toBe(true);
        const run = runWindow(SHOCK, c, { die: () => roll }, {
          choose: () => {
            throw new Error("nothing is offered");
          },
        });
        expect(run.effects.map((e) => e.kind)).toEqual(["settle"]);
        expect(settleUnanswered(c, roll)).toEqual(run.state.settlement);
        // A seeded roller's first d20 is the die the window's opening rolls.
        const played = runWindow(SHOCK, c, new SeededRoller(seed), { choose: () => ({ pass: "" }) });
        const natural = new SeededRoller(seed).die(20);
        expect(settleUnanswered(c, natural)).toEqual(played.state.settlement);
      },
    ), { numRuns: 300 });
  });

  it("settleOnWard gives what the window on the ward alone gives, Total Defense or not", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }), fc.integer({ min: -6, max: 12 }),
      fc.integer({ min: 5, max: 25 }), fc.boolean(), fc.boolean(),
      (natural, modifier, ac, naturals, totalDefense) => {
        // The roll known (as the runner rolls it), the ward alone, its Total Defense listed or not.
        const c = context({
          natural, total: natural + modifier, naturals, ac: { hero: ac },
          modifiers: { hero: modifier }, defenders: totalDefense ? ["hero"] : [], snappers: [],
        });
        const run = runWindow(SHOCK, c, { die: () => { throw new Error("no die is rolled"); } }, {
          choose: (_state, offers) => {
            expect(offers.map((o) => `${o.by}:${o.answer}`)).toEqual(["hero:totalDefense"]);
            return offers[0]!;
          },
        });
        expect(run.effects.map((e) => e.kind))
          .toEqual(totalDefense ? ["spend", "mark", "settle"] : ["settle"]);
        const settled = settleOnWard("hero", natural, modifier, ac, naturals, totalDefense);
        expect(settled).toEqual(run.state.settlement);
        if (!totalDefense) expect(settled).toEqual(settleUnanswered(c, natural));
      },
    ), { numRuns: 300 });
  });

  it("anything listed to answer is something offered", () => {
    for (const o of [
      { defenders: ["hero"] }, { snappers: ["ally"] }, { heldAttackers: ["ally"] },
      { screeners: [side("guard", 2)] }, { holders: [{ side: side("s1", 1), pays: "move" as const }] },
    ]) {
      expect(offersNothing(context({ defenders: [], snappers: [], ...o }))).toBe(false);
    }
  });
});
