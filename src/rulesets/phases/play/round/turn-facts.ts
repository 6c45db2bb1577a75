import type { ConditionId } from "../../rules/constants";
import type { KeptSource } from "../data/kept-spec";

/**
 * What the GM reads of a combatant to rule an act of its turn (a Battle action, a movement
 * power, a move): the round and the step the tracker stands in, whether the turn is its own,
 * whether it stands, what the GM keeps of it and the conditions it bears.
 */
export interface TurnFacts {
  readonly round: number;
  /** The step the tracker stands in (`FraySteppedCombat#currentStep`). */
  readonly step: string | null;
  readonly ownTurn: boolean;
  readonly up: boolean;
  readonly kept: KeptSource;
  readonly conditions: readonly ConditionId[];
}
