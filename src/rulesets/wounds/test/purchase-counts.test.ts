import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PURCHASES } from "../rules/constants";
import {
  activePurchases, afterAttack, atTurnEnd, atTurnStart, buy, type Bought,
} from "../rules/purchases";
import { PurchaseCounts } from "../encounter/purchase-counts";

/**
 * The runner's purchase counts (`encounter/purchase-counts.ts`) step for step against the rules'
 * purchase records (`rules/purchases.ts`): random purchases, attacks, turn starts and ends, in
 * rounds that only go forward as a fight's do, asked about the current round.
 */
describe("the runner's purchase counts are the rules' purchase records", () => {
  it("the same counts of each purchase after every step (property)", () => {
    const op = fc.record({
      op: fc.constantFrom("buy", "attack", "start", "end", "nextRound"),
      kind: fc.constantFrom(...PURCHASES),
    });
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      let list: Bought[] = [];
      const counts = new PurchaseCounts();
      let round = 1;
      for (const o of ops) {
        if (o.op === "nextRound") round++;
        if (o.op === "buy") {
          list = buy(list, o.kind, round);
          counts.buy(o.kind, round);
        }
        if (o.op === "attack") {
          list = afterAttack(list);
          counts.afterAttack();
        }
        if (o.op === "start") {
          list = atTurnStart(list);
          counts.atTurnStart();
        }
        if (o.op === "end") {
          list = atTurnEnd(list);
          counts.atTurnEnd();
        }
        const active = activePurchases(list, round);
        expect({
          meleeDamage: counts.meleeDamageIn(round), toHit: counts.toHit, dodge: counts.dodge,
          movement: counts.movement,
        }).toEqual(active);
      }
      counts.clear();
      expect([counts.meleeDamageIn(round), counts.toHit, counts.dodge, counts.movement])
        .toEqual([0, 0, 0, 0]);
    }), { numRuns: 1000 });
  });
});
