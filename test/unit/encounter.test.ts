import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import { runTrials } from "../../src/rulesets/escalation/encounter/trials";
import { wilson95 } from "../../src/engine/runner/trials";
import { statblockFromActor, StatblockError, type ActorDocumentSource } from "../../src/rulesets/escalation/rules/statblock";
import { readPackSources } from "../../scripts/lib/sources";
import type { EncounterEvent } from "../../src/rulesets/escalation/encounter/events";

const load = (pack: string) => readPackSources(pack).map((s) => statblockFromActor(s.doc as unknown as ActorDocumentSource));
const party = load("escalation/pregens");
const monsters = load("escalation/monsters");
const foes = monsters.filter((m) => ["Marsh Hag", "Ironbark Brute", "Cinder Imp", "Ashen Cultist"].includes(m.name));

describe("headless encounter", () => {
  it("a seeded fight replays to the same event log", () => {
    const a = runEncounter({ party, foes, roller: new SeededRoller(42) });
    const b = runEncounter({ party, foes, roller: new SeededRoller(42) });
    expect(b).toEqual(a);
    const c = runEncounter({ party, foes, roller: new SeededRoller(43) });
    expect(c.events).not.toEqual(a.events);
  });

  it("keeps its invariants on every event of many fights", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const result = runEncounter({ party, foes, roller: new SeededRoller(seed) });
      const hp = new Map<string, number>();
      let round = 0;
      for (const e of result.events) {
        if (e.kind === "round") {
          expect(e.round).toBe(round + 1);
          round = e.round;
          expect(e.escalation).toBe(Math.min(6, e.round - 1));
        }
        if (e.kind === "attack") {
          expect(e.dice.length).toBe(3 + Math.abs(e.edge));
          expect(e.total - e.natural).toBeGreaterThanOrEqual(-10);
          if (e.natural === 3) expect(e.hit).toBe(false);
          if (e.crit) expect(e.hit).toBe(true);
        }
        if (e.kind === "damage") {
          if (hp.has(e.target)) expect(e.hpBefore).toBe(hp.get(e.target));
          expect(e.hpAfter).toBeLessThanOrEqual(e.hpBefore);
          expect(e.amount).toBeGreaterThanOrEqual(0);
          hp.set(e.target, e.hpAfter);
        }
        if (e.kind === "heal") {
          if (hp.has(e.actor)) expect(Math.max(0, hp.get(e.actor) as number) + e.amount).toBe(e.hpAfter);
          hp.set(e.actor, e.hpAfter);
        }
      }
      const end = result.events.at(-1) as Extract<EncounterEvent, { kind: "end" }>;
      expect(end.kind).toBe("end");
      expect(end.winner).toBe(result.winner);
      expect(result.rounds).toBe(round);
    }
  });

  it("a surprise round: two of the ambushing side act first, then round 1 as normal", () => {
    for (const side of ["party", "enemies"] as const) {
      const result = runEncounter({ party, foes, roller: new SeededRoller(5), surprise: side, ambushDie: side === "party" });
      expect(result.events[0]).toEqual({ kind: "round", round: 0, escalation: 0 });
      const firstRound = result.events.findIndex((e) => e.kind === "round" && e.round === 1);
      const surpriseTurns = result.events.slice(0, firstRound).filter((e): e is Extract<EncounterEvent, { kind: "turn" }> => e.kind === "turn");
      expect(surpriseTurns.length).toBe(2);
      const sideNames = (side === "party" ? party : foes).map((b) => b.name);
      for (const turn of surpriseTurns) expect(sideNames.some((n) => turn.actor.startsWith(n))).toBe(true);
      expect(result.events[firstRound]).toMatchObject({ round: 1, escalation: side === "party" ? 1 : 0 });
    }
  });

  it("the ambush option starts the die at 1 only after a party ambush", () => {
    const firstRound = (options: { surprise?: "party" | "enemies"; ambushDie?: boolean }) =>
      runEncounter({ party, foes, roller: new SeededRoller(5), ...options }).events.find((e) => e.kind === "round" && e.round === 1);
    expect(firstRound({ surprise: "party", ambushDie: true })).toMatchObject({ escalation: 1 });
    expect(firstRound({ surprise: "enemies", ambushDie: true })).toMatchObject({ escalation: 0 });
    expect(firstRound({ ambushDie: true })).toMatchObject({ escalation: 0 });
    expect(firstRound({ surprise: "party" })).toMatchObject({ escalation: 0 });
  });

  it("reports trials with a Wilson interval that contains the win rate", () => {
    const t = runTrials(party, foes, 200, 1);
    expect(t.trials).toBe(200);
    expect(t.winRate).toBe(t.partyWins / 200);
    expect(t.ci95[0]).toBeLessThanOrEqual(t.winRate);
    expect(t.ci95[1]).toBeGreaterThanOrEqual(t.winRate);
    expect(t.meanRounds).toBeGreaterThan(1);
  });

  it("Wilson interval: exact known values and edge cases", () => {
    const [lo, hi] = wilson95(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    expect(wilson95(0, 10)[0]).toBe(0);
    expect(wilson95(10, 10)[1]).toBe(1);
    expect(() => wilson95(0, 0)).toThrow(RangeError);
  });

  it("rejects a statblock that does not fit its model, naming the field", () => {
    const bad = { _id: "x", name: "Bad", type: "escalationNpc", system: { level: "three", defenses: { ac: 99 } } } as ActorDocumentSource;
    expect(() => statblockFromActor(bad)).toThrow(StatblockError);
    expect(() => statblockFromActor(bad)).toThrow(/level must be a whole number.*defenses\.ac must be at most 40/);
  });
});
