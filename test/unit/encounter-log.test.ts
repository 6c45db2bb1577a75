import { languageFor } from "../../scripts/lib/lang";
import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import type { Statblock } from "../../src/rulesets/escalation/rules/statblock";
import type { CheckDice, DayEvent, EncounterEvent } from "../../src/rulesets/escalation/encounter/events";
import { formatEvent } from "../../src/rulesets/escalation/encounter/format";
import { localizerFor } from "../../src/engine/i18n";
import { runDay } from "../../src/rulesets/escalation/encounter/day";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import { block, pregens } from "./runner-fixtures";

/**
 * The JSON log makes each rule checkable from the log alone: this auditor re-checks every check's
 * dice, every condition instance from its start to its end, every damage against what caused it,
 * and engagement, with no access to the runner's state.
 */
interface Instance {
  readonly target: string;
  readonly condition: string;
  readonly duration: string;
  readonly source: string;
  readonly amount: number;
}

class LogAuditor {
  readonly problems: string[] = [];
  readonly live = new Map<string, Instance>();
  readonly ended = new Set<string>();
  readonly attacks = new Map<string, Extract<EncounterEvent, { kind: "attack" }>>();
  readonly engaged = new Set<string>();
  readonly out = new Set<string>();

  fail(e: DayEvent, problem: string): void {
    if (this.problems.length < 20) this.problems.push(`${problem}: ${JSON.stringify(e)}`);
  }

  /** A 3d6 pool: 3 + |edge| dice, the 3 kept the highest (or lowest) of them, summing to the natural. */
  checkDice(e: DayEvent & CheckDice, natural: number): void {
    const sorted = [...e.dice].sort((a, b) => (e.edge < 0 ? a - b : b - a)).slice(0, 3);
    if (e.dice.length !== 3 + Math.abs(e.edge)) this.fail(e, "dice do not match the edge");
    if (JSON.stringify([...e.kept].sort()) !== JSON.stringify(sorted.sort())) this.fail(e, "kept dice are not the best three for the edge");
    if (e.kept.reduce((a, b) => a + b, 0) !== natural) this.fail(e, "kept dice do not sum to the natural");
  }

  instance(e: DayEvent, key: string, bearer: string, condition?: string): Instance | undefined {
    const i = this.live.get(key);
    if (!i) this.fail(e, `instance ${key} is not running`);
    else if (i.target !== bearer || (condition && i.condition !== condition)) this.fail(e, `instance ${key} is not ${bearer}'s ${condition ?? ""}`);
    return i;
  }

  follow(e: DayEvent): void {
    switch (e.kind) {
      case "attack":
        this.checkDice(e, e.natural);
        this.attacks.set(e.id, e);
        break;
      case "invisible":
      case "disengage":
      case "sustain":
      case "recharge":
        this.checkDice(e, e.natural);
        if (e.success !== e.natural >= (e.kind === "invisible" ? e.saveTarget : e.target)) this.fail(e, "success does not follow the dice");
        break;
      case "save": {
        this.checkDice(e, e.natural);
        if (e.success !== e.natural >= e.target) this.fail(e, "success does not follow the dice");
        const i = this.instance(e, e.effect, e.actor, e.condition);
        if (i && i.duration !== "saveEnds") this.fail(e, "a save against an effect that is not save ends");
        break;
      }
      case "rally":
        this.checkDice(e, e.natural);
        if (e.success !== e.natural + e.bonus >= e.target) this.fail(e, "success does not follow the dice");
        this.instance(e, e.effect, e.actor, e.condition);
        break;
      case "deathSave":
        this.checkDice(e, e.natural);
        if (e.target !== 13 || (e.outcome === "failure") !== e.natural < 13) this.fail(e, "a death save is 13+");
        if (e.dead) this.out.add(e.actor);
        break;
      case "condition":
        if (e.added) {
          if (this.live.has(e.effect) || this.ended.has(e.effect)) this.fail(e, "instance added twice");
          if (e.attack !== null) {
            const a = this.attacks.get(e.attack);
            if (!a || a.attacker !== e.source || a.target !== e.target) this.fail(e, "condition from an attack that is not its source's on it");
          }
          this.live.set(e.effect, { target: e.target, condition: e.condition, duration: e.duration, source: e.source, amount: e.amount });
        } else {
          const i = this.instance(e, e.effect, e.target, e.condition);
          if (i && i.source !== e.source) this.fail(e, "an instance's source changed");
          if (e.reason === "sourceDown" && !this.out.has(e.source)) this.fail(e, "ended for a source that is not out");
          this.live.delete(e.effect);
          this.ended.add(e.effect);
        }
        // The condition lasts while any instance does: the log says how many others hold it.
        if (e.others !== [...this.live].filter(([k, i]) => k !== e.effect && i.target === e.target && i.condition === e.condition).length) {
          this.fail(e, "other instances miscounted");
        }
        break;
      case "damage":
        if (e.reason === "ongoing") {
          const i = e.effect ? this.instance(e, e.effect, e.target, "ongoing") : undefined;
          if (!i || i.amount !== e.amount || e.attack !== null) this.fail(e, "ongoing damage that is not its instance's");
        } else {
          const a = e.attack ? this.attacks.get(e.attack) : undefined;
          const victim = e.reason === "confused" ? a?.attacker : a?.target;
          if (!a || a.attacker !== e.source || victim !== e.target) this.fail(e, "damage that is not its attack's");
          else if (e.reason !== "confused" && (e.reason === "hit") !== a.hit) this.fail(e, "hit damage from a miss, or miss damage from a hit");
        }
        break;
      case "state":
        if (e.state === "defeated") this.out.add(e.actor);
        break;
      case "engagement": {
        const pair = [e.a, e.b].sort().join("|");
        if (this.engaged.has(pair) === e.engaged) this.fail(e, "engagement did not change");
        if (e.engaged) this.engaged.add(pair);
        else this.engaged.delete(pair);
        break;
      }
      case "heal":
        if (e.recovery !== "averaged" && e.recovery !== "rolled") this.fail(e, "a recovery neither rolled nor averaged");
        break;
      case "turn":
      case "round":
      case "end":
        // By the next turn, nothing lasting to the end of an out source's next turn runs on.
        for (const [key, i] of this.live) if (i.duration === "endOfSourceNextTurn" && this.out.has(i.source)) this.fail(e, `${key} outlived its source`);
        if (e.kind === "end") {
          if (this.live.size) this.fail(e, "instances still running at the end");
          this.engaged.clear();
          this.out.clear();
        }
        break;
    }
  }
}

