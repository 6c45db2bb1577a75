import type { FlatFootedCause } from "../../rules/constants";
import type { UnitStates } from "../../rules/states";

/**
 * A unit's states (`rules/states.ts`) read from its statuses in Foundry: Foundry's own prone,
 * restrained (tied up), frozen and paralysis (client/config.mjs `statusEffects`), and wounds' own
 * snuck-up-on, channeling and disarmed (`WOUNDS_STATUSES`); a summon's first round from what the
 * GM keeps. Source: `001_dbc5fcc02a99a518.txt` §Flat Footed, §Prone, §Disarmed, §Channeling,
 * §Summoning Sickness.
 */
type StatusCause = Exclude<FlatFootedCause, "summoningSickness">;

export const STATUS_OF_CAUSE: Readonly<Record<StatusCause, string>> = {
  snuckUpOn: "wounds.snuckUpOn",
  tiedUp: "restrain",
  frozen: "frozen",
  paralyzed: "paralysis",
  channeling: "wounds.channeling",
};

export const PRONE_STATUS = "prone";
export const DISARMED_STATUS = "wounds.disarmed";

/** The status a paid action ends: standing up ends prone, retrieving ends disarmed. */
export function statusesAfterSpend(args: unknown): Record<string, boolean> {
  const action = (args as { action?: unknown } | null)?.action;
  if (action === "standUp") return { [PRONE_STATUS]: false };
  return action === "retrieve" ? { [DISARMED_STATUS]: false } : {};
}

/** wounds' own statuses (beside Foundry's), in the order the token HUD lists them. */
export const WOUNDS_STATUS_IDS = ["snuckUpOn", "channeling", "disarmed"] as const;

/**
 * The states `statuses` give, with summoning sickness when `sick`, and channeling when the GM
 * keeps it so (`channeling`: `play/round/cast.ts` `channelingKept`), whatever the status says:
 * the status is its owner's to remove.
 */
export function statesOf(statuses: ReadonlySet<string>, sick: boolean, channeling = false):
  UnitStates {
  const causes = (Object.entries(STATUS_OF_CAUSE) as [FlatFootedCause, string][])
    .filter(([, status]) => statuses.has(status)).map(([cause]) => cause);
  if (channeling && !causes.includes("channeling")) causes.push("channeling");
  if (sick) causes.push("summoningSickness");
  return {
    flatFooted: causes, prone: statuses.has(PRONE_STATUS), disarmed: statuses.has(DISARMED_STATUS),
  };
}
