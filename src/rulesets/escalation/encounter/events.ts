import { keepDice, type PoolSpec } from "../../../engine/dice/pool";
import type {
  AttackEvent, ConditionEvent, DamageEvent, FallEvent, OutcomeEvent, RoundEvent, TurnEvent,
} from "../../../engine/runner/events";
import type { Action, Band, DamageType, Defense, Duration, Stance } from "../rules/constants";
import type { DeathSaveOutcome } from "../rules/death-save";
import type { HealthState } from "../rules/health";

/**
 * What a headless encounter reports, one event per line of the chat log a Foundry table would see.
 * `--json` prints these objects as they are, so each carries what is needed to check its rule:
 * every 3d6 check its dice, kept dice, edge and target; every condition instance its id and
 * source; every damage the attack or instance it comes from. The kinds every runner shares
 * (round, turn, attack, damage, condition, state, end: `engine/runner/events.ts`) carry
 * escalation's payload here.
 */

/** A 3d6 check as rolled: every die, the three kept, and the net edge that shaped the pool. */
export interface CheckDice {
  dice: number[];
  kept: number[];
  edge: number;
}

/** The dice of a 3d6 check for the log: every die, the kept ones, the edge. */
export function checkDice(pool: PoolSpec, dice: number[], edge: number): CheckDice {
  return { dice, kept: [...keepDice(pool, dice).kept], edge };
}

/** Why a condition instance started or ended. */
export type ConditionChange =
  | "applied" | "save" | "rally" | "expired" | "sourceDown" | "sustainFailed" | "encounterEnd";

/** Why two foes became engaged or stopped being engaged. */
export type EngagementChange = "melee" | "disengage" | "popFree" | "slipAway" | "down";

/** A round begins, with the escalation die it is played at (round 0: the surprise round). */
export interface EscalationRoundEvent extends RoundEvent {
  escalation: number;
}

/** One 3d6 attack roll against a defense. */
export interface EscalationAttackEvent extends AttackEvent, CheckDice {
  ability: string;
  defense: Defense;
  defenseValue: number;
  escalation: number;
  crit: boolean;
  critFail: boolean;
  /** A Coup de Grace on an engaged Helpless target: hit and crit whatever the dice. */
  coupDeGrace: boolean;
}

/** HP lost, through the damage pipeline (crit doubling, resistance halving). */
export interface EscalationDamageEvent extends DamageEvent {
  type: DamageType;
  rolled: number;
  doubled: boolean;
  halved: boolean;
  miss: boolean;
  reason: "hit" | "miss" | "ongoing" | "confused";
  /** The ongoing damage instance it comes from, else null. */
  effect: string | null;
}

/** A condition instance begins or ends. */
export interface EscalationConditionEvent extends ConditionEvent {
  duration: Duration;
  /** The effect instance: each is added once and ends once. */
  effect: string;
  /** The attack that applied it (null when not applied by an attack). */
  attack: string | null;
  /** The save that ends it (save ends). */
  saveTarget: number;
  /** Ongoing damage per turn (0 for other conditions). */
  amount: number;
  damageType: DamageType;
  reason: ConditionChange;
  /**
   * Other instances of the same condition on the target after this change (it lasts while any
   * does).
   */
  others: number;
}

