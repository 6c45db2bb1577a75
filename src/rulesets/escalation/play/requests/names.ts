/**
 * The names of Fray's GM requests (registered as `CONFIG.queries["fray.<name>"]`): the player's
 * side asks by name, the GM's side (`src/rulesets/escalation/foundry/gm/`) registers the handler,
 * and neither imports the other.
 */
export const REQUESTS = {
  shift: "shift",
  delay: "delay",
  ready: "ready",
  disengage: "disengage",
  spirit: "spirit",
  stabilise: "stabilise",
  grantSave: "grantSave",
  sustain: "sustain",
  offerOpportunity: "offerOpportunity",
} as const;
