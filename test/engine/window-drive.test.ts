import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import type { Offer } from "../../src/engine/resolution/window/definition";
import {
  playOpening, playRequest, runWindow, WindowRunner,
} from "../../src/engine/resolution/window/drive";
import { openWindow } from "../../src/engine/resolution/window/step";
import { TOY_WINDOW, type ToyContext } from "./fixtures/toy-window";

const CONTEXT: ToyContext = { players: ["ann", "bo"], rp: 2, greedy: false, inner: ["roll"] };
const sixes = async (need: { count: number }) => Array.from({ length: need.count }, () => 6);

describe("driving a window: a runner's sync play and a Foundry step", () => {
  it("runs to the settlement with the roller's dice and the tactics' answers", () => {
    const r = runWindow(TOY_WINDOW, CONTEXT, { die: (f) => f }, {
      choose: (_s, offers) => (offers.some((o) => o.answer === "roll")
        ? offers.find((o) => o.answer === "roll")! : { pass: offers[0]!.by }),
    });
    // Each rolls a 6 and gets its RP back; each answer is taken once, then both pass.
    expect(r.state.settlement).toEqual({ total: 12, bonus: 4 });
    expect(r.events.map((e) => e.kind)).toEqual(
      ["answer", "dice", "answer", "dice", "pass", "pass", "dice"],
    );
    expect(r.effects).toStrictEqual(r.state.log);
  });

  it("throws when the tactics pick what the window refuses, or never settle it", () => {
    expect(() => runWindow(TOY_WINDOW, CONTEXT, new SeededRoller(1), {
      choose: () => ({ by: "ann", answer: "fly" }),
    })).toThrow(/refused .*notOffered/);
    expect(() => runWindow(TOY_WINDOW, { ...CONTEXT, players: ["ann"], rp: 1 }, new SeededRoller(1), {
      choose: (_s, offers) => offers.find((o) => o.answer === "ask")!,
    })).toThrow(/no outside outcome for oracle/);
  });

  it("refuses what it could not store: a context or an outside outcome that is not JSON", () => {
    expect(() => runWindow(TOY_WINDOW, { ...CONTEXT, rp: Number.NaN }, new SeededRoller(1), {
      choose: (_s, offers) => ({ pass: offers[0]!.by }),
    })).toThrow(TypeError);
    expect(() => runWindow(TOY_WINDOW, { ...CONTEXT, players: ["ann"], rp: 1 }, new SeededRoller(1), {
      choose: (_s, offers) => offers.find((o) => o.answer === "ask")!,
      outside: () => ({ when: new Date(0) }) as never,
    })).toThrow(/outside oracle is not plain JSON/);
  });

  it("unchecked (a runner's hot path), it takes what it is given without looking", () => {
    const r = runWindow(TOY_WINDOW, { ...CONTEXT, players: ["ann"], rp: 1 }, new SeededRoller(1), {
      choose: (_s, offers) => offers.find((o) => o.answer === "ask") ?? { pass: offers[0]!.by },
      outside: () => ({ when: new Date(0) }) as never,
    }, { checked: false });
    expect(r.events.map((e) => e.kind)).toContain("outside");
    expect(r.state.settlement).not.toBeNull();
  });

  it("asks the definition again after a pass only when its offers read who passed", () => {
    // Three players who only pass: the toy's offers never read `passed`, so they are asked once;
    // a definition that does read it (offering nothing more once two passed) is asked each time.
    const three = { ...CONTEXT, players: ["ann", "bo", "cy"] };
    const passAll = { choose: (_s: unknown, offers: readonly Offer[]) => ({ pass: offers[0]!.by }) };
    let asked = 0;
    const counted = { ...TOY_WINDOW, offers: (v: Parameters<typeof TOY_WINDOW.offers>[0]) => {
      asked++;
      return TOY_WINDOW.offers(v);
    } };
    const once = runWindow(counted, three, new SeededRoller(1), passAll);
    expect(asked).toBe(1);
    expect(once.state.frames[0]!.passed).toEqual(["ann", "bo", "cy"]);
    asked = 0;
    const reading = { ...counted, offers: (v: Parameters<typeof TOY_WINDOW.offers>[0]) => {
      asked++;
      return v.passed.length >= 2 ? [] : TOY_WINDOW.offers(v);
    } };
    const r = runWindow(reading, three, new SeededRoller(1), passAll);
    expect(asked).toBe(3);
    expect(r.state.frames[0]!.passed).toEqual(["ann", "bo"]);
  });

  it("a runner's driver keeps one state, and a run inside a run gets its own", () => {
    const runner = new WindowRunner(TOY_WINDOW, { checked: false, events: false });
    const pass = { choose: (_s: unknown, offers: readonly Offer[]) => ({ pass: offers[0]!.by }) };
    const first = runner.run(CONTEXT, { die: (f) => f }, pass);
    const firstState = first.state;
    expect(first.state.settlement).toEqual({ total: 0, bonus: 4 });
    let innerState: unknown = null;
    const second = runner.run({ ...CONTEXT, players: ["ann"], rp: 1 }, { die: () => 1 }, {
      choose: (_s, offers) => offers.find((o) => o.answer === "ask") ?? { pass: offers[0]!.by },
      outside: () => {
        // An outside outcome that plays another window on the same runner (a Snap Attack's).
        const inner = runner.run(CONTEXT, { die: (f) => f }, pass);
        innerState = inner.state;
        expect(inner.state.settlement).toEqual({ total: 0, bonus: 4 });
        return 3;
      },
    });
    expect(second.state).toBe(firstState);
    expect(innerState).not.toBe(firstState);
    expect(second.state.settlement).toEqual({ total: 3, bonus: 1 });
    expect(second.state.frames[0]!.context).toEqual({ ...CONTEXT, players: ["ann"], rp: 1 });
    // Each run plays as runWindow plays it alone.
    const alone = runWindow(TOY_WINDOW, CONTEXT, { die: (f) => f }, pass);
    expect(JSON.parse(JSON.stringify(runner.run(CONTEXT, { die: (f) => f }, pass).state)))
      .toEqual(JSON.parse(JSON.stringify(alone.state)));
  });

  it("plays in place: the tactics see each event's state, and the run ends on that same state", () => {
    const seen: unknown[] = [];
    const r = runWindow(TOY_WINDOW, CONTEXT, { die: (f) => f }, {
      choose: (s, offers) => {
        seen.push(s);
        return { pass: offers[0]!.by };
      },
    });
    expect(seen.length).toBe(2);
    expect(seen.every((s) => s === r.state)).toBe(true);
    expect(r.state.seq).toBe(r.events.length);
  });

  it("a request rolls what the answer needs and stops at the next answers", async () => {
    const card: unknown = JSON.parse(JSON.stringify(openWindow(TOY_WINDOW, CONTEXT).state));
    const r = await playRequest(TOY_WINDOW, card, { kind: "answer", by: "ann", answer: "roll" }, sixes);
    expect(r.ok && r.waiting.kind).toBe("answers");
    expect(r.ok && r.effects.map((e) => e.kind)).toEqual(["spend", "refund", "mark"]);
  });

  it("refuses a stored state that is not this window, a refused event, and wrong dice", async () => {
    const card: unknown = JSON.parse(JSON.stringify(openWindow(TOY_WINDOW, CONTEXT).state));
    expect(await playRequest(TOY_WINDOW, { ...(card as object), window: "x" }, { kind: "pass", by: "ann" }, sixes))
      .toEqual({ ok: false, reason: "badState" });
    expect(await playRequest(TOY_WINDOW, card, { kind: "pass", by: "zed" }, sixes))
      .toEqual({ ok: false, reason: "nothingToPass" });
    expect(await playRequest(TOY_WINDOW, card, { kind: "answer", by: "ann", answer: "roll" },
      async () => [9])).toEqual({ ok: false, reason: "badDice" });
  });

  it("an opening with nothing to offer settles as the seal rolls its dice", async () => {
    const r = await playOpening(TOY_WINDOW, { ...CONTEXT, rp: 0 }, async () => [2]);
    expect(r.ok && r.waiting).toEqual({ kind: "settled", settlement: { total: 0, bonus: 2 } });
  });
});
