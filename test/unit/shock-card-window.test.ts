import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { openWindow, stepWindow, waitingOf } from "../../src/engine/resolution/window/step";
import { readWindowState } from "../../src/engine/resolution/window/read";
import type { WindowEvent } from "../../src/engine/resolution/window/definition";
import { SHOCK_WINDOW, type ShockWindowContext } from "../../src/rulesets/shock/rules/reaction-window";
import { screenSide } from "../../src/rulesets/shock/rules/maneuvers";
import {
  choicesOf, closingEvents, closingNext, eventOf, factsNow, missingParty, pendingStrike, storedWindow,
  windowOf, withAcs,
  type ShockWindowState,
} from "../../src/rulesets/shock/play/cards/card-window";
import { wielder } from "../../src/rulesets/shock/test/fixtures";

/**
 * A shock card's reaction window as the card stores it between requests: plain JSON that reads
 * back as the same state, with no AC in it (the GM's client puts the ACs read from the documents
 * back before it plays a request), and that plays on exactly as the state it came from. Random
 * contexts (screeners, held screeners, defenders, snappers, the target's own snap, held attacks,
 * each new field present or absent as an older card stored it) and random answers, dice, snap and
 * held-attack outcomes and passes, the card's own events among them.
 */
const ids = ["ward", "s1", "s2", "h1", "a1", "a2"] as const;

const context = fc.record({
  natural: fc.integer({ min: 1, max: 20 }),
  bonus: fc.integer({ min: -2, max: 8 }),
  acs: fc.array(fc.integer({ min: 8, max: 20 }), { minLength: 4, maxLength: 4 }),
  screeners: fc.subarray(["s1", "s2"]),
  holder: fc.boolean(),
  pays: fc.constantFrom("move" as const, "main" as const),
  defenders: fc.subarray(["ward", "s1", "s2", "h1"]),
  snappers: fc.subarray(["a1", "a2", "s1", "ward"]),
  // Absent as a card stored before the target's snap and held attacks were offered stores it.
  targetSnaps: fc.option(fc.boolean(), { nil: undefined }),
  heldAttackers: fc.option(fc.subarray(["a1", "h1", "ward"]), { nil: undefined }),
}).map((r): ShockWindowContext => ({
  attacker: "foe", ward: "ward", natural: r.natural, total: r.natural + r.bonus, naturals: true,
  ac: { ward: r.acs[0]!, s1: r.acs[1]!, s2: r.acs[2]!, h1: r.acs[3]! },
  attackerSide: screenSide("foe", wielder({ str: 1, stab: 1 })),
  screeners: r.screeners.map((id) => screenSide(id, wielder({ dex: 1, stab: 1 }))),
  holders: r.holder ? [{ side: screenSide("h1", wielder({ stab: 1 })), pays: r.pays }] : [],
  defenders: r.defenders, snappers: r.snappers,
  ...(r.targetSnaps === undefined ? {} : { targetSnaps: r.targetSnaps }),
  ...(r.heldAttackers === undefined ? {} : { heldAttackers: r.heldAttackers }),
}));

/** One event for a state, chosen by `pick`: what it waits for, or a stray one. */
function eventFor(state: ShockWindowState, pick: number, die: number): WindowEvent {
  const waiting = waitingOf(SHOCK_WINDOW, state);
  if (waiting.kind === "dice") {
    return { kind: "dice", results: Array.from({ length: waiting.need.count }, (_, i) => 1 + ((die + i) % 6)) };
  }
  if (waiting.kind === "outside") {
    return { kind: "outside", name: waiting.need.name, value: { attackerDown: pick % 3 === 0 } };
  }
  const choices = choicesOf(state);
  if (pick % 5 === 4 || !choices.length) return closingEvents(state)[0] ?? { kind: "pass", by: ids[pick % ids.length]! };
  return eventOf(choices[pick % choices.length]!, state);
}

/** Every `ac` key anywhere in a JSON value. */
function acsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(acsIn);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "ac" ? [v] : acsIn(v)));
}

