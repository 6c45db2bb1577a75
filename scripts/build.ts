/**
 * `npm run build`: the installable system folder in `dist/` and `dist/fray.zip`.
 * Code and CSS by vite; templates, language files and manifests copied; packs checked and compiled
 * with the Foundry CLI; then everything zipped.
 */
import { build } from "vite";
import JSZip from "jszip";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { buildPacks } from "./lib/packs";
import { rulesetLang } from "./lib/lang";
import { builtLangPath, generateManifest, rulesetFolder } from "../src/shell/manifest";
import { REGISTRY } from "../src/rulesets/registry";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "warn" });
for (const entry of ["lang", "README.md", "CHANGELOG.md", "LICENSE"]) {
  try {
    cpSync(join(root, entry), join(dist, entry), { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}
// The manifest's document types, packs, pack folders and ruleset language files come from the
// registry, so what system.json declares is exactly what the code registers.
const base = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as Record<string, unknown>;
const manifests = REGISTRY.map((e) => e.manifest);
writeFileSync(
  join(dist, "system.json"),
  `${JSON.stringify(generateManifest(base, manifests), null, 2)}\n`,
);
for (const m of manifests) {
  const folder = join(root, rulesetFolder(m.id));
  // A ruleset's own strings: every JSON file in its lang/ folder, merged into one language file.
  if (m.lang)
    writeFileSync(
      join(dist, builtLangPath(m.id)),
      `${JSON.stringify(rulesetLang(m.id), null, 2)}\n`,
    );
  // A ruleset's own templates are served as systems/fray/templates/<ruleset>/….
  if (existsSync(join(folder, "templates")))
    cpSync(join(folder, "templates"), join(dist, "templates", m.id), { recursive: true });
}
// The shell's own templates (every ruleset's cards use them) are served as templates/shell/….
cpSync(join(root, "src", "shell", "templates"), join(dist, "templates", "shell"), { recursive: true });
await buildPacks(join(dist, "packs"));

const zip = new JSZip();
const walk = (dir: string): void => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (!path.endsWith("fray.zip") && !path.endsWith(".map") && !path.endsWith("LOCK"))
      zip.file(relative(dist, path), readFileSync(path));
  }
};
walk(dist);
writeFileSync(
  join(dist, "fray.zip"),
  await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }),
);
console.log(`Built ${relative(root, dist)}/ and dist/fray.zip`);
