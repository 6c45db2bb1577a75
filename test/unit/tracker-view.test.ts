import { describe, expect, it } from "vitest";
import { actionPips, bandHeadings, lifeMark } from "../../src/rulesets/escalation/foundry/applications/tracker-view";
import { FRESH_DEATH_TRACK } from "../../src/rulesets/escalation/rules/death-save";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";

describe("combat tracker view", () => {
  it("puts a band heading before the first combatant of each band", () => {
    const rows = [
      { id: "a", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "b", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "c", band: "slow" as const, actions: NO_ACTIONS_USED },
    ];
    expect(bandHeadings(rows, new Set(["a", "b", "c"]))).toEqual([{ beforeId: "a", band: "fast" }, { beforeId: "c", band: "slow" }]);
    expect(bandHeadings([], new Set())).toEqual([]);
  });
  it("puts it before the first rendered combatant when the band's first is hidden from the viewer", () => {
    const rows = [
      { id: "a", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "b", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "c", band: "slow" as const, actions: NO_ACTIONS_USED },
      { id: "d", band: "verySlow" as const, actions: NO_ACTIONS_USED },
    ];
    // A player's tracker without the hidden a and d: Fast starts at b; Very Slow shows nothing.
    expect(bandHeadings(rows, new Set(["b", "c"]))).toEqual([{ beforeId: "b", band: "fast" }, { beforeId: "c", band: "slow" }]);
  });
  it("shows one pip per tracked action, marked when spent", () => {
    const pips = actionPips({ id: "a", band: "medium", actions: { ...NO_ACTIONS_USED, move: true } });
    expect(pips.map((p) => [p.action, p.used])).toEqual([["standard", false], ["move", true], ["quick", false], ["interrupt", false]]);
    expect(pips[0]?.labelKey).toBe("FRAY.Action.standard");
  });
});

describe("life marks (§Dying and Death)", () => {
  it("marks Dying with failures, Stabilised, Last Gasp and dead; nothing for the healthy", () => {
    expect(lifeMark("healthy", FRESH_DEATH_TRACK, true)).toBeNull();
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, failures: 2 }, true)).toEqual({ kind: "dying", failures: 2 });
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, stabilized: true }, true)?.kind).toBe("stabilized");
    expect(lifeMark("staggered", { ...FRESH_DEATH_TRACK, lastGasp: true }, true)?.kind).toBe("lastGasp");
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, failures: 4 }, true)?.kind).toBe("dead");
    expect(lifeMark("defeated", FRESH_DEATH_TRACK, false)?.kind).toBe("dead");
    expect(lifeMark("staggered", FRESH_DEATH_TRACK, false)).toBeNull();
  });
});
