import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import type { ApEvent } from "../encounter/events";
import { runApEncounter } from "../encounter/simulate";
import { runApTrials } from "../encounter/trials";
import { fight, FIGHTS, party } from "./fights";

/**
 * The headless action-points runner as a whole: seeded fights replay exactly; each ends with one
 * end event; recorded and unrecorded fights end alike (the rules never read the log); over many
 * seeds the tactics use every rule they were given; trials sum fights up. Source:
 * `004_2cc57162401858c9.txt`; RULINGS.md §action-points.
 */

/** A short name for the mechanic an event shows. */
function mechanics(e: ApEvent): string[] {
  switch (e.kind) {
    case "attack":
      return [`attack:${e.attackKind}`, ...e.check.modifiers.map((m) => `modifier:${m.source}`),
        ...e.check.edgeSources.map((m) => `edge:${m.source}`),
        ...(e.trigger ? [`trigger:${e.trigger.kind}`] : [])];
    case "reaction":
      return [`reaction:${e.reaction}`, ...(e.shift ? ["parryShift"] : []),
        ...e.check.edgeSources.map((m) => `reactionEdge:${m.source}`)];
    case "action": return [`action:${e.action}`];
    case "move": return [`move:${e.reason}`];
    case "pool": return [`pool:${e.cause}`];
    case "damage": return [`multiplier:${e.multiplier}`, ...(e.interceptedFrom ? ["intercepted"] : [])];
    case "opposed": return [`opposed:${e.purpose}:${e.winner === e.actor.actor}`];
    case "condition": return [`condition:${e.condition}`];
    case "state": return [`state:${e.state}`];
    default: return [e.kind];
  }
}

