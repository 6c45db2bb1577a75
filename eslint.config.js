import tseslint from "typescript-eslint";

// Import cycles are checked by madge in `npm run lint` (its resolver installs everywhere).
export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
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
