import { int, text } from "./spec";

/**
 * The fields every attack card declares as its author posts it (action-points, phases): who
 * attacks with which item (its id and name as posted), from which token at which token (and its
 * name as posted), and the encounter and round it was posted in ("" and 0 outside a started
 * combat). The author may edit every one of them after posting, so a GM reads them only as the
 * card was posted and checks each against the documents. A ruleset's card spec spreads these
 * into its own (`object({ ...ATTACK_CARD_FIELDS, … })`).
 */
export const ATTACK_CARD_FIELDS = {
  actorUuid: text(),
  itemId: text(),
  itemName: text(),
  /** The attacker's token and the target's. */
  tokenUuid: text(),
  targetTokenUuid: text(),
  targetName: text(),
  combatId: text(),
  round: int(0, 0),
} as const;
