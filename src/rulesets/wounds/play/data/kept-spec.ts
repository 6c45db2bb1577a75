import {
  array, bool, choice, int, object, text, type SourceOf,
} from "../../../../engine/schema/spec";
import { PURCHASES } from "../../rules/constants";

/**
 * What the GM trusts of a wounds combatant, kept on its Combat (`shell/combat/kept.ts`) where no
 * player can write: its place in the battle's order, the slots it has left this turn (Attack,
 * Move, Bonus) and this round (Free Hit Slots), the turn slots it already spent from its next turn
 * (standing up off its turn), its bonus purchases, and the round it was summoned in.
 * Source: `001_dbc5fcc02a99a518.txt` §Attack Action, §Move Action, §Bonus Actions, §Free Hits,
 * §Prone, §Summoning Slots; RULINGS.md §wounds Turn, Bonus purchases.
 */
export const KEPT_SPEC = object({
  /** Its place in the order (0 acts first); −1 until placed. */
  order: int(-1, -1),
  /** Slots left now (filled as the fight starts and at each refill). */
  attack: int(0, 0),
  move: int(0, 0),
  bonus: int(0, 0),
  freeHit: int(0, 0),
  /** Turn slots spent ahead from its next turn. */
  owedAttack: int(0, 0),
  owedMove: int(0, 0),
  owedBonus: int(0, 0),
  /** Its purchases, each its own record (`rules/purchases.ts`). */
  purchases: array(object({ kind: choice(PURCHASES, "toHit"), round: int(0, 0) })),
  /**
   * Whether its Move Action this turn went to moving (the sheet's Move, or its first drag), and
   * the spaces its drags walked since (`play/round/walk.ts`).
   */
  walking: bool(false),
  walked: int(0, 0),
  /**
   * Its conditions as the GM keeps them (`play/actors/states-of.ts` `KEPT_STATUSES`): what the
   * rules read, where the statuses are the owner's to remove.
   */
  prone: bool(false),
  disarmed: bool(false),
  snuckUpOn: bool(false),
  tiedUp: bool(false),
  frozen: bool(false),
  paralyzed: bool(false),
  /** The round of the turn it disengaged in (0: none): its moves then give no free hit. */
  disengaged: int(0, 0),
  /** The round it delayed its turn in (0: none) and whom its turn comes after then. */
  delayed: int(0, 0),
  delayAfter: text(),
  /** The round it was summoned in (0: not a summon of this fight). */
  summoned: int(0, 0),
  /**
   * The attack spell whose cast time it has paid in full (its item id; "" none): its attack card
   * is due, and that card pays no action of its own.
   */
  castReady: text(),
  // Casting and summoning (`play/round/cast.ts`, §Spell Casting, §Channeling, §Summoning Slots).
  /** The spell whose cast is under way (its item id; "" none). */
  casting: text(),
  /** Actions paid so far towards that cast's time (its MP were paid with the first). */
  castPaid: int(0, 0),
  /**
   * Whether that cast channels now (set by each press and at the turn's end): what the GM trusts,
   * where the channeling status is the actor's owner's to write.
   */
  castChanneling: bool(false),
  /** The spell it keeps up (its item id; "" none: `rules/upkeep.ts`), and whether it is off. */
  upkept: text(),
  upkeptOff: bool(false),
  /** For a summon: the combatant id of its summoner ("" none). */
  summoner: text(),
  /**
   * For a summon: its thrall cost as the GM read it from the pack's actor when it came (its
   * token's synthetic actor is its player's to write).
   */
  thrallCost: int(0, 0),
});

export type KeptSource = SourceOf<typeof KEPT_SPEC>;

/** The kept fields that hold other combatants' ids (`FrayKeptCombat.keptRefs`). */
export const KEPT_REFS: readonly string[] = ["delayAfter", "summoner"];
