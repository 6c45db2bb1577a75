import {
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../../rules/statblock";
import type { ActorFields } from "../../play/round/actor-health";

/**
 * An actor as shock reads it, on any Actor instance (see `play/round/actor-health.ts` for its
 * health): its data, and its whole source for the statblock. Source: `002_5e27cdf788b28f5f.txt`
 * §Damage.
 */
export interface ActorData extends ActorFields {
  toObject(): unknown;
}

/**
 * The actor as the pure rules see it (attack bonus, attributes, skills, AC, shield, weapons).
 * @throws StatblockError when its data does not fit its model (an actor of another ruleset).
 */
export function statblockOf(actor: Pick<ActorData, "toObject">): Statblock {
  return statblockFromActor(actor.toObject() as ActorDocumentSource);
}
