import { describe, expect, it } from "vitest";
import { HEADLESS } from "../../src/rulesets/shock/headless";
import type { EncounterRequest } from "../../src/engine/runner/headless";
import { languageFor } from "../../scripts/lib/lang";
import { packReaderFor } from "../../scripts/lib/headless";
import { localizerFor } from "../../src/engine/i18n";

/** `npm run encounter -- --ruleset shock …` plays shock from its packs (shock's headless part). */
const t = localizerFor(languageFor("shock"));
const ask = (over: Partial<EncounterRequest> = {}) =>
  HEADLESS.encounter({ seed: 4, json: false, list: false, extra: {}, ...over }, packReaderFor("shock"), t);

describe("the shock encounter command", () => {
  it("lists the pregens and the NPCs by slug", () => {
    const r = ask({ list: true });
    expect("out" in r && r.out).toMatch(/^party:\n {2}[a-z-]+ {2}\(/);
    expect("out" in r && r.out).toContain("foes:\n");
  });

  it("prints a JSON log that replays exactly and names the winner", () => {
    const a = ask({ json: true });
    const b = ask({ json: true });
    expect(a).toEqual(b);
    const log = JSON.parse("out" in a ? a.out : "{}") as { winner: string; rounds: number; events: { kind: string }[] };
    expect(["party", "foes", "draw"]).toContain(log.winner);
    // The battlefield (cover and shadow spots) is laid out first, then the sides roll.
    expect(log.events.map((e) => e.kind).slice(0, 2)).toEqual(["field", "initiative"]);
  });

  it("prints text lines through the lang files, leaving no raw FRAY. key", () => {
    const r = ask();
    expect("out" in r && r.out).not.toMatch(/FRAY\./);
  });

  it("refuses unknown ids naming them, and reports trials with an interval", () => {
    expect(ask({ foes: "dragon" })).toEqual({ refuse: expect.stringContaining("Unknown --foes id(s): dragon") });
    const trials = ask({ trials: 50, json: true });
    const summary = JSON.parse("out" in trials ? trials.out : "{}") as { trials: number; ci95: number[] };
    expect(summary.trials).toBe(50);
    expect(summary.ci95).toHaveLength(2);
  });

  it("refuses --trials with --surprise, which trials would silently ignore", () => {
    const why = "--trials and --surprise cannot be combined: trials play fights without a surprise round.";
    for (const surprise of ["party", "enemies"] as const) {
      expect(ask({ trials: 5, surprise })).toEqual({ refuse: why });
      expect(ask({ trials: 5, surprise, json: true })).toEqual({ refuse: why });
    }
    // Each alone still plays.
    expect("out" in ask({ trials: 5 })).toBe(true);
    const ambush = ask({ surprise: "enemies", json: true });
    const log = JSON.parse("out" in ambush ? ambush.out : "{}") as { events: { kind: string }[] };
    expect(log.events.find((e) => e.kind === "surprise")).toMatchObject({ surprised: ["party"] });
  });
});
