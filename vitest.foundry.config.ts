import { defineConfig } from "vitest/config";
import { absentServerPackages } from "./test/foundry/server-packages.ts";

/**
 * The Foundry tier: Fray against Foundry v13's own data layer, imported from `FOUNDRY_V13` (see
 * test/foundry/harness.ts), and its server's update path (test/foundry/server-update.ts, which
 * needs stand-ins for the packages a Foundry folder ships without: test/foundry/server-packages.ts).
 * Runs after `npm run build`, since it reads `dist/`.
 */
export default defineConfig({
  plugins: [absentServerPackages(process.env.FOUNDRY_V13)],
  test: {
    include: ["test/foundry/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    // One Foundry data layer per file: its globals (game, CONFIG) are process-wide.
    pool: "forks",
  },
});
