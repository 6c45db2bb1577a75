import { describe, expect, it } from "vitest";
import {
  actorSource, itemSource, StatblockError,
} from "../../src/engine/schema/document-source";

/** Stored documents read as the statblock readers take them (src/engine/schema/document-source.ts). */
describe("a stored document's shape", () => {
  const item = { _id: "i1", name: "Spear", type: "weapon", system: {} };
  const actor = { _id: "a1", name: "Goblin", type: "npc", system: { hp: 7 }, items: [item] };

  it("passes an actor and an item of the stored shape through as they are", () => {
    expect(actorSource(actor)).toBe(actor);
    expect(actorSource({ ...actor, items: undefined }).name).toBe("Goblin");
    expect(itemSource(item)).toBe(item);
  });

  it("refuses anything else, naming every part that is wrong", () => {
    const paths = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(StatblockError);
        return (err as StatblockError).errors.map((e) => `${e.path} ${e.key}`);
      }
      throw new Error("not refused");
    };
    expect(paths(() => actorSource(null))).toEqual(["(root) FRAY.Validation.Object"]);
    expect(paths(() => actorSource({ ...actor, _id: 3, system: [] }))).toEqual([
      "_id FRAY.Validation.Text", "system FRAY.Validation.Object",
    ]);
    expect(paths(() => actorSource({ ...actor, items: {} }))).toEqual(["items FRAY.Validation.List"]);
    expect(paths(() => actorSource({ ...actor, items: [item, 4, { ...item, type: null }] }))).toEqual([
      "items.1 FRAY.Validation.Object", "items.2.type FRAY.Validation.Text",
    ]);
    expect(paths(() => itemSource({ name: "x" }))).toEqual([
      "_id FRAY.Validation.Text", "type FRAY.Validation.Text", "system FRAY.Validation.Object",
    ]);
  });
});
