import tseslint from "typescript-eslint";
import importPlugin from "eslint-plugin-import";

export default tseslint.config(
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    plugins: { import: importPlugin },
    settings: { "import/resolver": { node: { extensions: [".ts", ".js", ".mjs"] } }, "import/parsers": { "@typescript-eslint/parser": [".ts"] } },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
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
