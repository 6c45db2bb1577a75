import type { DayEvent } from "../../src/rulesets/escalation/encounter/events";
import { mayActNow, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";

/**
 * Who acts in an event, if anyone: the user of an ability (its own action, a free action or an
 * Interrupt), an attacker (its own attack, a readied one or an opportunity attack), a mover, a
 * readier, a rallier, a stabiliser, a sustainer, a healer, the one holding the line against a
 * disengage. Null for what happens to someone (damage, conditions, saves, states).
 */
export function actorOf(e: DayEvent): string | null {
  switch (e.kind) {
    case "use": case "stance": case "move": case "delay": case "ready": case "readied":
    case "disengage": case "rally": case "stabilize": case "sustain": case "ward": case "evade":
      return e.actor;
    case "attack": case "opportunity":
      return e.attacker;
    case "heal":
      return e.reason === "ability" ? e.source : null;
    case "disengageBlocked":
      return e.by;
    default:
      return null;
  }
}

/**
 * The runner's invariant that nobody acts who may not (`mayActNow`: not Dying, defeated, dead,
 * making Last Gasp saves, or back up and waiting for its next turn), checked after every event
 * against the fighters' real state. Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp
 * Saves.
 */
export class ActionAudit {
  /** Every broken invariant, with the event that broke it (at most 20). */
  readonly problems: string[] = [];
  /** How many events had someone acting (so a test can tell the audit saw something). */
  actions = 0;

  check(e: DayEvent, fighters: readonly Fighter[]): void {
    const key = actorOf(e);
    if (key === null) return;
    this.actions++;
    const f = fighters.find((x) => x.key === key);
    if (f && !mayActNow(f)) {
      this.fail(e, `${key} acted while it may not (${f.state}, lastGasp ${f.death.lastGasp}, `
        + `upNextTurn ${f.upNextTurn}, dead ${f.dead})`);
    }
  }

  fail(e: DayEvent, problem: string): void {
    if (this.problems.length < 20) this.problems.push(`${problem} (after ${JSON.stringify(e)})`);
  }
}
