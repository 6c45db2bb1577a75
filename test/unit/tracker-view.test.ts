import { describe, expect, it } from "vitest";
import { actionPips, bandHeadings } from "../../src/applications/tracker-view";
import { NO_ACTIONS_USED } from "../../src/rules/escalation/actions";

describe("combat tracker view", () => {
  it("puts a band heading before the first combatant of each band", () => {
    const rows = [
      { id: "a", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "b", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "c", band: "slow" as const, actions: NO_ACTIONS_USED },
    ];
    expect(bandHeadings(rows)).toEqual([{ beforeId: "a", band: "fast" }, { beforeId: "c", band: "slow" }]);
    expect(bandHeadings([])).toEqual([]);
  });
  it("shows one pip per tracked action, marked when spent", () => {
    const pips = actionPips({ id: "a", band: "medium", actions: { ...NO_ACTIONS_USED, move: true } });
    expect(pips.map((p) => [p.action, p.used])).toEqual([["standard", false], ["move", true], ["quick", false], ["interrupt", false]]);
    expect(pips[0]?.labelKey).toBe("FRAY.Action.standard");
  });
});
