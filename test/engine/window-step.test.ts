import { describe, expect, it } from "vitest";
import {
  offersNow, openWindow, stepWindow, waitingOf,
} from "../../src/engine/resolution/window/step";
import { parseWindowEvent, readWindowState } from "../../src/engine/resolution/window/read";
import type { WindowState } from "../../src/engine/resolution/window/definition";
import { TOY_WINDOW, type ToyContext, type ToyFacts, type ToySettlement } from "./fixtures/toy-window";

type Toy = WindowState<ToyContext, ToyFacts, ToySettlement>;
const CONTEXT: ToyContext = { players: ["ann", "bo"], rp: 2, greedy: false, inner: ["roll", "ask"] };

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/** Applies events that must be accepted. */
function play(state: Toy, ...events: unknown[]): Toy {
  let s = state;
  for (const e of events) {
    const r = stepWindow(TOY_WINDOW, s, e);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.reason}`);
    s = r.state;
  }
  return s;
}

const opened = () => openWindow(TOY_WINDOW, CONTEXT).state;

describe("window transitions (the engine's guarantees, on a toy definition)", () => {
  it("an answer spends its cost, waits for its dice, then offers again", () => {
    const s0 = opened();
    expect(waitingOf(TOY_WINDOW, s0)).toMatchObject({ kind: "answers", depth: 0 });
    const r = stepWindow(TOY_WINDOW, s0, { kind: "answer", by: "ann", answer: "roll" });
    expect(r.ok && r.effects).toEqual([
      { kind: "spend", depth: 0, by: "ann", answer: "roll", resource: "rp", amount: 1 },
    ]);
    const s1 = r.ok ? r.state : s0;
    expect(waitingOf(TOY_WINDOW, s1)).toEqual({
      kind: "dice", depth: 0, need: { kind: "dice", count: 1, faces: 6, label: "roll", by: "ann" },
    });
    const r2 = stepWindow(TOY_WINDOW, s1, { kind: "dice", results: [6] });
    expect(r2.ok && r2.effects).toEqual([
      { kind: "refund", depth: 0, by: "ann", answer: "roll", resource: "rp", amount: 1 },
      { kind: "mark", depth: 0, by: "ann", mark: "rolled", data: 6 },
    ]);
    const s2 = r2.ok ? r2.state : s1;
    expect(s2.seq).toBe(2);
    expect(s2.frames[0]?.answers[0]).toMatchObject({ done: true, note: 6, refunds: [{ amount: 1 }] });
    // Refunded: ann may still take a 2 RP answer; each answer once per combatant.
    expect(offersNow(TOY_WINDOW, s2).filter((o) => o.by === "ann").map((o) => o.answer))
      .toEqual(["ask", "deep"]);
  });

  it("settles once nothing is offered, with its own dice, and then refuses everything", () => {
    let s = play(opened(), { kind: "pass", by: "ann" });
    const r = stepWindow(TOY_WINDOW, s, { kind: "pass", by: "bo" });
    expect(r.ok && r.effects).toEqual([]);
    s = r.ok ? r.state : s;
    expect(waitingOf(TOY_WINDOW, s)).toMatchObject({ kind: "dice", need: { label: "bonus" } });
    const done = stepWindow(TOY_WINDOW, s, { kind: "dice", results: [3] });
    expect(done.ok && done.effects).toEqual([
      { kind: "settle", depth: 0, settlement: { total: 0, bonus: 3 } },
    ]);
    const end = done.ok ? done.state : s;
    expect(end.settlement).toEqual({ total: 0, bonus: 3 });
    expect(waitingOf(TOY_WINDOW, end)).toEqual({ kind: "settled", settlement: end.settlement });
    expect(offersNow(TOY_WINDOW, end)).toEqual([]);
    for (const e of [{ kind: "pass", by: "ann" }, { kind: "dice", results: [1] }]) {
      expect(stepWindow(TOY_WINDOW, end, e)).toEqual({ ok: false, reason: "settled" });
    }
  });

  it("refuses malformed, stale and out-of-turn events with their reason, changing nothing", () => {
    const s0 = deepFreeze(opened());
    const before = JSON.stringify(s0);
    const waitingDice = deepFreeze(play(s0, { kind: "answer", by: "ann", answer: "roll" }));
    const waitingOracle = deepFreeze(play(s0, { kind: "answer", by: "bo", answer: "ask" }));
    const cases: [Toy, unknown, string][] = [
      [s0, null, "malformed"],
      [s0, { kind: "answer", by: "ann" }, "malformed"],
      [s0, { kind: "dice", results: ["1"] }, "malformed"],
      [s0, { kind: "pass", by: "ann", seq: -1 }, "malformed"],
      [s0, { kind: "outside", name: "oracle", value: undefined }, "malformed"],
      [s0, { kind: "shout", by: "ann" }, "malformed"],
      [s0, { kind: "pass", by: "ann", seq: 1 }, "stale"],
      [s0, { kind: "answer", by: "ann", answer: "fly" }, "notOffered"],
      [s0, { kind: "answer", by: "cy", answer: "roll" }, "notOffered"],
      [s0, { kind: "pass", by: "cy" }, "nothingToPass"],
      [s0, { kind: "dice", results: [3] }, "notWaitingForDice"],
      [s0, { kind: "outside", name: "oracle", value: 1 }, "notWaitingForOutside"],
      [waitingDice, { kind: "answer", by: "bo", answer: "roll" }, "busy"],
      [waitingDice, { kind: "pass", by: "bo" }, "busy"],
      [waitingDice, { kind: "dice", results: [7] }, "badDice"],
      [waitingDice, { kind: "dice", results: [1, 2] }, "badDice"],
      [waitingDice, { kind: "outside", name: "oracle", value: 1 }, "notWaitingForOutside"],
      [waitingOracle, { kind: "outside", name: "other", value: 1 }, "notWaitingForOutside"],
      [waitingOracle, { kind: "dice", results: [1] }, "notWaitingForDice"],
      [{ ...s0, window: "other" }, { kind: "pass", by: "ann" }, "badState"],
    ];
    for (const [state, event, reason] of cases) {
      const json = JSON.stringify(state);
      expect(stepWindow(TOY_WINDOW, state, event)).toEqual({ ok: false, reason });
      expect(JSON.stringify(state)).toBe(json);
    }
    expect(JSON.stringify(s0)).toBe(before);
    // A pass, then that combatant has nothing to pass or answer.
    const passed = play(s0, { kind: "pass", by: "ann", seq: 0 });
    expect(stepWindow(TOY_WINDOW, passed, { kind: "pass", by: "ann" }))
      .toEqual({ ok: false, reason: "nothingToPass" });
    expect(stepWindow(TOY_WINDOW, passed, { kind: "answer", by: "ann", answer: "roll" }))
      .toEqual({ ok: false, reason: "notOffered" });
  });

  it("an outside outcome resumes the answer that asked for it", () => {
    const s = play(opened(), { kind: "answer", by: "bo", answer: "ask" });
    expect(waitingOf(TOY_WINDOW, s)).toEqual({
      kind: "outside", depth: 0, need: { kind: "outside", name: "oracle", data: { by: "bo" } },
    });
    const after = play(s, { kind: "outside", name: "oracle", value: 5 });
    expect(after.frames[0]?.facts).toEqual({ total: 5 });
  });

  it("a nested window offers only what the answer that opened it allows, then settles into it", () => {
    const s = play(opened(), { kind: "answer", by: "ann", answer: "deep" });
    expect(s.frames).toHaveLength(2);
    expect(s.frames[1]?.only).toEqual(["roll", "ask"]);
    // The toy offers deep and greedy everywhere: the engine keeps the nested window to its list.
    expect(offersNow(TOY_WINDOW, s).map((o) => `${o.by}:${o.answer}`)).toEqual([]);
    // ann spent her 2 RP on `deep`: nothing left to offer, so the inner window settled at once
    // and waits for its bonus d4.
    expect(waitingOf(TOY_WINDOW, s)).toMatchObject({ kind: "dice", depth: 1 });
    const r = stepWindow(TOY_WINDOW, s, { kind: "dice", results: [4] });
    expect(r.ok && r.effects).toEqual([
      { kind: "settle", depth: 1, settlement: { total: 0, bonus: 4 } },
    ]);
    const back = r.ok ? r.state : s;
    expect(back.frames).toHaveLength(1);
    expect(back.closed).toHaveLength(1);
    expect(back.closed[0]).toMatchObject({ depth: 1, settlement: { total: 0, bonus: 4 } });
    expect(back.frames[0]?.facts).toEqual({ total: 4 });
    expect(back.frames[0]?.answers[0]?.supplied).toEqual([
      { kind: "window", settlement: { total: 0, bonus: 4 } },
    ]);
  });

  it("a window inside a limited one is limited by both lists", () => {
    const rich = openWindow(TOY_WINDOW, { ...CONTEXT, rp: 9, inner: ["roll", "deep"] }).state;
    const s = play(rich, { kind: "answer", by: "ann", answer: "deep" });
    expect(offersNow(TOY_WINDOW, s).map((o) => o.answer)).toEqual(["roll", "deep"]);
    // Its `deep` asks for ["ask", "deep"]; its own list leaves only `deep`.
    const s2 = play(s, { kind: "answer", by: "ann", answer: "deep" });
    expect(s2.frames.map((f) => f.only)).toEqual([null, ["roll", "deep"], ["deep"]]);
    expect(offersNow(TOY_WINDOW, s2).map((o) => o.answer)).toEqual(["deep"]);
  });

  it("a definition that refunds more than it was paid is a bug: it throws, nothing changes", () => {
    const s = openWindow(TOY_WINDOW, { ...CONTEXT, greedy: true }).state;
    const json = JSON.stringify(s);
    expect(() => stepWindow(TOY_WINDOW, s, { kind: "answer", by: "ann", answer: "greedy" }))
      .toThrow(/refunds more than it cost/);
    expect(JSON.stringify(s)).toBe(json);
  });

  it("a context that is not plain JSON is refused at the opening", () => {
    expect(() => openWindow(TOY_WINDOW, { ...CONTEXT, rp: NaN })).toThrow(TypeError);
  });
});

describe("stored states and events read from untrusted JSON", () => {
  it("reads back every state it wrote, and nothing else", () => {
    const states = [
      opened(),
      play(opened(), { kind: "answer", by: "ann", answer: "roll" }),
      play(opened(), { kind: "answer", by: "ann", answer: "deep" }),
      play(opened(), { kind: "pass", by: "ann" }, { kind: "pass", by: "bo" }, { kind: "dice", results: [2] }),
    ];
    for (const s of states) {
      const stored: unknown = JSON.parse(JSON.stringify(s));
      expect(readWindowState(TOY_WINDOW, stored)).toStrictEqual(s);
    }
    // JSON.parse's own type lets the cases below break any field.
    type Loose = ReturnType<typeof JSON.parse>;
    const bad = (f: (s: Loose) => void) => {
      const copy: Loose = JSON.parse(JSON.stringify(states[2]));
      f(copy);
      return readWindowState(TOY_WINDOW, copy);
    };
    expect(bad(() => undefined)).not.toBeNull();
    expect(bad((s) => { s.window = "other"; })).toBeNull();
    expect(bad((s) => { s.format = 2; })).toBeNull();
    expect(bad((s) => { s.seq = -1; })).toBeNull();
    expect(bad((s) => { s.frames = []; })).toBeNull();
    expect(bad((s) => { s.frames.pop(); })).toBeNull();
    expect(bad((s) => { s.frames[0].pending = null; })).toBeNull();
    expect(bad((s) => { s.frames[0].answers[0].done = true; })).toBeNull();
    expect(bad((s) => { s.frames[1].pending = { of: "open", need: { kind: "dice" }, supplied: [] }; }))
      .toBeNull();
    const free = { kind: "spend", depth: 0, by: "x", answer: "y", resource: "rp", amount: 0 };
    expect(bad((s) => { s.log.push(free); })).toBeNull();
    expect(bad((s) => { s.settlement = { total: 1, bonus: 1 }; })).toBeNull();
    expect(bad((s) => { s.frames[0].context = { n: undefined }; })).toBeNull();
    expect(readWindowState(TOY_WINDOW, "{}")).toBeNull();
  });

  it("parses the four events and drops unknown fields", () => {
    expect(parseWindowEvent({ kind: "pass", by: "a", extra: 1 })).toEqual({ kind: "pass", by: "a" });
    expect(parseWindowEvent({ kind: "answer", by: "a", answer: "b", seq: 3 }))
      .toEqual({ kind: "answer", by: "a", answer: "b", seq: 3 });
    expect(parseWindowEvent({ kind: "dice", results: [1, 2] })).toEqual({ kind: "dice", results: [1, 2] });
    expect(parseWindowEvent({ kind: "outside", name: "n", value: { a: [1] } }))
      .toEqual({ kind: "outside", name: "n", value: { a: [1] } });
    expect(parseWindowEvent({ kind: "dice", results: [1.5] })).toBeNull();
    expect(parseWindowEvent({ kind: "pass", by: 3 })).toBeNull();
  });
});
