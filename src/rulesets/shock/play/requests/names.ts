/**
 * The names of shock's GM requests (`CONFIG.queries["fray.<name>"]`): the player's side asks by
 * name, `foundry/gm/` registers the handlers, and neither imports the other. Prefixed, so they
 * never meet another ruleset's.
 */
export const REQUESTS = {
  actNext: "shockActNext",
  firstAid: "shockFirstAid",
  maneuver: "shockManeuver",
  breakFree: "shockBreakFree",
  offerOpportunity: "shockOfferOpportunity",
  carry: "shockCarry",
} as const;
