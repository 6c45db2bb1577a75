import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hpChangeWrite } from "../../src/rulesets/escalation/play/actors/death-track";
import { timedEffectsToAdd, toTimedEffect } from "../../src/rulesets/escalation/play/actors/timed-effects";
import { FRESH_DEATH_TRACK } from "../../src/rulesets/escalation/rules/death-save";

const track = { ...FRESH_DEATH_TRACK, upNextTurn: false };
const pc = (value: number, death = track) => ({ hp: { value, max: 30 }, death });
const npc = (value: number) => ({ hp: { value, max: 20 }, death: null });

describe("hpChangeWrite (§Damage, §Healing, §Dying and Death)", () => {
  it("a zero change writes nothing; a fractional one is refused", () => {
    expect(hpChangeWrite(pc(-3), 0)).toBeNull();
    expect(hpChangeWrite(pc(-3), -0)).toBeNull();
    expect(() => hpChangeWrite(pc(10), 1.5)).toThrow(RangeError);
  });

  it("an NPC stops at 0 and has no death track; healing stops at max", () => {
    expect(hpChangeWrite(npc(5), -9)).toEqual({ after: 0, system: { hp: { value: 0 } } });
    expect(hpChangeWrite(npc(15), 9)).toEqual({ after: 20, system: { hp: { value: 20 } } });
  });

  it("a character dropped below 0 starts Dying, hard after a crit", () => {
    const drop = hpChangeWrite(pc(4), -6);
    expect(drop?.after).toBe(-2);
    expect(drop?.system.death).toMatchObject({ hardFirstSave: false, failures: 0 });
    expect(hpChangeWrite(pc(4), -6, true)?.system.death?.hardFirstSave).toBe(true);
  });

  it("a heal back up from Dying heals from 0 and acts from the character's next turn", () => {
    const up = hpChangeWrite(pc(-5, { ...track, hardFirstSave: true }), 8);
    expect(up?.after).toBe(8);
    expect(up?.system.death).toMatchObject({ hardFirstSave: false, upNextTurn: true });
  });

  it("property: HP written is the change within the limits; NPCs never below 0", () => {
    fc.assert(fc.property(
      fc.integer({ min: -20, max: 30 }), fc.integer({ min: -40, max: 40 }).filter((d) => d !== 0),
      fc.boolean(),
      (value, delta, isPC) => {
        const change = hpChangeWrite(isPC ? pc(value) : npc(Math.max(0, Math.min(20, value))), delta);
        const from = isPC ? value : Math.max(0, Math.min(20, value));
        const max = isPC ? 30 : 20;
        expect(change?.system.hp.value).toBe(change?.after);
        // Healing counts from 0 for a character below it, and stops at max.
        if (delta > 0) expect(change?.after).toBe(Math.min(max, Math.max(0, from) + delta));
        else expect(change?.after).toBe(isPC ? from + delta : Math.max(0, from + delta));
        expect("death" in (change?.system ?? {})).toBe(isPC);
      },
    ));
  });
});

describe("timedEffectsToAdd (RULINGS.md §Instances)", () => {
  const look = (id: string) => ({ name: `N:${id}`, img: `i/${id}.svg` });
  const placement = { bearer: "B", source: "S", currentTurn: "S" };
  const dazed = { id: "dazed" as const, duration: "saveEnds" as const, save: 11, amount: 0, damageType: "weapon" as const };

  it("one effect per new instance, with its look and timing", () => {
    const made = timedEffectsToAdd([], [dazed, { ...dazed, id: "weakened" }], look, placement);
    expect(made.map((m) => [m.name, m.img, m.statuses])).toEqual([
      ["N:dazed", "i/dazed.svg", ["dazed"]], ["N:weakened", "i/weakened.svg", ["weakened"]],
    ]);
  });

  it("an exact twin of a carried instance, or of one just given, adds nothing", () => {
    const [first] = timedEffectsToAdd([], [dazed], look, placement);
    const carried = toTimedEffect({ id: "ae1", statuses: new Set(first!.statuses), flags: first!.flags }, "B");
    expect(timedEffectsToAdd([carried!], [dazed], look, placement)).toEqual([]);
    expect(timedEffectsToAdd([], [dazed, dazed], look, placement)).toHaveLength(1);
  });

  it("a longer instance of a carried condition is kept; ongoing damage always stacks", () => {
    const [short] = timedEffectsToAdd([], [{ ...dazed, duration: "endOfNextTurn" }], look, placement);
    const carried = toTimedEffect({ id: "ae1", statuses: new Set(short!.statuses), flags: short!.flags }, "B");
    expect(timedEffectsToAdd([carried!], [dazed], look, placement)).toHaveLength(1);
    const ongoing = { ...dazed, id: "ongoing" as const, amount: 5 };
    expect(timedEffectsToAdd([], [ongoing, ongoing], look, placement)).toHaveLength(2);
  });
});
