import { FrayActorBase } from "../../../../shell/documents/actor";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import { healthOfActor, hpOf, type HealthState } from "../../play/actors/health";

const ACTOR_TYPES = ["actionPointsCharacter", "actionPointsNpc"];

/**
 * action-points' Actor: characters and NPCs. The rules live in `../../rules/`; this class reads
 * its own data into their shapes (`statblock`) and writes their answers back (HP).
 * Source: `004_2cc57162401858c9.txt`; RULINGS.md §action-points Hit points.
 */
export class ActionPointsActor extends FrayActorBase {
  /** The create dialog offers this ruleset's own subtypes only (`FrayActorBase`). */
  static override rulesetTypes: readonly string[] = ACTOR_TYPES;

  get health(): HealthState {
    return healthOfActor(this);
  }

  /**
   * The actor as the pure rules see it (skills, size, pools, weapons, spells).
   * @throws StatblockError when its data does not fit its model (a foreign actor type).
   */
  get statblock(): Statblock {
    return statblockFromActor(this.toObject() as ActorDocumentSource);
  }

  /**
   * Changes HP by `delta` (negative: damage), within 0 and the maximum.
   * @returns HP before and after.
   */
  async changeHp(delta: number): Promise<{ before: number; after: number }> {
    const { value, max } = hpOf(this);
    const after = Math.min(max, Math.max(0, value + delta));
    if (after === value) return { before: value, after };
    await this.update({ system: { hp: { value: after } } } as Actor.UpdateData);
    return { before: value, after };
  }
}
