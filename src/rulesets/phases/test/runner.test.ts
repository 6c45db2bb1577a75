import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import type { PhasesEvent } from "../encounter/events";
import { runPhasesEncounter } from "../encounter/simulate";
import { runPhasesTrials } from "../encounter/trials";
import { block, fight, FIGHTS, party } from "./runner-fixtures";

/**
 * The headless phases runner as a whole: seeded fights replay exactly; each ends with one end
 * event, a winner whose foes are all out or a draw when the rounds run out; recorded and
 * unrecorded fights end alike (the rules never read the log), fighters reused or not; over many
 * seeds the tactics use every rule they were given; trials sum fights up. Source:
 * `003_d18720f6cd315cc2.txt`; RULINGS.md §phases.
 */

/** A short name for the mechanic an event shows. */
function mechanics(e: PhasesEvent): string[] {
  switch (e.kind) {
    case "attack":
      return [e.opportunity ? "attack:opportunity" : `attack:${e.attackKind}`,
        ...e.sources.map((s) => `edge:${s.source}:${Math.sign(s.amount)}`),
        `edge:${e.edge}`];
    case "move": return [`move:${e.phase}:${e.movement}`, ...(e.difficult.length ? ["difficult"] : []),
      ...(e.stopped ? [`stopped:${e.stopped}`] : [])];
    case "hold": return [`hold:${e.reason}`];
    case "action": return [`action:${e.action}`];
    case "damage": return [`damage:${e.reason}:${e.onMiss ?? "hit"}`];
    case "condition": return [`condition:${e.condition}:${e.added ? e.duration : e.reason}`];
    case "save": return [`save:${e.duration}:${e.success}`];
    case "state": return [`state:${e.state}`];
    case "initiative": return e.rolls.some((r) => r.tieBreaks.length) ? ["tieBreak"] : ["initiative"];
    default: return [e.kind];
  }
}

describe("the headless phases runner (003; RULINGS §phases)", { timeout: 240_000 }, () => {
  it("replays: the same seed gives the same log; other seeds differ", () => {
    for (const name of Object.keys(FIGHTS)) {
      const a = JSON.stringify(fight(name, 42).events);
      expect(JSON.stringify(fight(name, 42).events)).toBe(a);
      expect(JSON.stringify(fight(name, 43).events)).not.toBe(a);
    }
  });

  it("every fight ends with one end event; a winner's foes are all out", () => {
    const winners = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 60; seed++) {
        const r = fight(name, seed);
        expect(r.events.filter((e) => e.kind === "end")).toHaveLength(1);
        expect(r.events.at(-1)).toEqual({ kind: "end", round: r.rounds, winner: r.winner });
        winners.add(r.winner);
        if (r.winner === "draw") {
          expect(r.rounds).toBe(30);
          continue;
        }
        const losers = r.fighters.filter((f) => f.side !== r.winner);
        expect(losers.every((f) => f.out && f.hp === 0)).toBe(true);
        expect(r.fighters.some((f) => f.side === r.winner && !f.out)).toBe(true);
      }
    }
    expect(winners).toContain("party");
    expect(winners).toContain("foes");
  });

  it("a fight whose rounds run out is a draw after maxRounds", () => {
    const troll = [block("hill-troll")];
    let draws = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = runPhasesEncounter({ party: party(), foes: troll, roller: new SeededRoller(seed), maxRounds: 2 });
      if (r.winner !== "draw") continue;
      draws++;
      expect(r.rounds).toBe(2);
      expect(r.events.at(-1)).toEqual({ kind: "end", round: 2, winner: "draw" });
      expect(r.events.filter((e) => e.kind === "round")).toHaveLength(2);
    }
    expect(draws).toBeGreaterThan(10);
  });

  it("recorded and unrecorded fights end alike: winner, rounds, everyone's state, the dice", () => {
    const state = (fs: ReturnType<typeof fight>["fighters"]) => fs.map((f) => ({
      key: f.key, hp: f.hp, out: f.out, at: f.at, effects: f.effects, marks: f.moveMarks,
      uses: f.uses, seized: f.seized, defending: f.defending,
    }));
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 80; seed++) {
        const a = new SeededRoller(seed);
        const b = new SeededRoller(seed);
        const recorded = fight(name, seed, { roller: a });
        const plain = fight(name, seed, { roller: b, record: false });
        expect(plain.events).toEqual([]);
        expect([plain.winner, plain.rounds]).toEqual([recorded.winner, recorded.rounds]);
        expect(state(plain.fighters)).toEqual(state(recorded.fighters));
        expect(a.next()).toBe(b.next());
      }
    }
  });

  it("over 300 seeds a line-up the tactics use every rule they were given", () => {
    const seen = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 300; seed++) {
        for (const e of fight(name, seed).events) for (const m of mechanics(e)) seen.add(m);
      }
    }
    const missing: string[] = [];
    for (const m of [
      "field", "round", "phase", "initiative", "tieBreak", "seize", "orders", "turn",
      "attack:melee", "attack:ranged", "attack:opportunity", "provoked",
      "edge:tier:1", "edge:tier:-1", "edge:attacker:dazed:-1", "edge:target:exposed:1",
      "edge:target:seized:1", "edge:target:defending:-1", "edge:attacker:hustle:-1",
      "edge:attacker:charge:1", "edge:attacker:disengage:-1",
      "edge:1", "edge:2", "edge:3", "edge:-1", "edge:-2", "edge:-3", "edge:0",
      "move:movement:shift", "move:movement:walk", "move:movement:hustle", "move:movement:run",
      "move:movement:charge", "move:movement:disengage", "move:battle:disengage", "difficult",
      "stopped:slowed", "stopped:immobilised", "stopped:down",
      "hold:immobilised", "hold:slowed", "hold:stays",
      "action:defend", "action:delay", "action:activateItem", "action:disengage", "heal",
      "damage:hit:hit", "damage:miss:half", "damage:miss:full",
      "condition:slowed:saveEnds", "condition:slowed:endOfRound", "condition:dazed:saveEnds",
      "condition:dazed:endOfRound", "condition:exposed:saveEnds",
      "condition:immobilised:sustained", "condition:immobilised:saveEnds",
      "condition:immobilised:endOfRound", "condition:slowed:save", "condition:dazed:save",
      "condition:exposed:save", "condition:immobilised:failedSave", "condition:dazed:endOfRound",
      "condition:dazed:item", "condition:seized:endOfRound", "condition:defending:turnStart",
      "condition:hustle:endOfRound", "condition:charge:endOfRound",
      "condition:disengage:endOfNextRound", "condition:run:endOfRound",
      "save:saveEnds:true", "save:saveEnds:false", "save:sustained:true", "save:sustained:false",
      "state:down", "state:defeated", "end",
    ]) {
      if (!seen.has(m)) missing.push(m);
    }
    expect(missing).toEqual([]);
  });

  it("trials play seeded unrecorded fights", () => {
    const foes = FIGHTS.default!();
    const t = runPhasesTrials(party(), foes, 40, 1);
    expect(t.trials).toBe(40);
    let wins = 0;
    let rounds = 0;
    for (let s = 1; s <= 40; s++) {
      const r = runPhasesEncounter({ party: party(), foes, roller: new SeededRoller(s) });
      if (r.winner === "party") wins++;
      rounds += r.rounds;
    }
    expect(t.partyWins).toBe(wins);
    expect(t.meanRounds).toBe(rounds / 40);
  });
});
