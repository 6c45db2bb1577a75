import type { Derived } from "../../rules/derived";
import type { FeatLike } from "../../rules/feats";
import { movementSpaces } from "../../rules/movement";
import { activePurchases } from "../../rules/purchases";
import type { KeptSource } from "../data/kept-spec";
import { refusalOf, ruleSpend, type SpendFacts } from "./spend";

/**
 * A drag of a wounds combatant's token in a started battle, ruled from what the GM keeps: on its
 * own turn, its Move Action pays for its walk (the first drag pays it, unless the sheet's Move
 * did), and its spaces this turn stay within what that Move Action covers (`rules/movement.ts`:
 * its movement after wounds and feats, +2 per Bonus Action bought this turn, a third while
 * prone). The GM's drags are the GM's call: paid when they would be allowed, never refused.
 * Refusal keys (`FRAY.Wounds.Refuse.`): those of the Move Action (down, just summoned, off its
 * turn, no Move Action left) and `TooFar` (with the spaces left). Source:
 * `001_dbc5fcc02a99a518.txt` §Move Action, §Bonus Actions, §Prone; RULINGS.md §wounds States.
 */
export interface WalkFacts extends SpendFacts {
  readonly derived: Pick<Derived, "bonusActions" | "freeHitSlots" | "movement">;
  readonly feats: readonly FeatLike[];
}

type Judged =
  | { readonly ok: true; readonly patch: Partial<KeptSource> }
  | { readonly ok: false; readonly key: string; readonly data?: Record<string, string> };

/** The ruling: the kept fields it pays, or the refusal as the shell's verdicts carry it. */
export type WalkRuling =
  | { readonly ok: true; readonly patch: Partial<KeptSource> }
  | ReturnType<typeof refusalOf>;

/** Spaces its paid Move Action covers this turn (0 while none is paid). */
export function walkAllowance(f: WalkFacts): number {
  const bought = activePurchases(f.kept.purchases, f.round).movement;
  return movementSpaces({
    movement: f.derived.movement, movementPurchases: bought, mode: "normal", prone: f.prone,
    feats: f.feats,
  });
}

/**
 * The ruling on a walk of `spaces` (its grid's steps) by the combatant `f` describes, named
 * `name` in a refusal.
 * @param byGM a GM made it: allowed whatever the ruling, paid only when it would be allowed.
 */
export function ruleWalk(spaces: number, f: WalkFacts, byGM: boolean, name: string): WalkRuling {
  const ruling = judge(spaces, f);
  if (ruling.ok) return ruling;
  return byGM ? { ok: true, patch: {} } : refusalOf(ruling.key, name, ruling.data);
}

function judge(spaces: number, f: WalkFacts): Judged {
  if (!Number.isInteger(spaces) || spaces < 0) return { ok: false, key: "Unknown" };
  const paid = f.kept.walking ? { ok: true as const, patch: {} } : ruleSpend({ action: "move" }, f);
  if (!paid.ok) return paid;
  const walked = f.kept.walked + spaces;
  const allowance = walkAllowance(f);
  if (walked > allowance) {
    const left = Math.max(0, allowance - f.kept.walked);
    return { ok: false, key: "TooFar", data: { spaces: String(spaces), left: String(left) } };
  }
  return { ok: true, patch: { ...paid.patch, walking: true, walked } };
}
