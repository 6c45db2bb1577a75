import { beforeAll, describe, expect, it } from "vitest";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST, HAVE_FOUNDRY, readManifest, startWorld, type FoundryCommon } from "./harness";

/**
 * Every compiled pack document (with its embedded items, effects and pages), read back from the
 * built LevelDB packs and constructed strictly by Foundry v13's own Base* documents with Fray's
 * data models registered, as a world loads them from a compendium.
 */
describe.skipIf(!HAVE_FOUNDRY)("compiled packs in Foundry's data layer", () => {
  let f: FoundryCommon;
  beforeAll(async () => {
    f = (await startWorld()).foundry;
  });

  it("every document of every pack is valid, with nothing dropped", async () => {
    const out = mkdtempSync(join(tmpdir(), "fray-packs-"));
    try {
      let count = 0;
      for (const pack of readManifest().packs) {
        const dir = join(out, pack.name);
        await extractPack(join(DIST, pack.path), dir, { log: false });
        for (const file of readdirSync(dir)) {
          const source = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
          const doc = new f.documents[`Base${pack.type}`](source, { strict: true });
          expect(doc.name, file).toBe(source.name);
          if (Array.isArray(source.items)) expect(doc.items.size, `${file} items`).toBe(source.items.length);
          if (Array.isArray(source.pages)) expect(doc.pages.size, `${file} pages`).toBe(source.pages.length);
          if (source.system) expect(doc.system.constructor.name, `${file} model`).not.toBe("Object");
          count++;
        }
      }
      expect(count).toBeGreaterThan(20);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: packs", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
