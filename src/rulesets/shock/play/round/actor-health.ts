import type { HealthState } from "../../rules/health";
import type { CharacterSource } from "../../rules/models";
import { healthOf, type MortalMarks } from "./health";

/**
 * What shock reads off an actor's stored data (its `type` and `system`), so it works on any Actor
 * instance: a shock actor in a world playing another ruleset is that ruleset's Actor class, and
 * shock's sheets still show it (read-only). `ShockActor`'s getters answer with these. Source:
 * `002_5e27cdf788b28f5f.txt` §Damage; RULINGS.md §shock (Mortally Injured, NPC defeated).
 */
export interface ActorFields {
  readonly type: string;
  readonly system: unknown;
}

/** Whether `actor` is one of shock's (an item may be carried by another ruleset's actor). */
export function isShockActor(actor: Pick<ActorFields, "type">): boolean {
  return actor.type === "shockCharacter" || actor.type === "shockNpc";
}

/** Whether `actor` is a player character (`shockCharacter`). */
export function isPlayerCharacter(actor: Pick<ActorFields, "type">): boolean {
  return actor.type === "shockCharacter";
}

/** Its hit points, current and maximum. */
export function hpOf(actor: Pick<ActorFields, "system">): { value: number; max: number } {
  return (actor.system as { hp: { value: number; max: number } }).hp;
}

/** A PC's mortal marks (NPCs have none). */
export function mortalOf(actor: ActorFields): MortalMarks {
  return isPlayerCharacter(actor)
    ? (actor.system as CharacterSource).mortal
    : { injured: false, stabilised: false };
}

/** Its health from its HP and marks (`healthOf`). */
export function healthOfActor(actor: ActorFields): HealthState {
  return healthOf(hpOf(actor).value, isPlayerCharacter(actor), mortalOf(actor));
}
