/**
 * `npm run bench [-- --ruleset <id>]`: three figures.
 *  1. for each ruleset (or the one named), encounters per second of its default fight with the full
 *     rules, and the median ratio to a plain simulator of the same statblocks
 *     (each ruleset's `headless/` part gives both), the two timed in alternating windows (several
 *     pairs) so that both see the same machine load. Each ruleset is timed in a Node process of
 *     its own, as it runs everywhere else (a world plays one ruleset, the encounter command one):
 *     timed one after another in one process, the engine code they share (the fight loop, the
 *     window driver, the dice) was compiled for the rulesets before it, and shock's ratio rose
 *     by about a tenth;
 *  2. time to order 500 combatants by initiative band;
 *  3. the gzipped size of the built bundle (builds first if dist/ is missing).
 * `BENCH_SECONDS` (default 2) is the time given to each of the full and plain simulators.
 */
import { execFileSync, execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { orderByBands, type BandEntry } from "../src/rulesets/escalation/rules/initiative";
import { BANDS } from "../src/rulesets/escalation/rules/constants";
import { RULESET_IDS } from "../src/rulesets/registry";
import { loadHeadless, packReaderFor } from "./lib/headless";
import { PROJECT_ROOT } from "./lib/paths";
import { interleavedRates, median } from "./lib/timing";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = 5;

function refuse(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run bench [-- --ruleset <id>]\n`);
  process.exit(2);
}

let values: { ruleset?: string; only?: boolean };
try {
  // `--only`: the ruleset's figures and nothing else (how this script runs each ruleset).
  ({ values } = parseArgs({
    options: { ruleset: { type: "string" }, only: { type: "boolean" } }, strict: true,
  }));
} catch (err) {
  refuse((err as Error).message);
}
if (values.ruleset !== undefined && !RULESET_IDS.includes(values.ruleset)) {
  refuse(`Unknown ruleset "${values.ruleset}". Implemented: ${RULESET_IDS.join(", ")}.`);
}
const n = (x: number) => Math.round(x).toLocaleString("en");

/** Times one ruleset's full rules against its plain simulator and prints its three lines. */
async function benchRuleset(id: string): Promise<void> {
  const subject = (await loadHeadless(id)).bench(packReaderFor(id));
  const [fullRates, plainRates] = interleavedRates(
    [subject.full, subject.plain],
    PAIRS,
    // 2000 calls of each before timing: with 200, the first full-rules window still ran colder
    // code.
    { windowMs: (SECONDS * 1000) / PAIRS, warmUp: 2000 },
  ) as [number[], number[]];
  // The best window is the absolute rate (other work only ever slows a window down); the ratio is
  // taken per adjacent pair, where both saw the same load, and summarised by its median.
  const full = Math.max(...fullRates);
  const ratios = plainRates.map((p, w) => p / fullRates[w]!);
  const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x`;
  const goal = subject.goal ? `  (goal ≥ ${n(subject.goal)})` : "";
  console.log(`encounters/s (${subject.label}, full rules): ${n(full)}${goal}`);
  console.log(
    `  plain simulator, same statblocks (${subject.plainNote}): ${n(median(plainRates))}/s`,
  );
  console.log(
    `  plain/full: median ratio ${median(ratios).toFixed(2)}x over ${
      PAIRS
    } interleaved pairs (range ${range})`,
  );
}

if (values.only) {
  await benchRuleset(values.ruleset ?? refuse("--only needs --ruleset"));
  process.exit(0);
}
for (const id of values.ruleset === undefined ? RULESET_IDS : [values.ruleset]) {
  // This same script (the bundled file, or the source under tsx's loader in `execArgv`), run
  // again for the one ruleset; its lines are printed as they are.
  const self = fileURLToPath(import.meta.url);
  execFileSync(process.execPath, [...process.execArgv, self, "--ruleset", id, "--only"], {
    stdio: "inherit",
  });
}

const entries: BandEntry[] = Array.from({ length: 500 }, (_, i) => ({
  id: `c${i}`, band: BANDS[i % 5]!, isPC: i % 3 === 0, order: (i * 7919) % 500,
}));
const orders = Math.max(
  ...interleavedRates([() => orderByBands(entries)], 3, { windowMs: (SECONDS * 1000) / 3 })[0]!,
);

const bundle = join(PROJECT_ROOT, "dist/fray.mjs");
if (!existsSync(bundle)) execSync("npm run -s build", { stdio: "inherit", cwd: PROJECT_ROOT });
const gz = gzipSync(readFileSync(bundle)).length;

console.log(`turn order for 500 combatants: ${(1000 / orders).toFixed(3)} ms`);
console.log(`bundle gzipped: ${(gz / 1024).toFixed(1)} KB (goal < 180 KB)`);
