import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";

/** Runs `npm run encounter` as a user would, through tsx, and reads its output and exit code. */
function encounter(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/encounter.ts", ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each case starts Node with tsx (about half a second apiece on this VM): a budget, not a speed test.
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
    for (const args of [["--foes", "dragon"], ["--party", "nobody"], ["--seed", "x"], ["--ruleset", "wounds"], ["--bogus"], ["--trials", "0"], ["--day", "--trials", "5"], ["--day", "--foes", "cinder-imp;dragon"], ["--surprise", "nobody"]]) {
      const r = encounter(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.split("\n")[0], args.join(" ")).toMatch(/Unknown|must be|unknown|Unexpected|between|cannot/i);
      expect(r.out).toBe("");
    }
  });
});
