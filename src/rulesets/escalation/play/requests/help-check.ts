import type { HealthState } from "../../rules/health";

/** Stabilising a Dying ally, or granting a Last Gasp save. */
export type HelpKind = "stabilise" | "grantSave";

/** The helped character as the check reads it: its health and death track. */
export interface Helped {
  readonly health: HealthState;
  readonly death: { readonly stabilized: boolean; readonly lastGasp: boolean };
}

/**
 * Why a helper may not stabilise or grant a save to `target` now (the lang key), or null: a
 * stabilise needs a Dying, not yet stable character; a granted save a character making Last Gasp
 * saves. The helper's turn and Standard action are checked by the request.
 * Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves.
 */
export function helpRefusal(kind: HelpKind, target: Helped): "FRAY.DeathSave.NotDying" | null {
  const helpable = kind === "stabilise"
    ? target.health === "dying" && !target.death.stabilized
    : target.death.lastGasp;
  return helpable ? null : "FRAY.DeathSave.NotDying";
}
