import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateManifest, type RulesetManifest } from "../../src/shell/manifest";
import { REGISTRY } from "../../src/rulesets/registry";

/** system.json's generated parts come from the registry (src/shell/manifest.ts). */
const base = JSON.parse(readFileSync(join(process.cwd(), "system.json"), "utf8")) as Record<string, unknown>;
const manifests = REGISTRY.map((e) => e.manifest);

const tiny = (id: string, types: Record<string, object>, pack = "npcs"): RulesetManifest => ({
  id, folder: id, color: "#000000", documentTypes: { Actor: types },
  packs: [{ name: pack, label: pack, type: "Actor", players: "NONE" }], documentSpecs: {}, lang: true,
});

describe("the generated manifest", () => {
  it("declares every registered ruleset's subtypes and packs, in one Fray folder with one subfolder each", () => {
    const m = generateManifest(base, manifests) as {
      documentTypes: Record<string, Record<string, unknown>>; packs: { name: string; path: string; system: string }[];
      packFolders: { name: string; folders: { name: string; packs: string[] }[] }[];
    };
    for (const r of manifests) {
      for (const [document, types] of Object.entries(r.documentTypes)) {
        for (const type of Object.keys(types)) expect(m.documentTypes[document]?.[type], type).toBeDefined();
      }
      const folder = m.packFolders[0]?.folders.find((f) => f.name === r.folder);
      expect(folder?.packs).toEqual(r.packs.map((p) => `${r.id}-${p.name}`));
    }
    for (const p of m.packs) expect(p).toMatchObject({ path: `packs/${p.name}`, system: "fray" });
  });

  it("adds each ruleset's own language file beside the shared one", () => {
    const m = generateManifest(base, [tiny("alpha", { alphaNpc: {} })]) as { languages: { path: string }[] };
    expect(m.languages.map((l) => l.path)).toEqual(["lang/en.json", "lang/alpha.en.json"]);
  });

  it("refuses two rulesets declaring one subtype, and a base that already declares generated keys", () => {
    const a = tiny("alpha", { sharedNpc: {} });
    const b = tiny("beta", { sharedNpc: {} });
    expect(() => generateManifest(base, [a, b])).toThrow('Actor subtype "sharedNpc" is declared twice');
    expect(() => generateManifest({ ...base, packs: [] }, [a])).toThrow('must not declare "packs"');
  });
});
