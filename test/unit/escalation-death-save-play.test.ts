import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import {
  afterDeathSave, FRESH_DEATH_TRACK, type DeathSaveOutcome,
} from "../../src/rulesets/escalation/rules/death-save";
import {
  deathSaveLines, makesDeathSaves, trackAfterSave,
} from "../../src/rulesets/escalation/play/survival/death-save";

const t = localizerFor(languageFor("escalation"));
const track = FRESH_DEATH_TRACK;

describe("makesDeathSaves (§Dying and Death, §Last Gasp Saves)", () => {
  const pc = { isPC: true, dead: false, health: "dying" as const, death: { lastGasp: false } };
  it("a Dying or Last Gasp character saves; the dead and NPCs do not", () => {
    expect(makesDeathSaves(pc)).toBe(true);
    expect(makesDeathSaves({ ...pc, health: "healthy", death: { lastGasp: true } })).toBe(true);
    expect(makesDeathSaves({ ...pc, health: "healthy" })).toBe(false);
    expect(makesDeathSaves({ ...pc, dead: true })).toBe(false);
    expect(makesDeathSaves({ ...pc, isPC: false })).toBe(false);
  });
});

describe("trackAfterSave", () => {
  it("back up from Dying acts next turn, at once on a natural 17+; a failure keeps the mark", () => {
    expect(trackAfterSave(afterDeathSave(track, "success", false)).upNextTurn).toBe(true);
    expect(trackAfterSave(afterDeathSave(track, "crit", false)).upNextTurn).toBe(false);
    expect(trackAfterSave(afterDeathSave(track, "failure", false))).not.toHaveProperty("upNextTurn");
    const gasp = { ...track, lastGasp: true };
    expect(trackAfterSave(afterDeathSave(gasp, "success", false)))
      .toMatchObject({ lastGasp: false, upNextTurn: true });
  });
  it("property: it is the rules' track, with the mark exactly when back up", () => {
    const outcomes: DeathSaveOutcome[] = ["success", "crit", "failure"];
    fc.assert(fc.property(fc.constantFrom(...outcomes), fc.boolean(), fc.integer({ min: 0, max: 3 }),
      fc.boolean(), (outcome, lastGasp, failures, granted) => {
        const result = afterDeathSave({ ...track, lastGasp, failures }, outcome, granted);
        const after = trackAfterSave(result);
        expect(after).toMatchObject(result.track);
        expect("upNextTurn" in after).toBe(result.healFromZero || result.lastGaspEnded);
      }));
  });
});

describe("deathSaveLines", () => {
  it("the save with its badge, the hard save's note, the heal, Last Gasp's end, death", () => {
    const success = afterDeathSave(track, "success", false);
    const healed = { text: "Ana heals 7.", result: "healed" as const };
    expect(deathSaveLines({ name: "Ana", natural: 15, outcome: "success" },
      { hardFirstSave: true }, success, healed, t)).toEqual([
      { text: "Ana rolls a natural 15: they heal and can act next turn.", result: "saved" },
      "The first save after a crit or a heavy drop had 2 Disadvantage.",
      healed,
    ]);
    const last = afterDeathSave({ ...track, failures: 3 }, "failure", false);
    expect(deathSaveLines({ name: "Ana", natural: 4, outcome: "failure" }, track, last, null, t))
      .toEqual([
        { text: "Ana rolls a natural 4 and fails: 4 of 4 failures.", result: "failed" },
        { text: "Ana has died.", result: "failed" },
      ]);
    const gasp = afterDeathSave({ ...track, lastGasp: true }, "crit", false);
    expect(deathSaveLines({ name: "Ana", natural: 17, outcome: "crit" }, track, gasp, null, t)[1])
      .toBe("Ana shakes off the effect and keeps their hit points.");
  });
});
