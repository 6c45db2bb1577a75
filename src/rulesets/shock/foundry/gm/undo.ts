import { refuse, type CardStep } from "../../../../shell/cards/kind";
import { undoStep } from "../../../../shell/cards/requests";
import { ledgerOf, sealOf } from "../../play/cards/card-seal";
import { checkUndo, parseApplyRequest, type ApplyRequest } from "../../play/cards/relay-check";
import { undoReason } from "../../play/requests/undo-reason";

/**
 * The author (or the GM) undoes what a card applied, once: the card runtime plans the exact inverse
 * of what the apply recorded (`gm/apply.ts`), and refuses with the reason when a later change makes
 * it inexact: the target's HP was hit or healed after a fall (a hit that left it standing may have
 * later hits on top), its mortal marks, fall round or defeat changed, or its shield was used again
 * in the round it was spent (`play/requests/undo-reason.ts`). A knock-out's `unconscious` status
 * goes as it came. A morale check the fall offered stays in the log for the GM to ignore.
 * Source: RULINGS.md §shock (Mortally Injured, NPC defeated); `002_5e27cdf788b28f5f.txt` §Shock.
 */
export const UNDO_STEP: CardStep<ApplyRequest> = {
  parse: parseApplyRequest,
  check({ records, sender }) {
    const verdict = checkUndo(sealOf(records.seal), ledgerOf(records.ledger), sender);
    return verdict.ok ? { ok: true, claim: "undo" } : verdict;
  },
  async run(context, recorder) {
    if (!context.records.steps.apply) return refuse("shockUndo.notRecorded");
    // Watched, so an undo whose mark is not written is put back whole (and may be asked again).
    const refused = await undoStep(context, "apply", undoReason, recorder);
    if (refused) return refused;
    return { ok: true, ledger: { undone: { by: context.sender.id } } };
  },
};
