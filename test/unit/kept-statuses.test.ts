import { describe, expect, it } from "vitest";
import { statusesKept, statusVerdict } from "../../src/shell/combat/kept-statuses";

/**
 * The GM's kept statuses (src/shell/combat/kept-statuses.ts), pure: what a change of an actor's
 * effects means for the conditions kept — a status added is kept, one a GM's change took off is
 * no longer, one a player took off comes back; a GM's change to another effect ends nothing.
 */
const PAIRS: [string, string][] = [["prone", "prone"], ["tiedUp", "restrain"]];
const set = (...ids: string[]) => new Set(ids);

describe("the statuses the GM keeps", () => {
  it("a status added by anyone is kept", () => {
    for (const byGM of [true, false]) {
      expect(statusVerdict(PAIRS, {}, set("prone"), byGM, set("prone")))
        .toEqual({ patch: { prone: true }, restore: [] });
    }
  });

  it("a player's removal comes back; a GM's removal of that effect's status ends it", () => {
    const kept = { prone: true, tiedUp: true };
    expect(statusVerdict(PAIRS, kept, set("restrain"), false, set("prone")))
      .toEqual({ patch: {}, restore: ["prone"] });
    expect(statusVerdict(PAIRS, kept, set("restrain"), true, set("prone")))
      .toEqual({ patch: { prone: false }, restore: [] });
  });

  it("a GM's change to another effect ends nothing a player shed before", () => {
    // The player disabled prone earlier; the GM now toggles an unrelated status.
    const kept = { prone: true };
    expect(statusVerdict(PAIRS, kept, set(), true, set("wounds.channeling")))
      .toEqual({ patch: {}, restore: [] });
  });

  it("nothing for a ruleset that keeps no status; the fields a join or start keeps", () => {
    expect(statusVerdict([], { prone: true }, set(), false, set("prone")))
      .toEqual({ patch: {}, restore: [] });
    const actor = { statuses: set("restrain", "blind") } as unknown as Actor.Implementation;
    expect(statusesKept(PAIRS, actor)).toEqual({ tiedUp: true });
    expect(statusesKept(PAIRS, null)).toEqual({});
  });
});
