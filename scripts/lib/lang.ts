import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { rulesetFolder } from "../../src/shell/manifest";
import { PROJECT_ROOT } from "./paths";

type Tree = Record<string, unknown>;

/**
 * Deep-merges language trees, as Foundry merges every language file a package lists for one
 * language (client/helpers/localization.mjs). A string defined twice is an error here, so a
 * ruleset's file can never silently replace a shared string.
 * @throws Error naming the key and the file that defines it again.
 */
export function mergeLang(into: Tree, from: Tree, file: string, path = ""): Tree {
  for (const [k, v] of Object.entries(from)) {
    const at = path ? `${path}.${k}` : k;
    const both =
      typeof v === "object" && v !== null && typeof into[k] === "object" && into[k] !== null;
    if (both) mergeLang(into[k] as Tree, v as Tree, file, at);
    else if (k in into) throw new Error(`${file}: the string ${at} is defined twice`);
    else into[k] = v;
  }
  return into;
}

/** Every `*.json` of a ruleset's lang/ folder, merged in file-name order ({} when it has none). */
export function rulesetLang(ruleset: string): Tree {
  const dir = join(PROJECT_ROOT, rulesetFolder(ruleset), "lang");
  const merged: Tree = {};
  if (!existsSync(dir)) return merged;
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    mergeLang(merged, JSON.parse(readFileSync(join(dir, name), "utf8")) as Tree, join(dir, name));
  }
  return merged;
}

/** The strings a world playing `ruleset` has: lang/en.json plus the ruleset's own. */
export function languageFor(ruleset: string): Tree {
  const shared = JSON.parse(readFileSync(join(PROJECT_ROOT, "lang/en.json"), "utf8")) as Tree;
  return mergeLang(shared, rulesetLang(ruleset), rulesetFolder(ruleset));
}
