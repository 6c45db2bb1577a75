import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ["**/*.ts"],
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "import-x/no-cycle": ["error", { maxDepth: Infinity }],
    },
  },
  {
    // The pure core never touches Foundry globals.
    files: ["src/rules/**/*.ts", "src/encounter/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "game", "ui", "CONFIG", "Hooks", "foundry", "canvas", "Roll", "ChatMessage", "Actor", "Item", "Combat", "Combatant"],
    },
  },
);
