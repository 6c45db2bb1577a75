import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  actionMarks, MOVING_ACTIONS, payRefusal, swarmTargetRefusal, wardRefusal,
} from "../../src/rulesets/shock/play/views/sheet-pay";
import { SHEET_ACTIONS } from "../../src/rulesets/shock/play/views/sheet-view";

/**
 * What the sheet refuses before it asks to pay a round action. Source:
 * `002_5e27cdf788b28f5f.txt` §Grappling, §Screen an Ally, §Make a Swarm Attack; RULINGS.md §shock.
 */
const able = { up: true, defeated: false, grappled: false };

describe("paying a round action from the sheet", () => {
  it("refuses every action to one down, stabilised, defeated or fled", () => {
    for (const id of SHEET_ACTIONS) {
      expect(payRefusal(id, { ...able, up: false })).toBe("FRAY.Shock.Refuse.CannotAct");
      expect(payRefusal(id, { ...able, defeated: true })).toBe("FRAY.Shock.Refuse.CannotAct");
      expect(payRefusal(id, able)).toBeNull();
    }
  });

  it("refuses running and screening in a grapple, nothing else", () => {
    expect(payRefusal("run", { ...able, grappled: true })).toBe("FRAY.Shock.Refuse.Held");
    expect(payRefusal("screen", { ...able, grappled: true })).toBe("FRAY.Shock.Refuse.Held");
    for (const id of SHEET_ACTIONS.filter((a) => !MOVING_ACTIONS.has(a)))
      expect(payRefusal(id, { ...able, grappled: true })).toBeNull();
  });

  it("a refusal is always one of the two, and none for an able free combatant (property)", () => {
    const payer = fc.record({ up: fc.boolean(), defeated: fc.boolean(), grappled: fc.boolean() });
    fc.assert(fc.property(fc.constantFrom(...SHEET_ACTIONS), payer, (id, p) => {
      const why = payRefusal(id, p);
      if (!p.up || p.defeated) expect(why).toBe("FRAY.Shock.Refuse.CannotAct");
      else if (p.grappled && MOVING_ACTIONS.has(id)) expect(why).toBe("FRAY.Shock.Refuse.Held");
      else expect(why).toBeNull();
    }));
  });
});

describe("a screen's ward and a swarm's foe", () => {
  const me = { id: "a", side: "party" };
  const ally = { id: "b", side: "party" };
  const foe = { id: "c", side: "foes" };

  it("screens only an ally of one's side, with a combat skill", () => {
    expect(wardRefusal(1, me, ally)).toBeNull();
    expect(wardRefusal(0, me, ally)).toBe("FRAY.Shock.Refuse.NoScreen");
    expect(wardRefusal(2, me, foe)).toBe("FRAY.Shock.Refuse.NoWard");
    expect(wardRefusal(2, me, me)).toBe("FRAY.Shock.Refuse.NoWard");
    expect(wardRefusal(2, me, undefined)).toBe("FRAY.Shock.Refuse.NoWard");
  });

  it("swarms only a combatant of another side", () => {
    expect(swarmTargetRefusal(me, foe)).toBeNull();
    expect(swarmTargetRefusal(me, ally)).toBe("FRAY.Shock.Refuse.NoSwarmTarget");
    expect(swarmTargetRefusal(me, undefined)).toBe("FRAY.Shock.Refuse.NoSwarmTarget");
  });
});

describe("the marks a paid action leaves", () => {
  it("Total Defense marks itself, a screen its ward, a swarm its foe; asking only for those", () => {
    const asked: string[] = [];
    const pick = {
      ward: () => { asked.push("ward"); return "w"; },
      foe: () => { asked.push("foe"); return "f"; },
    };
    expect(actionMarks("totalDefense", pick)).toEqual({ totalDefense: true });
    expect(actionMarks("run", pick)).toEqual({});
    expect(actionMarks("readyItem", pick)).toEqual({});
    expect(asked).toEqual([]);
    expect(actionMarks("screen", pick)).toEqual({ screening: "w" });
    expect(actionMarks("swarmAttack", pick)).toEqual({ swarming: "f" });
    expect(asked).toEqual(["ward", "foe"]);
  });

  it("a refusal of the ward is the pay's refusal: nothing is marked", () => {
    const refuse = () => { throw new Error("no ward"); };
    expect(() => actionMarks("screen", { ward: refuse, foe: () => "f" })).toThrow("no ward");
  });
});
