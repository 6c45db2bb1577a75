/**
 * The third-party packages Foundry's server modules import but the Foundry tier does not have.
 *
 * A Foundry application folder ships its server code without its `node_modules`. The modules of
 * the server's update path (dist/database/backend/server-document.mjs and server-backend.mjs,
 * dist/database/fields-extensions.mjs and sanitization.mjs, the document classes in
 * dist/database/documents/) import packages at their top for things that path never does: LevelDB
 * and NeDB storage, file uploads (S3, zip, mime types, globs), session cookies, HTML cleaning.
 *
 * Vitest runs Foundry's `.mjs` modules through Vite, whose resolver would otherwise fail on them,
 * or worse find a different version of one in Fray's own node_modules (classic-level 1.x comes
 * with the Foundry CLI; Foundry's server is written for 2.x). This Vite plugin answers each such
 * import, only when a module under FOUNDRY_V13 makes it, with a stand-in that has the imported
 * names and throws as soon as anything is read from, called on or constructed from it (a class may
 * still extend it, as LevelDatabase extends ClassicLevel). Nothing of those packages is imitated:
 * if the path under test ever reaches one of them the test fails naming the package.
 *
 * The names are the ones Foundry build 350 imports (`grep -o 'from"<package>"' -r dist/`): a build
 * importing another name fails to link, loudly, rather than getting a silent stand-in.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** Each absent package and the names Foundry's server modules import from it. */
export const ABSENT_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  "nedb": ["default"],
  "classic-level": ["ClassicLevel"],
  "abstract-level": ["AbstractSublevel"],
  "@aws-sdk/client-s3": ["S3"],
  "minimatch": ["minimatch"],
  "mime-types": ["default"],
  "unzipper": ["default"],
  "cookie": ["default"],
  "parse5": ["parseFragment", "serialize"],
  "sanitize-html": ["default"],
};

const PREFIX = "\0fray-absent-package:";

/** The stand-in module for one package: each imported name a class that throws on any use. */
export function standInSource(pkg: string): string {
  const names = ABSENT_PACKAGES[pkg];
  if (!names) throw new Error(`no stand-in for ${pkg}`);
  const lines = [
    "const fail = (what) => {",
    `  throw new Error(${JSON.stringify(`Foundry tier: the package "${pkg}" is not installed, `)}`
      + ` + "and Foundry's server path reached it (" + what + ")");`,
    "};",
    "const absent = (name) => new Proxy(class {}, {",
    "  get: (target, key) => (key === \"prototype\" ? target.prototype : fail(name + \".\" + String(key))),",
    "  apply: () => fail(name + \"()\"),",
    "  construct: () => fail(\"new \" + name),",
    "});",
  ];
  for (const name of names) {
    lines.push(name === "default"
      ? "export default absent(\"default\");"
      : `export const ${name} = absent(${JSON.stringify(name)});`);
  }
  return lines.join("\n");
}

/**
 * The Vite plugin for vitest.foundry.config.ts.
 * @param foundryRoot the FOUNDRY_V13 folder; without one the plugin does nothing.
 */
export function absentServerPackages(foundryRoot: string | undefined): Plugin {
  const root = foundryRoot ? resolve(foundryRoot) + "/" : null;
  return {
    name: "fray-absent-server-packages",
    enforce: "pre",
    resolveId(source, importer) {
      if (!root || !importer?.startsWith(root) || !Object.hasOwn(ABSENT_PACKAGES, source)) return null;
      return PREFIX + source;
    },
    load(id) {
      return id.startsWith(PREFIX) ? standInSource(id.slice(PREFIX.length)) : null;
    },
  };
}
