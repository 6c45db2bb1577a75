import type { DefenseState } from "./attack";
import { FLAT_FOOTED_CAUSES, type FlatFootedCause } from "./constants";
import { dodgesWhileChanneling, type FeatLike } from "./feats";

/**
 * A unit's states: flat-footed (it cannot dodge: snuck up on, tied up, frozen, paralysed,
 * channeling a spell unless it has Battle Caster, a summon's first round), prone (semi
 * flat-footed, a third of its movement, standing up costs an action: `economy.ts`), disarmed (its
 * item knocked away; retrieving it nearby costs an action). Source: `001_dbc5fcc02a99a518.txt`
 * §Flat Footed, §Prone, §Disarmed, §Channeling, §Summoning Sickness, §Sneak Damage, §Feats;
 * RULINGS.md §wounds States.
 */
export interface UnitStates {
  /** What makes it flat-footed now (each cause once). */
  readonly flatFooted: readonly FlatFootedCause[];
  readonly prone: boolean;
  readonly disarmed: boolean;
}

export const NO_STATES: UnitStates = { flatFooted: [], prone: false, disarmed: false };

/**
 * The causes that count: channeling does not for a Battle Caster (it dodges normally).
 * @throws RangeError for an unknown cause.
 */
export function flatFootedCauses(
  causes: readonly FlatFootedCause[], feats: readonly FeatLike[],
): FlatFootedCause[] {
  for (const c of causes) {
    if (!FLAT_FOOTED_CAUSES.includes(c)) throw new RangeError(`unknown cause ${String(c)}`);
  }
  const kept = causes.filter((c) => c !== "channeling" || !dodgesWhileChanneling(feats));
  return [...new Set(kept)];
}

/** Whether it is flat-footed (any cause that counts). */
export const isFlatFooted = (states: UnitStates, feats: readonly FeatLike[]): boolean =>
  flatFootedCauses(states.flatFooted, feats).length > 0;

/**
 * How it meets an attack (`attack.ts` `defenseOf`): flat-footed first (hit on 5 whatever its
 * Agility, so a flat-footed prone unit is hit on 5), then prone (5 + Agility), else dodging.
 * An undetected attacker (sneaking) makes it flat-footed for that attack.
 */
export function defenseState(
  states: UnitStates, feats: readonly FeatLike[], undetectedAttacker = false,
): DefenseState {
  if (undetectedAttacker || isFlatFooted(states, feats)) return "flatFooted";
  return states.prone ? "prone" : "dodging";
}

/** The states with a cause added (once). */
export function withCause(states: UnitStates, cause: FlatFootedCause): UnitStates {
  if (states.flatFooted.includes(cause)) return states;
  return { ...states, flatFooted: [...states.flatFooted, cause] };
}

/** The states with a cause gone (a cast spell ends channeling, an untied unit…). */
export function withoutCause(states: UnitStates, cause: FlatFootedCause): UnitStates {
  return { ...states, flatFooted: states.flatFooted.filter((c) => c !== cause) };
}
