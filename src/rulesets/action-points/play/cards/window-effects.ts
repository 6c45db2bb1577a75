import type { WindowEffect } from "../../../../engine/resolution/window/definition";
import { apEconomy, gainForReaction } from "../../rules/pools";
import type { Statblock } from "../../rules/statblock";
import { keptOfPoints, pointsOf, type KeptSource } from "../data/kept-spec";

/**
 * What a reaction window's effects do to what the GM keeps, pure: each reaction's RP spent and
 * given back, and the +1 FP a successful reaction earns once a round (`gainForReaction`). A
 * reaction its taker can no longer pay (its RP spent since the window opened) refuses the answer.
 * Source: `004_2cc57162401858c9.txt` §Reactions, §Critical Results, §Actions/Turn Cheat Sheet.
 * @param partyOf a window key's kept fields and statblock now, or null (not in the combat).
 * @returns the RP, FP and once-a-round mark to write, by combatant id; or who could not pay.
 */
export function keptAfterEffects(
  effects: readonly WindowEffect[],
  partyOf: (key: string) => { readonly kept: KeptSource; readonly block: Statblock } | null,
): { readonly patches: Record<string, Partial<KeptSource>> } | { readonly unpaid: string } {
  const now = new Map<string, KeptSource>();
  for (const e of effects) {
    if (e.kind === "settle") continue;
    const party = partyOf(e.by);
    const kept = now.get(e.by) ?? party?.kept;
    if (!party || !kept) continue;
    if (e.kind === "spend" && kept.rp < e.amount) return { unpaid: e.by };
    if (e.kind === "spend") now.set(e.by, { ...kept, rp: kept.rp - e.amount });
    else if (e.kind === "refund") now.set(e.by, { ...kept, rp: kept.rp + e.amount });
    else if (e.kind === "mark" && e.mark === "successfulReaction") {
      const gained = gainForReaction(apEconomy(party.block), pointsOf(kept));
      now.set(e.by, { ...kept, ...keptOfPoints(gained.state) });
    }
  }
  return { patches: Object.fromEntries([...now].map(([id, k]) => [id, {
    rp: k.rp, fp: k.fp, reactionFp: k.reactionFp,
  }])) };
}
