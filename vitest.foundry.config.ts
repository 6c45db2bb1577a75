import { defineConfig } from "vitest/config";

/**
 * The Foundry tier: Fray against Foundry v13's own data layer, imported from `FOUNDRY_V13` (see
 * test/foundry/harness.ts). Runs after `npm run build`, since it reads `dist/`.
 */
export default defineConfig({
  test: {
    include: ["test/foundry/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    // One Foundry data layer per file: its globals (game, CONFIG) are process-wide.
    pool: "forks",
  },
});
