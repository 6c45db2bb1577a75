import { planSave, resolveSave, type SavePlan } from "./save";
import { DEATH_SAVE_FAILURES, DEATH_SAVE_TARGET, NATURAL_CRIT } from "./constants";
import { canAct, type HealthState } from "./health";

/**
 * Dying, death saves, stabilising and Last Gasp saves. Source: `000_c2dc3d650823e22d.txt` §Dying
 * and Death, §Last Gasp Saves; RULINGS.md §escalation Dying.
 */
export interface DeathTrack {
  /** Failed death saves this encounter. */
  readonly failures: number;
  /** Stabilised by another combatant: failures are not marked. */
  readonly stabilized: boolean;
  /** The next death save is the first after a crit or a drop to −½ max HP: 2 Disadvantage. */
  readonly hardFirstSave: boolean;
  /** Making Last Gasp saves: HP is kept, healing does not end them. */
  readonly lastGasp: boolean;
}

export const FRESH_DEATH_TRACK: DeathTrack = {
  failures: 0,
  stabilized: false,
  hardFirstSave: false,
  lastGasp: false,
};

export type DeathSaveOutcome = "crit" | "success" | "failure";

/** Whether a drop to 0 or below was hard: by a crit, or to −½ max HP or lower. */
export function hardDrop(hpAfter: number, hpMax: number, crit: boolean): boolean {
  return hpAfter <= 0 && (crit || 2 * hpAfter <= -hpMax);
}

/**
 * The death save roll: 13+, with 2 Disadvantage when it is the first after a hard drop (plus any
 * other edge).
 */
export function planDeathSave(
  track: DeathTrack,
  conditions: Iterable<string>,
  extraEdge = 0,
): SavePlan {
  return planSave(conditions, DEATH_SAVE_TARGET, 0, (track.hardFirstSave ? -2 : 0) + extraEdge);
}

/** What the dice mean: natural 17+ is a crit (success, and act at once). */
export function resolveDeathSave(
  plan: SavePlan,
  dice: readonly number[],
): { natural: number; outcome: DeathSaveOutcome } {
  const r = resolveSave(plan, dice);
  return {
    natural: r.natural,
    outcome: !r.success ? "failure" : r.natural >= NATURAL_CRIT ? "crit" : "success",
  };
}

export interface DeathSaveEffect {
  readonly track: DeathTrack;
  /** The PC heals with a recovery from 0 HP (a success on an ordinary death save). */
  readonly healFromZero: boolean;
  /** Last Gasp ended by a success: the PC keeps its HP and the effect ends. */
  readonly lastGaspEnded: boolean;
  /** Act immediately (crit) rather than on the next turn. */
  readonly actNow: boolean;
  readonly dead: boolean;
}

/**
 * The result of a death save on the track. A failure is marked unless stabilised or it was a save
 * an ally granted during Last Gasp (`granted`); the fourth marked failure kills.
 */
export function afterDeathSave(
  track: DeathTrack,
  outcome: DeathSaveOutcome,
  granted = false,
): DeathSaveEffect {
  const base = { ...track, hardFirstSave: false };
  if (outcome === "failure") {
    const counts = !track.stabilized && !granted;
    const failures = counts ? Math.min(DEATH_SAVE_FAILURES, track.failures + 1) : track.failures;
    return {
      track: { ...base, failures },
      healFromZero: false,
      lastGaspEnded: false,
      actNow: false,
      dead: failures >= DEATH_SAVE_FAILURES,
    };
  }
  const actNow = outcome === "crit";
  if (track.lastGasp)
    return {
      track: { ...base, lastGasp: false },
      healFromZero: false,
      lastGaspEnded: true,
      actNow,
      dead: false,
    };
  return {
    track: { ...base, stabilized: false },
    healFromZero: true,
    lastGaspEnded: false,
    actNow,
    dead: false,
  };
}

/**
 * Whether a combatant may take actions and reactions now (its own turn's, opportunity attacks,
 * Interrupts, an ability it keeps holding until its next turn): not when Dying or defeated, not
 * dead, not while it makes Last Gasp saves (death saves "as if they were dropped below 0"), and
 * not between a plain success (or a heal back from Dying, "as if they had succeeded") and its next
 * turn ("They can act on their next turn"; a crit "can act immediately").
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves.
 * @param upNextTurn back up after a plain success or a heal, and its next turn has not begun.
 */
export function mayAct(
  health: HealthState,
  lastGasp: boolean,
  upNextTurn: boolean,
  dead: boolean,
): boolean {
  return canAct(health) && !lastGasp && !upNextTurn && !dead;
}

export function isDead(track: DeathTrack): boolean {
  return track.failures >= DEATH_SAVE_FAILURES;
}

/** Entering Dying (a PC dropped to 0 HP or below). Earlier failures this encounter stay marked. */
export function onDropped(track: DeathTrack, hard: boolean): DeathTrack {
  return { ...track, stabilized: false, hardFirstSave: hard };
}

/**
 * The track after a PC's HP changes: a drop from above 0 to 0 or below starts Dying (hard after a
 * crit or a drop to −½ max), healing from 0 or below back above it ends Dying. Otherwise
 * unchanged.
 */
export function afterHpChange(
  track: DeathTrack,
  change: { before: number; after: number; hpMax: number; crit?: boolean },
): DeathTrack {
  if (change.before > 0 && change.after <= 0)
    return onDropped(track, hardDrop(change.after, change.hpMax, change.crit ?? false));
  if (change.before <= 0 && change.after > 0) return onHealed(track);
  return track;
}

/** Healing ends Dying as if a death save had succeeded (it does not end Last Gasp saves). */
export function onHealed(track: DeathTrack): DeathTrack {
  return track.lastGasp ? track : { ...track, stabilized: false, hardFirstSave: false };
}

/**
 * Stabilising a Dying PC (another combatant's Standard action).
 * @throws RangeError when the PC is already dead (the caller checks that it is Dying).
 */
export function stabilize(track: DeathTrack): DeathTrack {
  if (isDead(track)) throw new RangeError("a dead character cannot be stabilised");
  return { ...track, stabilized: true };
}

/** Starting Last Gasp saves: death saves as if dropped below 0, keeping the current HP. */
export function startLastGasp(track: DeathTrack): DeathTrack {
  return { ...track, lastGasp: true, stabilized: false };
}
