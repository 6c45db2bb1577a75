import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arsenalOf } from "../../src/rulesets/escalation/encounter/arsenal";
import { createFighter, setEffects } from "../../src/rulesets/escalation/encounter/fighter";
import { takeTurn } from "../../src/rulesets/escalation/encounter/turn";
import { DIE_SIZES, STANCES } from "../../src/rulesets/escalation/rules/constants";
import { stanceDiceOf } from "../../src/rulesets/escalation/rules/stance";
import { block, eventsOf, fixedContext, timed } from "./runner-fixtures";

/**
 * A basic attack's hit is "X x Level + Volition, where X is the damage die indicated by your
 * stance" (`000_c2dc3d650823e22d.txt` §Basic Attacks): after a stance switch, the new stance's die.
 */
describe("each stance has its own die", () => {
  it("the sheet's die for its own stance; the other stance's weapon, equipped first, else the first listed", () => {
    expect(stanceDiceOf("melee", 10, [
      { stance: "ranged", die: 4, equipped: false },
      { stance: "ranged", die: 6, equipped: true },
      { stance: "melee", die: 12, equipped: true },
    ])).toEqual({ melee: 10, ranged: 6 });
    expect(stanceDiceOf("ranged", 8, [{ stance: "melee", die: 6, equipped: false }, { stance: "melee", die: 4, equipped: false }]))
      .toEqual({ melee: 6, ranged: 8 });
    // No weapon for the other stance: nothing names another die.
    expect(stanceDiceOf("melee", 8, [])).toEqual({ melee: 8, ranged: 8 });
  });

  it("property: the stance on the sheet always keeps the sheet's die; the other is a weapon's or the sheet's", () => {
    const die = fc.constantFrom(...DIE_SIZES);
    const weapon = fc.record({ stance: fc.constantFrom(...STANCES), die, equipped: fc.boolean() });
    fc.assert(fc.property(fc.constantFrom(...STANCES), die, fc.array(weapon, { maxLength: 5 }), (mode, d, weapons) => {
      const dice = stanceDiceOf(mode, d, weapons);
      const other = mode === "melee" ? "ranged" : "melee";
      const theirs = weapons.filter((w) => w.stance === other).map((w) => w.die);
      return dice[mode] === d && (theirs.length ? theirs.includes(dice[other]) : dice[other] === d);
    }));
  });

  it("the pregenerated characters: each stance rolls its weapon's die", () => {
    const dice = (name: string) => block(name).stanceDice;
    expect(dice("Brann Tallow")).toEqual({ melee: 10, ranged: 6 });
    expect(dice("Tam Reed")).toEqual({ melee: 8, ranged: 6 });
    expect(dice("Mother Oriel")).toEqual({ melee: 6, ranged: 8 });
    expect(dice("Isolde Marr")).toEqual({ melee: 6, ranged: 6 });
    // Level 3, Volition 3: 3d10 + 3 in melee, 3d6 + 3 at range.
    const brann = arsenalOf(block("Brann Tallow"));
    expect(brann.melee?.dice).toEqual({ count: 3, faces: 10, flat: 3 });
    expect(brann.ranged?.dice).toEqual({ count: 3, faces: 6, flat: 3 });
  });

  it("Brann, Stuck and out of reach, switches to ranged and his Basic Ranged Attack rolls d6, not his d10", () => {
    const brann = createFighter(block("Brann Tallow"), "party", 0);
    const goblin = createFighter(block("Bog Goblin Skulker"), "enemies", 1);
    setEffects(brann, [timed("stuck", brann, { source: goblin.key })]);
    // Every die shows its highest face up to 10: 3d6 natural 18 crits; a d10 would show 10.
    const ctx = fixedContext(10, [brann, goblin], brann.key);
    takeTurn(brann, ctx);
    expect(eventsOf(ctx.events, "stance")).toEqual([expect.objectContaining({ stance: "ranged" })]);
    const [damage] = eventsOf(ctx.events, "damage");
    expect(eventsOf(ctx.events, "attack")[0]).toMatchObject({ ability: "Basic Ranged Attack", crit: true });
    expect(damage).toMatchObject({ dice: [6, 6, 6], rolled: 18 + brann.block.volition, doubled: true });
  });
});
