/**
 * Runs the command-line scripts from a prebuilt Node bundle, so that `npm run encounter` starts in
 * about a tenth of a second instead of compiling TypeScript through tsx on every start.
 *
 *   node scripts/cli.mjs <encounter|bench> [options…]   what `npm run encounter|bench` does
 *   node scripts/cli.mjs --build                        rebuild the bundle now
 *
 * This file is plain JavaScript because it must run before anything is compiled. The bundle goes
 * to build/cli/ (not dist/, which is the Foundry system folder): one ES module per script
 * (`encounter.mjs`, `bench.mjs`, runnable with plain `node`) and their shared chunks, side by side.
 * It is rebuilt first when missing, or when any file it was built from (listed with the build's
 * start time in `inputs.json`), or this file, is newer than that build; a fresh clone therefore
 * works with `npm run encounter` directly. The check stats those few dozen files (about a
 * millisecond); vite is loaded only to rebuild.
 *
 * `FRAY_CLI_OUT` puts the bundle in another folder (the tests build a private copy there).
 * Exit codes: the script's own, 2 for an unknown script name, 1 when the build fails.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), "..");
/** The scripts bundled, by the name given on the command line. */
const ENTRIES = { encounter: "scripts/encounter.ts", bench: "scripts/bench.ts" };
const MANIFEST = "inputs.json";

/** The output folder: `FRAY_CLI_OUT` (absolute, or relative to the project root) or build/cli. */
function outDirOf(env = process.env) {
  return resolve(ROOT, env.FRAY_CLI_OUT || "build/cli");
}

/**
 * Why the bundle in `outDir` must be rebuilt, as a short phrase, or null when it is up to date.
 * Up to date means: the manifest, every entry and every file it lists exist, and no input (nor
 * this file) was modified after the build started (the manifest's mtime is set to that start).
 */
function staleReason(outDir) {
  let built;
  let manifest;
  try {
    built = statSync(join(outDir, MANIFEST)).mtimeMs;
    manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), "utf8"));
  } catch {
    return "no bundle yet";
  }
  const mtime = (path) => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return null;
    }
  };
  const files = [...new Set([...Object.keys(ENTRIES).map((name) => `${name}.mjs`), ...(manifest.files ?? [])])];
  for (const file of files) if (mtime(join(outDir, file)) === null) return `${file} is missing`;
  for (const file of [...(manifest.inputs ?? []), "scripts/cli.mjs"]) {
    const at = mtime(join(ROOT, file));
    if (at === null || at > built) return `${file} changed`;
  }
  return null;
}

/**
 * Builds every entry into `outDir` with vite (an SSR build: Node target, Node built-ins and
 * packages left as imports). Output lands in a private temp folder first and is then renamed into
 * place, entries last and the manifest after them, so a concurrent run never loads half a build;
 * a failed build leaves the previous bundle as it was.
 * @throws whatever vite throws (a type error is not one: vite strips types; `tsc` checks them).
 */
async function buildBundle(outDir) {
  const start = Date.now();
  const { build } = await import("vite");
  const temp = join(outDir, `.tmp-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  // The bundled scripts find the project root relative to their own file (scripts/lib/paths.ts).
  const rootFromOut = `${relative(outDir, ROOT).split(sep).join("/")}/`;
  try {
    const result = await build({
      configFile: false, root: ROOT, logLevel: "warn", publicDir: false,
      define: { __FRAY_ROOT__: JSON.stringify(rootFromOut) },
      build: {
        ssr: true, outDir: temp, emptyOutDir: true, target: "node20", minify: false, sourcemap: false,
        rolldownOptions: {
          input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(ROOT, file)])),
          // The bundle is generated code: keep `eslint .` off it (eslint.config.js ignores dist/ only).
          output: { format: "es", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs", banner: "/* eslint-disable */" },
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
    const inputs = new Set();
    for (const chunk of outputs) {
      for (const id of chunk.moduleIds ?? []) {
        if (id.startsWith(ROOT + sep) && !id.includes(`${sep}node_modules${sep}`)) inputs.add(relative(ROOT, id).split(sep).join("/"));
      }
    }
    const files = outputs.map((o) => o.fileName);
    const entries = new Set(Object.keys(ENTRIES).map((name) => `${name}.mjs`));
    mkdirSync(outDir, { recursive: true });
    for (const file of [...files.filter((f) => !entries.has(f)), ...entries]) renameSync(join(temp, file), join(outDir, file));
    const manifest = join(outDir, `${MANIFEST}.${process.pid}`);
    writeFileSync(manifest, `${JSON.stringify({ files, inputs: [...inputs].sort() }, null, 1)}\n`);
    // The manifest's mtime is the build's start: a source saved during the build counts as newer.
    utimesSync(manifest, start / 1000, start / 1000);
    renameSync(manifest, join(outDir, MANIFEST));
    for (const name of readdirSync(outDir)) {
      if (name.endsWith(".mjs") && !files.includes(name)) rmSync(join(outDir, name), { force: true });
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Rebuilds the bundle when {@link staleReason} finds a reason, saying so on stderr. */
async function ensureBundle(outDir) {
  const reason = staleReason(outDir);
  if (reason === null) return;
  process.stderr.write(`Building the CLI bundle in ${shown(outDir)} (${reason})…\n`);
  await buildBundle(outDir);
}

/** A folder for messages: relative to the project root when inside it. */
function shown(dir) {
  const rel = relative(ROOT, dir);
  return rel && !rel.startsWith("..") ? `${rel}/` : `${dir}/`;
}

async function main() {
  const [name] = process.argv.splice(2, 1);
  const outDir = outDirOf();
  try {
    if (name === "--build") {
      const reason = staleReason(outDir) ?? "asked to";
      await buildBundle(outDir);
      process.stdout.write(`Built ${shown(outDir)} (${reason}).\n`);
      return;
    }
    if (!name || !Object.hasOwn(ENTRIES, name)) {
      process.stderr.write(`Usage: node scripts/cli.mjs <${Object.keys(ENTRIES).join("|")}> [options] | --build\n`);
      process.exitCode = 2;
      return;
    }
    await ensureBundle(outDir);
  } catch (err) {
    // vite's message already shows each error with its file and line; a stack adds nothing.
    process.stderr.write(`The CLI bundle could not be built: ${err?.message ?? err}\n`);
    process.exitCode = 1;
    return;
  }
  // The script reads its options from process.argv.slice(2), which no longer holds `name`.
  await import(pathToFileURL(join(outDir, `${name}.mjs`)).href);
}

await main();
