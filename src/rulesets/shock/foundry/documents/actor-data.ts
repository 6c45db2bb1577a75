import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import type { HealthState } from "../../rules/health";
import { characterData } from "../data/accessors";
import { healthOf, type MortalMarks } from "./health";

/**
 * What shock reads off an actor, from its data alone, so it works on any Actor instance: the
 * active ruleset's `install()` makes `ShockActor` the world's Actor class, but a shock actor in a
 * world playing another ruleset is that ruleset's Actor class, and shock's sheets still show it
 * (read-only). `ShockActor`'s getters answer with these. Source: `002_5e27cdf788b28f5f.txt`
 * §Damage; RULINGS.md §shock.
 */
export interface ActorData {
  readonly type: string;
  readonly system: unknown;
  toObject(): unknown;
}

/** Whether `actor` is one of shock's (an item may be carried by another ruleset's actor). */
export function isShockActor(actor: Pick<ActorData, "type">): boolean {
  return actor.type === "shockCharacter" || actor.type === "shockNpc";
}

export function isPlayerCharacter(actor: Pick<ActorData, "type">): boolean {
  return actor.type === "shockCharacter";
}

export function hpOf(actor: Pick<ActorData, "system">): { value: number; max: number } {
  return (actor.system as { hp: { value: number; max: number } }).hp;
}

/** A PC's mortal marks (NPCs have none). */
export function mortalOf(actor: Pick<ActorData, "type" | "system">): MortalMarks {
  return isPlayerCharacter(actor)
    ? characterData(actor.system).mortal
    : { injured: false, stabilised: false };
}

export function healthOfActor(actor: Pick<ActorData, "type" | "system">): HealthState {
  return healthOf(hpOf(actor).value, isPlayerCharacter(actor), mortalOf(actor));
}

/**
 * The actor as the pure rules see it (attack bonus, attributes, skills, AC, shield, weapons).
 * @throws StatblockError when its data does not fit its model (an actor of another ruleset).
 */
export function statblockOf(actor: Pick<ActorData, "toObject">): Statblock {
  return statblockFromActor(actor.toObject() as ActorDocumentSource);
}
