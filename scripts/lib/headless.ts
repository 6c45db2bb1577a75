import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { HeadlessRuleset, PackReader } from "../../src/engine/runner/headless";
import { PROJECT_ROOT } from "./paths";
import { readPackSources, slugOf } from "./sources";

/**
 * A ruleset's Node part (`src/rulesets/<id>/headless/index.ts`, exporting `HEADLESS`), loaded by
 * that convention for any id of the registry, so a new ruleset needs no edit here. The import
 * path is a template with one variable part, which vite bundles as one chunk per ruleset for the
 * prebuilt CLI (its dynamic-import-vars rule) and tsx resolves as it is.
 * @throws Error naming the ruleset when it has no such module.
 */
export async function loadHeadless(id: string): Promise<HeadlessRuleset> {
  try {
    const module = (await import(`../../src/rulesets/${id}/headless/index.ts`)) as {
      HEADLESS: HeadlessRuleset;
    };
    return module.HEADLESS;
  } catch (err) {
    const where = pathToFileURL(join(PROJECT_ROOT, "src/rulesets", id, "headless/index.ts")).href;
    throw new Error(
      `the ruleset ${id} has no headless part at ${where}: ${(err as Error).message}`,
    );
  }
}

/** Reads the ruleset's packs from `packs/_source/<id>/<pack>/`. */
export function packReaderFor(id: string): PackReader {
  return (pack) =>
    readPackSources(`${id}/${pack}`).map(({ file, doc }) => ({ slug: slugOf(file), doc }));
}
