import { AIMS, HEAL_THRESHOLD, WOUND_THRESHOLD, type Aim } from "./constants";

/**
 * Wounds: an attack that deals 6 or more net damage (after armor, resistances, guarding) causes
 * one wound carrying its aim's effect; each wound is its own record and they stack; one instance
 * of healing of 6 or more removes one wound, the newest; a spell or ability may remove a named one.
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming; RULINGS.md §wounds Aim, Wound, Wounds stack.
 */

/** A wound as stored (a type: it is JSON on the actor): its aim and the round it was dealt in. */
export type Wound = {
  /** Unique per wound (a card's id, a counter). */
  readonly id: string;
  readonly aim: Aim;
  /** The round it was dealt in (disrupting's −3 lasts that round: `woundPenalties`). */
  readonly round: number;
};

/** What one wound of an aim does to its bearer's modifiers and turn (RULINGS.md §wounds Aim). */
export interface AimEffect {
  readonly movement: number;
  readonly agility: number;
  readonly strength: number;
  readonly bonusActions: number;
  /** Accuracy for the rest of the battle. */
  readonly accuracy: number;
  /** Accuracy in the round the wound was dealt, instead of `accuracy` (−3 then, −1 after). */
  readonly accuracyThisRound: number;
}

const NONE: AimEffect = {
  movement: 0, agility: 0, strength: 0, bonusActions: 0, accuracy: 0, accuracyThisRound: 0,
};

/**
 * Each aim's wound effect. Fatal's effect is on the attack's damage (`damage.ts`), center mass's
 * on the attack's roll (`attack.ts`): neither leaves a lasting penalty.
 */
export const AIM_EFFECTS: Readonly<Record<Aim, AimEffect>> = {
  centerMass: NONE,
  fatal: NONE,
  slowing: { ...NONE, movement: -2, agility: -1 },
  weakening: { ...NONE, strength: -1, bonusActions: -1 },
  disrupting: { ...NONE, accuracy: -1, accuracyThisRound: -3 },
};

/** One term of a wound's effect, for its text: a stat and its change, or disrupting's two. */
export type AimTerm =
  | {
    readonly key: "movement" | "agility" | "strength" | "bonusActions" | "accuracy";
    readonly value: number;
  }
  | { readonly key: "disrupting"; readonly now: number; readonly after: number };

/**
 * What a wound of `aim` does, as terms in a fixed order (none: no lasting penalty), for the sheet
 * and the runner's log to word: movement, Agility, Strength, Bonus Actions, then Accuracy (a
 * disrupting wound's as its round's and after).
 */
export function aimEffectTerms(aim: Aim): AimTerm[] {
  const e = AIM_EFFECTS[aim];
  const terms: AimTerm[] = [];
  for (const key of ["movement", "agility", "strength", "bonusActions"] as const) {
    if (e[key] !== 0) terms.push({ key, value: e[key] });
  }
  if (e.accuracyThisRound !== 0) {
    terms.push({ key: "disrupting", now: e.accuracyThisRound, after: e.accuracy });
  } else if (e.accuracy !== 0) terms.push({ key: "accuracy", value: e.accuracy });
  return terms;
}

/** Whether the damage one attack dealt (net, after every reduction) causes a wound. */
export function causesWound(netDamage: number): boolean {
  if (!Number.isInteger(netDamage) || netDamage < 0) {
    throw new RangeError(`damage must be a whole number ≥ 0, got ${netDamage}`);
  }
  return netDamage >= WOUND_THRESHOLD;
}

/**
 * The wounds after an attack that dealt `netDamage`: one more record when it causes a wound
 * (never more than one per attack), else the same list.
 * @throws RangeError for bad damage, an unknown aim or a repeated id.
 */
export function afterHit(wounds: readonly Wound[], netDamage: number, wound: Wound): Wound[] {
  if (!AIMS.includes(wound.aim)) throw new RangeError(`unknown aim ${String(wound.aim)}`);
  if (!causesWound(netDamage)) return wounds.slice();
  if (wounds.some((w) => w.id === wound.id)) throw new RangeError(`wound ${wound.id} exists`);
  return [...wounds, wound];
}

/**
 * The wounds after one instance of healing: 6 or more removes the newest (the last record);
 * less removes none. @returns the wounds left and the one removed, or null.
 * @throws RangeError for negative or fractional healing.
 */
export function afterHealing(
  wounds: readonly Wound[], healing: number,
): { readonly wounds: Wound[]; readonly removed: Wound | null } {
  if (!Number.isInteger(healing) || healing < 0) {
    throw new RangeError(`healing must be a whole number ≥ 0, got ${healing}`);
  }
  if (healing < HEAL_THRESHOLD || wounds.length === 0) {
    return { wounds: wounds.slice(), removed: null };
  }
  return { wounds: wounds.slice(0, -1), removed: wounds[wounds.length - 1] as Wound };
}

/** The wounds after a spell or ability that removes one named wound (absent: unchanged). */
export function withoutWound(wounds: readonly Wound[], id: string): Wound[] {
  return wounds.filter((w) => w.id !== id);
}

/**
 * Whether {@link woundPenalties} of `wounds` can differ from one round to another: only when one
 * of them has an effect for the round it was dealt in (disrupting's −3). A runner that keeps a
 * unit's derived values asks it to keep them from round to round otherwise.
 */
export function penaltiesVaryByRound(wounds: readonly Wound[]): boolean {
  for (const w of wounds) if (AIM_EFFECTS[w.aim].accuracyThisRound !== 0) return true;
  return false;
}

/** The sum of every wound's penalties in `round` (each negative or 0). */
export type WoundPenalties = Omit<AimEffect, "accuracyThisRound">;

/**
 * Every wound's effect added up as of `round`: a disrupting wound dealt in this round gives −3
 * accuracy, an older one −1 (RULINGS.md §wounds Wounds stack: "−3 in all that round").
 */
export function woundPenalties(wounds: readonly Wound[], round: number): WoundPenalties {
  let movement = 0, agility = 0, strength = 0, bonusActions = 0, accuracy = 0;
  for (const w of wounds) {
    const e = AIM_EFFECTS[w.aim];
    movement += e.movement;
    agility += e.agility;
    strength += e.strength;
    bonusActions += e.bonusActions;
    accuracy += w.round === round && e.accuracyThisRound !== 0 ? e.accuracyThisRound : e.accuracy;
  }
  return { movement, agility, strength, bonusActions, accuracy };
}
