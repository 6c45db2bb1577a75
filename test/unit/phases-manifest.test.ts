import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateManifest } from "../../src/shell/manifest";
import { REGISTRY } from "../../src/rulesets/registry";
import { PHASES_MANIFEST } from "../../src/rulesets/phases/manifest";

/**
 * The phases manifest (registered or not) fits beside every registered ruleset's: no
 * subtype, pack, folder or colour of its is another's, so registering it cannot break the build.
 */
const base = JSON.parse(readFileSync(join(process.cwd(), "system.json"), "utf8")) as
  Record<string, unknown>;

describe("the phases manifest beside the registered rulesets", () => {
  it("generates with them without a clash (registered or not)", () => {
    const others = REGISTRY.map((e) => e.manifest).filter((m) => m.id !== "phases");
    const m = generateManifest(base, [...others, PHASES_MANIFEST]) as {
      packs: { name: string }[];
      packFolders: { folders: { name: string; packs: string[] }[] }[];
    };
    const folder = m.packFolders[0]?.folders.find((f) => f.name === "Phases");
    expect(folder?.packs).toEqual(PHASES_MANIFEST.packs.map((p) => `phases-${p.name}`));
    for (const o of others) {
      expect(o.folder, o.id).not.toBe(PHASES_MANIFEST.folder);
      expect(o.color.toLowerCase(), o.id).not.toBe(PHASES_MANIFEST.color.toLowerCase());
    }
  });
});
