import { fileURLToPath } from "node:url";

/**
 * The project's root folder, for the scripts' reads of `packs/_source`, `lang/` and `system.json`.
 *
 * Run from source (tsx, vitest) this module sits in `scripts/lib/`, two folders below the root.
 * Bundled (`scripts/cli.mjs` builds `build/cli/`), it is inlined into a file of the output folder,
 * so the bundle build defines `__FRAY_ROOT__`: the root relative to that folder.
 */
declare const __FRAY_ROOT__: string | undefined;

/** Absolute path of the project root, ending in `/`. */
export const PROJECT_ROOT = fileURLToPath(
  new URL(typeof __FRAY_ROOT__ === "string" ? __FRAY_ROOT__ : "../../", import.meta.url),
);
