import { describe, expect, it } from "vitest";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import JSZip from "jszip";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { declaredPacks } from "../../scripts/lib/packs";
import { readPackSources, slugOf } from "../../scripts/lib/sources";

const dist = join(process.cwd(), "dist");

/** Every key of `expected` (deeply) has the same value in `actual`; extra keys in `actual` are fine. */
function expectContains(actual: unknown, expected: unknown, path: string): void {
  if (expected && typeof expected === "object" && !Array.isArray(expected)) {
    for (const [k, v] of Object.entries(expected)) {
      if (k === "_key") continue;
      expectContains((actual as Record<string, unknown>)?.[k], v, `${path}.${k}`);
    }
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    expected.forEach((v, i) => expectContains((actual as unknown[])[i], v, `${path}.${i}`));
  } else {
    expect(actual, path).toEqual(expected);
  }
}

describe("built system folder", () => {
  it("has the manifest, one module, one stylesheet, templates, language and every pack", () => {
    const manifest = JSON.parse(readFileSync(join(dist, "system.json"), "utf8")) as { id: string; esmodules: string[]; styles: string[]; packs: { path: string }[] };
    expect(manifest.id).toBe("fray");
    for (const file of [...manifest.esmodules, ...manifest.styles, "lang/en.json", "templates/escalation/chat/attack-card.hbs"]) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
    for (const pack of manifest.packs) expect(existsSync(join(dist, pack.path, "CURRENT")), pack.path).toBe(true);
  });

  // One module for five rulesets: every world registers every ruleset's data models and sheets,
  // and loading only the world's ruleset's runtime would mean wrapping Foundry's own
  // Game#initialize (client/client.mjs awaits it right after Game.create, and no hook waits for a
  // system's promise: client/helpers/hooks.mjs callAll), which Fray does not do. The budget was
  // 150 KB for four rulesets; a fifth adds about 30 KB.
  it("the bundle is one ES module with no imports left to resolve, under 180 KB gzipped", () => {
    const code = readFileSync(join(dist, "fray.mjs"), "utf8");
    expect(code).not.toMatch(/^import .* from/m);
    expect(code).not.toMatch(/\bimport\s*\{[^}]*\}\s*from\s*["']/);
    expect(gzipSync(code).length).toBeLessThan(180 * 1024);
  });

  it("the zip holds the same system folder", async () => {
    const zip = await JSZip.loadAsync(readFileSync(join(dist, "fray.zip")));
    for (const name of ["system.json", "fray.mjs", "fray.css", "lang/en.json", "packs/escalation-monsters/CURRENT"]) expect(zip.file(name), name).not.toBeNull();
  });

  for (const pack of declaredPacks()) {
    it(`pack ${pack.name}: compile → extract gives back every source document`, async () => {
      const out = mkdtempSync(join(tmpdir(), `fray-${pack.name}-`));
      try {
        await extractPack(join(dist, "packs", pack.name), out, { clean: true });
        const extracted = readdirSync(out).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(out, f), "utf8")) as Record<string, unknown>);
        const sources = readPackSources(pack.source);
        expect(extracted.length).toBe(sources.length);
        for (const { file, doc } of sources) {
          const back = extracted.find((d) => d._id === doc._id);
          expect(back, slugOf(file)).toBeDefined();
          expectContains(back, doc, slugOf(file));
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
