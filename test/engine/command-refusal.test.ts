import { describe, expect, it } from "vitest";
import { commandRefusal } from "../../src/engine/runner/command";
import type { EncounterRequest } from "../../src/engine/runner/headless";

/** What a ruleset's encounter command refuses (src/engine/runner/command.ts `commandRefusal`). */
describe("an encounter command's refusals", () => {
  const request = (over: Partial<EncounterRequest> = {}): EncounterRequest =>
    ({ seed: 1, json: false, list: false, extra: {}, ...over });

  it("another ruleset's option; --surprise where the rules have no surprise round", () => {
    expect(commandRefusal(request({ extra: { day: true } }), "phases", { surprise: false }))
      .toBe("phases has no --day option.");
    expect(commandRefusal(request({ extra: { day: false, flee: undefined } }), "x", { surprise: true }))
      .toBeNull();
    expect(commandRefusal(request({ surprise: "party" }), "phases", { surprise: false }))
      .toBe("phases has no --surprise option: its rules have no surprise round.");
    expect(commandRefusal(request({ surprise: "party" }), "action-points", { surprise: true })).toBeNull();
  });

  it("--list with an option that only shapes a fight", () => {
    for (const [name, over] of [
      ["party", { party: "a" }], ["foes", { foes: "b" }], ["trials", { trials: 5 }],
      ["surprise", { surprise: "enemies" }],
    ] as const) {
      expect(commandRefusal(request({ list: true, ...over }), "action-points", { surprise: true }))
        .toBe(`--list and --${name} cannot be combined: --list plays no fight.`);
    }
    expect(commandRefusal(request({ list: true, json: true }), "phases", { surprise: false })).toBeNull();
  });
});
