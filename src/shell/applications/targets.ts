/**
 * The token a single-target action names: the user's one targeted token. Foundry keeps a user's
 * targets on its client as a set of placeable Tokens (`game.user.targets`, client/documents/
 * user.mjs, filled by client/canvas/placeables/token.mjs `setTarget`); none or several name no
 * one, and the caller says so (each ruleset in its own words).
 * @returns the Token (its document is `.document`), or null unless exactly one is targeted.
 */
export function oneTargetedToken(): Token.Implementation | null {
  const targets = [...(game.user?.targets ?? [])];
  return targets.length === 1 ? targets[0] ?? null : null;
}
