import { defineConfig } from "vitest/config";

/** Tests of the built `dist/` folder; `npm test` runs them after `npm run build`. */
export default defineConfig({
  test: {
    include: ["test/dist/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
