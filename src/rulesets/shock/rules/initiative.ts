import type { SideEntry } from "../../../engine/initiative/sides";
import { PARTY_SIDE } from "./constants";
import type { Statblock } from "./statblock";

/**
 * Side initiative of the `shock` ruleset on the engine's `sides` scheme: each side rolls 1d8, the
 * party adds the highest DEX modifier among its members and wins its ties; other ties re-roll among
 * the tied; never re-rolled. A surprised side gives every other side one free round first.
 * Source: `002_5e27cdf788b28f5f.txt` §Combat Sequence, §Surprise; RULINGS.md §shock Side
 * initiative, Sides.
 */
export function partyBonus(party: readonly Pick<Statblock, "attributes">[]): number {
  if (!party.length) return 0;
  return Math.max(...party.map((b) => b.attributes.dex));
}

/** The initiative entries: the party first (favoured, with its DEX bonus), then each foe side. */
export function sideEntries(
  party: readonly Pick<Statblock, "attributes">[], foeSides: readonly string[],
): SideEntry[] {
  return [
    { id: PARTY_SIDE, bonus: partyBonus(party), favoured: true },
    ...foeSides.map((id) => ({ id, bonus: 0 })),
  ];
}

/** The sides that act in the free surprise round: every side but the surprised ones. */
export function surpriseActors(sides: readonly string[], surprised: readonly string[]): string[] {
  return sides.filter((s) => !surprised.includes(s));
}
