import { BONUS_ACTIONS, DEFENSE_BASE } from "./constants";
import { extraMovement, meleeZone, type FeatLike } from "./feats";
import { freeHitSlots } from "./free-hits";
import { NO_WARD, type Ward } from "./upkeep";
import { woundPenalties, type Wound, type WoundPenalties } from "./wounds";

/**
 * What a unit's wounds (and a spell it keeps up, `upkeep.ts`) make of its statblock: the
 * modifiers and everything read from them (defense, free hit slots, damage through Strength,
 * to-hit through Accuracy, armor, movement, Bonus Actions). Not initiative: an order already set
 * stays (RULINGS.md §wounds Wounds stack).
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Attacking, §Free Hits, §Feats,
 * §Channeling.
 */
export interface DerivedInput {
  readonly accuracy: number;
  readonly agility: number;
  readonly strength: number;
  readonly armor: number;
  /** Spaces a Move Action covers, before feats and wounds. */
  readonly movement: number;
  readonly feats: readonly FeatLike[];
}

export interface Derived {
  readonly accuracy: number;
  readonly agility: number;
  readonly strength: number;
  /** The statblock's armor and its ward's. */
  readonly armor: number;
  /** Spaces a Move Action covers: the statblock's, Athlete's +2, −2 per slowing wound, ≥ 0. */
  readonly movement: number;
  /** Bonus Actions a turn: 2, −1 per weakening wound, ≥ 0. */
  readonly bonusActions: number;
  /** 10 + Agility: what an attack must reach when the unit can dodge (§Attacking). */
  readonly defense: number;
  /** Agility + 1 a round, none at 0 or less (§Free Hits). */
  readonly freeHitSlots: number;
  /** Spaces of its melee zone (Reach: 2). */
  readonly meleeZone: number;
  /** The penalties its wounds add, for a card to show. */
  readonly penalties: WoundPenalties;
  /** The ward of the spell it keeps up that counts in these values (none: `NO_WARD`). */
  readonly ward: Ward;
}

/**
 * A unit's derived values with its wounds as of `round`.
 * @param round the current round (a disrupting wound of this round counts −3 accuracy).
 * @param ward what a spell it keeps up and on adds (`upkeep.ts`; default none).
 */
export function derive(
  unit: DerivedInput, wounds: readonly Wound[], round: number, ward: Ward = NO_WARD,
): Derived {
  const penalties = woundPenalties(wounds, round);
  const agility = unit.agility + penalties.agility;
  const movement = unit.movement + ward.movement + extraMovement(unit.feats) + penalties.movement;
  return {
    accuracy: unit.accuracy + ward.accuracy + penalties.accuracy,
    agility,
    strength: unit.strength + penalties.strength,
    armor: unit.armor + ward.armor,
    movement: Math.max(0, movement),
    bonusActions: Math.max(0, BONUS_ACTIONS + penalties.bonusActions),
    defense: DEFENSE_BASE + agility,
    freeHitSlots: freeHitSlots(agility),
    meleeZone: meleeZone(unit.feats),
    penalties,
    ward,
  };
}
