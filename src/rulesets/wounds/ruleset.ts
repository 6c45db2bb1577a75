import type { Ruleset } from "../../engine/ruleset";
import { compareRanked, type RankedEntry } from "../../engine/initiative/ranked";
import { WOUNDS_CHAIN } from "../../engine/dice/chain";
import {
  ATTACK_ACTIONS, ATTACK_FACES, BONUS_ACTIONS, INITIATIVE_TIE_DIE, MOVE_ACTIONS,
} from "./rules/constants";
import { WOUNDS_TURNS } from "./rules/turn-scheme";
import { woundsEconomy } from "./rules/economy";

/**
 * The `wounds` ruleset's pure description (`001_dbc5fcc02a99a518.txt`): a d20 against 10 +
 * Agility with critical and tragedy chains, Agility order fixed for the battle, an Attack, a Move
 * and two Bonus Actions a turn and the round's Free Hit Slots.
 */
export const WOUNDS: Ruleset<RankedEntry> = {
  id: "wounds",
  label: "FRAY.Wounds.Ruleset",
  source: "001_dbc5fcc02a99a518.txt",
  check: { dice: 1, faces: ATTACK_FACES, edge: "none", chain: WOUNDS_CHAIN },
  initiative: {
    kind: "ranked", groups: [], compare: compareRanked, reroll: "never",
    tieDie: INITIATIVE_TIE_DIE,
  },
  economy: {
    onTurn: { attack: ATTACK_ACTIONS, move: MOVE_ACTIONS, bonus: BONUS_ACTIONS },
    offTurn: { freeHit: Infinity },
    substitutes: [],
    kind: "slots",
    // An unwounded unit's with one Free Hit Slot: each unit's own counts come from its derived
    // values (`rules/economy.ts`).
    slots: woundsEconomy({ bonusActions: BONUS_ACTIONS, freeHitSlots: 1 }),
  },
  damage: ["roll", "strength", "sneak", "multiplier", "armor", "wound"],
  conditions: ["down", "defeated", "flatFooted", "prone", "disarmed", "channeling", "summoned"],
  escalationDie: false,
  turns: WOUNDS_TURNS,
};
