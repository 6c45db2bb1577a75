import { describe, expect, it } from "vitest";
import { readPackSources } from "../../../../scripts/lib/sources";
import { compareSideTurns, SHOCK } from "../ruleset";
import { SHOCK_MANIFEST } from "../manifest";
import { sideEntries, surpriseActors } from "../rules/initiative";
import { SHOCK_ROOT, wielder } from "./fixtures";

describe("the shock ruleset description (002; RULINGS.md §shock)", () => {
  it("d20 checks without edge, side initiative, Main/Move with Main → Move", () => {
    expect(SHOCK.check).toEqual({ dice: 1, faces: 20, edge: "none" });
    expect(SHOCK.initiative.kind).toBe("sides");
    expect(SHOCK.economy.substitutes).toEqual([["main", "move"]]);
    expect(SHOCK.escalationDie).toBe(false);
    expect(
      [
        { sideRank: 1, order: 0 },
        { sideRank: 0, order: 2 },
        { sideRank: 0, order: 1 },
      ].sort(compareSideTurns),
    ).toEqual([
      { sideRank: 0, order: 1 },
      { sideRank: 0, order: 2 },
      { sideRank: 1, order: 0 },
    ]);
  });

  it("side entries: the party favoured with its best DEX; "
    + "surprise leaves the surprised out", () => {
    const entries = sideEntries(
      [wielder({ dex: 1 }), wielder({ dex: 2 }), wielder({ dex: -1 })],
      ["goblins", "wolves"],
    );
    expect(entries).toEqual([
      { id: "party", bonus: 2, favoured: true },
      { id: "goblins", bonus: 0 },
      { id: "wolves", bonus: 0 },
    ]);
    expect(surpriseActors(["party", "goblins", "wolves"], ["party"])).toEqual([
      "goblins",
      "wolves",
    ]);
  });

  it("the manifest names every pack that has sources, and prefixed subtypes", () => {
    for (const pack of SHOCK_MANIFEST.packs)
      expect(readPackSources(pack.name, SHOCK_ROOT).length, pack.name).toBeGreaterThan(0);
    const types = [
      ...Object.keys(SHOCK_MANIFEST.documentTypes.Actor ?? {}),
      ...Object.keys(SHOCK_MANIFEST.documentTypes.Item ?? {}),
    ];
    for (const t of types) expect(t.startsWith("shock")).toBe(true);
    expect(Object.keys(SHOCK_MANIFEST.documentSpecs.Actor ?? {})).toEqual(
      Object.keys(SHOCK_MANIFEST.documentTypes.Actor ?? {}),
    );
  });
});
