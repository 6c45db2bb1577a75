import type { SlotBag, SlotEconomy } from "../../../engine/economy/slots";
import { ATTACK_ACTIONS, MOVE_ACTIONS } from "./constants";

/**
 * A `wounds` turn on the engine's slots (`engine/economy/slots.ts`): 1 Attack Action, 1 Move
 * Action and 2 Bonus Actions a turn (fewer Bonus Actions with weakening wounds), and the round's
 * Free Hit Slots. What each pays (cheapest option first; the taker may pick another):
 * - attack: an Attack Action; the extra attack: the Move Action and both Bonus Actions;
 * - move; a spell's cast time, one action at a time: an Attack or a Move Action;
 * - pick up, draw or sheathe, talk, retrieve a disarmed item: a Bonus, Move or Attack Action;
 * - toggle a spell's effects, each purchase (`purchases.ts`): a Bonus Action;
 * - disengage: an Attack Action or two Bonus Actions;
 * - stand up: a Bonus, Move or Attack Action, off the turn from the next turn's (none left: not);
 * - a free hit: a Free Hit Slot, on or off the turn; a tragedy's free hit: nothing;
 * - delay: nothing (it moves the turn).
 * Source: `001_dbc5fcc02a99a518.txt` §Attack Action, §Move Action, §Bonus Actions, §Disengage,
 * §Prone, §Disarmed, §Free Hits; RULINGS.md §wounds Turn, Free hit, Bonus purchases.
 */
export const SLOT_IDS = {
  attack: "attack", move: "move", bonus: "bonus", freeHit: "freeHit",
} as const;

/** The actions' ids (a sheet's buttons, a card's spend). */
export const ACTION_IDS = [
  "attack", "extraAttack", "move", "castAction", "pickUp", "drawOrSheathe", "talk", "retrieve",
  "toggleSpell", "buyMeleeDamage", "buyToHit", "buyDodge", "buyMovement", "disengage", "standUp",
  "freeHit", "tragedyFreeHit", "delay",
] as const;
export type ActionId = (typeof ACTION_IDS)[number];

const ANY_ACTION: readonly SlotBag[] = [{ bonus: 1 }, { move: 1 }, { attack: 1 }];

/**
 * One unit's economy from its derived Bonus Actions and Free Hit Slots (`derived.ts`).
 * @throws RangeError for a negative or fractional count.
 */
export function woundsEconomy(counts: {
  readonly bonusActions: number; readonly freeHitSlots: number;
}): SlotEconomy {
  const checked: readonly [string, number][] = [
    ["bonusActions", counts.bonusActions], ["freeHitSlots", counts.freeHitSlots],
  ];
  for (const [k, n] of checked) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`${k} must be a count, got ${n}`);
  }
  const actions: Record<ActionId, SlotEconomy["actions"][string]> = {
    attack: { when: "turn", options: [{ attack: 1 }] },
    extraAttack: { when: "turn", options: [{ move: 1, bonus: 2 }] },
    move: { when: "turn", options: [{ move: 1 }] },
    castAction: { when: "turn", options: [{ attack: 1 }, { move: 1 }] },
    pickUp: { when: "turn", options: ANY_ACTION },
    drawOrSheathe: { when: "turn", options: ANY_ACTION },
    talk: { when: "turn", options: ANY_ACTION },
    retrieve: { when: "turn", options: ANY_ACTION },
    toggleSpell: { when: "turn", options: [{ bonus: 1 }] },
    buyMeleeDamage: { when: "turn", options: [{ bonus: 1 }] },
    buyToHit: { when: "turn", options: [{ bonus: 1 }] },
    buyDodge: { when: "turn", options: [{ bonus: 1 }] },
    buyMovement: { when: "turn", options: [{ bonus: 1 }] },
    disengage: { when: "turn", options: [{ attack: 1 }, { bonus: 2 }] },
    standUp: { when: "any", options: ANY_ACTION, fromNextTurn: true },
    freeHit: { when: "any", options: [{ freeHit: 1 }] },
    tragedyFreeHit: { when: "any", options: [{}] },
    delay: { when: "turn", options: [{}] },
  };
  return {
    slots: {
      attack: { count: ATTACK_ACTIONS, refill: "turn" },
      move: { count: MOVE_ACTIONS, refill: "turn" },
      bonus: { count: counts.bonusActions, refill: "turn" },
      freeHit: { count: counts.freeHitSlots, refill: "round" },
    },
    actions,
  };
}

/** The action that buys each purchase. */
export const PURCHASE_ACTIONS = {
  meleeDamage: "buyMeleeDamage", toHit: "buyToHit", dodge: "buyDodge", movement: "buyMovement",
} as const satisfies Readonly<Record<string, ActionId>>;
