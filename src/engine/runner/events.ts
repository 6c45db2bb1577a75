/**
 * The event kinds every ruleset's runner logs, one event per line a Foundry table's chat would
 * show. Each ruleset's event union extends these with its own payload (escalation's round carries
 * the escalation die, shock's turn its side, each attack its own dice and modifiers) and adds its
 * own kinds (saves, moves, morale…). Whatever a ruleset adds, these fields mean the same thing in
 * every log, so a reader of any ruleset's `--json` finds who attacked whom, what hit, the HP before
 * and after each damage, who fell and who won in the same places.
 *
 * Key order is part of the log (the pinned hashes are taken over the JSON bytes): the object a
 * ruleset builds decides it, not these types.
 */

/** Every event names the round it happened in (0: before round 1, e.g. the surprise round). */
export interface RunnerEvent {
  kind: string;
  round: number;
}

/** A round begins (the runner emits it before the round's first step). */
export interface RoundEvent extends RunnerEvent {
  kind: "round";
}

/** A combatant's turn begins (the runner emits it before the turn's first step). */
export interface TurnEvent extends RunnerEvent {
  kind: "turn";
  /** The acting combatant's key (unique in the fight, `keys.ts`). */
  actor: string;
}

/** One attack roll against one target. */
export interface AttackEvent extends RunnerEvent {
  kind: "attack";
  /** The roll's id, unique in the fight: the damage and effects it causes name it. */
  id: string;
  attacker: string;
  target: string;
  /** Every die rolled. */
  dice: number[];
  /** The die (or the kept dice's sum) before modifiers. */
  natural: number;
  total: number;
  hit: boolean;
}

/** HP lost by one combatant. */
export interface DamageEvent extends RunnerEvent {
  kind: "damage";
  /** Who dealt it (the attacker, or the source of an ongoing effect). */
  source: string;
  target: string;
  /** HP taken off (after every step of the ruleset's damage pipeline). */
  amount: number;
  /** The damage dice rolled (none for flat damage). */
  dice: number[];
  /** Why: the ruleset's names (a hit, a miss's damage, ongoing damage, Shock…). */
  reason: string;
  /** The attack roll it comes from, else null. */
  attack: string | null;
  hpBefore: number;
  hpAfter: number;
}

/** A condition instance begins or ends on a combatant (for the rulesets that have conditions). */
export interface ConditionEvent extends RunnerEvent {
  kind: "condition";
  target: string;
  /** The ruleset's condition id. */
  condition: string;
  /** Began (true) or ended (false). */
  added: boolean;
  /** Who applied it. */
  source: string;
  /** Why it began or ended, in the ruleset's names. */
  reason: string;
}

/** A combatant's health state changes (falls, rises, dies, flees), in the ruleset's names. */
export interface FallEvent<S extends string = string> extends RunnerEvent {
  kind: "state";
  actor: string;
  state: S;
}

/** The fight is over: the side left standing, or "draw" when the rounds ran out. */
export interface OutcomeEvent<W extends string = string> extends RunnerEvent {
  kind: "end";
  winner: W | "draw";
}
