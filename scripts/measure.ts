/**
 * `npm run measure`: the code-size measures the play-runtime issue (14) sets, read from the tree
 * so a note never quotes a figure by hand.
 *  - per ruleset, the lines of TypeScript in its Foundry layer (`foundry/`, the target is at most
 *    3,500 for each), in its pure play (`play/`) and in the rest of its pure code (`rules/`,
 *    `encounter/`, `headless/`, tests beside the code excluded);
 *  - the shell's lines (the Foundry plumbing every ruleset shares);
 *  - the `as unknown as` casts in `src/rulesets` (at most 25).
 * Lines are counted as `wc -l` counts them (newline characters).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./lib/paths";

const RULESETS_DIR = join(PROJECT_ROOT, "src/rulesets");

/** Every `.ts` file below `dir` (none when it does not exist). */
function tsFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const text = (file: string) => readFileSync(file, "utf8");
const lines = (files: readonly string[]) =>
  files.reduce((sum, f) => sum + (text(f).match(/\n/g)?.length ?? 0), 0);

const rulesets = readdirSync(RULESETS_DIR)
  .filter((name) => statSync(join(RULESETS_DIR, name)).isDirectory());
const rows = rulesets.map((id) => {
  const at = (part: string) => tsFiles(join(RULESETS_DIR, id, part));
  return {
    ruleset: id,
    foundry: lines(at("foundry")),
    play: lines(at("play")),
    pure: lines(["rules", "encounter", "headless"].flatMap(at)),
  };
});
const casts = tsFiles(RULESETS_DIR)
  .reduce((sum, f) => sum + (text(f).match(/as unknown as/g)?.length ?? 0), 0);

const n = (x: number) => x.toLocaleString("en");
// Issue 14's targets: the two rulesets that came before the runtime at most 3,500 lines each; a
// ruleset built on it (action-points, issue 15) at most 1,500.
const LANDED = new Set(["escalation", "shock"]);
for (const row of rows) {
  const limit = LANDED.has(row.ruleset) ? "3,500" : "1,500";
  process.stdout.write(
    `${row.ruleset.padEnd(14)} foundry/ ${n(row.foundry).padStart(6)} lines (≤ ${limit})   `
      + `play/ ${n(row.play).padStart(6)}   rules+encounter+headless ${n(row.pure).padStart(6)}\n`,
  );
}
const shellLines = lines(tsFiles(join(PROJECT_ROOT, "src/shell")));
process.stdout.write(`shell          ${n(shellLines)} lines\n`);
process.stdout.write(`"as unknown as" in src/rulesets: ${casts} (≤ 25)\n`);
