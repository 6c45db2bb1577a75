import type { Localize } from "../../../../engine/i18n";
import { CARRY_MODES, type CarryMode, type Place } from "../cards/grapple";
import { carryBadges, grappleCardHtml } from "../cards/card-grapple";
import { turnRefusal, type TurnState } from "../round/sides";

/**
 * A grappler's request to carry or throw the foe it holds (`foundry/gm/carry.ts`), and what its
 * opposed check's outcome does. Source: `002_5e27cdf788b28f5f.txt` §Grappling.
 */
export interface CarryRequest {
  readonly combatId: string;
  readonly combatantId: string;
  readonly mode: CarryMode;
  /** Where the grappler's token was dragged, in scene pixels. */
  readonly to: Place;
}

/** Reads a carry request; null when any field is missing or of the wrong kind. */
export function parseCarryRequest(payload: unknown): CarryRequest | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const { combatId, combatantId, mode, x, y } = p;
  if (typeof combatId !== "string" || typeof combatantId !== "string") return null;
  if (!CARRY_MODES.includes(mode as CarryMode)) return null;
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  if (!finite(x) || !finite(y)) return null;
  return { combatId, combatantId, mode: mode as CarryMode, to: { x, y } };
}

/** What a carry's check leads to: who moves, whether the foe is let go and knocked prone. */
export interface CarryOutcome {
  /** The chat line's key (`FRAY.Shock.Carry.*`). */
  readonly line: string;
  /** Both tokens move (a carry), the foe only (a throw), or nobody (a lost check). */
  readonly moves: "both" | "defender" | "none";
  /** The hold ends: the foe broke free (lost) or was thrown. */
  readonly released: boolean;
  readonly prone: boolean;
}

/**
 * Won, a carry moves both and keeps the hold; a throw moves the foe, knocks it prone and lets it
 * go. Lost, nobody moves and the foe breaks free (§Grappling).
 */
export function carryOutcome(mode: CarryMode, won: boolean): CarryOutcome {
  if (!won) return { line: "FRAY.Shock.Carry.Lost", moves: "none", released: true, prone: false };
  const carry = mode === "carry";
  return {
    line: `FRAY.Shock.Carry.Won.${mode}`, moves: carry ? "both" : "defender",
    released: !carry, prone: !carry,
  };
}

/**
 * Why the grappler may not carry or throw its foe now (a `FRAY.` key, `{name}` the grappler's),
 * or null, in this order: it must be up and not defeated, hold the foe (both marks agree, the
 * foe's actor still there), not be held itself, reach the dragged square (`carryPlan` found a
 * move: `reaches`), and it is a Main action of its side's turn (the table's `moveGrappled`,
 * `turnRefusal`). §Grappling, §Combat Action Types.
 */
export function carryRefusal(mode: CarryMode, grappler: {
  readonly able: boolean; readonly holding: boolean; readonly held: boolean;
  readonly reaches: boolean; readonly turn: TurnState;
}): string | null {
  if (!grappler.able) return "FRAY.Shock.Refuse.CannotAct";
  if (!grappler.holding) return "FRAY.Shock.Carry.NotHolding";
  if (grappler.held) return "FRAY.Shock.Refuse.Held";
  if (!grappler.reaches) return `FRAY.Shock.Carry.TooFar.${mode}`;
  return turnRefusal("moveGrappled", grappler.turn);
}

/**
 * The carry's chat card: its title, whether it was carried, thrown or broke free, and one line
 * with both totals (`outcome`: `carryOutcome` of the check).
 * @param names the grappler's and the foe's names; the totals the opposed check's last.
 */
export function carryHtml(
  mode: CarryMode, won: boolean, outcome: CarryOutcome,
  names: { readonly name: string; readonly target: string; readonly total: number;
    readonly other: number },
  t: Localize,
): string {
  const title = t("FRAY.Shock.Carry.Title", names);
  return grappleCardHtml(title, carryBadges(won, mode), [t(outcome.line, names)], t);
}
