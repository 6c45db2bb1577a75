import type { Recorder } from "./recorder";
import type { SealResult } from "./kind";

/** A ruleset's sealed attack, as its pure sealing returns it. */
export type SealedAttack =
  | { readonly ok: true; readonly seal: object; readonly pay: Record<string, unknown> | null }
  | { readonly ok: false; readonly refused: string };

/** The combat whose kept store an attack pays from (`FrayKeptCombat#keepRecorded`). */
interface PayingCombat {
  keepRecorded(patches: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
    recorder: Recorder): Promise<void>;
}

/**
 * GM, sealing an attack card: a refusal as is; else what the attack pays written to its
 * attacker's kept fields, recorded so a seal that fails afterwards puts it back
 * (`recorder.ts`), and the seal with an empty ledger (nothing is paid outside a combat).
 */
export async function paidSeal(
  sealed: SealedAttack, combat: PayingCombat | null | undefined,
  attackerId: string | null | undefined, recorder: Recorder,
): Promise<SealResult> {
  if (!sealed.ok) return { ok: false, refused: sealed.refused };
  if (sealed.pay && combat && attackerId) {
    await combat.keepRecorded({ [attackerId]: sealed.pay }, recorder);
  }
  return { ok: true, seal: sealed.seal, ledger: {} };
}
