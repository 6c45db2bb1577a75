import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Shell and escalation tests in test/unit, engine tests in test/engine, and each newer
    // ruleset's own tests in its folder (src/rulesets/<id>/test).
    include: ["test/unit/**/*.test.ts", "test/engine/**/*.test.ts", "src/rulesets/*/test/**/*.test.ts"],
    environment: "node",
    // Many tests are property tests and seeded fights, CPU-bound: on a loaded machine a few take
    // several times their usual second or two. The limit is there to catch a hang, not to time
    // them (speed is measured by `npm run bench`).
    testTimeout: 30_000,
  },
});
