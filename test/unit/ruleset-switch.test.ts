import { describe, expect, it } from "vitest";
import { foreignSummary } from "../../src/shell/setup/ruleset-switch";

/** After a ruleset switch the GM is told what now belongs to another ruleset. */
describe("foreignSummary", () => {
  const own = { Actor: ["shockCharacter", "shockNpc"], Item: ["shockWeapon"] };

  it("counts actors and items whose subtype the active ruleset does not own, and every old combat", () => {
    const world = {
      actorTypes: ["shockCharacter", "escalationNpc", "escalationCharacter", "shockNpc"],
      itemTypes: ["shockWeapon", "escalationAbility", "escalationAbility", "escalationWeapon"],
      combats: 2,
    };
    expect(foreignSummary(own, world)).toEqual({ actors: 2, items: 3, combats: 2 });
  });

  it("finds nothing foreign in a world of the active ruleset's own documents", () => {
    const world = { actorTypes: ["shockNpc"], itemTypes: ["shockWeapon"], combats: 0 };
    expect(foreignSummary(own, world)).toEqual({ actors: 0, items: 0, combats: 0 });
  });

  it("treats every subtype as foreign for a document the ruleset declares none of", () => {
    expect(foreignSummary({ Actor: ["shockNpc"] }, { actorTypes: [], itemTypes: ["x", "y"], combats: 0 }).items).toBe(2);
  });
});
