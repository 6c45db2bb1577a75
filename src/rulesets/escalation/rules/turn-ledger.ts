import { judgeRoundEvent, type Verdict } from "../../../engine/effects/timed";

/**
 * escalation's turn ledger is the engine's (`engine/effects/timed.ts`): which turn starts, turn
 * ends and round starts of an encounter have been processed, so that each is processed exactly
 * once, the first time the tracker moves forward through it, whatever the GM does meanwhile
 * (stepping back and forward, rewinding rounds, reordering). Its entries are the ones escalation
 * always stored (`3:abc`, `start:3:abc`, `round:3`), so ledgers in existing worlds stay valid.
 * Start-of-turn work is a death save and fresh actions; end-of-turn work is ongoing damage, saves
 * and expiry; a round start gives the interrupt back.
 * Source: `000_c2dc3d650823e22d.txt` §Actions ("At the start of your turn… At the end of your
 * turn…"), §Delaying your Turn, §Readying an Action, §Dying and Death.
 */
export {
  isPutOff,
  judgeTurnEvent,
  ledgerEntry,
  type TrackerPosition,
  type TurnEdge,
  type TurnEvent,
  type Verdict,
} from "../../../engine/effects/timed";
export { turnAfterReorder } from "../../../engine/initiative/reorder";

/** Decides the start of a round (interrupts come back): processed the first time only. */
export function judgeRoundStart(ledger: readonly string[], round: number): Verdict {
  return judgeRoundEvent(ledger, { edge: "start", round });
}
