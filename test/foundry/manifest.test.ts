import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, loadSystem, logged, readManifest, startWorld, type FoundryCommon } from "./harness";

/**
 * The built manifest and every document subtype, checked by Foundry v13's own data layer.
 */
describe.skipIf(!HAVE_FOUNDRY)("system.json as Foundry's server loads it", () => {
  it("loads strictly with fallback, dropping or replacing nothing", async () => {
    const manifest = readManifest();
    const before = logged.length;
    const system = await loadSystem(manifest);
    expect(logged.slice(before), "Foundry logged validation failures").toEqual([]);
    expect(system.validationFailures.fields).toBeNull();
    expect(system.toObject().documentTypes).toEqual(manifest.documentTypes);
    for (const pack of manifest.packs) {
      expect(system.packs.find((p: { name: string }) => p.name === pack.name), pack.name).toBeTruthy();
    }
  });

  it("declares no core type Foundry reserves (a reserved one empties the whole documentTypes)", async () => {
    const manifest = readManifest();
    const f = (await startWorld()).foundry;
    for (const [document, types] of Object.entries(manifest.documentTypes)) {
      const core: string[] = f.documents[`Base${document}`].metadata.coreTypes;
      for (const type of Object.keys(types)) expect(core, `${document}.${type}`).not.toContain(type);
    }
  });
});

describe.skipIf(!HAVE_FOUNDRY)("document subtypes with Fray's data models", () => {
  let f: FoundryCommon;
  beforeAll(async () => {
    f = (await startWorld()).foundry;
  });

  it("every Actor and Item subtype the manifest declares gets its model and valid defaults", () => {
    const declared = readManifest().documentTypes;
    expect(Object.keys(declared.Actor ?? {}).length).toBeGreaterThan(1);
    for (const document of ["Actor", "Item"]) {
      for (const type of Object.keys(declared[document] ?? {})) {
        const doc = new f.documents[`Base${document}`]({ name: type, type }, { strict: true });
        expect(doc.type).toBe(type);
        expect(doc.system.constructor.name, `${document}.${type} model`).not.toBe("Object");
      }
    }
  });

  it("a Combatant keeps Foundry's base type and gets Fray's model", () => {
    const combat = new f.documents.BaseCombat({ combatants: [{ _id: "c1c1c1c1c1c1c1c1" }] }, { strict: true });
    const combatant = combat.combatants.get("c1c1c1c1c1c1c1c1");
    expect(combatant.type).toBe("base");
    expect(combatant.system.band).toBe("medium");
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
