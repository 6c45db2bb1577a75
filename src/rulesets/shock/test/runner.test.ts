import { describe, expect, it } from "vitest";
import { runShockTrials } from "../encounter/trials";
import type { ShockEvent } from "../encounter/events";
import { fight, FIGHTS, party } from "./fights";

/** A short name for what an event shows, to count which mechanics the fights used. */
function mechanic(e: ShockEvent): string {
  switch (e.kind) {
    case "reaction": return `reaction:${e.reaction}`;
    case "attack": return `attack:${e.attackKind}`;
    case "damage": return e.absorbedBy ? `absorbed:${e.absorbedBy}` : `damage:${e.reason}`;
    case "morale": return `morale:${e.result}`;
    case "move": return `move:${e.reason}`;
    case "opposed": return `opposed:${e.purpose}`;
    case "grapple": return `grapple:${e.held}`;
    case "shove": return `shove:${e.result}`;
    case "prone": return `prone:${e.reason}`;
    case "held": return `held:${e.outcome}`;
    default: return e.kind;
  }
}

describe("the headless shock runner (002 §Combat; "
  + "RULINGS.md §shock)", { timeout: 60_000 }, () => {
  it("replays: the same seed gives the same log; other seeds differ", () => {
    for (const name of Object.keys(FIGHTS)) {
      const a = JSON.stringify(fight(name, 42).events);
      expect(JSON.stringify(fight(name, 42).events)).toBe(a);
      expect(JSON.stringify(fight(name, 43).events)).not.toBe(a);
    }
  });

  it("every fight ends with one winner event, and the result agrees with it", () => {
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 50; seed++) {
        const r = fight(name, seed);
        const ends = r.events.filter((e) => e.kind === "end");
        expect(ends).toHaveLength(1);
        expect(r.events.at(-1)).toEqual({ kind: "end", round: r.rounds, winner: r.winner });
        expect(["party", "foes", "draw"]).toContain(r.winner);
      }
    }
  });

  it("over 300 seeds per line-up the tactics use every rule they were given", () => {
    const seen = new Set<string>();
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 300; seed++) {
        for (const e of fight(name, seed).events) {
          seen.add(mechanic(e));
          if (e.kind === "attack") for (const m of e.modifiers) seen.add(m.source);
        }
      }
    }
    for (const m of [
      "attack:charge",
      "attack:swarm",
      "swarmAssist",
      "attack:snap",
      "reaction:snapAttack",
      "reaction:totalDefense",
      "absorbed:shield",
      "absorbed:totalDefense",
      "damage:shock",
      "damage:swarm",
      "damage:grapple",
      "opposed:grapple",
      "opposed:breakFree",
      "grapple:true",
      "grapple:false",
      "attack:opportunity",
      "move:withdraw",
      "move:screen",
      "opposed:screen",
      "reaction:screen",
      "morale:holds",
      "morale:breaks",
      "stabilize",
      "initiative",
      "field",
      "spot",
      "opposed:shove",
      "shove:prone",
      "shove:pushed",
      "shove:resisted",
      "prone:shoved",
      "prone:stood",
      "attack:held",
      "reaction:heldAction",
      "held:roundEnd",
      "situation:adjacentProne",
      "situation:distantProne",
      "situation:meleeWhileProne",
      "situation:longRange",
      "situation:halfCover",
      "situation:fullCover",
      "situation:unseenKnown",
    ])
      expect(seen, m).toContain(m);
  });

  it("a surprised side gives the others a free round before initiative", () => {
    const r = fight("bandits", 5, { surprised: ["foes"] });
    const surprise = r.events.findIndex((e) => e.kind === "surprise");
    const initiative = r.events.findIndex((e) => e.kind === "initiative");
    // The field is rolled first; then the surprise.
    expect(r.events[0]?.kind).toBe("field");
    expect(surprise).toBe(1);
    expect(r.events[1]).toEqual({
      kind: "surprise",
      round: 0,
      surprised: ["foes"],
      acting: ["party"],
    });
    const early = r.events.slice(0, initiative === -1 ? undefined : initiative);
    expect(early.some((e) => e.kind === "turn" && e.side === "party")).toBe(true);
    expect(early.some((e) => e.kind === "turn" && e.side !== "party")).toBe(false);
  });

  it("initiative events: the party adds its best DEX and the order follows the results", () => {
    const best = Math.max(...party().map((b) => b.attributes.dex));
    for (let seed = 1; seed <= 100; seed++) {
      const init = fight("bandits", seed).events.find((e) => e.kind === "initiative");
      if (init?.kind !== "initiative") throw new Error("no initiative");
      const p = init.sides.find((s) => s.id === "party")!;
      const f = init.sides.find((s) => s.id === "foes")!;
      expect(p.bonus).toBe(best);
      expect(f.bonus).toBe(0);
      expect(init.order[0]).toBe(p.result >= f.result ? "party" : "foes");
    }
  });

  it("the default fight (the pregens against the Thornwood bandits) over 1000 seeds", () => {
    const t = runShockTrials(party(), FIGHTS.bandits!(), 1000, 1);
    console.log(
      `shock default fight: party wins ${t.partyWins}/1000 (${(t.winRate * 100).toFixed(1)}%, 95% CI ${t.ci95.map((x) => (x * 100).toFixed(1)).join("–")}%), mean ${t.meanRounds.toFixed(2)} rounds`,
    );
    // Not a coin flip and not a foregone conclusion: both sides win some fights.
    expect(t.winRate).toBeGreaterThan(0.5);
    expect(t.winRate).toBeLessThan(0.99);
    expect(t.meanRounds).toBeGreaterThan(1);
  });

  it("the natural option off changes the logs but not the rules checked elsewhere", () => {
    const r = fight("barrow", 3, { naturals: false });
    for (const e of r.events) if (e.kind === "attack") expect(e.decidedBy).toBe("total");
  });
});

describe("more sides, and pinned logs", () => {
  it("any number of sides: each foe side rolls its own d8 and plays its own turn", () => {
    const foes = FIGHTS.mire!();
    const foeSides = foes.map((b) => (b.name === "Mire Strangler" ? "stranglers" : "mire"));
    for (let seed = 1; seed <= 30; seed++) {
      const r = fight("mire", seed, { foeSides });
      const init = r.events.find((e) => e.kind === "initiative");
      if (init?.kind !== "initiative") throw new Error("no initiative");
      // in the order foes are listed
      expect(init.sides.map((s) => s.id)).toEqual(["party", "stranglers", "mire"]);
      expect([...init.order].sort()).toEqual(["mire", "party", "stranglers"]);
      // Within a round, each side's turns come together, in the initiative order.
      const round1 = r.events
        .filter((e) => e.kind === "turn" && e.round === 1)
        .map((e) => (e.kind === "turn" ? e.side : ""));
      const runs = round1.filter((s, i) => i === 0 || s !== round1[i - 1]);
      expect(runs).toEqual(init.order.filter((s) => round1.includes(s)));
    }
  });

  it("the logs of seeds 1–20 of the default fight are pinned "
    + "(a change of rules or tactics shows here)", async () => {
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256");
    for (let seed = 1; seed <= 20; seed++)
      hash.update(`${JSON.stringify(fight("bandits", seed).events)}\n`);
    expect(hash.digest("hex").slice(0, 16)).toBe("e57473d0dd1e8b69");
  });
});
