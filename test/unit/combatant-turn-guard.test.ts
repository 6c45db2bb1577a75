import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refusedCombatantTurn } from "../../src/shell/combat/turn-guard";

/**
 * The GM's judgment of a Combatant operation's turn (shell/combat/turn-guard.ts
 * `refusedCombatantTurn`): a player's create, update or delete may not make another combatant
 * current, whether it carried a `combatTurn` or let the turn's index slide onto another.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const turns = ["wren", "again", "brute"].map((id) => ({ id })) as any[];

describe("a Combatant operation's turn", () => {
  beforeEach(() => {
    vi.stubGlobal("game", {
      user: { isActiveGM: true },
      users: { get: (id: string) => ({ isGM: id === "gm" }) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const judge = (over: Record<string, unknown>) => refusedCombatantTurn({
    userId: "player", before: "brute", after: "brute", deleted: [], turns, ...over,
  } as any);

  it("passes when the current combatant stays current, or when it was deleted", () => {
    expect(judge({})).toBeNull();
    expect(judge({ after: "wren", deleted: ["brute"] })).toBeNull();
  });

  it("puts back a player's move onto another combatant: the former current one's place now", () => {
    // A re-created combatant slid in before the current one: the same index now names it.
    expect(judge({ after: "again" })).toBe(2);
    expect(judge({ after: "wren" })).toBe(2);
  });

  it("leaves a GM's operation, an unstarted turn and another client alone", () => {
    expect(judge({ after: "again", userId: "gm" })).toBeNull();
    expect(judge({ before: null, after: "wren" })).toBeNull();
    (globalThis as any).game.user.isActiveGM = false;
    expect(judge({ after: "again" })).toBeNull();
  });
});