describe("a shock card's reaction window, stored between requests", () => {
  it("round-trips through JSON with no AC in it, and plays on as the state it came from", () => {
    fc.assert(fc.property(
      context, fc.array(fc.tuple(fc.nat(20), fc.nat(5)), { minLength: 1, maxLength: 14 }),
      (ctx, picks) => {
        let state = openWindow(SHOCK_WINDOW, ctx).state;
        for (const [pick, die] of picks) {
          const stored: unknown = JSON.parse(JSON.stringify(storedWindow(state)));
          // No defense value is written to the card: the context's ACs are empty, none elsewhere.
          expect(acsIn(stored)).toEqual([{}]);
          const back = windowOf({ window: stored });
          expect(back).not.toBeNull();
          expect(readWindowState(SHOCK_WINDOW, stored)).toEqual(back);
          // The state the GM plays: the stored one with the ACs put back.
          const live = withAcs(back!, ctx.ac);
          expect(storedWindow(live)).toEqual(stored);
          if (state.settlement) {
            expect(live.settlement).toEqual({ ...state.settlement, ac: undefined });
            break;
          }
          expect(live).toEqual({ ...state, frames: state.frames.map((f) => ({ ...f })) });
          const event = eventFor(state, pick, die);
          const direct = stepWindow(SHOCK_WINDOW, state, event);
          const replayed = stepWindow(SHOCK_WINDOW, live, event);
          expect(replayed).toEqual(direct);
          if (direct.ok) state = direct.state;
        }
      },
    ), { numRuns: 400, seed: 1411 });
  });

  it("a stored state that is not the window's own reads as none (the card then has no window)", () => {
    const state = openWindow(SHOCK_WINDOW, {
      attacker: "foe", ward: "ward", natural: 12, total: 14, naturals: true, ac: { ward: 13 },
      attackerSide: screenSide("foe", wielder()), screeners: [], holders: [], defenders: ["ward"], snappers: [],
    }).state;
    const stored = JSON.parse(JSON.stringify(storedWindow(state))) as Record<string, unknown>;
    expect(windowOf({ window: stored })).not.toBeNull();
    expect(windowOf({ window: { ...stored, window: "action-points" } })).toBeNull();
    expect(windowOf({ window: { ...stored, seq: -1 } })).toBeNull();
    expect(windowOf({ window: { ...stored, frames: [] } })).toBeNull();
    expect(windowOf({ window: "{}" })).toBeNull();
    expect(windowOf({})).toBeNull();
  });
});

describe("missingParty: a party whose AC an event needs, gone from the ACs read now", () => {
  const state = openWindow(SHOCK_WINDOW, {
    attacker: "foe", ward: "ward", natural: 12, total: 14, naturals: true,
    ac: { ward: 13, h1: 12 }, attackerSide: screenSide("foe", wielder()), screeners: [],
    holders: [{ side: screenSide("h1", wielder({ stab: 1 })), pays: "move" }],
    defenders: ["ward"], snappers: [],
  }).state;
  const screen: WindowEvent = { kind: "answer", by: "h1", answer: "screen" };
  const pass: WindowEvent = { kind: "pass", by: "h1" };

  it("the target's AC is needed by every event; a held screener's by its screen only", () => {
    expect(factsNow(state)?.target).toBe("ward");
    expect(missingParty(state, pass, {})).toBe("ward");
    expect(missingParty(state, screen, {})).toBe("ward");
    expect(missingParty(state, pass, { ward: 13 })).toBeNull();
    expect(missingParty(state, screen, { ward: 13 })).toBe("h1");
    expect(missingParty(state, screen, { ward: 13, h1: 12 })).toBeNull();
  });

  it("any answer other than a screen needs the target's AC alone", () => {
    fc.assert(fc.property(
      fc.constantFrom("totalDefense", "snapAttack", "heldAttack"), fc.constantFrom(...ids),
      fc.subarray([...ids]),
      (answer, by, read) => {
        const ac = Object.fromEntries(read.map((k) => [k, 12]));
        const event: WindowEvent = { kind: "answer", by, answer };
        expect(missingParty(state, event, ac)).toBe(read.includes("ward") ? null : "ward");
      },
    ), { seed: 1412 });
  });
});

describe("closingNext: the events an answer's request plays", () => {
  const opened = (ctx: ShockWindowContext) => openWindow(SHOCK_WINDOW, ctx).state;

  it("without an awaited strike: a \"no reaction\" passes for everyone still offered, one by one", () => {
    fc.assert(fc.property(context, fc.boolean(), (ctx, down) => {
      let asked = 0;
      const next = closingNext(null, true, () => (asked += 1) > 0 && down);
      const state = opened(ctx);
      expect(next(state, 0)).toEqual(closingEvents(state)[0] ?? null);
      expect(next(state, 3)).toEqual(closingEvents(state)[0] ?? null);
      expect(closingNext(null, false, () => down)(state, 0)).toBeNull();
      // The documents are asked nothing when no strike is awaited.
      expect(asked).toBe(0);
    }), { seed: 1416 });
  });

  it("with one: its outcome first (the attacker down or not, asked then), the passes after", () => {
    fc.assert(fc.property(context, fc.boolean(), fc.boolean(), (ctx, down, close) => {
      const state = opened(ctx);
      const next = closingNext("a1", close, () => down);
      const name = pendingStrike(state)?.answer ?? "snapAttack";
      expect(next(state, 0)).toEqual({ kind: "outside", name, value: { attackerDown: down } });
      expect(next(state, 1)).toEqual(close ? closingEvents(state)[0] ?? null : null);
    }), { seed: 1417 });
  });
});
