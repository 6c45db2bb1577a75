import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { economyAt } from "../play/round/economy";
import {
  parseReady, readyOrderPatches, readyRuling, READY_TEXT_MAX, type ReadyFacts,
} from "../play/round/ready";
import { readiedOrder } from "../rules/initiative";

/**
 * The Ready action (`play/round/ready.ts`): declared in its own turn with a trigger and an
 * action, fired on another's turn; what the GM keeps of it, and where its taker then stands.
 * Source: `004_2cc57162401858c9.txt` §Ready Action.
 */
const kept = (over: Partial<KeptSource> = {}): KeptSource => withDefaults(KEPT_SPEC, over);
const facts = (over: Partial<ReadyFacts> = {}): ReadyFacts => ({
  kept: kept(), ownTurn: true, someoneActing: true, up: true, ...over,
});

describe("a Ready action", () => {
  it("reads a declaration's words, trimmed and bounded, or a firing; nothing else", () => {
    expect(parseReady({ ready: "declare", trigger: " an enemy comes ", action: "strike" }))
      .toEqual({ ready: "declare", trigger: "an enemy comes", action: "strike" });
    expect(parseReady({ ready: "fire", trigger: 3 })).toEqual({ ready: "fire" });
    for (const bad of [null, {}, { ready: "declare", trigger: "x" }, { ready: "declare", trigger: " ", action: "y" },
      { ready: "declare", trigger: "x".repeat(READY_TEXT_MAX + 1), action: "y" }, { ready: "now" }]) {
      expect(parseReady(bad)).toBeNull();
    }
  });

  it("is declared in its own turn at no AP, and fired only on another's", () => {
    const declare = parseReady({ ready: "declare", trigger: "t", action: "a" });
    expect(readyRuling(declare, facts()))
      .toEqual({ ok: true, patch: { readyTrigger: "t", readyAction: "a" } });
    expect(readyRuling(declare, facts({ ownTurn: false }))).toEqual({ ok: false, key: "notYourTurn" });
    expect(readyRuling(declare, facts({ kept: kept({ totalDefense: true }) })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" });
    expect(readyRuling(declare, facts({ last: true })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.ReadyLast" });
    const fire = { ready: "fire" } as const;
    expect(readyRuling(fire, facts({ ownTurn: false })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.NotReadied" });
    const waiting = kept({ readyTrigger: "t", readyAction: "a" });
    expect(readyRuling(fire, facts({ kept: waiting, ownTurn: false })))
      .toEqual({ ok: true, patch: { readyTrigger: "", readyAction: "" } });
    expect(readyRuling(fire, facts({ kept: waiting })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.FireOnAnother" });
    expect(readyRuling(fire, facts({ kept: waiting, ownTurn: false, up: false })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Down" });
    expect(readyRuling(null, facts())).toEqual({ ok: false, key: "badRequest" });
  });

  it("waits after everyone, then acts before the one acting, and a turn that ends lets it go", () => {
    expect(readiedOrder(["a", "b", "c"], "a", null)).toEqual(["b", "c", "a"]);
    expect(readiedOrder(["b", "c", "a"], "a", "c")).toEqual(["b", "a", "c"]);
    const input = { kept: kept({ readyTrigger: "t", readyAction: "a" }), pools: { ap: 5, rp: 2, fp: 2 },
      round: 2, surpriseRound: false, caughtBySurprise: false };
    expect(economyAt("turnEnd", input)).toMatchObject({ readyTrigger: "", readyAction: "" });
    expect(economyAt("turnStart", input)).not.toHaveProperty("readyTrigger");
  });

  it("a paid Ready writes every place: declared after everyone, fired before the one acting", () => {
    const declare = { ready: "declare", trigger: "t", action: "a" };
    expect(readyOrderPatches(declare, ["a", "b", "c"], "a", "a"))
      .toEqual({ b: { order: 0 }, c: { order: 1 }, a: { order: 2 } });
    expect(readyOrderPatches({ ready: "fire" }, ["b", "c", "a"], "a", "c"))
      .toEqual({ b: { order: 0 }, a: { order: 1 }, c: { order: 2 } });
    // Any other spend moves nobody.
    expect(readyOrderPatches({ action: "attack" }, ["a", "b"], "a", "a")).toBeNull();
    expect(() => readyOrderPatches({ ready: "fire" }, ["a", "b"], "a", "a")).toThrow(RangeError);
  });
});
