import type { DiceRoller } from "../rules/dice/roller";
import type { EncounterEvent } from "./events";
import type { Fighter } from "./fighter";

/**
 * What every step of a headless turn needs: the dice, the round, and where events go. One object
 * per encounter; the runner moves `round`, `escalation` and `turn` along (steps only read them).
 */
export interface TurnContext {
  /** Events are built only when recording (off for fast trials). */
  readonly record: boolean;
  round: number;
  escalation: number;
  readonly roller: DiceRoller;
  readonly emit: (e: EncounterEvent) => void;
  /** Everyone in the encounter (targets, allies to stabilise, sources of effects). */
  readonly fighters: readonly Fighter[];
  /** Key of the fighter whose turn it is. */
  turn: string | null;
  /** Next effect instance number (shared by the whole encounter). */
  readonly nextEffect: () => string;
}
