import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import {
  freshSlots, startRound, startTurn, type SlotEconomy, type SlotState,
} from "../../../../engine/economy/slots";
import { atTurnEnd, atTurnStart } from "../../rules/purchases";
import { woundsEconomy } from "../../rules/economy";
import type { Derived } from "../../rules/derived";
import { sicknessWithheld, summoningSick } from "../../rules/summons";
import type { KeptSource } from "../data/kept-spec";

/**
 * A wounds combatant's slots between the kept store and the engine's slot economy
 * (`engine/economy/slots.ts`), and what they become at each edge: the round's start gives back
 * the Free Hit Slots (the first also fills every slot), the turn's start the Attack, Move and
 * Bonus Actions less those spent ahead (a new summon's first round none), and ends the purchases
 * that last until then. Counts come from the unit's derived values as the edge happens (a
 * weakening wound means one Bonus Action fewer from the next turn on).
 * Source: `001_dbc5fcc02a99a518.txt` §Bonus Actions, §Free Hits, §Prone, §Summoning Slots;
 * RULINGS.md §wounds Turn, Free hit, Bonus purchases.
 */
export function economyOf(derived: Pick<Derived, "bonusActions" | "freeHitSlots">): SlotEconomy {
  return woundsEconomy({
    bonusActions: derived.bonusActions, freeHitSlots: derived.freeHitSlots,
  });
}

/** The slot state the kept fields hold. */
export function slotsOf(kept: KeptSource): SlotState {
  return {
    left: { attack: kept.attack, move: kept.move, bonus: kept.bonus, freeHit: kept.freeHit },
    owed: { attack: kept.owedAttack, move: kept.owedMove, bonus: kept.owedBonus },
  };
}

/** The kept fields of a slot state. */
export function keptOfSlots(state: SlotState): Partial<KeptSource> {
  const n = (bag: Readonly<Record<string, number>>, slot: string) => Math.max(0, bag[slot] ?? 0);
  return {
    attack: n(state.left, "attack"), move: n(state.left, "move"), bonus: n(state.left, "bonus"),
    freeHit: n(state.left, "freeHit"), owedAttack: n(state.owed, "attack"),
    owedMove: n(state.owed, "move"), owedBonus: n(state.owed, "bonus"),
  };
}

export interface EdgeInput {
  readonly kept: KeptSource;
  readonly derived: Pick<Derived, "bonusActions" | "freeHitSlots">;
  /** The edge's own round. */
  readonly round: number;
  /**
   * Down (at 0 HP) as the edge comes: a turn that starts with it down gives no action, so one
   * healed during it acts again from its next turn (RULINGS.md §wounds Hit points).
   */
  readonly down?: boolean;
}

/** The kept fields to write at `edge`, or null for none. */
export function economyAt(edge: TurnEdgeKind, input: EdgeInput): Partial<KeptSource> | null {
  const econ = economyOf(input.derived);
  const { kept, round } = input;
  // A summon takes no action, not even a free hit, until its first round is over
  // (§Summoning Slots): its slots stay empty meanwhile.
  const sick = kept.summoned > 0 && summoningSick(kept.summoned, round);
  if (edge === "roundStart") {
    const slots = round <= 1 ? freshSlots(econ) : startRound(econ, slotsOf(kept));
    const patch = { ...keptOfSlots(slots), ...(sick ? { freeHit: 0 } : {}) };
    return round <= 1 ? { ...patch, purchases: [] } : patch;
  }
  if (edge === "turnStart") {
    const withheld = sick || input.down ? sicknessWithheld(econ) : {};
    return {
      ...keptOfSlots(startTurn(econ, slotsOf(kept), withheld)),
      purchases: atTurnStart(kept.purchases), walking: false, walked: 0,
    };
  }
  // A cast still under way as its turn ends channels until it is cast or cancelled.
  if (edge === "turnEnd") {
    const channels = kept.casting ? { castChanneling: true } : {};
    return { purchases: atTurnEnd(kept.purchases), disengaged: 0, ...channels };
  }
  return null;
}
