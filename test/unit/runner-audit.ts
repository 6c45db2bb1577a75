import type { DayEvent } from "../../src/rulesets/escalation/encounter/events";
import { mayActNow, winnerOf, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";

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

/**
 * What may still follow the step that left one side with nobody up: that step's own consequences
 * (the fallen's engagements and states, effects ending with a fallen source, an attacker's
 * Confused self-damage from the same attack), the effects the end of the encounter ends, the end.
 */
function aftermath(e: DayEvent): boolean {
  switch (e.kind) {
    case "engagement": case "state": case "end":
      return true;
    case "condition":
      return !e.added;
    case "damage":
      return e.reason === "confused";
    default:
      return false;
  }
}

/**
 * The runner's invariant that a fight ends as soon as one side is out: once every fighter of one
 * side is down (`winnerOf`), nothing more happens in it but the aftermath of that step and the
 * end: no action, reaction, heal, death save, turn's end (ongoing damage, saves) or new turn.
 */
export class FightOverAudit {
  readonly problems: string[] = [];
  /** How many fights were decided (not fled, not drawn) while audited. */
  decided = 0;
  #over = false;

  check(e: DayEvent, fighters: readonly Fighter[]): void {
    if (this.#over && !aftermath(e) && this.problems.length < 20)
      this.problems.push(`after the fight was decided: ${JSON.stringify(e)}`);
    if (e.kind === "end") {
      this.#over = false;
      return;
    }
    // Between a day's fights (rests, recharges) only the party is passed: nothing to decide.
    const bothSides = fighters.some((f) => f.side === "party") && fighters.some((f) => f.side !== "party");
    if (bothSides && !this.#over && winnerOf(fighters)) {
      this.#over = true;
      this.decided++;
    }
  }
}