describe("the headless action-points runner (004; RULINGS §action-points)", { timeout: 120_000 }, () => {
  it("replays: the same seed gives the same log; other seeds differ", () => {
    for (const name of Object.keys(FIGHTS)) {
      const a = JSON.stringify(fight(name, 42).events);
      expect(JSON.stringify(fight(name, 42).events)).toBe(a);
      expect(JSON.stringify(fight(name, 43).events)).not.toBe(a);
    }
  });

  it("every fight ends with one end event, and the result agrees with it", () => {
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 40; seed++) {
        const r = fight(name, seed);
        expect(r.events.filter((e) => e.kind === "end")).toHaveLength(1);
        expect(r.events.at(-1)).toEqual({ kind: "end", round: r.rounds, winner: r.winner });
        expect(["party", "foes", "draw"]).toContain(r.winner);
      }
    }
  });

  it("recorded and unrecorded fights end alike: winner, rounds, everyone's state, the dice", () => {
    const state = (fs: ReturnType<typeof fight>["fighters"]) => fs.map((f) => ({
      key: f.key, hp: f.hp, out: f.out, at: f.at, points: f.points.snapshot(), prone: f.prone,
      grappling: f.grappling?.key ?? null,
    }));
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 60; seed++) {
        const surprised = seed % 3 ? undefined : ("foes" as const);
        const extra = surprised ? { surprised } : {};
        const a = new SeededRoller(seed);
        const b = new SeededRoller(seed);
        const recorded = fight(name, seed, { roller: a, ...extra });
        const plain = fight(name, seed, { roller: b, record: false, ...extra });
        expect(plain.events).toEqual([]);
        expect([plain.winner, plain.rounds]).toEqual([recorded.winner, recorded.rounds]);
        expect(state(plain.fighters)).toEqual(state(recorded.fighters));
        expect(a.next()).toBe(b.next());
      }
    }
  });

  it("unrecorded fights of one line-up (its fighters and board reused) end as recorded ones", () => {
    for (const name of Object.keys(FIGHTS)) {
      const us = party();
      const them = FIGHTS[name]!();
      for (let seed = 1; seed <= 80; seed++) {
        const surprised = seed % 4 ? undefined : ("party" as const);
        const extra = surprised ? { surprised } : {};
        const a = new SeededRoller(seed);
        const b = new SeededRoller(seed);
        const recorded = runApEncounter({ party: party(), foes: FIGHTS[name]!(), roller: a, ...extra });
        const reused = runApEncounter({ party: us, foes: them, roller: b, record: false, ...extra });
        expect([reused.winner, reused.rounds]).toEqual([recorded.winner, recorded.rounds]);
        expect(reused.fighters.map((f) => [f.hp, f.at])).toEqual(recorded.fighters.map((f) => [f.hp, f.at]));
        expect(a.next()).toBe(b.next());
      }
    }
  });

  // A Parry against a larger attacker is never the tactics' best reaction (the attack counts a
  // level higher): `examples.test.ts` plays the text's example of one.
  it("over 300 seeds a line-up the tactics use every rule they were given", () => {
    const seen = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 300; seed++) {
        const surprised = seed % 4 === 0 ? ("foes" as const) : undefined;
        for (const e of fight(name, seed, surprised ? { surprised } : {}).events) {
          for (const m of mechanics(e)) seen.add(m);
        }
      }
    }
    for (const m of [
      "field", "initiative", "surprise", "attack:attack", "attack:spell", "attack:reaction",
      "attack:riposte", "modifier:gangUp", "modifier:range", "modifier:offHand", "edge:grappling",
      "trigger:leave", "trigger:cast", "trigger:stand", "reaction:dodge", "reaction:parry",
      "reaction:block", "reaction:riposte", "reaction:intercept",
      "reactionEdge:totalDefense", "action:totalDefense", "action:flowState", "action:standUp",
      "action:shove", "action:grapple", "action:keepGrapple", "action:breakFree", "move:move",
      "move:step", "move:intercept", "move:pushed", "pool:turnStart", "pool:turnEnd",
      "pool:surpriseOver", "pool:refund", "pool:hit", "pool:criticalHit", "pool:kill",
      "pool:successfulReaction", "multiplier:1", "multiplier:2", "intercepted",
      "opposed:shove:true", "opposed:shove:false", "opposed:grapple:true", "opposed:grapple:false",
      "opposed:breakFree:true", "opposed:breakFree:false", "condition:prone", "condition:grappled",
      "condition:totalDefense", "condition:flowState", "state:down", "state:defeated", "provoked",
      "offer",
    ]) {
      expect(seen, m).toContain(m);
    }
  });

  it("a surprise: only the surprisers act in round 0; the surprised start at 0 AP, RP and FP "
    + "and get their 2 FP as round 1 begins (004 §Surprise Attacks)", () => {
    let twice = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const r = fight("bandits", seed, { surprised: "foes" });
      const field = r.events.find((e) => e.kind === "field");
      for (const f of field?.kind === "field" ? field.fighters : []) {
        expect(f.pools).toEqual(f.side === "foes" ? { ap: 0, rp: 0, fp: 0 } : { ap: 5, rp: 2, fp: 2 });
      }
      expect(r.events[2]).toMatchObject({ kind: "surprise", round: 0 });
      const turns = r.events.filter((e) => e.kind === "turn");
      for (const t of turns) if (t.round === 0) expect(t.side).toBe("party");
      const firstFoe = turns.findIndex((t) => t.side === "foes");
      const partyTurns = turns.slice(0, firstFoe).map((t) => t.actor);
      if (new Set(partyTurns).size < partyTurns.length) twice++;
      const over = r.events.filter((e) => e.kind === "pool" && e.cause === "surpriseOver");
      for (const e of over) expect(e).toMatchObject({ round: 1, pool: "fp", delta: 2, before: 0 });
      if (r.rounds >= 1) expect(over.length).toBeGreaterThan(0);
    }
    // "This can mean that high-rolling surprisers will get multiple turns before the enemy gets one"
    expect(twice).toBeGreaterThan(0);
  });

  it("trials play seeded unrecorded fights, a surprise opening each when asked", () => {
    const foes = FIGHTS.bandits!();
    const t = runApTrials(party(), foes, 40, 1);
    expect(t.trials).toBe(40);
    let wins = 0;
    for (let s = 1; s <= 40; s++) {
      if (runApEncounter({ party: party(), foes, roller: new SeededRoller(s) }).winner === "party") wins++;
    }
    expect(t.partyWins).toBe(wins);
    const ambush = runApTrials(party(), foes, 40, 1, { surprised: "foes" });
    expect(ambush.partyWins).toBeGreaterThanOrEqual(t.partyWins - 8);
  });
});
