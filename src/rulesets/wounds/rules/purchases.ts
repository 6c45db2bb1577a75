import { PURCHASES, type Purchase } from "./constants";

/**
 * What a unit bought with Bonus Actions, each purchase its own record, repeatable, and how long
 * each lasts: +1 melee damage for the round it was bought in; +1 to hit on the next attack (used
 * up by it); +1 dodge until the buyer's next turn; +2 movement for the turn it was bought in.
 * Source: `001_dbc5fcc02a99a518.txt` §Bonus Actions; RULINGS.md §wounds Turn, Bonus purchases.
 */
export type Bought = {
  readonly kind: Purchase;
  /** The round it was bought in. */
  readonly round: number;
};

/** How many of each purchase count now (amounts: `PURCHASE_AMOUNTS`). */
export type PurchaseCounts = Readonly<Record<Purchase, number>>;

/** The purchases after buying one more. @throws RangeError for an unknown kind. */
export function buy(list: readonly Bought[], kind: Purchase, round: number): Bought[] {
  if (!PURCHASES.includes(kind)) throw new RangeError(`unknown purchase ${String(kind)}`);
  return [...list, { kind, round }];
}

/** How many of each count in `round` (melee damage only from this round's purchases). */
export function activePurchases(list: readonly Bought[], round: number): PurchaseCounts {
  const out: Record<Purchase, number> = { meleeDamage: 0, toHit: 0, dodge: 0, movement: 0 };
  for (const b of list) {
    if (b.kind === "meleeDamage" && b.round !== round) continue;
    out[b.kind]++;
  }
  return out;
}

/** After the buyer's attack: its bought +1s to hit are used up. */
export const afterAttack = (list: readonly Bought[]): Bought[] =>
  list.filter((b) => b.kind !== "toHit");

/**
 * At the start of the buyer's turn: dodge and movement bought before end, and melee damage of an
 * earlier round; only unused +1s to hit carry on.
 */
export const atTurnStart = (list: readonly Bought[]): Bought[] =>
  list.filter((b) => b.kind === "toHit");

/** At the end of the buyer's turn: its extra movement ends. */
export const atTurnEnd = (list: readonly Bought[]): Bought[] =>
  list.filter((b) => b.kind !== "movement");
