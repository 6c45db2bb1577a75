import { describe, expect, it } from "vitest";
import { GRIDLESS } from "../../../engine/space/grid";
import type { KeptSource } from "../play/data/kept-spec";
import {
  attackFacts, attackingOf, interceptSpot, maneuverFacts, partiesOf, type CardField, type FieldToken,
} from "../play/cards/field";
import { footprintsAdjacent, footprintsOverlap } from "../../../engine/space/footprint";
import { distance } from "../../../engine/space/measure";
import { grid, kept, sword, tamsin, thug } from "./card-fixtures";

/**
 * An attack card's field (`play/cards/field.ts`), pure: who counts for gang-up (the attacker's
 * side, standing, by the side the GM keeps), a won Feint, the attacker's turn, a maneuver's
 * facts, and the allies offered Intercept (standing, with 2 RP, within 3 hexes, in an encounter).
 * On pack pregens and NPCs, on a hex grid. Source: `004_2cc57162401858c9.txt` §Gang-up,
 * §Intercept, §Feint, §Disarm.
 */

/** A token at hex (0, j): in the encounter when `keptOver` is given. */
const token = (id: string, side: string, j: number, over: Partial<FieldToken> = {},
  keptOver?: Partial<KeptSource>): FieldToken => ({
  tokenId: id, uuid: `Scene.s.Token.${id}`, combatantId: keptOver ? `c-${id}` : "", side,
  at: { origin: { i: 0, j } }, block: side === "party" ? tamsin : thug, up: true,
  kept: keptOver ? kept(keptOver) : null, ...over,
});
const field = (others: FieldToken[], over: Partial<CardField> = {}, inCombat = true): CardField => ({
  grid, ownTurn: true, others,
  attacker: token("a", "party", 0, {}, inCombat ? {} : undefined),
  target: token("t", "foes", 1, {}, inCombat ? {} : undefined), ...over,
});

describe("an attack card's field", () => {
  it("gang-up counts the attacker's standing side that threatens the target", () => {
    const ally = token("b", "party", 2, {}, {});
    expect(attackFacts(field([ally]), { itemId: sword.id }).threateners).toBe(2);
    expect(attackFacts(field([{ ...ally, up: false }]), { itemId: sword.id }).threateners).toBe(1);
    expect(attackFacts(field([{ ...ally, side: "foes" }]), { itemId: sword.id }).threateners).toBe(1);
    expect(attackFacts(field([ally], { grid: GRIDLESS }), { itemId: sword.id }))
      .toMatchObject({ threateners: 0, distance: null });
  });

  it("reads the weapon or spell the card names, a won Feint, grappling and the turn", () => {
    expect(attackingOf(tamsin, sword.id)).toEqual({ weapon: sword });
    expect(attackingOf(tamsin, "gone")).toBeNull();
    const feinting = field([], {
      attacker: token("a", "party", 0, {}, { feinting: "c-t", grappling: "c-t" }),
    });
    expect(attackFacts(feinting, { itemId: sword.id })).toMatchObject({
      feint: true, grappling: true, distance: 1, combat: { ownTurn: true, up: true },
    });
    const outside = attackFacts(field([], {}, false), { itemId: sword.id });
    expect(outside).toMatchObject({ feint: false, combat: null });
  });

  it("a maneuver's facts: both statblocks and kept records, the ids, the turn", () => {
    const facts = maneuverFacts(field([]), { itemId: "" });
    expect(facts).toMatchObject({ ids: { actor: "c-a", target: "c-t" }, ownTurn: true, up: true });
    expect(facts.weapon?.readied).toBe(true);
    expect(maneuverFacts(field([], {}, false), { itemId: "" }))
      .toMatchObject({ kept: null, ids: { actor: "attacker", target: "target" }, ownTurn: false });
  });

  it("offers Intercept to standing allies of the target with 2 RP within reach, in an encounter", () => {
    const near = token("n", "foes", 2, {}, { rp: 2 });
    const poor = token("p", "foes", 3, {}, { rp: 1 });
    const far = token("f", "foes", 12, {}, { rp: 2 });
    const down = token("d", "foes", 2, { up: false }, { rp: 2 });
    const theirs = token("o", "party", 2, {}, { rp: 2 });
    const parties = partiesOf(field([near, poor, far, down, theirs]), "melee");
    expect(parties.interceptors.map((p) => p.key)).toEqual(["c-n"]);
    expect(parties.tokens).toEqual({
      "c-a": "Scene.s.Token.a", "c-t": "Scene.s.Token.t", "c-n": "Scene.s.Token.n",
    });
    expect(parties.target.reachesAttacker).toBe(true);
    const outside = partiesOf(field([near], {}, false), "melee");
    expect(outside.interceptors).toEqual([]);
    expect([outside.attacker.key, outside.target.key]).toEqual(["attacker", "target"]);
  });

  it("an interceptor moves to the nearest free spot next to both, within 3 hexes", () => {
    const near = token("n", "foes", 3, {}, { rp: 2 });
    const spot = interceptSpot(field([near]), "c-n", "melee")!;
    const at = (cell: { i: number; j: number }) => ({ origin: cell });
    expect(footprintsAdjacent(grid, at(spot), at({ i: 0, j: 0 }))).toBe(true);
    expect(footprintsAdjacent(grid, at(spot), at({ i: 0, j: 1 }))).toBe(true);
    expect(distance(grid, { i: 0, j: 3 }, spot)).toBeLessThanOrEqual(3);
    // Every cell next to both taken by another token: no spot left.
    const around: { i: number; j: number }[] = [];
    for (let i = -3; i <= 3; i++) {
      for (let j = -3; j <= 4; j++) {
        const c = { i, j };
        if (footprintsAdjacent(grid, at(c), at({ i: 0, j: 0 }))
          && footprintsAdjacent(grid, at(c), at({ i: 0, j: 1 }))) around.push(c);
      }
    }
    expect(around.length).toBeGreaterThan(0);
    const blockers = around.map((c, k) => token(`b${k}`, "party", 0, { at: at(c) }, {}));
    expect(interceptSpot(field([near, ...blockers]), "c-n", "melee")).toBeNull();
    // One freed: it is the spot.
    const freed = interceptSpot(field([near, ...blockers.slice(1)]), "c-n", "melee");
    expect(freed && footprintsOverlap(grid, at(freed), blockers[0]!.at!)).toBe(true);
    expect(interceptSpot(field([near], { grid: GRIDLESS }), "c-n", "melee")).toBeNull();
    expect(interceptSpot(field([near]), "c-nobody", "melee")).toBeNull();
  });
});
