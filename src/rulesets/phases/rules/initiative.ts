import { sumDistribution } from "../../../engine/dice/check";
import { runSync, type RollPlan } from "../../../engine/dice/plan";
import type { DiceRoller } from "../../../engine/dice/roller";
import { phaseOrders, type PhaseOrders } from "../../../engine/initiative/phases";
import {
  rollInitiativePlan, type InitiativeRoll, type RankedEntry,
} from "../../../engine/initiative/ranked";
import { INITIATIVE_DICE, INITIATIVE_FACES, INITIATIVE_TIE_DIE } from "./constants";

/**
 * `phases` initiative: in each round's Initiative phase every combatant rolls 2d6 + INT + AGI;
 * those tied roll a d6 (nothing added) among themselves until the tie breaks (the engine's ranked
 * initiative, re-rolled each round). Highest first is the Battle order; after the rolls,
 * combatants may seize the initiative, and the engine's `phaseOrders` puts seizers first to move
 * and last to fight, the Movement order being the Battle order reversed.
 * Source: `003_d18720f6cd315cc2.txt` §Initiative Phase, §Movement Phase; RULINGS.md §phases
 * Initiative phase, Movement phase, Seizing.
 */
export const PHASES_INITIATIVE: InitiativeRoll = {
  count: INITIATIVE_DICE, faces: INITIATIVE_FACES, tieDie: INITIATIVE_TIE_DIE,
};

/** A combatant's initiative modifier: INT + AGI. */
export const initiativeModifier = (block: { readonly int: number; readonly agi: number }): number =>
  block.int + block.agi;

/**
 * The roll plan of a round's initiative, every combatant in the order given (engine
 * `rollInitiativePlan`). @returns the order, highest first, ties broken.
 * @throws RangeError when ids repeat.
 */
export function initiativePlan(
  entries: readonly { readonly id: string; readonly int: number; readonly agi: number }[],
): RollPlan<RankedEntry[]> {
  return rollInitiativePlan(
    entries.map((e) => ({ id: e.id, modifier: initiativeModifier(e) })), PHASES_INITIATIVE,
  );
}

/** {@link initiativePlan} with a core roller. */
export function rollRoundInitiative(
  entries: readonly { readonly id: string; readonly int: number; readonly agi: number }[],
  roller: DiceRoller,
): RankedEntry[] {
  return runSync(initiativePlan(entries), roller);
}

/**
 * The round's Movement and Battle orders from its rolled initiative and the seizers declared
 * after the rolls (engine `phaseOrders`).
 * @throws RangeError when a seizer did not roll, or ids repeat.
 */
export function roundOrders(
  ranked: readonly Pick<RankedEntry, "id">[], seizers: readonly string[],
): PhaseOrders {
  return phaseOrders(ranked.map((e) => e.id), seizers);
}

/**
 * The exact chance that a combatant with initiative modifier `a` acts before one with `b` in the
 * Battle phase of a round neither seizes in: its 2d6 + `a` beats the other's 2d6 + `b`, plus half
 * the ties (a d6 roll-off repeated until broken is fair). As `wins / total` over 2 × 36².
 */
export function actsFirstChance(a: number, b: number): { wins: number; total: number } {
  const { counts, total } = sumDistribution(INITIATIVE_DICE, INITIATIVE_FACES);
  let beats = 0;
  let ties = 0;
  counts.forEach((ca, na) => {
    counts.forEach((cb, nb) => {
      if (na + a > nb + b) beats += ca * cb;
      else if (na + a === nb + b) ties += ca * cb;
    });
  });
  return { wins: 2 * beats + ties, total: 2 * total * total };
}