const t = localizerFor(languageFor("escalation"));
const group = (names: string): Statblock[] => names.split(",").map(block);

describe("the JSON log makes every rule checkable", () => {
  it("audits checks, instances, damage and engagement over many fights and reads as text", () => {
    const lineups = [
      group("Bog Goblin Skulker,Bog Goblin Skulker,Cinder Imp,Ashen Cultist,Marsh Hag,Ironbark Brute"),
      group("Mirewood Strangler,Gravel Drake,Stormcaller Adept"),
      group("Whisper Shade,Bonepicker Vulture,Gutter Rat Swarm,Hollow Sentry,Marsh Hag"),
    ];
    const seen = new Set<string>();
    for (const foes of lineups) {
      for (let seed = 1; seed <= 25; seed++) {
        const auditor = new LogAuditor();
        for (const e of runEncounter({ party: pregens, foes, roller: new SeededRoller(seed) }).events) {
          auditor.follow(e);
          seen.add(e.kind === "condition" ? `condition:${e.reason}` : e.kind);
          if (e.kind === "condition" && e.others > 0) seen.add("stacked");
          const line = formatEvent(e, t);
          if (/FRAY\.|\{/.test(line)) auditor.fail(e, `reads "${line}"`);
        }
        expect(auditor.problems, `seed ${seed}`).toEqual([]);
      }
    }
    // The audit met every kind of check and every way an instance ends.
    for (const kind of ["attack", "save", "rally", "deathSave", "disengage", "sustain", "damage", "engagement", "heal", "stacked"]) {
      expect(seen, kind).toContain(kind);
    }
    for (const reason of ["applied", "save", "rally", "expired", "sourceDown", "encounterEnd"]) expect(seen, reason).toContain(`condition:${reason}`);
  });

  it("a day's recharge rolls and rests carry their dice and how recoveries were taken", () => {
    const day = runDay({ party: pregens, fights: [group("Bog Goblin Skulker,Cinder Imp"), group("Hollow Sentry")], roller: new SeededRoller(3) });
    const auditor = new LogAuditor();
    for (const e of day.events) auditor.follow(e);
    expect(auditor.problems).toEqual([]);
    const rests = day.events.filter((e): e is Extract<DayEvent, { kind: "rest" }> => e.kind === "rest");
    expect(rests.length).toBeGreaterThan(0);
    for (const r of rests) expect(r.recovery).toBe(r.recoveriesSpent ? "averaged" : "none");
    for (const e of day.events) expect(formatEvent(e, t)).not.toMatch(/FRAY\.|\{/);
  });
});
