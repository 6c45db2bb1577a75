import { characterData } from "../data/accessors";
import { mayAct } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";
import type { CharacterSource } from "../../rules/models";

/**
 * Who may act in Foundry, read from an actor's data by the rules' one test (`mayAct`) (the death
 * track a change of HP leaves is `play/actors/death-track.ts`'s). Pure: it reads the actor's
 * getters and data only.
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death ("They can act on their next turn"; a heal
 * ends Dying "as if they had succeeded" at a death save), §Last Gasp Saves (death saves "as if
 * they were dropped below 0": no actions meanwhile).
 */
export interface ActingActor {
  readonly isPC: boolean;
  readonly health: HealthState;
  readonly dead: boolean;
  readonly system: unknown;
}

type DeathData = CharacterSource["death"];

/** A character's death track as stored (NPCs have none). */
function deathOf(actor: ActingActor): DeathData | null {
  return actor.isPC ? characterData(actor.system).death : null;
}

/**
 * Whether the actor may take actions and reactions now (its turn's, opportunity attacks,
 * Interrupts): not Dying or defeated, not dead, not making Last Gasp saves, and not back up and
 * waiting for its next turn (`rules/death-save.ts` mayAct).
 */
export function mayActNow(actor: ActingActor): boolean {
  const death = deathOf(actor);
  return mayAct(actor.health, death?.lastGasp ?? false, death?.upNextTurn ?? false, actor.dead);
}

/** Why an actor may not act now, as the key of a localized `FRAY.Use.*` warning. */
export type ActRefusal = "FRAY.Use.Down" | "FRAY.Use.LastGasp" | "FRAY.Use.UpNextTurn";

/**
 * Why the actor may not act now, or null when it may (exactly when `mayActNow` is true). Down
 * first (Dying, defeated or dead), then Last Gasp saves, then back up until its next turn.
 */
export function actRefusal(actor: ActingActor): ActRefusal | null {
  if (mayActNow(actor)) return null;
  const death = deathOf(actor);
  if (actor.dead || actor.health === "dying" || actor.health === "defeated") return "FRAY.Use.Down";
  if (death?.lastGasp) return "FRAY.Use.LastGasp";
  return "FRAY.Use.UpNextTurn";
}
