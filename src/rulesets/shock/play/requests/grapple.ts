import type { OneAgainstMany } from "../../../../engine/dice/opposed";
import type { Localize } from "../../../../engine/i18n";
import { hitDamage } from "../../rules/damage";
import type { Statblock } from "../../rules/statblock";
import { turnRefusal, type TurnState } from "../round/sides";
import { breakFreeBadges, grappleCardHtml, roundEndBadges } from "../cards/card-grapple";
import type { BreakFree, GrappleDamage } from "../cards/grapple";

/**
 * What the GM decides of breaking free from a grapple and of the grapplers' damage at a round's
 * end (`foundry/gm/grapple.ts`), from plain data: who holds the defender, how much a hold's blow
 * deals, and what their chat cards say. Source: `002_5e27cdf788b28f5f.txt`
 * §Grappling; RULINGS.md §shock Opposed checks, Grappling.
 */

/** A combatant as the hold reads it: its marks, and whether it can still hold. */
export interface HoldMember {
  readonly id: string | null;
  /** Whom it grapples ("" for none). */
  readonly grappling: string;
  /** Who grapples it. */
  readonly grappledBy: readonly string[];
  /** It has an actor and is not defeated. */
  readonly able: boolean;
}

/**
 * Why the defender cannot try to break free now (a `FRAY.` key, `{name}` the defender's), or null:
 * it must be up and not defeated, held by at least one able grappler, and it is a Main action
 * of its side's turn (`turnRefusal`). §Grappling, §Combat Action Types.
 */
export function breakFreeRefusal(defender: {
  readonly up: boolean; readonly defeated: boolean; readonly grapplers: number;
  readonly turn: TurnState;
}): string | null {
  if (!defender.up || defender.defeated) return "FRAY.Shock.Refuse.CannotAct";
  if (defender.grapplers === 0) return "FRAY.Shock.Refuse.NotGrappled";
  return turnRefusal("breakFree", defender.turn);
}

/**
 * The grapplers holding `held`, in the combat's order: a hold counts only when both marks agree
 * (each side's combatant is its own owner's to edit) and the grappler can still hold.
 */
export function grapplersOf(members: readonly HoldMember[], held: HoldMember): string[] {
  if (!held.id) return [];
  const id = held.id;
  return members.flatMap((g) =>
    g.id && g.able && g.grappling === id && held.grappledBy.includes(g.id) ? [g.id] : []);
}

/**
 * The break-free card's lines: per grappler, whether the defender escaped it, with the defender's
 * last total against it and the grappler's.
 * @param grapplerName a grappler's name by combatant id.
 */
export function breakFreeLines(
  result: OneAgainstMany, name: string, grapplerName: (id: string) => string, t: Localize,
): string[] {
  return result.pairs.map((pair) =>
    t(pair.singleWins ? "FRAY.Shock.Grapple.Escaped" : "FRAY.Shock.Grapple.Held", {
      name,
      grappler: grapplerName(pair.id),
      total: pair.rolls[pair.rolls.length - 1]?.single.total ?? 0,
      other: pair.otherTotal,
    }));
}

/**
 * The break-free card: its title, whether the defender is free of every grappler, of some or
 * none, and one line per grappler (`breakFreeLines`).
 * @param grappler a grappler's name by combatant id; `grapplers` how many held it.
 */
export function breakFreeHtml(
  outcome: BreakFree, name: string, grappler: (id: string) => string, grapplers: number,
  t: Localize,
): string {
  const lines = breakFreeLines(outcome.result, name, grappler, t);
  const badges = breakFreeBadges(outcome.escaped.length, grapplers);
  return grappleCardHtml(t("FRAY.Shock.Grapple.BreakFree", { name }), badges, lines, t);
}

/**
 * What a grappler's blow at a round's end deals (`step`: its unarmed weapon), as an unarmed hit
 * on the defender with `dice` rolled (§Grappling: as if hit by an unarmed attack).
 */
export function grappleHit(
  step: GrappleDamage, grappler: Statblock, defender: Statblock, dice: readonly number[],
): number {
  return hitDamage({ wielder: grappler, weapon: step.weapon, dice, ac: defender.ac }).amount;
}

/** A blow dealt at a round's end: the names, the damage and the defender's HP before and after. */
export interface RoundEndHit {
  readonly grappler: string;
  readonly target: string;
  readonly amount: number;
  readonly before: number;
  readonly after: number;
  /** Whether the defender fell from it. */
  readonly fell: boolean;
}

/** The round's grapple card: its title, the badges (how many fell) and one line per blow. */
export function roundEndHtml(hits: readonly RoundEndHit[], round: number, t: Localize): string {
  const lines = hits.map(({ grappler, target, amount, before, after }) =>
    t("FRAY.Shock.Grapple.Damage", { grappler, target, amount, before, after }));
  const fallen = hits.filter((h) => h.fell).length;
  const title = t("FRAY.Shock.Grapple.RoundEnd", { round });
  return grappleCardHtml(title, roundEndBadges(fallen), lines, t);
}
