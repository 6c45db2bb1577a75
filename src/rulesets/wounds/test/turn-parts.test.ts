import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PURCHASES } from "../rules/constants";
import { movementSpaces, type MoveTerms } from "../rules/movement";
import {
  activePurchases, afterAttack, atTurnEnd, atTurnStart, buy, type Bought,
} from "../rules/purchases";
import {
  defenseState, flatFootedCauses, isFlatFooted, NO_STATES, withCause, withoutCause,
} from "../rules/states";

/**
 * Bonus purchases and their lifetimes, flat-footed and prone, movement. Source:
 * `001_dbc5fcc02a99a518.txt` §Bonus Actions, §Move Action, §Flat Footed, §Prone, §Channeling,
 * §Feats; RULINGS.md §wounds Turn, Bonus purchases, States.
 */
describe("bonus purchases (§Bonus Actions)", () => {
  it("repeat: two +1 melee damage are +2; they last the round they were bought in", () => {
    const list = buy(buy([], "meleeDamage", 2), "meleeDamage", 2);
    expect(activePurchases(list, 2).meleeDamage).toBe(2);
    expect(activePurchases(list, 3).meleeDamage).toBe(0);
  });
  it("+1 to hit lasts to the next attack, even past the turn", () => {
    let list = buy([], "toHit", 1);
    list = atTurnEnd(atTurnStart(list));
    expect(activePurchases(list, 2).toHit).toBe(1);
    expect(activePurchases(afterAttack(list), 2).toHit).toBe(0);
  });
  it("+1 dodge lasts until the buyer's next turn, +2 movement to the end of its turn", () => {
    const list = buy(buy([], "dodge", 1), "movement", 1);
    expect(activePurchases(list, 1)).toMatchObject({ dodge: 1, movement: 1 });
    expect(activePurchases(atTurnEnd(list), 2)).toMatchObject({ dodge: 1, movement: 0 });
    expect(activePurchases(atTurnStart(list), 2)).toMatchObject({ dodge: 0, movement: 0 });
    expect(() => buy([], "nap" as never, 1)).toThrow(RangeError);
  });
  it("counts are never negative and never more than bought (property)", () => {
    fc.assert(fc.property(fc.array(fc.record({
      op: fc.constantFrom("buy", "attack", "start", "end"), kind: fc.constantFrom(...PURCHASES),
      round: fc.integer({ min: 1, max: 4 }),
    })), (ops) => {
      let list: Bought[] = [];
      for (const o of ops) {
        if (o.op === "buy") list = buy(list, o.kind, o.round);
        if (o.op === "attack") list = afterAttack(list);
        if (o.op === "start") list = atTurnStart(list);
        if (o.op === "end") list = atTurnEnd(list);
        const c = activePurchases(list, o.round);
        for (const k of PURCHASES) {
          expect(c[k]).toBeGreaterThanOrEqual(0);
          expect(c[k]).toBeLessThanOrEqual(list.filter((b) => b.kind === k).length);
        }
      }
    }));
  });
});

describe("flat-footed and prone (§Flat Footed, §Prone, §Channeling)", () => {
  it("snuck up on, tied, frozen, paralysed: flat-footed; prone alone is semi flat-footed", () => {
    expect(defenseState(withCause(NO_STATES, "tiedUp"), [])).toBe("flatFooted");
    expect(defenseState({ ...NO_STATES, prone: true }, [])).toBe("prone");
    expect(defenseState(NO_STATES, [])).toBe("dodging");
    expect(defenseState(NO_STATES, [], true)).toBe("flatFooted");
    expect(defenseState({ ...withCause(NO_STATES, "frozen"), prone: true }, [])).toBe("flatFooted");
  });
  it("channeling is flat-footed unless the caster has Battle Caster", () => {
    const ch = withCause(NO_STATES, "channeling");
    expect(isFlatFooted(ch, [])).toBe(true);
    expect(isFlatFooted(ch, [{ feat: "battleCaster" }])).toBe(false);
    expect(isFlatFooted(withCause(ch, "paralyzed"), [{ feat: "battleCaster" }])).toBe(true);
    expect(isFlatFooted(withoutCause(ch, "channeling"), [])).toBe(false);
    expect(withCause(ch, "channeling")).toBe(ch);
    expect(() => flatFootedCauses(["sleepy" as never], [])).toThrow(RangeError);
  });
});

describe("movement (§Move Action, §Prone, §Feats)", () => {
  const t = (over: Partial<MoveTerms> = {}): MoveTerms => ({
    movement: 6, movementPurchases: 0, mode: "normal", prone: false, feats: [], ...over,
  });
  it("6 spaces; +2 a purchase; half sneaking or climbing; a third prone", () => {
    expect(movementSpaces(t())).toBe(6);
    expect(movementSpaces(t({ movementPurchases: 2 }))).toBe(10);
    expect(movementSpaces(t({ mode: "sneaking" }))).toBe(3);
    expect(movementSpaces(t({ mode: "climbing", movementPurchases: 1 }))).toBe(4);
    expect(movementSpaces(t({ prone: true }))).toBe(2);
    expect(movementSpaces(t({ prone: true, movement: 4 }))).toBe(1);
  });
  it("Maneuverer moves normally sneaking, swimming and tumbling, not climbing", () => {
    const feats = [{ feat: "maneuverer" as const }];
    expect(movementSpaces(t({ mode: "sneaking", feats }))).toBe(6);
    expect(movementSpaces(t({ mode: "tumbling", feats }))).toBe(6);
    expect(movementSpaces(t({ mode: "climbing", feats }))).toBe(3);
    expect(movementSpaces(t({ mode: "tumbling" }))).toBe(3);
  });
  it("never below 0", () => {
    expect(movementSpaces(t({ movement: -3 }))).toBe(0);
  });
});
