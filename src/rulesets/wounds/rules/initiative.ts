import { runSync, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import {
  joinOrder, rankByScorePlan, type RankedEntry, type RerollPolicy,
} from "../../../engine/initiative/ranked";
import { INITIATIVE_TIE_DIE } from "./constants";

/**
 * `wounds` initiative: units act by Agility modifier, highest first; ties are rolled off once on a
 * d20 (those still tied roll again among themselves) and the order is kept for the battle; a unit
 * that started the fight by attacking goes last whatever its Agility; a unit may delay its turn
 * for the round only. Wounds taken later do not change an order already set. The engine's ranked
 * initiative by a known score (`rankByScorePlan`, `last` for the initiator).
 * Source: `001_dbc5fcc02a99a518.txt` §Initiative/Initiating; RULINGS.md §wounds Initiative,
 * Wounds stack.
 */
export interface InitiativeEntry {
  readonly id: string;
  /** The Agility modifier when the order is set. */
  readonly agility: number;
  /** It started the fight by attacking (the GM marks it): it goes last. */
  readonly initiator?: boolean;
}

/** The order is set once and never rolled again (engine `roundOrderPlan`'s policy). */
export const WOUNDS_REROLL: RerollPolicy = "never";

/**
 * The plan of the battle's order: no dice unless Agility ties, then d20 roll-offs labelled
 * `roll-off`. @returns the order, first to act first. @throws RangeError when ids repeat.
 */
export function initiativePlan(entries: readonly InitiativeEntry[]): RollPlan<RankedEntry[]> {
  return rankByScorePlan(
    entries.map((e) => ({ id: e.id, score: e.agility, last: e.initiator === true })),
    INITIATIVE_TIE_DIE,
  );
}

/** {@link initiativePlan} with a core roller. */
export function rollInitiative(
  entries: readonly InitiativeEntry[], roller: DiceRoller,
): RankedEntry[] {
  return runSync(initiativePlan(entries), roller);
}

/**
 * Units joining a battle whose order is set (a summon, a late arrival): ranked among themselves,
 * then placed after those they do not beat (engine `joinOrder`). The text is silent on joiners.
 */
export function joinPlan(
  order: readonly RankedEntry[], newcomers: readonly InitiativeEntry[],
): RollPlan<RankedEntry[]> {
  const ranked = initiativePlan(newcomers);
  return (function* () {
    return joinOrder(order, yield* ranked);
  })();
}

/**
 * This round's order after delays: each delayer in turn taken out and put right after `after`
 * (null: at the end). The battle's order is unchanged: the next round starts from it again.
 * @throws RangeError when a delayer or its `after` is not in the order, or names itself.
 */
export function delayedOrder(
  order: readonly string[],
  delays: readonly { readonly id: string; readonly after: string | null }[],
): string[] {
  let out = order.slice();
  for (const d of delays) {
    if (!out.includes(d.id) || d.after === d.id || (d.after !== null && !out.includes(d.after))) {
      throw new RangeError(`cannot delay ${d.id} after ${String(d.after)}`);
    }
    out = out.filter((id) => id !== d.id);
    const at = d.after === null ? out.length : out.indexOf(d.after) + 1;
    out.splice(at, 0, d.id);
  }
  return out;
}
