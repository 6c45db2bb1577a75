import { defineConfig } from "vitest/config";
import { absentServerPackages } from "./test/foundry/server-packages.ts";

/**
 * The Foundry tier: Fray against Foundry v13's own data layer, imported from `FOUNDRY_V13` (see
 * test/foundry/harness.ts), its server's update path (test/foundry/server-update.ts, which
 * needs stand-ins for the packages a Foundry folder ships without: test/foundry/server-packages.ts)
 * and its own client application classes in happy-dom (see test/foundry/client.ts: those import
 * each other through the `@common`/`@client` aliases Foundry's own build resolves, so the same
 * aliases point into `FOUNDRY_V13` here). Runs after `npm run build`, since it reads `dist/`.
 */
const foundry = process.env.FOUNDRY_V13 ?? "";

export default defineConfig({
  plugins: [absentServerPackages(process.env.FOUNDRY_V13)],
  resolve: { alias: { "@common": `${foundry}/common`, "@client": `${foundry}/client` } },
  // Foundry's files live outside the repository; the dev server may read them.
  server: { fs: { strict: false } },
  test: {
    include: ["test/foundry/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    // One Foundry data layer per file: its globals (game, CONFIG) are process-wide.
    pool: "forks",
  },
});
