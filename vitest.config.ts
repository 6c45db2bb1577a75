import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Shell and escalation tests in test/unit, engine tests in test/engine, and each newer
    // ruleset's own tests in its folder (src/rulesets/<id>/test).
    include: ["test/unit/**/*.test.ts", "test/engine/**/*.test.ts", "src/rulesets/*/test/**/*.test.ts"],
    environment: "node",
  },
});
