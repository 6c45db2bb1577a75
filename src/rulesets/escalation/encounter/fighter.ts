import { freshCounts, refillCounts, type SlotCounts } from "../../../engine/economy/slot-counts";
import { ACTION_SLOTS, CountedActions } from "../rules/actions";
import {
  conditionBit,
  summarizeConditions,
  summaryOfBits,
  type ConditionId,
  type ConditionSummary,
} from "../rules/conditions";
import type { Band, Stance } from "../rules/constants";
import { FRESH_DEATH_TRACK, mayAct, type DeathTrack } from "../rules/death-save";
import { DURATION_TIMINGS, type TimedEffect } from "../rules/durations";
import { healthState, type HealthState } from "../rules/health";
import { bandIndex } from "../rules/initiative";
import type { AbilityEntry, Statblock } from "../rules/statblock";
import type { Side } from "./events";
import type { SpiritBoon } from "../rules/fight-in-spirit";
import { arsenalOf, type Arsenal, type AttackOption } from "./arsenal";
import { utilitiesOf, type Utilities } from "./readings";

/**
 * The mutable state of one combatant in a headless encounter. A PC's fighter lives for a whole
 * adventuring day (HP, recoveries, penalty and expended powers carry from fight to fight); its
 * effects and death track belong to one encounter.
 */
export interface Fighter {
  readonly key: string;
  readonly block: Statblock;
  /** Its abilities that are not attacks, by what the runner does with them. */
  readonly utilities: Utilities;
  /** Its attacks, with what each turn reads off them (`arsenal.ts`). */
  readonly arsenal: Arsenal;
  readonly side: Side;
  readonly order: number;
  hp: number;
  state: HealthState;
  /** Effects on this fighter, each a timed instance (see `durations.ts`). */
  effects: TimedEffect[];
  /**
   * The distinct condition ids of `effects` (in `CONDITION_IDS` order), kept in step by
   * `setEffects` (the same condition twice counts once, and a single id takes `expandConditions`'
   * fast path).
   */
  ids: readonly ConditionId[];
  /**
   * What `ids` do (edge, crit range, Stuck, Helpless, …), also kept in step by `setEffects`: the
   * one place effects change, so every attack and turn reads these sums instead of redoing them.
   */
  summary: ConditionSummary;
  /**
   * The distinct keys of the combatants whose turn's end ends or arms one of `effects`
   * (`watchedCombatant`), also kept in step by `setEffects`: every turn's end asks every fighter.
   */
  watched: readonly string[];
  /** Ids of Encounter/Daily/Recharge abilities used and not yet restored. */
  readonly expended: string[];
  recoveries: number;
  /** −1 Volition and defenses per heal taken with no recovery left, until a Full Rest. */
  penalty: number;
  death: DeathTrack;
  /** Four failed death saves. */
  dead: boolean;
  /**
   * Back up after a plain death save success (Last Gasp too) or a heal from Dying: it acts from its
   * next turn on, not before (`mayAct`). Cleared when that turn begins (`startTurn`).
   */
  upNextTurn: boolean;
  /** Keys of the foes engaged with this fighter (this encounter). */
  readonly engaged: Set<string>;
  /** Fight in Spirit boons on this fighter, each with the key of who gave it. */
  boons: { readonly boon: SpiritBoon; readonly source: string }[];
  /** A `Sustain X` ability this fighter keeps going, and the effect instances it holds up. */
  sustaining: { readonly ability: AbilityEntry; readonly keys: readonly string[] } | null;
  /** Initiative band this encounter (Delay and readied actions move it to a slower one). */
  band: Band;
  /** Place inside its band's PC or enemy group; lower acts first. */
  groupOrder: number;
  /** Melee or ranged stance this encounter (a Quick action switches it). */
  stance: Stance;
  /**
   * Its action slots on the engine's economy (`rules/actions.ts` ACTION_SLOTS), paid in place:
   * the turn's Standard, Move and Quick, and the round's Interrupt.
   */
  readonly slots: SlotCounts;
  /** The same slots read as used or not (escalation's `ActionsUsed`; setting one spends it). */
  readonly actions: CountedActions;
  /**
   * The round of this fighter's last turn (begun, or spent on a death save): it no longer Delays.
   */
  turnRound: number;
  /** A Standard action readied this round: the attack and the foe whose turn triggers it. */
  readied: { readonly attack: AttackOption; readonly trigger: string } | null;
  /** Holding the line (Hold the Line) until the start of its next turn. */
  holdingLine: boolean;
  /**
   * Keys of foes this fighter hit with an attack this round (a grabber hit does not hamper
   * Disengage).
   */
  hitThisRound: string[];
}

