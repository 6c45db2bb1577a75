import { describe, expect, it } from "vitest";
import { SeededRoller, type DiceRoller } from "../../src/engine/dice/roller";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { readPackSources, slugOf } from "../../scripts/lib/sources";
import { plainFight, plainLineup } from "../../src/rulesets/escalation/headless/plain";
import { interleavedRates, median, windowRate } from "../../scripts/lib/timing";

const blocks = new Map(["escalation/pregens", "escalation/monsters"].flatMap((pack) => readPackSources(pack).map((s) => [slugOf(s.file), statblockFromActor(s.doc as unknown as ActorDocumentSource)] as const)));
const block = (slug: string) => blocks.get(slug) as Statblock;
/** Every die shows `face` (capped at the die's size): the fight's arithmetic becomes exact. */
const fixed = (face: number): DiceRoller => ({ die: (faces) => Math.min(face, faces) });

describe("the bench's plain simulator plays the real statblocks", () => {
  it("reads each side's attack bonus, defense attacked, damage dice, HP and defenses", () => {
    const { combatants } = plainLineup([block("brann-tallow")], [block("cinder-imp"), block("ironbark-brute")]);
    // Numbers from the pack sources: Brann is Level 3, Volition 3, melee stance d10, basic attack
    // vs AC (3d10 + 3); the Imp's Ember Flick is Level 2 + Volition 4 vs PD, 1d10 + 3; the Brute's
    // Crushing Limb is Level 3 + Volition 5 vs AC, 2d10 + 4. Band order: Imp (very fast), Brann
    // (medium), Brute (slow).
    expect(combatants.map((c) => [c.name, c.party, c.hpMax, c.defenses, c.attack])).toEqual([
      ["Cinder Imp", false, 26, { ac: 16, pd: 14, md: 14 }, { name: "Ember Flick", bonus: 6, defense: "pd", count: 1, faces: 10, flat: 3 }],
      ["Brann Tallow", true, 52, { ac: 18, pd: 14, md: 12 }, { name: "Basic Melee Attack", bonus: 6, defense: "ac", count: 3, faces: 10, flat: 3 }],
      ["Ironbark Brute", false, 60, { ac: 18, pd: 17, md: 11 }, { name: "Crushing Limb", bonus: 8, defense: "ac", count: 2, faces: 10, flat: 4 }],
    ]);
  });

  it("hits on 3d6 + bonus against the defense and deals the damage dice against HP", () => {
    const duel = plainLineup([block("brann-tallow")], [block("ironbark-brute")]);
    // Top faces: Brann hits for 33 a turn, so the Brute (60 HP) falls in round 2.
    expect(plainFight(duel, fixed(12))).toEqual({ winner: "party", rounds: 2 });
    // All 3s: 9 + 6 misses Brann's target (AC 18) and 9 + 8 misses Brann (AC 18): a draw.
    expect(plainFight(duel, fixed(3), 5)).toEqual({ winner: "draw", rounds: 5 });
    // All 4s: Brann's 12 + 6 = 18 hits AC 18 for 15; the Brute's 12 + 8 = 20 hits for 12. The
    // Brute falls to Brann's fourth hit (60 HP), while Brann (52 HP) survives three of its hits.
    expect(plainFight(duel, fixed(4))).toEqual({ winner: "party", rounds: 4 });
  });

  it("lets the foes win when the party cannot hurt them, and replays a seed exactly", () => {
    const tough = { ...block("ironbark-brute"), hpMax: 10_000 };
    expect(plainFight(plainLineup([block("tam-reed")], [tough]), new SeededRoller(1)).winner).toBe("enemies");
    const lineup = plainLineup([...blocks.values()].filter((b) => b.isPC), [block("cinder-imp"), block("marsh-hag")]);
    const runs = Array.from({ length: 20 }, (_, i) => plainFight(lineup, new SeededRoller(i)));
    expect(Array.from({ length: 20 }, (_, i) => plainFight(lineup, new SeededRoller(i)))).toEqual(runs);
    expect(new Set(runs.map((r) => r.rounds)).size).toBeGreaterThan(1);
  });
});

describe("bench timing", () => {
  it("alternates the workloads window by window and counts calls per second of the clock", () => {
    let clock = 0;
    const log: string[] = [];
    const now = () => clock;
    const a = () => void ((clock += 1), log.push("a"));
    const b = () => void ((clock += 4), log.push("b"));
    const rates = interleavedRates([a, b], 3, { windowMs: 100, warmUp: 0, batch: 10, now });
    const runs = log.join("").match(/a+|b+/g);
    expect(runs?.map((r) => r[0])).toEqual(["a", "b", "a", "b", "a", "b"]);
    // 1 ms a call → 1000 calls/s; 4 ms a call → 250 calls/s, whatever the batching.
    expect(rates).toEqual([[1000, 1000, 1000], [250, 250, 250]]);
    expect(windowRate(a, () => 0, { windowMs: 5, batch: 1, now })).toBe(1000);
  });

  it("takes the median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("the plain shock simulator", () => {
  it("plays the same statblocks to an end, replays exactly, and the bench knows every ruleset", async () => {
    const { plainShockFight, plainShockLineup } = await import("../../src/rulesets/shock/headless/plain");
    const { loadHeadless, packReaderFor } = await import("../../scripts/lib/headless");
    const { RULESET_IDS } = await import("../../src/rulesets/registry");
    const { statblockFromActor } = await import("../../src/rulesets/shock/rules/statblock");
    const { SeededRoller } = await import("../../src/engine/dice/roller");
    type Source = Parameters<typeof statblockFromActor>[0];
    const load = (pack: string) => readPackSources(`shock/${pack}`).map((s) => statblockFromActor(s.doc as unknown as Source));
    const lineup = plainShockLineup(load("pregens"), load("npcs"));
    expect(lineup.every((c) => c.attack !== null)).toBe(true);
    const results = Array.from({ length: 50 }, (_, i) => plainShockFight(lineup, new SeededRoller(i)));
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => plainShockFight(lineup, new SeededRoller(i))));
    expect(new Set(results).has("draw")).toBe(false);
    for (const id of RULESET_IDS) {
      const subject = (await loadHeadless(id)).bench(packReaderFor(id));
      expect(subject.label, id).toMatch(new RegExp(`^${id}, \\d+ v \\d+$`));
      subject.full(1);
      subject.plain(1);
    }
  });
});
