import {
  array, bool, choice, int, object, text, type SourceOf,
} from "../../../../engine/schema/spec";
import { DURATIONS } from "../../rules/constants";

/**
 * What the GM trusts of a `phases` combatant, kept on its Combat (`shell/combat/kept.ts`) where
 * no player can write: its place in this round's initiative, the round it was rolled in and the
 * round it seized the initiative in, what it used of the round (its movement power and its
 * Battle action, with the movement power's squares), and the Battle actions whose effect
 * outlasts the turn (Defend, Disengage). Rounds are stored rather than flags so that a new
 * round's roll or seize needs no clearing of the last. Source: `003_d18720f6cd315cc2.txt` §Initiative Phase, §Movement Phase,
 * §Battle Phase; RULINGS.md §phases Initiative phase, Seizing.
 */
export const KEPT_SPEC = object({
  /** Its place in the round's initiative, highest first (0), before seizing; −1 until rolled. */
  order: int(-1, -1),
  /** The round its `order` was rolled in (0: never). */
  rolled: int(0, 0),
  /** The round it seized the initiative in (0: never). */
  seized: int(0, 0),
  /** Movement powers and Battle actions used this round. */
  movement: int(0, 0),
  battle: int(0, 0),
  /**
   * This round's movement power (its id, `movementPowersOf`), the squares walked with it, whether
   * its move picked it (a drag with none chosen: it may grow into a longer default), and the enemy
   * a Charge ended beside (its combatant id).
   */
  movePower: text(""),
  moveSquares: int(0, 0),
  moveAuto: bool(false),
  chargeAt: text(""),
  /** The combatant it Delays after, and the round it Delayed in (0: never): its Battle turn. */
  delayAfter: text(""),
  delayed: int(0, 0),
  /** The round it took Defend in, until its next turn starts (0: not Defending). */
  defended: int(0, 0),
  /** The round it took Disengage in (its attacks have Disadvantage to the next round's end). */
  disengaged: int(0, 0),
  /**
   * How long each condition on it lasts, by its ActiveEffect's id, as the GM applied it (a
   * power's duration, one the End phase ends or saves against, and the round it began). The End phase reads durations here, never from
   * the effect, whose flags the actor's owner may write; a condition with none here (put on from
   * the token HUD) ends on an End-phase save, as ruled.
   */
  conditions: array(object({
    effect: text(), name: choice(DURATIONS, "saveEnds"), round: int(0, 0),
  })),
});

export type KeptSource = SourceOf<typeof KEPT_SPEC>;

/** The kept fields that hold other combatants' ids (`FrayKeptCombat.keptRefs`). */
export const KEPT_REFS: readonly string[] = ["chargeAt", "delayAfter"];
