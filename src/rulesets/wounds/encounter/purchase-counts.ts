import type { Purchase } from "../rules/constants";

/**
 * A unit's Bonus Action purchases as the runner keeps them: a count of each, changed in place,
 * where the rules keep a list of records (`rules/purchases.ts`: `buy`, `activePurchases`,
 * `afterAttack`, `atTurnStart`, `atTurnEnd`) that every turn and attack filtered into a new
 * array. A fight's rounds only go forward and it asks for the current round, so the melee damage
 * bought in an earlier round never counts again: one count and its round are enough.
 * `test/purchase-counts.test.ts` plays random purchases, attacks and turns through both and
 * finds the same counts at every step. Source: `001_dbc5fcc02a99a518.txt` §Bonus Actions;
 * RULINGS.md §wounds Turn, Bonus purchases.
 */
export class PurchaseCounts {
  /** +1 melee damage bought in round `meleeDamageRound` (they last that round). */
  meleeDamage = 0;
  meleeDamageRound = -1;
  /** +1 to hit, used up by the buyer's next attack. */
  toHit = 0;
  /** +1 dodge, until the buyer's next turn. */
  dodge = 0;
  /** +2 movement, for the turn it was bought in. */
  movement = 0;

  /** One more `kind` bought in `round` (rounds never go back). */
  buy(kind: Purchase, round: number): void {
    if (kind === "meleeDamage") {
      if (this.meleeDamageRound !== round) this.meleeDamage = 0;
      this.meleeDamageRound = round;
      this.meleeDamage++;
    } else if (kind === "toHit") this.toHit++;
    else if (kind === "dodge") this.dodge++;
    else this.movement++;
  }

  /** The melee damage purchases that count in `round` (the current one). */
  meleeDamageIn(round: number): number {
    return this.meleeDamageRound === round ? this.meleeDamage : 0;
  }

  /** After the buyer's attack: its +1s to hit are used up. */
  afterAttack(): void {
    this.toHit = 0;
  }

  /** At the start of the buyer's turn: only unused +1s to hit carry on. */
  atTurnStart(): void {
    this.meleeDamage = 0;
    this.dodge = 0;
    this.movement = 0;
  }

  /** At the end of the buyer's turn: its extra movement ends. */
  atTurnEnd(): void {
    this.movement = 0;
  }

  /** Nothing bought (a unit as a fight begins). */
  clear(): void {
    this.meleeDamage = 0;
    this.meleeDamageRound = -1;
    this.toHit = 0;
    this.dodge = 0;
    this.movement = 0;
  }
}
