import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";
import importPlugin from "eslint-plugin-import";

const FOUNDRY_GLOBALS = [
  "game", "ui", "CONFIG", "Hooks", "foundry", "canvas", "Roll", "ChatMessage", "Actor", "Item", "Combat",
  "Combatant",
];
const RULESETS = readdirSync("src/rulesets", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The three parts and their one-way dependencies (docs/ARCHITECTURE.md): the engine imports
 * nothing of Fray outside itself; the shell imports the engine but no ruleset (the entry point hands
 * it the registry); a ruleset imports the engine and the shell but never another ruleset.
 */
const boundaries = [
  {
    target: "./src/engine",
    from: ["./src/shell", "./src/rulesets", "./src/fray.ts", "./src/types"],
    message: "The engine is neutral and pure: it imports no shell, ruleset or Foundry code.",
  },
  {
    target: "./src/shell",
    from: ["./src/rulesets", "./src/fray.ts"],
    message: "The shell reaches rulesets only through the registry the entry point passes it.",
  },
  ...RULESETS.map((id) => ({
    target: `./src/rulesets/${id}`,
    from: "./src/rulesets",
    except: [`./${id}`],
    message: "A ruleset never imports another ruleset (or the registries).",
  })),
  ...RULESETS.map((id) => ({
    target: `./src/rulesets/${id}/play`,
    from: [`./src/rulesets/${id}/foundry`, "./src/shell"],
    message: "A ruleset's play/ is pure: it reads plain data and imports only the engine and its rules.",
  })),
];

export default tseslint.config(
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".js", ".mjs"] } },
      "import/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: { "import/no-restricted-paths": ["error", { zones: boundaries }] },
  },
  {
    // The pure parts never touch Foundry globals: the engine, and each ruleset's rules, runner and
    // play (what its cards, requests and screens decide from plain data).
    files: [
      "src/engine/**/*.ts", "src/rulesets/*/rules/**/*.ts", "src/rulesets/*/encounter/**/*.ts",
      "src/rulesets/*/headless/**/*.ts", "src/rulesets/*/play/**/*.ts",
      "src/rulesets/*.ts", "src/rulesets/*/ruleset.ts",
    ],
    rules: { "no-restricted-globals": ["error", ...FOUNDRY_GLOBALS] },
  },
);
