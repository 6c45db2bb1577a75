/**
 * An action-points combatant's health: up while it has HP; at 0 HP an NPC is defeated and a PC is
 * down (the GM decides what became of it after the fight). Source: RULINGS.md §action-points Hit
 * points.
 */
export const HEALTH_STATES = ["up", "down", "defeated"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** The health of `hp` HP (a PC: `isPC`). */
export function healthOf(hp: number, isPC: boolean): HealthState {
  if (hp > 0) return "up";
  return isPC ? "down" : "defeated";
}

/** An actor as its health reads it, on any Actor instance (any world, any ruleset). */
export interface ActorFields {
  readonly type: string;
  readonly system: unknown;
}

/** Whether an actor is one of action-points' (its data fits this ruleset's models). */
export function isActionPointsActor(actor: Pick<ActorFields, "type">): boolean {
  return actor.type === "actionPointsCharacter" || actor.type === "actionPointsNpc";
}

/** Its HP now and at most. */
export function hpOf(actor: ActorFields): { value: number; max: number } {
  const hp = (actor.system as { hp?: { value?: number; max?: number } }).hp;
  return { value: hp?.value ?? 0, max: hp?.max ?? 0 };
}

/** Its health from its data. */
export function healthOfActor(actor: ActorFields): HealthState {
  return healthOf(hpOf(actor).value, actor.type === "actionPointsCharacter");
}
