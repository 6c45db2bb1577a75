import { describe, expect, it } from "vitest";
import { toggleSurpriseMark } from "../../src/shell/combat/surprise-marks";

/**
 * The surprise round's marks a GM toggles before a combat starts (shell/combat/surprise-marks.ts):
 * shock's surprised sides, action-points' surprisers.
 */
function combat(started: boolean, marks?: string[]) {
  const flags: Record<string, unknown> = marks ? { surprised: marks } : {};
  const writes: unknown[] = [];
  return {
    started, writes, flags,
    getFlag: (_scope: string, key: string) => flags[key],
    setFlag: async (_scope: string, key: string, value: unknown) => {
      writes.push({ [key]: value });
      flags[key] = value;
    },
  };
}

describe("toggleSurpriseMark", () => {
  it("adds a mark not there, takes out one that is, the others kept in order", async () => {
    const c = combat(false, ["party"]);
    await toggleSurpriseMark(c as never, "surprised", "foes", "started");
    expect(c.flags.surprised).toEqual(["party", "foes"]);
    await toggleSurpriseMark(c as never, "surprised", "party", "started");
    expect(c.flags.surprised).toEqual(["foes"]);
    expect(c.writes).toHaveLength(2);
  });

  it("starts from no marks", async () => {
    const c = combat(false);
    await toggleSurpriseMark(c as never, "surprisers", "c1", "started");
    expect(c.flags.surprisers).toEqual(["c1"]);
  });

  it("is refused once the combat started, with the ruleset's words, nothing written", async () => {
    const c = combat(true, ["party"]);
    await expect(toggleSurpriseMark(c as never, "surprised", "foes", "Already started"))
      .rejects.toThrow("Already started");
    expect(c.writes).toEqual([]);
  });
});
