/**
 * `npm run bench`: three figures.
 *  1. encounters per second for a 4-versus-6 fight (full rules, no event log), and the median
 *     ratio to a plain simulator of the same statblocks (`lib/plain-fight.ts`), the two timed in
 *     alternating windows (several pairs) so that both see the same machine load;
 *  2. time to order 500 combatants by initiative band;
 *  3. the gzipped size of the built bundle (builds first if dist/ is missing).
 * `BENCH_SECONDS` (default 2) is the time given to each of the full and plain simulators.
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { SeededRoller } from "../src/engine/dice/roller";
import { runEncounter } from "../src/rulesets/escalation/encounter/simulate";
import { orderByBands, type BandEntry } from "../src/rulesets/escalation/rules/initiative";
import { BANDS } from "../src/rulesets/escalation/rules/constants";
import { statblockFromActor, type ActorDocumentSource } from "../src/rulesets/escalation/rules/statblock";
import { PROJECT_ROOT } from "./lib/paths";
import { plainFight, plainLineup } from "./lib/plain-fight";
import { readPackSources } from "./lib/sources";
import { interleavedRates, median } from "./lib/timing";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = 5;
const load = (pack: string) => readPackSources(pack).map((s) => statblockFromActor(s.doc as unknown as ActorDocumentSource));
const party = load("escalation/pregens");
const byName = new Map(load("escalation/monsters").map((m) => [m.name, m]));
const foes = ["Bog Goblin Skulker", "Bog Goblin Skulker", "Cinder Imp", "Ashen Cultist", "Marsh Hag", "Ironbark Brute"].map((n) => byName.get(n)!);
const lineup = plainLineup(party, foes);

const [fullRates, plainRates] = interleavedRates(
  [(i) => runEncounter({ party, foes, roller: new SeededRoller(i), record: false }), (i) => plainFight(lineup, new SeededRoller(i))],
  PAIRS,
  // 2000 calls of each before timing: with 200, the first full-rules window still ran colder code.
  { windowMs: (SECONDS * 1000) / PAIRS, warmUp: 2000 },
) as [number[], number[]];
// The best window is the absolute rate (other work only ever slows a window down); the ratio is
// taken per adjacent pair, where both saw the same load, and summarised by its median.
const full = Math.max(...fullRates);
const ratios = plainRates.map((p, w) => p / fullRates[w]!);

const entries: BandEntry[] = Array.from({ length: 500 }, (_, i) => ({ id: `c${i}`, band: BANDS[i % 5]!, isPC: i % 3 === 0, order: (i * 7919) % 500 }));
const orders = Math.max(...interleavedRates([() => orderByBands(entries)], 3, { windowMs: (SECONDS * 1000) / 3 })[0]!);

const bundle = join(PROJECT_ROOT, "dist/fray.mjs");
if (!existsSync(bundle)) execSync("npm run -s build", { stdio: "inherit", cwd: PROJECT_ROOT });
const gz = gzipSync(readFileSync(bundle)).length;

const n = (x: number) => Math.round(x).toLocaleString("en");
console.log(`encounters/s (4 v 6, full rules): ${n(full)}  (goal ≥ 20,000)`);
console.log(`  plain simulator, same statblocks (attack bonus, defenses, HP, damage dice; no conditions, escalation or death saves): ${n(median(plainRates))}/s`);
console.log(`  plain/full: median ratio ${median(ratios).toFixed(2)}x over ${PAIRS} interleaved pairs (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x)`);
console.log(`turn order for 500 combatants: ${(1000 / orders).toFixed(3)} ms`);
console.log(`bundle gzipped: ${(gz / 1024).toFixed(1)} KB (goal < 150 KB)`);
