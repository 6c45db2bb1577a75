/**
 * Foundry's canvas treats the status named by `CONFIG.specialStatusEffects.INVISIBLE` ("invisible"
 * in v13, client/config.mjs) as invisibility to sight
 * (client/canvas/perception/detection-mode.mjs): on a scene with vision, players could neither see
 * nor target an Invisible enemy, and the rule (the attacker saves first) could not be played.
 * Fray's Invisible is a rules condition, so Foundry's canvas invisibility is pointed at a status of
 * its own that Fray never sets.
 */
export const CANVAS_INVISIBLE = "fray-canvas-invisible";

export function configureSpecialStatuses(special: Record<string, string>): void {
  special.DEFEATED = "dead";
  special.INVISIBLE = CANVAS_INVISIBLE;
}