const NONE: readonly ConditionId[] = [];
const NO_CONDITIONS = summarizeConditions(NONE);
const NO_KEYS: readonly string[] = [];

/**
 * What a fighter reads off its statblock once: its utilities, its arsenal and the abilities it
 * starts with expended (their stored `used` flags). One lookup per fighter, as every fight makes
 * its fighters afresh.
 */
interface Kit {
  readonly utilities: Utilities;
  readonly arsenal: Arsenal;
  readonly expended: readonly string[];
}
const kits = new WeakMap<Statblock, Kit>();

function kitOf(block: Statblock): Kit {
  let kit = kits.get(block);
  if (!kit) {
    const expended = block.abilities
      .filter((a) => a.system.used && a.system.frequency !== "atWill")
      .map((a) => a.id);
    kits.set(block, (kit = { utilities: utilitiesOf(block), arsenal: arsenalOf(block), expended }));
  }
  return kit;
}

export function createFighter(
  block: Statblock,
  side: Side,
  order: number,
  key = block.name,
): Fighter {
  const { utilities, arsenal, expended } = kitOf(block);
  const slots = freshCounts(ACTION_SLOTS);
  return {
    key, block, utilities, arsenal, side, order, hp: block.hpMax, state: "healthy",
    effects: [], ids: NONE, summary: NO_CONDITIONS, watched: NO_KEYS,
    expended: expended.length ? [...expended] : [],
    recoveries: block.recoveriesMax,
    penalty: 0,
    death: FRESH_DEATH_TRACK,
    dead: false,
    upNextTurn: false,
    engaged: new Set(),
    boons: [],
    sustaining: null,
    band: block.band,
    groupOrder: order,
    stance: block.stance,
    slots,
    actions: new CountedActions(slots),
    turnRound: -1,
    readied: null,
    holdingLine: false,
    hitThisRound: [],
  };
}

/**
 * A fighter carried from an earlier fight of the day starts this one afresh: death saves,
 * engagement, position in the order, stance, actions and whatever it was keeping up belong to one
 * encounter (its effects ended with the last fight).
 */
export function resetForEncounter(f: Fighter, order: number): void {
  f.death = FRESH_DEATH_TRACK;
  f.upNextTurn = false;
  f.engaged.clear();
  f.boons = [];
  f.sustaining = null;
  f.band = f.block.band;
  f.groupOrder = order;
  f.stance = f.block.stance;
  refillCounts(ACTION_SLOTS, f.slots);
  f.turnRound = -1;
  f.readied = null;
  f.holdingLine = false;
  f.hitThisRound = [];
}

export function conditionIds(f: Fighter): readonly ConditionId[] {
  return f.ids;
}

/** Whether the fighter cannot move, disengage or pop free (Stuck; §Conditions and Effects). */
export function cannotMove(f: Fighter): boolean {
  return f.summary.cannotMove;
}

/** Whether the fighter has lost its move action (Stunned, or Helpless and so Stunned). */
export function losesMove(f: Fighter): boolean {
  return f.summary.losesMove;
}

/** Whether the fighter can be the target of a Coup de Grace (Helpless). */
export function helpless(f: Fighter): boolean {
  return f.summary.coupDeGrace;
}

/**
 * Sets the fighter's death track as a plain literal in one key order. The rules build tracks with
 * spreads (`{ ...track, stabilized: true }`) so that a Foundry track keeps its other fields; in V8
 * such copies end up with many hidden classes, and `isUp`, read for everyone on every turn, then
 * reads `lastGasp` through a megamorphic lookup. The runner's tracks have just these four fields.
 */
export function setDeath(f: Fighter, t: DeathTrack): void {
  if (t === f.death) return;
  if (t.lastGasp !== f.death.lastGasp) upChanges++;
  f.death = {
    failures: t.failures,
    stabilized: t.stabilized,
    hardFirstSave: t.hardFirstSave,
    lastGasp: t.lastGasp,
  };
}

