import {
  compareRanked, rankByScorePlan, type RankedEntry, type RollEntry,
} from "../../../engine/initiative/ranked";
import { ONE_PASS, type TurnScheme } from "../../../engine/turns/scheme";
import { BONUS_ACTIONS, INITIATIVE_TIE_DIE } from "./constants";
import { woundsEconomy } from "./economy";
import { WOUNDS_REROLL } from "./initiative";

/**
 * wounds' turn scheme: each combatant is ranked once by its Agility modifier (the roll entry's
 * `modifier`), ties rolled off on a d20, the fight's starter (`last`) after everyone; one pass a
 * round; the slots of a turn (the economy here is an unwounded unit's with one Free Hit Slot: it
 * says which edges refill slots, each unit's own counts come from `woundsEconomy` with its
 * derived values); no groups; no surprise round (the text has none: the starter goes last).
 * Source: `001_dbc5fcc02a99a518.txt` §Combat rules, §Initiative/Initiating, §Free Hits;
 * RULINGS.md §wounds Initiative, Turn.
 */
export const WOUNDS_TURNS: TurnScheme<RankedEntry, RollEntry, RankedEntry[]> = {
  initiative: {
    by: "combatant", reroll: WOUNDS_REROLL,
    plan: (units) => rankByScorePlan(
      units.map((u) => ({ id: u.id, score: u.modifier, last: u.last === true })),
      INITIATIVE_TIE_DIE,
    ),
  },
  compare: compareRanked,
  steps: ONE_PASS,
  economy: {
    kind: "slots", slots: woundsEconomy({ bonusActions: BONUS_ACTIONS, freeHitSlots: 1 }),
  },
  groups: { kind: "none", names: [] },
};
