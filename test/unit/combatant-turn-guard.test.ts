import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refusedCombatantTurn, type TurnAt } from "../../src/shell/combat/turn-guard";

/**
 * The GM's judgment of a Combatant operation's turn (shell/combat/turn-guard.ts
 * `refusedCombatantTurn`): a player's create, update or delete may keep the current turn current
 * (or pass a deleted current combatant's turn to the next survivor), nothing else: not another
 * turn, not another step's turn of the same combatant, not another round, not a turn off no one's.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const at = (round: number, turn: number | null, key: string | null): TurnAt => ({ round, turn, key });

describe("a Combatant operation's turn", () => {
  beforeEach(() => {
    vi.stubGlobal("game", {
      user: { isActiveGM: true },
      users: { get: (id: string) => ({ isGM: id === "gm" }) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const judge = (before: TurnAt, after: TurnAt, next?: string | null, userId = "player") =>
    refusedCombatantTurn({ userId, before, after, next });

  it("passes the current turn kept current, wherever its index went", () => {
    expect(judge(at(2, 1, "brute"), at(2, 2, "brute"))).toBe(false);
    expect(judge(at(2, 3, "battle:brute"), at(2, 4, "battle:brute"))).toBe(false);
  });

  it("passes a deleted current combatant's turn to the next survivor, and only to it", () => {
    expect(judge(at(2, 1, "brute"), at(2, 1, "wren"), "wren")).toBe(false);
    expect(judge(at(2, 1, "brute"), at(2, 2, "orla"), "wren")).toBe(true);
  });

  it("refuses another combatant, another step of the same one, another round, a turn off no one's", () => {
    expect(judge(at(2, 1, "brute"), at(2, 2, "again"))).toBe(true);
    expect(judge(at(2, 0, "move:wren"), at(2, 3, "battle:wren"))).toBe(true);
    // A combatTurn past the last turn wraps into the next round on every client.
    expect(judge(at(2, 0, "wren"), at(3, 0, "wren"))).toBe(true);
    expect(judge(at(2, null, null), at(2, 0, "move:wren"))).toBe(true);
    // Starting the fight is the GM's.
    expect(judge(at(0, 0, "wren"), at(1, 0, "wren"))).toBe(true);
    expect(judge(at(0, 0, "wren"), at(0, 1, "brute"))).toBe(false);
  });

  it("leaves a GM's operation and another client's judgment alone", () => {
    expect(judge(at(2, 1, "brute"), at(3, 0, "wren"), undefined, "gm")).toBe(false);
    (globalThis as any).game.user.isActiveGM = false;
    expect(judge(at(2, 1, "brute"), at(3, 0, "wren"))).toBe(false);
  });
});
