import {
  ATHLETE_MOVEMENT, LEGION_LEADER_SLOTS, MELEE_ZONE, REACH_ZONE, type FeatId, type MoveMode,
} from "./constants";

/**
 * Feats as data the rules read (§Feats of `001_dbc5fcc02a99a518.txt`; RULINGS.md §wounds Feats:
 * "modifiers the engine reads"). A unit's feats are a list; each reading below says how a feat
 * taken twice counts: Sneak Attack adds a d4 per feat (the text's "another d4"), the others
 * count once.
 */
export interface FeatLike {
  readonly feat: FeatId;
  readonly weapons?: readonly string[];
}

/** How many of a feat a unit has. */
export const featCount = (feats: readonly FeatLike[], id: FeatId): number =>
  feats.filter((f) => f.feat === id).length;

/** Whether a unit has a feat at least once. */
export const hasFeat = (feats: readonly FeatLike[], id: FeatId): boolean =>
  feats.some((f) => f.feat === id);

/** Sneak damage dice: one d4, and one more per Sneak Attack feat (§Sneak Damage, §Feats). */
export const sneakDice = (feats: readonly FeatLike[]): number =>
  1 + featCount(feats, "sneakAttack");

/** Extra summoning slots: +2 with Legion Leader (§Feats). */
export const extraSummonSlots = (feats: readonly FeatLike[]): number =>
  hasFeat(feats, "legionLeader") ? LEGION_LEADER_SLOTS : 0;

/** Whether it dodges normally while channeling, i.e. is not flat-footed (Battle Caster). */
export const dodgesWhileChanneling = (feats: readonly FeatLike[]): boolean =>
  hasFeat(feats, "battleCaster");

/** The ways of moving Maneuverer lets a unit do at full speed (§Feats). */
export const MANEUVERER_MODES: readonly MoveMode[] = ["sneaking", "swimming", "tumbling"];

/** Whether it moves at full speed in a mode that halves movement (Maneuverer). */
export const movesNormally = (feats: readonly FeatLike[], mode: MoveMode): boolean =>
  hasFeat(feats, "maneuverer") && MANEUVERER_MODES.includes(mode);

/** Its melee zone in spaces around it: 1, or 2 with Reach (§Melee Zone, §Feats). */
export const meleeZone = (feats: readonly FeatLike[]): number =>
  hasFeat(feats, "reach") ? REACH_ZONE : MELEE_ZONE;

/** Extra movement spaces: +2 with Athlete (§Feats). */
export const extraMovement = (feats: readonly FeatLike[]): number =>
  hasFeat(feats, "athlete") ? ATHLETE_MOVEMENT : 0;

/**
 * Whether a weapon is one of its Weapon Focus weapons (named by item id or name): its damage
 * rolls one more die (§Feats: "by one dice roll"; RULINGS.md §wounds Feats). One die however
 * many Weapon Focus feats name it.
 */
export function focused(
  feats: readonly FeatLike[], weapon: { readonly id: string; readonly name: string },
): boolean {
  return feats.some((f) => f.feat === "weaponFocus"
    && (f.weapons ?? []).some((w) => w === weapon.id || w === weapon.name));
}
