import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { ruleSeize, seizedIn } from "../play/round/seize";
import { economyAt } from "../play/round/economy";

/**
 * Seizing the initiative as the GM rules it (`play/round/seize.ts`): after the round's own roll,
 * in its Initiative phase, while up; a seizure lasts its round. Source: `003_d18720f6cd315cc2.txt`
 * §Movement Phase; RULINGS.md §phases Seizing.
 */
const kept = (k: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, k as Record<string, unknown>);
const open = { round: 3, step: "initiative", up: true } as const;

describe("seizing the initiative", () => {
  it("in the Initiative phase after the round's roll: seized for this round, and given up", () => {
    expect(ruleSeize({ seize: true }, { ...open, kept: kept({ rolled: 3 }) }))
      .toEqual({ ok: true, patch: { seized: 3 } });
    expect(ruleSeize({ seize: false }, { ...open, kept: kept({ rolled: 3, seized: 3 }) }))
      .toEqual({ ok: true, patch: { seized: 0 } });
  });

  it("refused outside the Initiative phase, before the round's roll, when down, or for no change", () => {
    const rolled = kept({ rolled: 3 });
    expect(ruleSeize({ seize: true }, { ...open, step: "movement", kept: rolled }))
      .toEqual({ ok: false, key: "SeizeClosed" });
    expect(ruleSeize({ seize: true }, { ...open, round: 0, step: null, kept: rolled }))
      .toEqual({ ok: false, key: "SeizeClosed" });
    expect(ruleSeize({ seize: true }, { ...open, kept: kept({ rolled: 2 }) }))
      .toEqual({ ok: false, key: "SeizeNotRolled" });
    expect(ruleSeize({ seize: true }, { ...open, up: false, kept: rolled }))
      .toEqual({ ok: false, key: "SeizeDown" });
    expect(ruleSeize({ seize: true }, { ...open, kept: kept({ rolled: 3, seized: 3 }) }))
      .toEqual({ ok: false, key: "SeizeNoChange" });
    expect(ruleSeize({ seize: false }, { ...open, kept: rolled }))
      .toEqual({ ok: false, key: "SeizeNoChange" });
  });

  it("a request that is not a yes or no changes nothing", () => {
    fc.assert(fc.property(fc.anything(), (args) => {
      fc.pre(typeof (args as { seize?: unknown } | null)?.seize !== "boolean");
      expect(ruleSeize(args, { ...open, kept: kept({ rolled: 3 }) }))
        .toEqual({ ok: false, key: "SeizeNoChange" });
    }));
  });

  it("a seizure lasts its round only", () => {
    expect(seizedIn(kept({ seized: 3 }), 3)).toBe(true);
    expect(seizedIn(kept({ seized: 3 }), 4)).toBe(false);
    expect(seizedIn(kept(), 0)).toBe(false);
  });

  it("a round's start gives back the movement power and the Battle action; no other edge changes anything", () => {
    expect(economyAt("roundStart")).toEqual({
      movement: 0, battle: 0, movePower: "", moveSquares: 0, moveAuto: false, chargeAt: "",
    });
    for (const edge of ["turnStart", "turnEnd", "roundEnd"] as const) expect(economyAt(edge)).toBeNull();
  });
});
