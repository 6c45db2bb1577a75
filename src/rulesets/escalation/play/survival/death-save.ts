import type { Localize } from "../../../../engine/i18n";
import type { DeathSaveEffect, DeathSaveOutcome, DeathTrack } from "../../rules/death-save";
import type { HealthState } from "../../rules/health";
import { withResult, type EventLine, type EventLineInput } from "../views/card-event";

/**
 * A character's death saves, from its data: who makes one at the start of its turn, the track a
 * save leaves with the "acts from its next turn" mark, and the save's chat lines. The Foundry
 * layer rolls, heals and writes (`foundry/chat/death-save.ts`). Source:
 * `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves.
 */

/** Whether the character makes a death save at the start of its turn: Dying, or Last Gasp. */
export function makesDeathSaves(actor: {
  readonly isPC: boolean; readonly dead: boolean; readonly health: HealthState;
  readonly death: Pick<DeathTrack, "lastGasp">;
}): boolean {
  return actor.isPC && !actor.dead && (actor.health === "dying" || actor.death.lastGasp);
}

/**
 * The death track a save leaves: the rules' track and, when the save brings the character back
 * up (from Dying, or out of Last Gasp saves), `upNextTurn` unless it acts at once (natural 17+).
 * A failure changes no such mark.
 */
export function trackAfterSave(result: DeathSaveEffect): DeathTrack & { upNextTurn?: boolean } {
  const backUp = result.healFromZero || result.lastGaspEnded;
  return { ...result.track, ...(backUp ? { upNextTurn: !result.actNow } : {}) };
}

/**
 * The lines of a death save's card: the save and its result, a hard save's note, the heal from 0
 * (`healed`, when the save healed), Last Gasp's end, death.
 * @param before the track the save was made on.
 */
export function deathSaveLines(
  save: { readonly name: string; readonly natural: number; readonly outcome: DeathSaveOutcome },
  before: Pick<DeathTrack, "hardFirstSave">, result: DeathSaveEffect, healed: EventLine | null,
  t: Localize,
): EventLineInput[] {
  const { name, natural, outcome } = save;
  const said = t(`FRAY.DeathSave.${outcome}`, { name, natural, failures: result.track.failures });
  const lines: EventLineInput[] = [withResult(said, outcome === "failure" ? "failed" : "saved")];
  if (before.hardFirstSave) lines.push(t("FRAY.DeathSave.Hard"));
  if (healed) lines.push(healed);
  if (result.lastGaspEnded) lines.push(t("FRAY.DeathSave.LastGaspEnded", { name }));
  if (result.dead) lines.push(withResult(t("FRAY.DeathSave.Dead", { name }), "failed"));
  return lines;
}
