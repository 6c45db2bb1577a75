import { describe, expect, it } from "vitest";
import { Lineups } from "../../src/engine/runner/lineup";

/** A runner's line-ups (src/engine/runner/lineup.ts): worked out once per pair of lists. */
describe("a runner's line-ups", () => {
  const a = { name: "Goblin" };
  const b = { name: "Goblin" };
  const c = { name: "Hero" };

  it("the party then the foes, unique keys, sides; the same object for the same two lists", () => {
    const lineups = new Lineups<{ name: string }, string>();
    const party = [c];
    const foes = [a, b];
    const lineup = lineups.of(party, foes);
    expect(lineup.all).toEqual([c, a, b]);
    expect(lineup.keys).toEqual(["Hero", "Goblin 1", "Goblin 2"]);
    expect(lineup.sides).toEqual(["party", "foes", "foes"]);
    expect(lineup.pool).toBeNull();
    lineup.pool = "kept";
    expect(lineups.of(party, foes)).toBe(lineup);
    expect(lineups.of(party, [a]).pool).toBeNull();
  });
});
