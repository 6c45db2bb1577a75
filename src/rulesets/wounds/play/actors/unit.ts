import { derive, type Derived } from "../../rules/derived";
import { healthState, type HealthState } from "../../rules/health";
import type { Statblock } from "../../rules/statblock";
import { NO_WARD, type Ward } from "../../rules/upkeep";
import { woundsOf, type EffectLike, type WoundRecord } from "./wound-effects";

/** wounds' Actor subtypes. */
export const WOUNDS_ACTOR_TYPES: readonly string[] = ["woundsCharacter", "woundsNpc"];

/** Whether an actor is one of wounds' (its data fits this ruleset's models). */
export const isWoundsActor = (actor: { readonly type: string }): boolean =>
  WOUNDS_ACTOR_TYPES.includes(actor.type);

/**
 * A wounds unit as Foundry holds it, read for the rules: its statblock, its wounds (its wound
 * effects, `wound-effects.ts`) and what they and the ward of a spell it keeps up
 * (`round/upkeep.ts`) derive as of `round` of `combat`, and its health.
 * Pure: a sheet, the GM's rulings and the tests build it from plain data.
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming; RULINGS.md §wounds Hit points.
 */
export interface UnitView {
  readonly block: Statblock;
  readonly wounds: readonly WoundRecord[];
  readonly derived: Derived;
  readonly health: HealthState;
}

/**
 * @param combat the id of the combat whose round counts (null: none, no wound is this round's).
 * @param ward what the spell it keeps up there adds (default none).
 */
export function unitView(
  block: Statblock, effects: Iterable<EffectLike>, combat: string | null, round: number,
  ward: Ward = NO_WARD,
): UnitView {
  const wounds = woundsOf(effects, combat);
  return {
    block, wounds, derived: derive(block, wounds, round, ward),
    health: healthState(block.hp, block.isPC),
  };
}
