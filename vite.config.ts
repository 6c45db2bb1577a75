import { defineConfig } from "vite";

/**
 * Library build: one ES module (`dist/fray.mjs`) and one stylesheet (`dist/fray.css`, compiled by
 * sass from `styles/fray.scss`). Foundry provides its globals at runtime, so nothing is external.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    target: "es2022",
    cssCodeSplit: false,
    // Foundry derives sheet ids (`fray.CharacterSheet`) and render hooks (`renderCharacterSheet`)
    // from class names: the bundle is minified by rolldown's own minifier (Oxc) with every
    // function's and class's `name` kept (`keepNames`), not by vite's default, which drops them.
    minify: false,
    // Doc comments are for readers of the sources (the source map carries them), not for every
    // client that downloads the bundle.
    rolldownOptions: {
      output: {
        comments: false,
        minify: {
          compress: { keepNames: { function: true, class: true } },
          mangle: { keepNames: true },
        },
      },
    },
    lib: {
      entry: "src/fray.ts",
      formats: ["es"],
      fileName: () => "fray.mjs",
      cssFileName: "fray",
    },
  },
});