export type EncounterEvent =
  | EscalationRoundEvent
  | TurnEvent
  | {
      kind: "use";
      round: number;
      actor: string;
      ability: string;
      abilityId: string;
      frequency: string;
      /** The action slot that paid for it (a readied action is paid by the Standard readied). */
      action: Action;
    }
  | EscalationAttackEvent
  | ({
      kind: "invisible";
      round: number;
      attacker: string;
      target: string;
      /** The attacker's save to find the target (11+). */
      saveTarget: number;
      natural: number;
      success: boolean;
    } & CheckDice)
  | EscalationDamageEvent
  | EscalationConditionEvent
  | ({
      kind: "save";
      round: number;
      actor: string;
      condition: string;
      /** The instance saved against. */
      effect: string;
      target: number;
      natural: number;
      success: boolean;
    } & CheckDice)
  | FallEvent<HealthState>
  | ({
      kind: "deathSave";
      round: number;
      actor: string;
      target: number;
      natural: number;
      outcome: DeathSaveOutcome;
      failures: number;
      dead: boolean;
      lastGasp: boolean;
    } & CheckDice)
  | { kind: "stabilize"; round: number; actor: string; target: string }
  | {
      kind: "heal";
      round: number;
      actor: string;
      amount: number;
      hpBefore: number;
      hpAfter: number;
      recoveries: number;
      /** Healed with no recovery left (halved, −1 penalty). */
      withoutRecovery: boolean;
      reason: "deathSave" | "rally" | "ability";
      /**
       * How the recovery's dice were taken (the runner takes the average, as a table in a hurry
       * would).
       */
      recovery: "rolled" | "averaged";
      /** Who healed it: the healer for an ability, else the character itself. */
      source: string;
    }
  | ({
      kind: "disengage";
      round: number;
      actor: string;
      natural: number;
      target: number;
      success: boolean;
    } & CheckDice)
  | {
      kind: "disengageBlocked";
      round: number;
      actor: string;
      /** Stuck (cannot disengage at all), or a foe holding the line (Hold the Line). */
      reason: "stuck" | "holdTheLine";
      /** The foe holding the line (null when Stuck). */
      by: string | null;
    }
  | {
      kind: "engagement";
      round: number;
      a: string;
      b: string;
      engaged: boolean;
      reason: EngagementChange;
    }
  | {
      kind: "move";
      round: number;
      actor: string;
      /** The foe moved to (null when moving away). */
      to: string | null;
      reason: "engage" | "popFree" | "slipAway";
    }
  | { kind: "stance"; round: number; actor: string; stance: Stance }
  | { kind: "delay"; round: number; actor: string; from: Band; to: Band }
  | { kind: "ready"; round: number; actor: string; ability: string; trigger: string }
  | { kind: "readied"; round: number; actor: string; ability: string; trigger: string; band: Band }
  | { kind: "evade"; round: number; actor: string; attacker: string; attack: string }
  | {
      kind: "ward";
      round: number;
      actor: string;
      target: string;
      attack: string;
      prevented: number;
    }
  | { kind: "opportunity"; round: number; attacker: string; target: string }
  | { kind: "spirit"; round: number; actor: string; ally: string; boon: string }
  | { kind: "flee"; round: number }
  | { kind: "lastGasp"; round: number; actor: string; source: string }
  | ({
      kind: "sustain";
      round: number;
      actor: string;
      ability: string;
      natural: number;
      target: number;
      success: boolean;
    } & CheckDice)
  | ({
      kind: "rally";
      round: number;
      actor: string;
      condition: string;
      /** The instance saved against. */
      effect: string;
      target: number;
      bonus: number;
      natural: number;
      success: boolean;
    } & CheckDice)
  | OutcomeEvent<Side>;

/** What happens between fights of an adventuring day. */
export type DayEvent =
  | EncounterEvent
  | { kind: "fight"; index: number }
  | ({
      kind: "recharge";
      actor: string;
      ability: string;
      abilityId: string;
      natural: number;
      target: number;
      success: boolean;
    } & CheckDice)
  | {
      kind: "rest";
      rest: "quick" | "full";
      actor: string;
      hpBefore: number;
      hpAfter: number;
      recoveriesSpent: number;
      recoveries: number;
      /** How the recoveries spent were taken ("none" when none was spent). */
      recovery: "rolled" | "averaged" | "none";
      /** Powers usable again (ids for checks, names for the log). */
      restored: string[];
      restoredNames: string[];
    };

export type Side = "party" | "enemies";

export interface EncounterResult {
  readonly winner: Side | "draw";
  readonly rounds: number;
  readonly events: EncounterEvent[];
}
