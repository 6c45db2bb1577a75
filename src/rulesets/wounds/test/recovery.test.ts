import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import { createLog } from "../../../engine/runner/log";
import { createContext } from "../encounter/context";
import type { WoundsEvent } from "../encounter/events";
import { createFighter, freeHitWeapon, heldWeapon, type Fighter } from "../encounter/fighter";
import { layLying, standUp } from "../encounter/recovery";
import { rosterOf } from "../encounter/roster";
import { WoundsRounds } from "../encounter/rounds";
import {
  cheapestRecovery, NOTHING_OWED, RECOVERY_SLOTS, standOffTurn, turnAfterDebts, type TurnCounts,
} from "../rules/recovery";
import { npc, pregen } from "./runner-fixtures";

/**
 * Standing up and retrieving a disarmed item (`rules/recovery.ts`, `encounter/recovery.ts`):
 * the off-turn debt on the next turn (refused once that turn has no such action left), the
 * cheapest action the tactics pay with, and a scripted fight in which a unit stands up off its
 * turn and plays its next turn without the action it spent. Source: `001_dbc5fcc02a99a518.txt`
 * §Prone, §Disarmed; RULINGS.md §wounds States, Bonus purchases.
 */
const counts = fc.record({
  attack: fc.integer({ min: 0, max: 3 }), move: fc.integer({ min: 0, max: 3 }),
  bonus: fc.integer({ min: 0, max: 3 }),
});
const slot = fc.constantFrom(...RECOVERY_SLOTS);
const total = (c: TurnCounts) => c.attack + c.move + c.bonus;

describe("standing up off the turn (rules)", () => {
  it("spends one action of the next turn, refused once that turn has none of it left", () => {
    fc.assert(fc.property(counts, counts, slot, (owed, next, s) => {
      const after = standOffTurn(owed, next, s);
      if (owed[s] >= next[s]) {
        expect(after).toBeNull();
        return;
      }
      expect(after).toEqual({ ...owed, [s]: owed[s] + 1 });
      expect(total(turnAfterDebts(next, after!))).toBe(total(turnAfterDebts(next, owed)) - 1);
    }));
  });
  it("a full turn (1 AA, 1 MA, 2 BA) pays four stands at most, then refuses", () => {
    const next = { attack: 1, move: 1, bonus: 2 };
    let owed: TurnCounts = NOTHING_OWED;
    for (const s of ["bonus", "bonus", "move", "attack"] as const) {
      owed = standOffTurn(owed, next, s)!;
    }
    expect(turnAfterDebts(next, owed)).toEqual({ attack: 0, move: 0, bonus: 0 });
    for (const s of RECOVERY_SLOTS) expect(standOffTurn(owed, next, s)).toBeNull();
  });
  it("refuses negative or fractional counts", () => {
    expect(() => standOffTurn({ attack: -1, move: 0, bonus: 0 }, NOTHING_OWED, "bonus"))
      .toThrow(RangeError);
    expect(() => standOffTurn(NOTHING_OWED, { attack: 1, move: 0.5, bonus: 0 }, "bonus"))
      .toThrow(RangeError);
  });
  it("the tactics pay with a Bonus Action, else the Move Action, else the Attack Action", () => {
    expect(cheapestRecovery({ attack: 1, move: 1, bonus: 2 })).toBe("bonus");
    expect(cheapestRecovery({ attack: 1, move: 1, bonus: 0 })).toBe("move");
    expect(cheapestRecovery({ attack: 1, move: 0, bonus: 0 })).toBe("attack");
    expect(cheapestRecovery({ attack: 0, move: 0, bonus: 0 })).toBeNull();
  });
});

/** A recorded two-unit fight set up to its first round, its events kept. */
function scripted(): { rounds: WoundsRounds; a: Fighter; b: Fighter; events: WoundsEvent[] } {
  const roster = rosterOf();
  const log = createLog<WoundsEvent>(true);
  const garrick = pregen("garrick-holt");
  const brute = npc("orc-brute");
  const a = createFighter(garrick, "A", "party", roster.armsOf(garrick));
  const b = createFighter(brute, "B", "foes", roster.armsOf(brute));
  const ctx = createContext(true, new SeededRoller(5), log.emit, [a, b], roster);
  const rounds = new WoundsRounds(ctx, log, 30, 7, null);
  rounds.opening();
  rounds.initiative();
  rounds.startRound(1);
  return { rounds, a, b, events: log.events };
}

describe("standing up off the turn (runner)", () => {
  it("spends that action of the next turn, logged; the next turn starts without it", () => {
    const { rounds, a, events } = scripted();
    layLying([a], [{ unit: 0, prone: true }]);
    expect(standUp(rounds.ctx, a, "move", true)).toBe(true);
    expect(a.states.prone).toBe(false);
    expect(events.at(-1)).toEqual({
      kind: "recover", round: 1, actor: "A", condition: "prone", paid: "move", offTurn: true,
      owed: { attack: 0, move: 1, bonus: 0 }, weapon: null,
    });
    // Knocked down again: its next turn has no Move Action left to stand with.
    layLying([a], [{ unit: 0, prone: true }]);
    expect(standUp(rounds.ctx, a, "move", true)).toBe(false);
    expect(a.states.prone).toBe(true);
    expect(standUp(rounds.ctx, a, "bonus", true)).toBe(true);
    expect(rounds.turnEvent(a, 1)).toMatchObject({ attack: 1, move: 0, bonus: 1 });
    const from = events.length;
    rounds.takeTurn(a);
    const turn = events.slice(from);
    expect(a.owed).toBe(NOTHING_OWED);
    expect(turn.some((e) => e.kind === "move" && e.paid === "move")).toBe(false);
    expect(turn.filter((e) => e.kind === "purchase").length).toBeLessThanOrEqual(1);
    expect(turn.some((e) => e.kind === "attack" && e.way === "extraAttack")).toBe(false);
  });
  it("on its own turn it pays from that turn, and only with a slot left", () => {
    const { rounds, a } = scripted();
    layLying([a], [{ unit: 0, prone: true }]);
    a.attackLeft = 0;
    a.moveLeft = 1;
    expect(() => standUp(rounds.ctx, a, "attack", false)).toThrow(RangeError);
    expect(standUp(rounds.ctx, a, "move", false)).toBe(true);
    expect(a.moveLeft).toBe(0);
    expect(a.owed).toBe(NOTHING_OWED);
    expect(() => standUp(rounds.ctx, a, "bonus", false)).toThrow(RangeError);
  });
});

describe("a disarmed unit's free hits", () => {
  it("use no weapon it lost: its other one, else none", () => {
    const roster = rosterOf();
    const block = npc("orc-brute");
    const arms = roster.armsOf(block);
    const sling = roster.armsOf(npc("goblin-slinger")).ranged;
    const only = createFighter(block, "B", "foes", arms);
    layLying([only], [{ unit: 0, disarmed: true }]);
    expect(heldWeapon(only)).toBe(arms.melee);
    expect(freeHitWeapon(only)).toBeNull();
    const both = createFighter(block, "C", "foes", { ...arms, ranged: sling });
    expect(freeHitWeapon(both)).toBe(arms.melee);
    layLying([both], [{ unit: 0, disarmed: true }]);
    expect(freeHitWeapon(both)).toBe(sling);
  });
});
