/**
 * `npm run bench`: three figures.
 *  1. encounters per second for a 4-versus-6 fight (full rules, no event log), next to a plain
 *     AC-versus-dice simulator on the same machine for scale;
 *  2. time to order 500 combatants by initiative band;
 *  3. the gzipped size of the built bundle (builds first if dist/ is missing).
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { SeededRoller } from "../src/rules/dice/roller";
import { runEncounter } from "../src/encounter/simulate";
import { orderByBands, type BandEntry } from "../src/rules/escalation/initiative";
import { BANDS } from "../src/rules/escalation/constants";
import { statblockFromActor, type ActorDocumentSource } from "../src/rules/escalation/statblock";
import { readPackSources } from "./lib/sources";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const load = (pack: string) => readPackSources(pack).map((s) => statblockFromActor(s.doc as unknown as ActorDocumentSource));
const party = load("pregens");
const byName = new Map(load("monsters").map((m) => [m.name, m]));
const foes = ["Bog Goblin Skulker", "Bog Goblin Skulker", "Cinder Imp", "Ashen Cultist", "Marsh Hag", "Ironbark Brute"].map((n) => byName.get(n)!);

/**
 * Calls per second: the best of three timed windows after a warm-up, since on a shared machine
 * other work only ever slows a window down.
 */
function rate(fn: (i: number) => void): number {
  for (let i = 0; i < 200; i++) fn(i);
  let best = 0;
  let n = 0;
  for (let w = 0; w < 3; w++) {
    let calls = 0;
    const start = performance.now();
    const end = start + (SECONDS * 1000) / 3;
    while (performance.now() < end) for (let k = 0; k < 50; k++, calls++) fn(n++);
    best = Math.max(best, calls / ((performance.now() - start) / 1000));
  }
  return best;
}

/** The plain simulator: d20-free 3d6 vs AC, fixed damage, no conditions, same 4v6 HP totals. */
function plainFight(seed: number): number {
  const r = new SeededRoller(seed);
  const hp = [...party.map((p) => p.hpMax), ...foes.map((f) => f.hpMax)];
  const ac = [...party.map((p) => p.defenses.ac), ...foes.map((f) => f.defenses.ac)];
  for (let round = 1; round < 30; round++) {
    for (let i = 0; i < hp.length; i++) {
      if ((hp[i] ?? 0) <= 0) continue;
      const foesOf = i < 4 ? [4, 5, 6, 7, 8, 9] : [0, 1, 2, 3];
      const alive = foesOf.filter((j) => (hp[j] ?? 0) > 0);
      if (!alive.length) return round;
      const t = alive[r.die(alive.length) - 1]!;
      if (r.die(6) + r.die(6) + r.die(6) + 6 >= (ac[t] ?? 0)) hp[t] = (hp[t] ?? 0) - (r.die(8) + r.die(8) + 3);
    }
  }
  return 30;
}

const full = rate((i) => runEncounter({ party, foes, roller: new SeededRoller(i), record: false }));
const plain = rate((i) => plainFight(i));

const entries: BandEntry[] = Array.from({ length: 500 }, (_, i) => ({ id: `c${i}`, band: BANDS[i % 5]!, isPC: i % 3 === 0, order: (i * 7919) % 500 }));
const orders = rate(() => orderByBands(entries));

if (!existsSync("dist/fray.mjs")) execSync("npm run -s build", { stdio: "inherit" });
const gz = gzipSync(readFileSync("dist/fray.mjs")).length;

console.log(`encounters/s (4 v 6, full rules): ${Math.round(full).toLocaleString("en")}  (goal ≥ 20,000; plain AC-vs-dice sim here: ${Math.round(plain).toLocaleString("en")}/s, ratio ${(plain / full).toFixed(2)}x)`);
console.log(`turn order for 500 combatants: ${(1000 / orders).toFixed(3)} ms`);
console.log(`bundle gzipped: ${(gz / 1024).toFixed(1)} KB (goal < 150 KB)`);
