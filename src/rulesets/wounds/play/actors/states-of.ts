import type { FlatFootedCause } from "../../rules/constants";
import type { UnitStates } from "../../rules/states";
import type { KeptSource } from "../data/kept-spec";
import { channelingKept } from "../round/cast";

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

/** wounds' own statuses (beside Foundry's), in the order the token HUD lists them. */
export const WOUNDS_STATUS_IDS = ["snuckUpOn", "channeling", "disarmed"] as const;

/** The flat-footed causes a GM's condition gives, kept by the GM under the cause's name. */
const KEPT_CAUSES = ["snuckUpOn", "tiedUp", "frozen", "paralyzed"] as const;

/**
 * The conditions the GM keeps (`WoundsCombat.keptStatuses`, `shell/combat/kept-statuses.ts`):
 * each kept field with its status. A player may not shed them by hand: standing up, taking back
 * an item, or a GM ends them.
 */
export const KEPT_STATUSES: Readonly<Record<string, string>> = {
  prone: PRONE_STATUS, disarmed: DISARMED_STATUS,
  ...Object.fromEntries(KEPT_CAUSES.map((cause) => [cause, STATUS_OF_CAUSE[cause]])),
};

/** What the GM keeps of a unit's states (the statuses are its owner's to remove). */
export interface HeldStates {
  readonly channeling: boolean;
  readonly prone: boolean;
  readonly disarmed: boolean;
  readonly causes: readonly FlatFootedCause[];
}

/** The states the GM keeps of a combatant (none outside a battle: `null`). */
export const heldStates = (kept: KeptSource | null | undefined): HeldStates | undefined =>
  (kept ? {
    channeling: channelingKept(kept), prone: kept.prone, disarmed: kept.disarmed,
    causes: KEPT_CAUSES.filter((cause) => kept[cause]),
  } : undefined);

/**
 * The states `statuses` give, with summoning sickness when `sick`, and those the GM keeps
 * (`held`: channeling, its conditions), whatever the statuses say.
 */
export function statesOf(statuses: ReadonlySet<string>, sick: boolean, held?: HeldStates):
  UnitStates {
  const causes = (Object.entries(STATUS_OF_CAUSE) as [FlatFootedCause, string][])
    .filter(([, status]) => statuses.has(status)).map(([cause]) => cause);
  const kept = [...held?.causes ?? [], ...held?.channeling ? ["channeling" as const] : []];
  for (const cause of kept) if (!causes.includes(cause)) causes.push(cause);
  if (sick) causes.push("summoningSickness");
  return {
    flatFooted: causes, prone: statuses.has(PRONE_STATUS) || Boolean(held?.prone),
    disarmed: statuses.has(DISARMED_STATUS) || Boolean(held?.disarmed),
  };
}