/** Replaces a fighter's effects with what is read off them (ids, summary, watched) together. */
export function setEffects(f: Fighter, effects: TimedEffect[]): void {
  f.effects = effects;
  if (effects.length === 0) {
    f.ids = NONE;
    f.summary = NO_CONDITIONS;
    setWatched(f, NO_KEYS);
    return;
  }
  // One pass: the conditions' bits (their summary, ids included, is built once per set) and the
  // watched keys. This runs for every effect added, ended or armed.
  let bits = 0;
  let watched = NO_KEYS;
  for (const e of effects) {
    bits |= conditionBit(e.condition);
    const key = DURATION_TIMINGS.watchedCombatant(e);
    if (key !== null && !watched.includes(key))
      watched = watched.length ? [...watched, key] : [key];
  }
  const summary = summaryOfBits(bits);
  f.ids = summary.ids;
  f.summary = summary;
  setWatched(f, watched);
}

/**
 * Sets `f.watched`, counting its keys in `watchers` only when they changed (most changes keep
 * them).
 */
function setWatched(f: Fighter, watched: readonly string[]): void {
  const old = f.watched;
  if (old.length === watched.length) {
    let same = true;
    for (let i = 0; i < old.length; i++) if (old[i] !== watched[i]) same = false;
    if (same) return;
  }
  for (const key of old) watchers.set(key, (watchers.get(key) ?? 1) - 1);
  for (const key of watched) watchers.set(key, (watchers.get(key) ?? 0) + 1);
  f.watched = watched;
}

/**
 * For each combatant key, how many fighters (in any encounter) have it in their `watched`, kept
 * by `setEffects`, the one place `watched` changes. A fighter whose effects are never cleared
 * keeps its keys counted, which only makes the runner look when it need not; a key is never
 * counted 0 while a fighter watches it. At most turns' ends nobody watches the turn's owner, and
 * the runner then skips asking everyone (`watchedByAnyone`).
 */
const watchers = new Map<string, number>();

/** Whether some fighter may watch the turn of the combatant `key`; false: none does. */
export function watchedByAnyone(key: string): boolean {
  return (watchers.get(key) ?? 0) > 0;
}

/** Recomputes the health state; returns it when it changed, else null. */
export function refreshState(f: Fighter): HealthState | null {
  const next = healthState(f.hp, f.block.hpMax, f.block.isPC);
  if (next === f.state) return null;
  f.state = next;
  upChanges++;
  return next;
}

/**
 * Counts the changes to what `isUp` reads (a health state, Last Gasp), in any fighter: the two
 * functions above are the only places these change, so the runner asks who has won only when
 * this count moved since it last asked (after every turn, most of which drop nobody).
 */
let upChanges = 0;

export function upChangeCount(): number {
  return upChanges;
}

/** Able to take actions: Healthy or Staggered, and not held in Last Gasp saves. */
export function isUp(f: Fighter): boolean {
  return (f.state === "healthy" || f.state === "staggered") && !f.death.lastGasp;
}

/**
 * May take actions and reactions now (`rules/death-save.ts` mayAct): up, and not waiting for its
 * next turn after coming back from Dying or Last Gasp saves. What an opportunity attack, an
 * Interrupt, a readied action or holding the line asks; `isUp` says who still counts in the fight.
 */
export function mayActNow(f: Fighter): boolean {
  return mayAct(f.state, f.death.lastGasp, f.upNextTurn, f.dead);
}

/**
 * The side left standing once the other has nobody up (`isUp`), or null while both sides still
 * have someone. The fight ends there: nothing more happens in it (§Damage and Recovery: a PC at 0
 * is Dying, an enemy dead).
 */
export function winnerOf(fighters: readonly Fighter[]): Side | null {
  let party = false;
  let enemies = false;
  for (const f of fighters) {
    if (!isUp(f)) continue;
    if (f.side === "party") party = true;
    else enemies = true;
    // Asked after every step: stop at the first fighter up on each side.
    if (party && enemies) return null;
  }
  return !enemies ? "party" : !party ? "enemies" : null;
}

/** Still in the fight: able to act, or a Dying PC who is not dead (it rolls death saves). */
export function inFight(f: Fighter): boolean {
  return !f.dead && f.state !== "defeated";
}

/**
 * Turn order (§Initiative Bands): band, then PCs before enemies, then the place in the group, then
 * the fighter's index (stable).
 */
export function compareFighters(a: Fighter, b: Fighter): number {
  return bandIndex(a.band) - bandIndex(b.band) || Number(b.block.isPC) - Number(a.block.isPC) ||
    a.groupOrder - b.groupOrder || a.order - b.order;
}

/** Moves a fighter to a slower band for the rest of the encounter, last in its group there. */
export function moveToBand(f: Fighter, band: Band): void {
  f.band = band;
  f.groupOrder = LATE + f.order;
}

/** Group places past any starting one (a fighter's index is far below this). */
const LATE = 1_000_000;
