import { FrayActorBase } from "../../../../shell/documents/actor";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import { healthState, type HealthState } from "../../rules/health";
import type { ConditionId } from "../../rules/constants";
import { conditionsOfStatuses } from "../../play/round/end-phase";

/** phases' Actor subtypes. */
export const PHASES_ACTOR_TYPES: readonly string[] = ["phasesCharacter", "phasesNpc"];

/** Whether an actor is one of phases' (its data fits this ruleset's models). */
export const isPhasesActor = (actor: { readonly type: string }): boolean =>
  PHASES_ACTOR_TYPES.includes(actor.type);

/**
 * phases' Actor: characters and NPCs. The rules live in `../../rules/`; this class reads its own
 * data into their shapes (`statblock`). Source: `003_d18720f6cd315cc2.txt`; RULINGS.md §phases
 * Statistics.
 */
export class PhasesActor extends FrayActorBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayActorBase`). */
  static override rulesetTypes: readonly string[] = PHASES_ACTOR_TYPES;

  /**
   * The actor as the pure rules see it (statistics, tier, powers, items).
   * @throws StatblockError when its data does not fit its model (a foreign actor type).
   */
  get statblock(): Statblock {
    return statblockFromActor(this.toObject() as ActorDocumentSource);
  }

  /**
   * The phases conditions it bears: its statuses (`phases.<id>`), which its ActiveEffects set
   * (client/documents/actor.mjs keeps `Actor#statuses` from its effects).
   */
  get conditions(): ConditionId[] {
    return conditionsOfStatuses(this.statuses);
  }

  /** Up above 0 HP; at 0 a character is down and an NPC defeated. */
  get health(): HealthState {
    const hp = (this.system as { hp?: { value?: number } }).hp?.value ?? 0;
    return healthState(hp, this.type === "phasesCharacter");
  }
}
