import { describe, expect, it } from "vitest";
import type { WoundsEvent } from "../encounter/events";
import { delayedOrder } from "../rules/initiative";
import { fight } from "./runner-fixtures";

/**
 * Scripted delays in the runner (`encounter/delay.ts`, the `delays` line-up): a delay is taken
 * when the unit to wait for is still to act, and refused when it has acted; the round's turns
 * then follow the rules' `delayedOrder`, and the next round starts from the battle's order again.
 * Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating; RULINGS.md §wounds Initiative.
 */
const SEEDS = Array.from({ length: 50 }, (_, i) => i + 1);

const turnsOf = (events: readonly WoundsEvent[], round: number): string[] =>
  events.filter((e) => e.kind === "turn" && e.round === round)
    .map((e) => (e as { actor: string }).actor);

describe("scripted delays", () => {
  it("Wren Ashby, first in the order, always waits for Garrick Holt in round 1", () => {
    for (const seed of SEEDS) {
      const { events } = fight("delays", seed);
      const init = events.find((e) => e.kind === "initiative")!;
      if (init.kind !== "initiative") throw new Error("no initiative");
      expect(init.order[0]).toBe("Wren Ashby");
      const delay = events.find((e) => e.kind === "delay" && e.round === 1
        && e.actor === "Wren Ashby");
      expect(delay, `seed ${seed}`).toMatchObject({ after: "Garrick Holt" });
      const turns = turnsOf(events, 1);
      if (!turns.includes("Wren Ashby")) continue;
      // Garrick's turn (if he still stands) comes right before Wren's.
      if (turns.includes("Garrick Holt")) {
        expect(turns.indexOf("Wren Ashby")).toBe(turns.indexOf("Garrick Holt") + 1);
      }
    }
  });
  it("a delay after a unit that has already acted is not taken", () => {
    for (const seed of SEEDS) {
      const { events } = fight("delays", seed);
      // Round 2: the Goblin Cutter would wait for Wren Ashby, who always acts before it.
      expect(events.some((e) => e.kind === "delay" && e.actor === "Goblin Cutter")).toBe(false);
    }
  });
  it("each round's turns follow the delays taken; the next round starts afresh", () => {
    for (const seed of SEEDS) {
      const { events } = fight("delays", seed);
      let order: string[] = [];
      let delays: { id: string; after: string | null }[] = [];
      let turns: string[] = [];
      const check = () => {
        const expected = delayedOrder(order, delays).filter((k) => turns.includes(k));
        expect(turns, `seed ${seed}`).toEqual(expected);
      };
      for (const e of events) {
        if (e.kind === "initiative" || e.kind === "summon") order = e.order;
        if (e.kind === "round") {
          check();
          delays = [];
          turns = [];
        }
        if (e.kind === "delay") delays.push({ id: e.actor, after: e.after });
        if (e.kind === "turn") turns.push(e.actor);
      }
      check();
    }
  });
});
