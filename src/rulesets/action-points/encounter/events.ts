import type { RollUnderEdge, SuccessLevel } from "../../../engine/dice/roll-under";
import type {
  AttackEvent as RunnerAttack, ConditionEvent, DamageEvent as RunnerDamage, FallEvent,
  OutcomeEvent, RoundEvent, TurnEvent,
} from "../../../engine/runner/events";
import type { EdgeSource, Modifier } from "../rules/checks";
import type { Size, Skill } from "../rules/constants";
import type { ApReaction } from "../rules/reaction-window";

/**
 * What a headless `action-points` fight reports, one event per line of the log. Every number can
 * be recomputed from the pack data and the dice in the events: the battlefield (axial hex
 * coordinates of each combatant's hex and the hexes its size covers, and the pools it starts
 * with), initiative (each d10, the Agility modifier, every tie re-roll), every check (the d100s,
 * both when it has Advantage or Disadvantage, the kept one, the skill, the modifiers by source,
 * the edge sources and the success level), every opposed check (both sides and the winner), every
 * pool change (`{pool, delta, before, after, cause}`), each reaction offered (who, what, its RP)
 * and taken (its check against the attack's level), each reaction attack with its trigger, each
 * move's path (hex by hex) and the AP it paid, and each damage with its attack, dice, multiplier
 * and HP before and after. The kinds every runner shares (round, turn, attack, damage, condition,
 * state, end: `engine/runner/events.ts`) carry action-points' payload here.
 * Source: `004_2cc57162401858c9.txt`; RULINGS.md §action-points.
 */

/** A hex in axial coordinates (q, r): what Foundry's hex grid calls cube coordinates without s. */
export interface Hex {
  q: number;
  r: number;
}

export type Side = "party" | "foes";

/** The pools' names (`rules/pools.ts`). */
export type Pool = "ap" | "rp" | "fp";

/** One d100 check as rolled. */
export interface CheckLog {
  /** The skill rolled (a Dodge names the higher of Agility and Athletics it used). */
  skill: Skill;
  /** The skill as written on the sheet (percent). */
  value: number;
  modifiers: Modifier[];
  /** What the d100 is rolled under: the skill with its modifiers, never below 0. */
  target: number;
  edge: RollUnderEdge;
  edgeSources: EdgeSource[];
  /** Every d100 rolled (two with Advantage or Disadvantage). */
  dice: number[];
  /** The d100 kept: the lower with Advantage, the higher with Disadvantage. */
  kept: number;
  level: SuccessLevel;
}

/** What provoked a reaction attack. */
export type Trigger =
  /** The mover left `hex`, which the attacker threatens (not by Take a Step or Tumble Through). */
  | { kind: "leave"; hex: Hex }
  /** The actor cast a spell in the attacker's threat range. */
  | { kind: "cast"; spell: string }
  /** The actor stood up from prone in the attacker's threat range. */
  | { kind: "stand" };

/**
 * One attack's check against one target. `natural` and `total` are the kept d100 (roll-under: the
 * modifiers move the target instead); `hit` says the check succeeded, so the attack hits unless a
 * reaction wins its opposed check (the `reaction` and `damage` events that follow say which).
 */
export interface AttackEvent extends RunnerAttack {
  attackKind: "attack" | "spell" | "reaction" | "riposte";
  /** The weapon's or spell's name. */
  with: string;
  /** A melee attack (else ranged): what gang-up, range increments and Parry read. */
  melee: boolean;
  /** Hexes between the two (1: adjacent). */
  distance: number;
  check: CheckLog;
  /** A reaction attack's trigger (null for any other attack). */
  trigger: Trigger | null;
  /** A Riposte's counterattack: the attack it answers (else null). */
  answers: string | null;
}

/** HP lost to an attack that hit (a Riposte's and a reaction attack's included). */
export interface DamageEvent extends RunnerDamage {
  reason: "hit";
  /** The attack's success level: what the multiplier reads. */
  level: SuccessLevel;
  /** The damage dice's faces and flat bonus (`dice` holds what they showed). */
  die: number;
  bonus: number;
  /** ×1, ×2 on a Critical success, ×3 when a critical hit met a critically failed Dodge or Parry. */
  multiplier: number;
  /** The attack's target when an ally took it by Intercept (else null). */
  interceptedFrom: string | null;
}

