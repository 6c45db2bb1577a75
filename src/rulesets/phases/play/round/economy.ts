import type { TurnEdgeKind } from "../../../../engine/turns/scheme";
import type { KeptSource } from "../data/kept-spec";

/**
 * What a combatant's round economy becomes at an edge: a round's start gives back its movement
 * power (and forgets last round's power, squares and Charge) and its Battle action
 * (`rules/turn-scheme.ts` `PHASES_ECONOMY`: one of each a round);
 * nothing else resets at an edge (its initiative is rolled afresh and its seizure is of one round,
 * both stored with their round). Source: `003_d18720f6cd315cc2.txt` §Combat Round, §Movement
 * Phase, §Battle Phase.
 * @returns the kept fields to write, or null for none.
 */
export function economyAt(edge: TurnEdgeKind): Partial<KeptSource> | null {
  if (edge !== "roundStart") return null;
  return { movement: 0, battle: 0, movePower: "", moveSquares: 0, moveAuto: false, chargeAt: "" };
}
