import {
  applyRefusal as authorApply, parseNoArgs, undoRefusal as authorUndo,
} from "../../../../engine/requests/author-steps";
import type { Sender } from "../../../../engine/requests/sender";
import { afterDamage } from "../../rules/health";
import type { ConditionEffect } from "../../rules/statblock";
import type { KeptDuration } from "../round/end-phase";
import type { PhasesSeal } from "./seal";

/**
 * What a phases attack card's steps read from the GM's records and decide, pure: the seal and
 * ledger the active GM wrote (no player can write them once the card is sealed), who may apply
 * and undo the attack (its author or a GM, once each, in order), and what Apply writes: the
 * target's HP after the damage and the conditions it gains, each with the duration the GM
 * records for the End phase (`play/data/kept-spec.ts` `conditions`). The Foundry layer's
 * `cards/steps.ts` reads the documents, calls these and writes.
 * Source: `003_d18720f6cd315cc2.txt` §Battle Actions (Attack), §End Phase; RULINGS.md §phases
 * Powers, Conditions, Down.
 */

/** What the GM's steps wrote on the card. */
export interface PhasesLedger {
  readonly applied?: boolean;
  readonly undone?: boolean;
}

/** The card's seal (null before it is sealed, or refused). */
export const sealOf = (records: { readonly seal: unknown }): PhasesSeal | null => {
  const seal = records.seal as PhasesSeal | { kind: string } | null;
  return seal && "posted" in seal ? seal : null;
};

/** The card's ledger as the GM keeps it (empty before anything was written). */
export const ledgerOf = (records: { readonly ledger: unknown }): PhasesLedger =>
  (records.ledger ?? {}) as PhasesLedger;

/** Whether the sealed attack changes anything when applied: damage dealt, or a condition. */
export const appliesAnything = (seal: PhasesSeal): boolean =>
  (seal.damage?.amount ?? 0) > 0 || seal.effects.length > 0;

/** Why the attack may not be applied now (a relay reason), or null: once, by author or GM. */
export const applyRefusal = (
  seal: PhasesSeal | null, ledger: PhasesLedger, sender: Sender,
): string | null =>
  authorApply(seal, ledger, sender, seal && !appliesAnything(seal) ? "phsNothingToApply" : null);

/** Why the card's Apply may not be undone now (a relay reason), or null: once, after Apply. */
export { parseNoArgs };

/** Why the card's Apply may not be undone now (a relay reason), or null: once, after Apply. */
export const undoRefusal = (
  seal: PhasesSeal | null, ledger: PhasesLedger, sender: Sender,
): string | null => authorUndo(seal, ledger, sender);

/**
 * An Undo the shell's planner refused (`shell/cards/requests.ts` `undoStep`), as the card's
 * reason: the target is gone, its HP changed since, or the GM's records of its conditions did.
 */
export function undoReason(reason: string, path: string): string {
  if (reason === "gone") return "noTarget";
  return path === "system.hp.value" ? "hpChangedSince" : "phsConditionsChangedSince";
}

/** What Apply writes to the target: its HP after the damage, and the conditions it gains. */
export interface ApplyPlan {
  readonly hp: { readonly before: number; readonly after: number };
  readonly conditions: readonly ConditionEffect[];
}

/** Apply's writes for a target at `hp`. */
export function applyPlan(seal: PhasesSeal, hp: number): ApplyPlan {
  const damage = seal.damage?.amount ?? 0;
  return { hp: { before: hp, after: afterDamage(hp, damage) }, conditions: seal.effects };
}

/**
 * Whether Apply stops its target's movement where it was leaving: an opportunity attack that
 * Slows a mover during its own Movement turn (`003_d18720f6cd315cc2.txt` §Movement Phase Notes:
 * Slowed ends its movement and turn at once; RULINGS.md §phases: it stays in the square it was
 * leaving). Its further drags are refused while it is Slowed (`play/round/moves.ts`).
 */
export const stopsMover = (seal: PhasesSeal, plan: ApplyPlan, moving: boolean): boolean =>
  moving && seal.posted.opportunityFor !== ""
  && plan.conditions.some((c) => c.condition === "slowed");

/**
 * The GM's records of the conditions Apply created (by their ActiveEffects' ids, in the plan's
 * order), added to those the target's combatant keeps already.
 */
export function keptConditions(
  kept: readonly KeptDuration[], created: readonly string[], plan: ApplyPlan, round: number,
): KeptDuration[] {
  const added = plan.conditions.flatMap((c, i) => {
    const effect = created[i];
    return effect ? [{ effect, name: c.duration, round }] : [];
  });
  return [...kept, ...added];
}
