import type { Derived } from "../../rules/derived";
import type { FeatLike } from "../../rules/feats";
import { movementSpaces } from "../../rules/movement";
import { activePurchases } from "../../rules/purchases";
import { summoningSick } from "../../rules/summons";
import type { KeptSource } from "../data/kept-spec";
import { refusalOf, ruleSpend, type SpendFacts } from "./spend";

/**
 * A drag of a wounds combatant's token in a started battle, ruled from what the GM keeps: on its
 * own turn, up and not just summoned, its Move Action pays for its walk (the first drag pays it,
 * unless the sheet's Move did), and the movement its drags spend this turn stays within what that
 * Move Action covers (`rules/movement.ts`: its movement after wounds, feats and a ward, +2 per
 * Bonus Action bought this turn); a space crawled while prone spends three (a third of the
 * movement), so a unit standing up mid-turn walks on with what is left. A drag that changes no
 * space pays nothing. The GM's drags always stand: on the combatant's own turn they pay the Move
 * Action if one is left and spend their movement uncapped; off it they are free. Refusal keys
 * (`FRAY.Wounds.Refuse.`): down, just summoned, off its turn, no Move Action left, and `TooFar`
 * (with the spaces left). Source: `001_dbc5fcc02a99a518.txt` §Move Action, §Bonus Actions,
 * §Prone; RULINGS.md §wounds States; `rules/silent.ts`.
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

/** Movement a space costs: three while prone (a third of the movement), else one. */
export const spaceCost = (prone: boolean): number => (prone ? 3 : 1);

/** The movement its Move Action covers this turn, standing (`walked` counts against it). */
export function walkAllowance(f: WalkFacts): number {
  const bought = activePurchases(f.kept.purchases, f.round).movement;
  return movementSpaces({
    movement: f.derived.movement, movementPurchases: bought, mode: "normal", prone: false,
    feats: f.feats,
  });
}

/**
 * The ruling on a walk of `spaces` (its grid's steps) by the combatant `f` describes, named
 * `name` in a refusal.
 * @param byGM a GM made it: it stands (see the module comment).
 */
export function ruleWalk(spaces: number, f: WalkFacts, byGM: boolean, name: string): WalkRuling {
  if (!Number.isInteger(spaces) || spaces < 0) return refusalOf("Unknown", name);
  if (spaces === 0) return { ok: true, patch: {} };
  if (byGM) return { ok: true, patch: f.ownTurn ? gmWalk(spaces, f) : {} };
  const ruling = judge(spaces, f);
  return ruling.ok ? ruling : refusalOf(ruling.key, name, ruling.data);
}

/** A GM's drag on the combatant's turn: the Move Action if one is left, the movement uncapped. */
function gmWalk(spaces: number, f: WalkFacts): Partial<KeptSource> {
  const paid = f.kept.walking ? null : ruleSpend({ action: "move" }, f);
  const walked = f.kept.walked + spaces * spaceCost(f.prone);
  const walking = f.kept.walking || Boolean(paid?.ok);
  return { ...(paid?.ok ? paid.patch : {}), walking, walked };
}

function judge(spaces: number, f: WalkFacts): Judged {
  // Checked on every drag, not only the one that pays: a walk begun on its turn ends with it.
  if (!f.up) return { ok: false, key: "Down" };
  if (f.kept.summoned > 0 && summoningSick(f.kept.summoned, f.round)) {
    return { ok: false, key: "Sick" };
  }
  if (!f.ownTurn) return { ok: false, key: "NotYourTurn" };
  const paid = f.kept.walking ? { ok: true as const, patch: {} } : ruleSpend({ action: "move" }, f);
  if (!paid.ok) return paid;
  const cost = spaceCost(f.prone);
  const walked = f.kept.walked + spaces * cost;
  const allowance = walkAllowance(f);
  if (walked > allowance) {
    const left = Math.floor(Math.max(0, allowance - f.kept.walked) / cost);
    return { ok: false, key: "TooFar", data: { spaces: String(spaces), left: String(left) } };
  }
  return { ok: true, patch: { ...paid.patch, walking: true, walked } };
}
