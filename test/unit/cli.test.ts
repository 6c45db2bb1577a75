import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * `npm run encounter` is `node scripts/cli.mjs encounter`: the launcher rebuilds the bundle when
 * its sources changed, then runs it. These tests run it the same way, against a private bundle in
 * a temp folder (FRAY_CLI_OUT), so they neither race other runs over build/cli/ nor depend on it.
 *
 * Start-up, a benchmark note rather than a test (2-CPU VM, `--seed 1` with output discarded,
 * median of 10 runs each):
 *   before, `npm run encounter` through tsx ........................... 0.65 s
 *   `node --import tsx scripts/encounter.ts` .......................... 0.33 s
 *   now, `npm run encounter` (npm itself is about 0.2 s of it) ......... 0.30 s
 *   `node scripts/cli.mjs encounter` (freshness check + bundle) ........ 0.12 s
 *   `node build/cli/encounter.mjs` ..................................... 0.11 s
 *   a rebuild (vite, when a source changed) adds about 0.3 s once.
 * Re-measure with: for i in $(seq 10); do /usr/bin/time -f %e node scripts/cli.mjs encounter
 *   --seed 1 >/dev/null; done
 */
const out = mkdtempSync(join(tmpdir(), "fray-cli-"));
const env = (dir: string) => ({ ...process.env, FRAY_CLI_OUT: dir });
/** The launcher's notice when it (re)builds; a source edited during the run may cause one. */
const BUILDING = /^Building the CLI bundle in .*\n/;

/** Runs the launcher as `npm run encounter` does and reads its output and exit code. */
function encounter(...args: string[]) {
  const r = spawnSync(process.execPath, ["scripts/cli.mjs", "encounter", ...args], { encoding: "utf8", env: env(out) });
  return { code: r.status, out: r.stdout, err: r.stderr.replace(BUILDING, "") };
}

beforeAll(() => {
  const r = spawnSync(process.execPath, ["scripts/cli.mjs", "--build"], { encoding: "utf8", env: env(out) });
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

// A budget, not a speed test: each case starts Node once or twice (see the note above).
describe("npm run encounter", { timeout: 60_000 }, () => {
  it("prints one line per event and the outcome", () => {
    const r = encounter("--seed", "4");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines[0]).toMatch(/^— Round 1 — escalation die 0$/);
    expect(lines.some((l) => /^  .* → .* \(.*\): \[[\d, ]+\] natural \d+, total -?\d+ vs (AC|PD|MD) \d+ \(edge -?\d+, escalation \+\d\): (hit|miss|CRIT|crit fail)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^The fight ends in round \d+: /);
  });

  it("--json gives {winner, rounds, events} with the attack and damage fields", () => {
    const r = encounter("--seed", "4", "--json", "--party", "brann-tallow,tam-reed", "--foes", "cinder-imp,marsh-hag");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as { winner: string; rounds: number; events: Record<string, unknown>[] };
    expect(["party", "enemies", "draw"]).toContain(result.winner);
    const attack = result.events.find((e) => e.kind === "attack")!;
    for (const k of ["round", "attacker", "target", "dice", "natural", "total", "defense", "defenseValue", "edge", "escalation", "hit", "crit", "critFail"]) expect(attack).toHaveProperty(k);
    const damage = result.events.find((e) => e.kind === "damage")!;
    for (const k of ["amount", "type", "halved", "hpBefore", "hpAfter"]) expect(damage).toHaveProperty(k);
  });

  it("--trials --json reports the win rate with a 95% interval", () => {
    const r = encounter("--trials", "50", "--json");
    const t = JSON.parse(r.out) as { trials: number; partyWins: number; winRate: number; ci95: number[]; meanRounds: number };
    expect(t.trials).toBe(50);
    expect(t.ci95).toHaveLength(2);
    expect(t.winRate).toBe(t.partyWins / 50);
  });

  it("--trials: all fights won gives an upper bound of exactly 100% (the interval holds the rate)", () => {
    // One goblin against the party: every one of the 10 fights is won.
    const json = JSON.parse(encounter("--trials", "10", "--foes", "bog-goblin-skulker", "--json").out) as { partyWins: number; winRate: number; ci95: number[] };
    expect(json.partyWins).toBe(10);
    expect(json.ci95).toEqual([expect.closeTo(0.722467, 6), 1]);
    const text = encounter("--trials", "10", "--foes", "bog-goblin-skulker").out;
    expect(text).toBe("10 fights: the party wins 10 (100.0%, 95% CI 72.2%–100.0%); mean 1.00 rounds\n");
  });

  it("--day plays three fights with rests between and a Full Rest at the end", () => {
    const r = encounter("--day", "--seed", "3");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines[0]).toBe("=== Fight 1 ===");
    expect(lines.filter((l) => /^=== Fight \d ===$/.test(l)).length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => / takes a Full Rest: HP -?\d+ → \d+, \d+ recoveries; restored: /.test(l)).length).toBeGreaterThan(0);
    const json = JSON.parse(encounter("--day", "--seed", "3", "--json").out) as { fights: { winner: string }[]; events: { kind: string }[] };
    expect(json.fights.length).toBeGreaterThanOrEqual(1);
    expect(json.events.some((e) => e.kind === "rest")).toBe(true);
  });

  it("exits 2 with a clear message on unknown ids or bad options", () => {
    for (const args of [["--foes", "dragon"], ["--party", "nobody"], ["--seed", "x"], ["--bogus"], ["--trials", "0"], ["--day", "--trials", "5"], ["--day", "--foes", "cinder-imp;dragon"], ["--surprise", "nobody"]]) {
      const r = encounter(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.split("\n")[0], args.join(" ")).toMatch(/Unknown|must be|unknown|Unexpected|between|cannot/i);
      expect(r.out).toBe("");
    }
  });

  it("refuses, with exit 2, options that the chosen mode would ignore", () => {
    const cases = [
      ["--surprise", "party", "--trials", "5"], ["--trials", "5", "--ambush-die"], ["--flee", "--trials", "5"],
      ["--day", "--surprise", "enemies"], ["--day", "--ambush-die"], ["--ambush-die", "--surprise", "enemies"],
      ["--list", "--seed", "3"], ["--ruleset", "wounds", "--list", "--seed", "3"],
    ];
    for (const args of cases) {
      const r = encounter(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.split("\n")[0], args.join(" ")).toMatch(/^--[a-z-]+ and --[a-z-]+( enemies)? cannot be combined: .+\.$/);
      expect(r.out, args.join(" ")).toBe("");
    }
    const alone = encounter("--ambush-die", "--seed", "2");
    expect(alone.code).toBe(2);
    expect(alone.err.split("\n")[0]).toBe("--ambush-die needs --surprise party: the die starts at 1 only after a party ambush.");
    expect(alone.out).toBe("");
    // What still combines: a party ambush with the die option; a day that flees (it would anyway).
    expect(encounter("--surprise", "party", "--ambush-die", "--seed", "2").code).toBe(0);
    expect(encounter("--day", "--flee", "--seed", "2").code).toBe(0);
  });
});

