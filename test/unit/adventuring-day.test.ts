import { languageFor } from "../../scripts/lib/lang";
import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import { runDay } from "../../src/rulesets/escalation/encounter/day";
import { formatEvent } from "../../src/rulesets/escalation/encounter/format";
import { localizerFor } from "../../src/engine/i18n";
import type { DayEvent } from "../../src/rulesets/escalation/encounter/events";
import type { Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { readPackSources } from "../../scripts/lib/sources";
import { ActionAudit, FightOverAudit } from "./runner-audit";

const load = (pack: string) => readPackSources(pack).map((s) => statblockFromActor(s.doc as unknown as ActorDocumentSource));
const party = load("escalation/pregens");
const monsters = new Map(load("escalation/monsters").map((m) => [m.name, m]));
const group = (...names: string[]): Statblock[] => names.map((n) => monsters.get(n) as Statblock);
/** Three fights of rising danger, then (in runDay) a Full Rest. */
const fights = [
  group("Bog Goblin Skulker", "Bog Goblin Skulker", "Gutter Rat Swarm", "Cinder Imp"),
  group("Ashen Cultist", "Marsh Hag", "Hollow Sentry"),
  group("Ironbark Brute", "Stormcaller Adept", "Whisper Shade"),
];

/**
 * Follows a day's events and checks the invariants after every one of them against the runner's
 * real state: no HP above max, recoveries within 0..max, expended powers never used (and the
 * runner's record matching what the events say), each duration ending exactly once, nobody
 * acting who may not (`ActionAudit`), and each fight ending as soon as a side is out
 * (`FightOverAudit`).
 */
class DayAuditor {
  readonly expended = new Map<string, Set<string>>();
  readonly live = new Set<string>();
  readonly ended = new Set<string>();
  readonly dead = new Set<string>();
  readonly seen = new Map<string, number>();
  /** Every broken invariant, with the event that broke it (plain checks: this runs per event). */
  readonly problems: string[] = [];
  readonly actions = new ActionAudit();
  readonly over = new FightOverAudit();

  check(e: DayEvent, fighters: readonly Fighter[]): void {
    this.seen.set(e.kind, (this.seen.get(e.kind) ?? 0) + 1);
    this.follow(e);
    this.actions.check(e, fighters);
    this.over.check(e, fighters);
    for (const f of fighters) {
      if (f.hp > f.block.hpMax) this.fail(e, `${f.key} HP ${f.hp} above max ${f.block.hpMax}`);
      if (f.recoveries < 0 || f.recoveries > f.block.recoveriesMax) this.fail(e, `${f.key} recoveries ${f.recoveries}`);
      if (f.penalty < 0) this.fail(e, `${f.key} penalty ${f.penalty}`);
      if (f.side !== "party") continue;
      const ledger = this.ledger(f.key);
      if (f.expended.length !== ledger.size || f.expended.some((id) => !ledger.has(id))) {
        this.fail(e, `${f.key} expended [${f.expended.join(", ")}] but the events say [${[...ledger].join(", ")}]`);
      }
    }
  }

  fail(e: DayEvent, problem: string): void {
    if (this.problems.length < 20) this.problems.push(`${problem} (after ${JSON.stringify(e)})`);
  }

  /** Updates the auditor's own record from the event (events are emitted after the change). */
  follow(e: DayEvent): void {
    switch (e.kind) {
      case "use": {
        const ledger = this.ledger(e.actor);
        if (ledger.has(e.abilityId)) this.fail(e, `${e.actor} used expended ${e.ability}`);
        if (this.dead.has(e.actor)) this.fail(e, `${e.actor} acted while dead`);
        if (e.frequency !== "atWill") ledger.add(e.abilityId);
        break;
      }
      case "rest":
        for (const id of e.restored) this.ledger(e.actor).delete(id);
        if (e.rest === "full" && this.ledger(e.actor).size) this.fail(e, `${e.actor} still has expended powers after a Full Rest`);
        break;
      case "condition":
        if (e.added) {
          if (this.live.has(e.effect) || this.ended.has(e.effect)) this.fail(e, `effect ${e.effect} added twice`);
          this.live.add(e.effect);
        } else {
          if (!this.live.has(e.effect)) this.fail(e, `effect ${e.effect} ended without running (or twice)`);
          this.live.delete(e.effect);
          this.ended.add(e.effect);
        }
        break;
      case "end":
        if (this.live.size) this.fail(e, `effects still running when the fight ended: ${[...this.live].join(", ")}`);
        break;
      case "deathSave":
        if (this.dead.has(e.actor)) this.fail(e, `${e.actor} rolled a death save while dead`);
        if (e.dead) this.dead.add(e.actor);
        break;
      case "turn":
        if (this.dead.has(e.actor)) this.fail(e, `${e.actor} took a turn after dying`);
        break;
    }
  }

  ledger(key: string): Set<string> {
    let set = this.expended.get(key);
    if (!set) this.expended.set(key, (set = new Set()));
    return set;
  }
}

describe("an adventuring day in the headless runner", () => {
  it("three fights with Quick Rests between, then a Full Rest, invariants after every event", () => {
    const totals = new Map<string, number>();
    const durations = new Set<string>();
    let quickRests = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const auditor = new DayAuditor();
      const day = runDay({ party, fights, roller: new SeededRoller(seed), observe: (e, f) => auditor.check(e, f) });
      expect(auditor.problems, `seed ${seed}`).toEqual([]);
      expect(auditor.actions.problems, `seed ${seed}`).toEqual([]);
      expect(auditor.over.problems, `seed ${seed}`).toEqual([]);
      const rests = day.events.filter((e): e is Extract<DayEvent, { kind: "rest" }> => e.kind === "rest");
      const won = day.fights.filter((f) => f.winner === "party").length;
      // A Quick Rest per PC after each won fight but the last; then always a Full Rest.
      const alive = day.party.filter((f) => !f.dead).length;
      expect(rests.filter((r) => r.rest === "full").length).toBe(alive);
      quickRests += rests.filter((r) => r.rest === "quick").length;
      for (const f of day.party.filter((p) => !p.dead)) {
        expect(f.hp).toBe(f.block.hpMax);
        expect(f.recoveries).toBe(f.block.recoveriesMax);
        expect(f.expended).toEqual([]);
        expect(f.penalty).toBe(0);
      }
      expect(day.fights.length).toBe(won === 3 ? 3 : won + 1);
      for (const [k, n] of auditor.seen) totals.set(k, (totals.get(k) ?? 0) + n);
      for (const e of day.events) if (e.kind === "condition" && !e.added) durations.add(e.duration);
    }
    // The days really exercised what the invariants guard.
    expect(quickRests).toBeGreaterThan(0);
    for (const kind of ["use", "deathSave", "heal", "recharge", "save", "condition", "rest", "stabilize", "rally", "disengage", "opportunity", "flee", "sustain"]) {
      expect(totals.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
    expect([...durations].sort()).toEqual(["endOfNextTurn", "endOfSourceNextTurn", "saveEnds"]);
  });

  it("replays exactly from a seed and reads as a log", () => {
    const a = runDay({ party, fights, roller: new SeededRoller(7) });
    const b = runDay({ party, fights, roller: new SeededRoller(7) });
    expect(b.events).toEqual(a.events);
    const t = localizerFor(languageFor("escalation"));
    for (const e of a.events) expect(formatEvent(e, t)).not.toMatch(/FRAY\.|\{/);
  });
});
