/**
 * `npm run test:foundry`: Fray against Foundry v13's own data layer (test/foundry). It needs a
 * Foundry v13 application folder named by FOUNDRY_V13 (the folder holding `common/` and `client/`)
 * and a built `dist/`. Without FOUNDRY_V13 it says the tier was skipped — never that it passed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const root = process.env.FOUNDRY_V13;
if (!root || !existsSync(join(root, "common", "server.mjs"))) {
  console.log(
    "Foundry v13 tier SKIPPED: set FOUNDRY_V13 to a Foundry v13 application folder (one holding " +
      "common/server.mjs) to check Fray against Foundry's own data layer. Nothing was checked.",
  );
  process.exit(0);
}
if (!existsSync("dist/system.json")) {
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.foundry.config.ts"], { stdio: "inherit" });
process.exit(run.status ?? 1);