describe("npm run encounter -- --ruleset shock", { timeout: 60_000 }, () => {
  it("plays shock from its packs through the same launcher, and refuses escalation's options", () => {
    const r = encounter("--ruleset", "shock", "--seed", "2", "--json");
    expect(r.code).toBe(0);
    const log = JSON.parse(r.out) as { winner: string; events: { kind: string }[] };
    // The battlefield (cover and shadow spots) is laid out first, then the sides roll.
    expect(log.events.map((e) => e.kind).slice(0, 2)).toEqual(["field", "initiative"]);
    for (const flag of ["--day", "--ambush-die", "--flee"]) {
      const refused = encounter("--ruleset", "shock", flag);
      expect(refused.code, flag).toBe(2);
      expect(refused.err.split("\n")[0], flag).toBe(`${flag} is escalation's; shock has no such option.`);
    }
    // Trials play no surprise round: the combination is refused, not silently half-played.
    const both = encounter("--ruleset", "shock", "--trials", "5", "--surprise", "party");
    expect(both.code).toBe(2);
    expect(both.err.split("\n")[0]).toBe("--trials and --surprise cannot be combined: trials play fights without a surprise round.");
    expect(both.out).toBe("");
  });
});

describe("npm run bench, bad options", { timeout: 60_000 }, () => {
  it("exits 2 naming the problem and the usage, before timing anything", () => {
    for (const [args, first] of [[["--bogus"], "Unknown option '--bogus'"], [["--ruleset", "nope"], 'Unknown ruleset "nope". Implemented: escalation, shock, action-points, phases, wounds.']] as const) {
      const r = spawnSync(process.execPath, ["scripts/cli.mjs", "bench", ...args], { encoding: "utf8", env: env(out) });
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.replace(BUILDING, "").split("\n").slice(0, 2)).toEqual([first, "Usage: npm run bench [-- --ruleset <id>]"]);
      expect(r.stdout).toBe("");
    }
  });
});

describe("the CLI bundle", { timeout: 60_000 }, () => {
  it("runs with plain node from any folder, as the launcher does", () => {
    const viaLauncher = encounter("--seed", "5", "--json");
    const direct = spawnSync(process.execPath, [join(out, "encounter.mjs"), "--seed", "5", "--json"], { encoding: "utf8", cwd: tmpdir() });
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout).toBe(viaLauncher.out);
    expect(readFileSync(join(out, "encounter.mjs"), "utf8")).not.toMatch(/from "tsx"|\.ts"/);
  });

  it("is built when missing, rebuilt when a source is newer or a file is gone, and reused otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-cli-fresh-"));
    try {
      const run = () => spawnSync(process.execPath, ["scripts/cli.mjs", "encounter", "--seed", "3"], { encoding: "utf8", env: env(dir) });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/^Building the CLI bundle in .* \(no bundle yet\)/);
      expect(first.stdout).toMatch(/The fight ends in round \d+/);
      const again = run();
      expect(again.stderr).toBe("");
      expect(again.stdout).toBe(first.stdout);
      // The manifest's mtime is when the build started: set it back and every source is newer.
      utimesSync(join(dir, "inputs.json"), 1, 1);
      expect(run().stderr).toMatch(/^Building the CLI bundle in .* \(.+ changed\)/);
      unlinkSync(join(dir, "encounter.mjs"));
      const rebuilt = run();
      expect(rebuilt.stderr).toMatch(/\(encounter\.mjs is missing\)/);
      expect(rebuilt.stdout).toBe(first.stdout);
      expect(existsSync(join(dir, "bench.mjs"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
