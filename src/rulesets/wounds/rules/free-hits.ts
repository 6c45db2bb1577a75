import { FREE_MOVE_IN_ZONE } from "./constants";

/**
 * Free hits: an attack that needs no action, paid from the round's Free Hit Slots (Agility + 1,
 * none at 0 or less; refilled at each round's start). What gives one: an enemy leaving the melee
 * zone, or moving more than 2 spaces within it, unless it disengaged; an enemy in the melee zone
 * rolling a natural 1 against the unit (a tragedy's free hit is a critical taken even with no slot
 * left). Source: `001_dbc5fcc02a99a518.txt` §Free Hits/Free Hit Slots, §Disengage, §Combat specific
 * Fails/Criticals; RULINGS.md §wounds Free hit slots, Free hit.
 */

/** Free Hit Slots a round for an Agility modifier (after wounds). */
export function freeHitSlots(agility: number): number {
  if (!Number.isInteger(agility)) throw new RangeError(`agility must be whole, got ${agility}`);
  return Math.max(0, agility + 1);
}

/** Why an enemy's move gives a free hit. */
export const MOVE_TRIGGERS = ["leftZone", "movedWithin"] as const;
export type MoveTrigger = (typeof MOVE_TRIGGERS)[number];

/** The first move trigger and the step it happened at (1-based, step k: path[k − 1] → path[k]). */
export interface MoveProvocation {
  readonly trigger: MoveTrigger;
  readonly step: number;
}

/**
 * Whether an enemy's move gives a free hit, from where it stood along its path: `inside[k]` is
 * whether it was in the unit's melee zone at position k (the engine's `space/zone.ts` and
 * `space/reach.ts` tell it on a grid; the zone is 1 space, 2 with Reach). A step from inside to
 * outside leaves the zone; the third step that starts and ends inside is moving "more than 2
 * spaces" within it. A disengaged mover provokes nothing.
 * @returns the first trigger reached, or null. One move gives one free hit at most (the text
 *   names the move, not each step).
 */
export function moveProvokes(
  inside: readonly boolean[], disengaged = false,
): MoveProvocation | null {
  if (disengaged) return null;
  let within = 0;
  for (let step = 1; step < inside.length; step++) {
    if (!inside[step - 1]) continue;
    if (!inside[step]) return { trigger: "leftZone", step };
    within++;
    if (within > FREE_MOVE_IN_ZONE) return { trigger: "movedWithin", step };
  }
  return null;
}

/** What a natural 1 against a unit gives it: nothing, a free hit, or a free critical hit. */
export const FUMBLE_FREE_HITS = ["none", "freeHit", "criticalFreeHit"] as const;
export type FumbleFreeHit = (typeof FUMBLE_FREE_HITS)[number];

/**
 * The free hit a natural 1 gives the attacked unit: none when the attacker was outside its melee
 * zone; a critical one on a tragedy (no slot needed); else a plain one (a slot needed).
 */
export function fumbleFreeHit(inMeleeZone: boolean, tragedy: boolean): FumbleFreeHit {
  if (!inMeleeZone) return "none";
  return tragedy ? "criticalFreeHit" : "freeHit";
}

/**
 * Whether a unit may take a free hit now: a tragedy's always; any other only with a slot left.
 */
export function mayTakeFreeHit(slotsLeft: number, kind: Exclude<FumbleFreeHit, "none"> | "move"):
  boolean {
  return kind === "criticalFreeHit" || slotsLeft > 0;
}
