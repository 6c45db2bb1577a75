import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { packStatblock } from "./pack-statblocks";
import { KEPT_SPEC } from "../play/data/kept-spec";
import { ruleMove, ruleSpend, type CombatantFacts } from "../play/round/spend-verdict";

/**
 * The GM's one ruling on whatever a player's client asks of its combatant (spend-verdict.ts): a
 * Flow action, a Ready or an action of the turn, and a move; each read from the facts the GM
 * keeps, on a pack pregen. Source: `004_2cc57162401858c9.txt` §Actions, §Special Actions.
 */
const tamsin = packStatblock("pregens", "tamsin-holt");
const facts = (over: Partial<CombatantFacts> = {}): CombatantFacts => ({
  kept: withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2 }), block: tamsin, ownTurn: true,
  someoneActing: true, up: true, prone: false, ...over,
});

describe("the GM's ruling on a combatant's request", () => {
  it("sends each kind of request to its own rule", () => {
    const weapon = tamsin.weapons.find((w) => w.flowActions.length)!;
    const fp = weapon.flowActions[0]!.fp;
    expect(ruleSpend({ flow: { itemId: weapon.id, index: 0 } }, facts()))
      .toMatchObject({ ok: true, patch: { fp: 2 - fp } });
    expect(ruleSpend({ ready: "declare", trigger: "t", action: "a" }, facts()))
      .toEqual({ ok: true, patch: { readyTrigger: "t", readyAction: "a" } });
    expect(ruleSpend({ ready: "later" }, facts())).toEqual({ ok: false, key: "badRequest" });
    expect(ruleSpend({ action: "attack" }, facts())).toMatchObject({ ok: true, patch: { ap: 3 } });
    expect(ruleSpend({ action: "standUp" }, facts({ prone: true })))
      .toMatchObject({ ok: true, patch: { ap: 4 } });
    expect(ruleSpend({ action: "spell", spellId: "none" }, facts()))
      .toEqual({ ok: false, key: "badRequest" });
  });

  it("a move pays from the same facts; a prone or fallen combatant does not move", () => {
    expect(ruleMove(tamsin.moveHexes + 1, facts())).toMatchObject({ ok: true, apSpent: 2 });
    expect(ruleMove(1, facts({ prone: true })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Prone" });
    expect(ruleMove(1, facts({ up: false }))).toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Down" });
  });
});
