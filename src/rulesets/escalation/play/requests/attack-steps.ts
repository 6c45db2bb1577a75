import { DURATIONS } from "../../rules/constants";
import { APPLY_MODES, type ApplyMode, type CardEffect } from "../cards/card-spec";
import {
  appliedRecord, recordsOf, sealOf, type AttackSeal, type SealedTarget,
} from "../cards/card-seal";
import { checkApplyRequest, type RelayMode, type RelayRefusal, type Sender } from "./relay-check";

/**
 * What the steps of an escalation attack card accept and allow, from plain data: each step's
 * arguments as sent (parsed, or null when malformed), who may pick an effect's duration, the
 * durations a target's effects are applied with, and how an Undo's refusal is said. The card
 * runtime's steps (`foundry/cards/attack-steps.ts`) call these and do the writing. Source:
 * `000_c2dc3d650823e22d.txt` §Conditions and Effects; RULINGS.md (durations are chosen when
 * applied).
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Apply (or the GM's Half, Double, Heal) on target `index`. */
export interface ApplyArgs {
  readonly index: number;
  readonly mode: ApplyMode;
}

/** Undo the step in force on target `index`. */
export interface UndoArgs {
  readonly index: number;
}

/** Effect `effect` of target `index` is to last `value` (one of `DURATIONS`). */
export interface DurationArgs {
  readonly index: number;
  readonly effect: number;
  readonly value: string;
}

export function parseApplyArgs(args: unknown): ApplyArgs | null {
  if (!isObject(args) || !isIndex(args.index)) return null;
  if (!(APPLY_MODES as readonly unknown[]).includes(args.mode)) return null;
  return { index: args.index, mode: args.mode as ApplyMode };
}

export function parseUndoArgs(args: unknown): UndoArgs | null {
  return isObject(args) && isIndex(args.index) ? { index: args.index } : null;
}

export function parseDurationArgs(args: unknown): DurationArgs | null {
  if (!isObject(args) || !isIndex(args.index) || !isIndex(args.effect)) return null;
  const value = args.value;
  if (!(DURATIONS as readonly unknown[]).includes(value)) return null;
  return { index: args.index, effect: args.effect, value: value as string };
}

/**
 * Why `sender` may not pick this duration, or null when it may: the card's author (or a GM), on a
 * sealed card, for an effect the seal holds, until its target is applied. Picking again is
 * allowed (each pick is its own claim).
 * @returns a `FRAY.Relay.Reason` key's last part.
 */
export function durationRefusal(
  request: Pick<DurationArgs, "index" | "effect">, seal: AttackSeal | null, ledger: unknown,
  sender: { readonly id: string; readonly isGM: boolean },
): "unsealed" | "notAuthor" | "notOnCard" | "alreadyApplied" | null {
  if (!seal) return "unsealed";
  if (!sender.isGM && sender.id !== seal.authorId) return "notAuthor";
  if (!seal.targets[request.index]?.effects[request.effect]) return "notOnCard";
  if (appliedRecord(recordsOf(ledger, request.index))) return "alreadyApplied";
  return null;
}

/**
 * The durations of a sealed target's effects: the author's picks (the GM's record,
 * `ledger.picked`), else as posted, else save ends. One per sealed effect, as the card shows them
 * (`play/views/card-view.ts`): the card's content may list other effects, its poster having edited
 * it before the GM took it over.
 * @param posted the target's effects as the card's data holds them now.
 */
export function pickedDurations(
  posted: readonly Pick<CardEffect, "duration">[], ledger: unknown, index: number,
  sealed: SealedTarget,
): { duration: string }[] {
  const picked = isObject(ledger) && isObject(ledger.picked) ? ledger.picked[String(index)] : null;
  return sealed.effects.map((_e, i) => {
    const chosen = isObject(picked) ? picked[String(i)] : undefined;
    return { duration: typeof chosen === "string" ? chosen : posted[i]?.duration ?? "saveEnds" };
  });
}

/** The recorded step of target `index`'s `op`th step (its deltas are under this key). */
export const stepKey = (index: number, op: number): string => `t${index}-${op}`;

/**
 * An Undo the shell's planner refused, as escalation says it: the target is gone, or its HP or
 * death track changed since the step (a later change is never undone under it).
 */
export function undoReason(reason: string, path: string): string {
  if (reason === "gone") return "noTarget";
  return path === "system.death" ? "deathChangedSince" : "hpChangedSince";
}

/** The attack seal among a card's trusted records (`records.seal`), or null. */
export function attackSealOf(seal: unknown): AttackSeal | null {
  const read = sealOf(seal);
  return read?.kind === "attack" ? read : null;
}

/**
 * May `sender` apply (or Half, Double, Heal) or undo target `index` of the card now
 * (`checkApplyRequest`), and under which claim: one per target and operation, so two GM tabs
 * take it once and a second apply after an undo is a new step.
 * @param records the card's trusted records (`seal`, `ledger`)
 */
export function applyStepClaim(
  index: number, mode: RelayMode, records: { readonly seal: unknown; readonly ledger: unknown },
  sender: Sender,
): { ok: true; claim: string } | { ok: false; reason: RelayRefusal } {
  const history = recordsOf(records.ledger, index);
  const verdict = checkApplyRequest(
    { messageId: "", index, mode }, attackSealOf(records.seal), history, sender,
  );
  return verdict.ok ? { ok: true, claim: stepKey(index, verdict.op) } : verdict;
}
