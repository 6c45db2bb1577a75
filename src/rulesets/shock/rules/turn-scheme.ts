import type { SlotEconomy } from "../../../engine/economy/slots";
import { sidesPlan, type SideEntry, type SideInitiative } from "../../../engine/initiative/sides";
import { ONE_PASS, type TurnScheme } from "../../../engine/turns/scheme";
import { INITIATIVE_DIE } from "./constants";

/** A combatant as shock's turn order reads it. */
export interface TurnEntry {
  readonly id: string;
  /** Its side's rank (0 acts first); null when its side has not rolled yet (acts last). */
  readonly rank: number | null;
  readonly order: number;
  readonly name: string;
}

/** Sides highest first, then the order the side's owners chose, then name and id (stable). */
export function compareTurns(a: TurnEntry, b: TurnEntry): number {
  const ra = a.rank ?? Number.MAX_SAFE_INTEGER;
  const rb = b.rank ?? Number.MAX_SAFE_INTEGER;
  return ra - rb || a.order - b.order || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/**
 * shock's round budget as the engine's slots: one Main and one Move a round, the Main paying for a
 * second Move, a charge taking both, an Instant (Total Defense, Snap Attack) giving up the unspent
 * Main even off the turn. The Foundry layer stores it as the rules' `Budget` (`rules/actions.ts`,
 * which `test/turn-scheme.test.ts` holds to these slots). Source: `002_5e27cdf788b28f5f.txt`
 * §Combat Action Types; RULINGS.md §shock Actions.
 */
export const SHOCK_ECONOMY: SlotEconomy = {
  slots: { main: { count: 1, refill: "round" }, move: { count: 1, refill: "round" } },
  actions: {
    main: { when: "turn", options: [{ main: 1 }] },
    move: { when: "turn", options: [{ move: 1 }, { main: 1 }] },
    charge: { when: "turn", options: [{ main: 1, move: 1 }] },
    instant: { when: "any", options: [{ main: 1 }] },
    free: { when: "any", options: [{}] },
  },
};

/**
 * shock's turn scheme: each side rolls 1d8 once for its members (the party adds its best DEX and
 * wins its ties, other ties roll off: the engine's `sidesPlan`), one ordered pass a round (sides
 * highest first, members in the order their owners pick), the round budget refilled at the round's
 * start, the sides as v13 CombatantGroups, and a surprise round the marked sides sit out.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise, §Combat Action Types.
 */
export const SHOCK_TURNS: TurnScheme<TurnEntry, SideEntry, SideInitiative> = {
  initiative: {
    by: "group", reroll: "never", plan: (sides) => sidesPlan(sides, INITIATIVE_DIE),
  },
  compare: compareTurns,
  steps: ONE_PASS,
  economy: { kind: "slots", slots: SHOCK_ECONOMY },
  groups: { kind: "documents", names: [] },
  surprise: { marks: "sittersOut", unit: "group" },
};
