import type { Sender } from "../../../../engine/requests/sender";
import {
  applyRefusal as authorApply, authorRefusal, parseNoArgs, undoRefusal as authorUndo,
} from "../../../../engine/requests/author-steps";
import { afterDamage } from "../../rules/health";
import type { Aim } from "../../rules/constants";
import type { WoundsSeal } from "./seal";
import { outcomeOf, type AttackOutcome } from "./outcome";

/**
 * What a wounds attack card's steps read from the GM's records and decide, pure: the seal and the
 * ledger the active GM wrote (no player can write them once the card is sealed); who may roll the
 * chain's next link (its author or a GM, one link at a time, before Apply); who may apply and
 * undo the attack (its author or a GM, once each, in order, once the chain is over); and what
 * Apply writes: the target's HP, its wound with the attack's aim, a decisive blow's defeat, a
 * fatal blow's death of the attacker. The Foundry layer's `cards/steps.ts` reads the documents,
 * calls these and writes. Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Auto
 * Fails/Criticals, §Combat specific Fails/Criticals; RULINGS.md §wounds Natural 20, Natural 1,
 * Wound, Hit points.
 */

/** What the GM's steps wrote on the card. */
export interface WoundsLedger {
  /** The chain's links rolled so far (each a step). */
  readonly links?: readonly number[];
  /** The fatal aim's d4, rolled by Apply when due. */
  readonly fatal?: number | null;
  readonly applied?: boolean;
  readonly undone?: boolean;
}

export { parseNoArgs };

/** The card's seal (null before it is sealed, or refused). */
export const sealOf = (records: { readonly seal: unknown }): WoundsSeal | null => {
  const seal = records.seal as WoundsSeal | { kind: string } | null;
  return seal && "posted" in seal ? seal : null;
};

/** The card's ledger as the GM keeps it (empty before anything was written). */
export const ledgerOf = (records: { readonly ledger: unknown }): WoundsLedger =>
  (records.ledger ?? {}) as WoundsLedger;

/** The outcome as the records stand (null before the seal). */
export function recordedOutcome(seal: WoundsSeal | null, ledger: WoundsLedger):
  AttackOutcome | null {
  return seal ? outcomeOf(seal, ledger.links ?? [], ledger.fatal ?? null) : null;
}

/**
 * Whether `user` may roll the tragedy chain's links as its target's owner (`WoundsSeal`
 * `targetOwners`), beside the card's author and a GM.
 */
export const rollsForTarget = (seal: WoundsSeal | null, user: string): boolean =>
  seal?.chain === "tragedy" && user !== "" && (seal.targetOwners ?? []).includes(user);

/** Why the chain's next link may not be rolled now (a relay reason), or null. */
export function linkRefusal(
  seal: WoundsSeal | null, ledger: WoundsLedger, sender: Sender,
): string | null {
  const why = rollsForTarget(seal, sender.id) ? null : authorRefusal(seal, sender);
  if (why) return why;
  if (ledger.applied) return "alreadyApplied";
  return recordedOutcome(seal, ledger)?.nextLink == null ? "wndNoLink" : null;
}

/** Whether applying changes anything: damage, a decisive blow or a fatal blow. */
export const appliesAnything = (o: AttackOutcome): boolean =>
  (o.damage?.total ?? 0) > 0 || o.decisive || o.fatalBlow || o.fatalDue;

/** Why the attack may not be applied now (a relay reason), or null. */
export function applyRefusal(
  seal: WoundsSeal | null, ledger: WoundsLedger, sender: Sender,
): string | null {
  const o = recordedOutcome(seal, ledger);
  const ready = !o ? null : o.nextLink !== null ? "wndChainPending"
    : appliesAnything(o) ? null : "wndNothingToApply";
  return authorApply(seal, ledger, sender, ready) ?? fatalBlowRefusal(o, sender);
}

/**
 * A fatal blow kills the card's own author: only a GM applies or undoes it, so no player may
 * skip or take back the death its dice dealt.
 */
const fatalBlowRefusal = (o: AttackOutcome | null, sender: Sender): string | null =>
  (o?.fatalBlow && !sender.isGM ? "wndFatalGM" : null);

/** Why the card's Apply may not be undone now (a relay reason), or null: once, after Apply. */
export const undoRefusal = (
  seal: WoundsSeal | null, ledger: WoundsLedger, sender: Sender,
): string | null =>
  authorUndo(seal, ledger, sender) ?? fatalBlowRefusal(recordedOutcome(seal, ledger), sender);

/** An Undo the shell's planner refused, as the card's reason. */
export function undoReason(reason: string, path: string): string {
  if (reason === "gone") return "noTarget";
  return path.startsWith("system.hp") ? "hpChangedSince" : "wndWoundsChangedSince";
}

/** What Apply writes. */
export interface ApplyPlan {
  readonly targetHp: { readonly before: number; readonly after: number };
  /** The wound it deals (its aim), or null. */
  readonly wound: Aim | null;
  /** A decisive blow: the target is defeated whatever its HP. */
  readonly defeatTarget: boolean;
  /** A fatal blow: the attacker dies. */
  readonly attackerDies: boolean;
}

/**
 * Apply's writes for a target at `hp`, from a final outcome (the fatal d4 rolled when due).
 * @throws RangeError when the outcome is not final.
 */
export function applyPlan(seal: WoundsSeal, outcome: AttackOutcome, hp: number): ApplyPlan {
  if (outcome.nextLink !== null || outcome.fatalDue) throw new RangeError("not final");
  const total = outcome.damage?.total ?? 0;
  return {
    targetHp: { before: hp, after: outcome.decisive ? 0 : afterDamage(hp, total) },
    wound: outcome.damage?.wound ? seal.hit.aim : null,
    defeatTarget: outcome.decisive,
    attackerDies: outcome.fatalBlow,
  };
}