/** A pool changed. */
export interface PoolEvent {
  kind: "pool";
  round: number;
  actor: string;
  pool: Pool;
  delta: number;
  before: number;
  after: number;
  /**
   * Why: `turnStart`, `turnEnd`, `surpriseOver`, an action (`attack`, `spell`, `move`, `step`,
   * `totalDefense`, `flowState`, `shove`, `grapple`, `keepGrapple`, `standUp`), a reaction (`dodge`,
   * `parry`, `block`, `riposte`, `intercept`, `reactionAttack`), `refund`, or an FP gain (`hit`,
   * `criticalHit`, `kill`, `successfulReaction`).
   */
  cause: string;
}

/** One side of an opposed check the actor starts (Shove, Grapple, breaking free). */
export interface OpposedSideLog {
  actor: string;
  check: CheckLog;
}

/**
 * An opposed check of two Athletics rolls. A Shove or Grapple wins only on a success at least as
 * high as the other side's level (ties go to the active side); breaking free needs an outright win
 * (ties keep the grapple): `ties` names who wins a tie.
 */
export interface OpposedEvent {
  kind: "opposed";
  round: number;
  purpose: "shove" | "grapple" | "breakFree";
  actor: OpposedSideLog;
  other: OpposedSideLog;
  ties: "actor" | "other";
  winner: string;
}

export interface FieldFighter {
  actor: string;
  side: Side;
  size: Size;
  /** The hex its token stands on (the top-left of a larger token). */
  hex: Hex;
  /** Every hex its size covers (Foundry's hex token shapes, `field.ts`). */
  cells: Hex[];
  /** Its reach in hexes with its readied melee weapons (0: it threatens nothing). */
  reach: number;
  hp: number;
  pools: Record<Pool, number>;
}

/** A reaction offered in an attack's window: who may take it and for how much RP. */
export interface OfferLog {
  by: string;
  answer: ApReaction;
  rp: number;
}

export type ApEvent =
  /** The battlefield as the fight begins: a hex grid, each combatant's place, size and pools. */
  | { kind: "field"; round: 0; grid: "hex"; coordinates: "axial"; fighters: FieldFighter[] }
  | {
    kind: "initiative"; round: 0;
    rolls: { actor: string; dice: number[]; modifier: number; score: number; tieBreaks: number[] }[];
    order: string[];
  }
  /** Opens the surprise round (round 0) in place of a round event. */
  | { kind: "surprise"; round: 0; surprised: string[]; acting: string[] }
  | RoundEvent
  | (TurnEvent & { side: Side })
  | PoolEvent
  /** A special action taken (its AP are the pool event that follows). */
  | {
    kind: "action"; round: number; actor: string;
    action: "totalDefense" | "flowState" | "standUp" | "shove" | "grapple" | "keepGrapple"
      | "releaseGrapple" | "breakFree";
    target: string | null;
  }
  /**
   * A combatant moved along `path` (its hex before each step and after the last). A move action's
   * AP are paid once (`ap`); a move cut by reaction attacks goes on in legs of `ap` 0. A Take a
   * Step, an Intercept's move and a push pay no move AP (a step's 1 AP is its own pool event).
   */
  | {
    kind: "move"; round: number; actor: string;
    reason: "move" | "step" | "intercept" | "pushed";
    path: Hex[];
    ap: number;
  }
  | AttackEvent
  /** The reactions an attack's window offers now, and what was chosen (a pass: "no reaction"). */
  | {
    kind: "offer"; round: number; attack: string; offers: OfferLog[];
    choice: { by: string; answer: ApReaction | "pass" };
  }
  /** A reaction taken: its opposed check against the attack's level, and whether it won. */
  | {
    kind: "reaction"; round: number; attack: string; by: string; reaction: ApReaction; rp: number;
    check: CheckLog;
    attackLevel: SuccessLevel;
    /** Levels a larger attacker counts higher against a Parry or Riposte. */
    shift: number;
    won: boolean;
  }
  /** Who may make a reaction attack against `actor` for `trigger`, and who does. */
  | {
    kind: "provoked"; round: number; actor: string; trigger: Trigger;
    threateners: { actor: string; rp: number; attacks: boolean }[];
  }
  | DamageEvent
  | OpposedEvent
  | (ConditionEvent & { condition: "prone" | "grappled" | "totalDefense" | "flowState" })
  | FallEvent<"down" | "defeated">
  | OutcomeEvent;

export interface ApEncounterResult {
  readonly winner: string;
  readonly rounds: number;
  readonly events: ApEvent[];
}
