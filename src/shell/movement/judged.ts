import { writeKept, type KeptCombat } from "../combat/kept";
import { queued, reasonText } from "../relay/gm-relay";
import { foundryLocalize as t } from "../setup/localize";
import { moveTokenAsRule } from "./rule-move";
import type { Move, MovementRules } from "./watch";

/** A ruleset's verdict on a move: allowed, with the kept fields it pays, or refused. */
export type MoveVerdict =
  | { readonly ok: true; readonly patch: Readonly<Record<string, unknown>> }
  | {
    readonly ok: false;
    /** A relay reason or a ruleset's lang key, and its text's data (`reasonText`). */
    readonly reason: string;
    readonly data?: Readonly<Record<string, string>>;
  };

/** What a ruleset declares to have its moves judged and paid (`judgedMovement`). */
export interface JudgedMoves {
  /**
   * The verdict on a move from what the GM keeps and the documents, on whichever client asks
   * (null: not judged, as on a gridless scene). A GM's move may be refused: it stands, unpaid.
   */
  judge(move: Move): MoveVerdict | null;
  /**
   * The lang key of the GM's warning as a player's refused move is put back (`{name}`,
   * `{reason}`).
   */
  readonly putBack: string;
  /** The ruleset's own work after a move that stands, on the active GM (the offers it gives). */
  after?(move: Move): Promise<void>;
}

/**
 * Movement rules (`watch.ts`) from a ruleset's verdict on each move: on the moving client, a
 * player's refused move is not sent and the user is told why; on the active GM, once, a player's
 * refused move that got past its client is put back where it started (`moveTokenAsRule`) with a
 * warning, an allowed move's payment is written to the kept store (`kept.ts`), and the ruleset's
 * own work runs for every move that stands (outside the queue: its offers may ask the relay). A
 * GM's move always stands (the GM's call); it is paid as its verdict says. Used by wounds' drags
 * (a Move Action's spaces).
 */
export function judgedMovement(rules: JudgedMoves): MovementRules {
  return {
    before(move) {
      const verdict = move.byGM ? null : rules.judge(move);
      if (!verdict || verdict.ok) return true;
      ui.notifications?.warn(reasonText(verdict.reason, { ...verdict.data }));
      return false;
    },
    async after(move) {
      // Judged and paid in the relay's one queue: drags in quick succession (arrow keys) and
      // the player's other requests each read what the one before wrote.
      const stands = await queued(async () => {
        const verdict = rules.judge(move);
        if (verdict && !verdict.ok && !move.byGM) {
          await moveTokenAsRule(move.token, move.origin);
          const reason = reasonText(verdict.reason, { ...verdict.data });
          ui.notifications?.warn(t(rules.putBack, { name: move.combatant.name ?? "", reason }));
          return false;
        }
        const id = move.combatant.id;
        if (verdict?.ok && id && Object.keys(verdict.patch).length) {
          await writeKept(move.combat as unknown as KeptCombat, { [id]: verdict.patch });
        }
        return true;
      });
      if (stands) await rules.after?.(move);
    },
  };
}
