import {
  oneAgainstManyPlan,
  opposedPlan,
  type OneAgainstMany,
} from "../../../../engine/dice/opposed";
import { runFromPool, type RollPlan } from "../../../../engine/dice/plan";
import { breakFreeSides, escapedFrom, grappleSides, shoveSides } from "../../rules/maneuvers";
import { UNARMED, type Statblock, type Weapon } from "../../rules/statblock";

/**
 * Shove and grapple in Foundry, pure: the opposed checks as roll plans (the GM's client runs them
 * with Foundry's Roll, `shell/dice/run-in-foundry.ts`), the holds on the combatants (each
 * grappler names its one defender in `grappling`; each defender lists its grapplers in
 * `grappledBy`), breaking free, and the end-of-round damage plan. Source:
 * `002_5e27cdf788b28f5f.txt` §Shoving, §Grappling; RULINGS.md §shock Opposed checks, Grappling.
 */
export type Maneuver = "grapple" | "shove";
export const MANEUVERS: readonly Maneuver[] = ["grapple", "shove"];

/** What a hit with this weapon may become in lieu of damage: a grapple needs an unarmed attack. */
export function maneuversOf(weapon: Pick<Weapon, "kind" | "unarmed">): Maneuver[] {
  if (weapon.kind !== "melee") return [];
  return weapon.unarmed ? ["grapple", "shove"] : ["shove"];
}

/** The outcome of a maneuver's opposed check, as the card records it. */
export interface ManeuverCheck {
  readonly attackerTotal: number;
  readonly defenderTotal: number;
  readonly won: boolean;
}

type Party = { id: string; who: Statblock };

/**
 * The attacker's opposed check against the defender, ties re-rolled (the engine's `opposedPlan`):
 * the attacker's 2d6, the defender's 2d6, again on a tie. Requests are labelled with the parties'
 * ids.
 */
export function* maneuverPlan(
  kind: Maneuver, attacker: Party, defender: Party,
): RollPlan<ManeuverCheck> {
  const [a, b] =
    kind === "grapple" ? grappleSides(attacker, defender) : shoveSides(attacker, defender);
  const result = yield* opposedPlan(a, b);
  const last = result.rolls[result.rolls.length - 1];
  return {
    attackerTotal: last?.a.total ?? 0,
    defenderTotal: last?.b.total ?? 0,
    won: result.winner === "a",
  };
}

/** {@link maneuverPlan} over d6 already rolled, or null when they ran out. */
export function maneuverFromPool(
  kind: Maneuver, attacker: Party, defender: Party, pool: readonly number[],
): ManeuverCheck | null {
  return runFromPool(maneuverPlan(kind, attacker, defender), pool)?.value ?? null;
}

/** Breaking free, its check and the grapplers it escapes. */
export interface BreakFree {
  readonly result: OneAgainstMany;
  readonly escaped: string[];
}

/**
 * Breaking free: the defender's one check against every grappler (the engine's
 * `oneAgainstManyPlan`: the defender's 2d6, each grappler's, a tied pair again on its own).
 */
export function* breakFreePlan(defender: Party, grapplers: readonly Party[]): RollPlan<BreakFree> {
  const { single, others } = breakFreeSides(defender, grapplers);
  const result = yield* oneAgainstManyPlan(single, others);
  return { result, escaped: escapedFrom(result) };
}

/** {@link breakFreePlan} over d6 already rolled, or null when they ran out. */
export function breakFreeFromPool(
  defender: Party, grapplers: readonly Party[], pool: readonly number[],
): BreakFree | null {
  return runFromPool(breakFreePlan(defender, grapplers), pool)?.value ?? null;
}

/** A combatant's holds: whom it grapples ("" for none) and who grapples it. */
export interface Hold {
  readonly grappling: string;
  readonly grappledBy: readonly string[];
}
export type Holds = ReadonlyMap<string, Hold>;
/** Combatant updates: each changed combatant's new holds. */
export type HoldUpdates = Map<string, Hold>;

const NO_HOLD: Hold = { grappling: "", grappledBy: [] };

function edit(holds: Holds, out: HoldUpdates, id: string, change: (h: Hold) => Hold): void {
  const now = out.get(id) ?? holds.get(id) ?? NO_HOLD;
  out.set(id, change(now));
}

/** A combatant's holds from its kept fields (§Grappling): whom it holds and who holds it. */
export function holdOf(kept: Hold): Hold {
  return { grappling: kept.grappling, grappledBy: kept.grappledBy };
}

/** Whether a combatant is in a grapple either way (it cannot move, it fights unarmed only). */
export function isHeld(hold: Hold | undefined): boolean {
  return Boolean(hold && (hold.grappling || hold.grappledBy.length));
}

/**
 * A won grapple: the attacker holds the defender. A grappler holds one target at a time, so a
 * hold it had on another is let go.
 */
export function grab(holds: Holds, attacker: string, defender: string): HoldUpdates {
  const out: HoldUpdates = new Map();
  const before = holds.get(attacker)?.grappling ?? "";
  if (before && before !== defender) {
    edit(holds, out, before, (h) => ({
      ...h,
      grappledBy: h.grappledBy.filter((g) => g !== attacker),
    }));
  }
  edit(holds, out, attacker, (h) => ({ ...h, grappling: defender }));
  edit(holds, out, defender, (h) => ({
    ...h, grappledBy: h.grappledBy.includes(attacker) ? h.grappledBy : [...h.grappledBy, attacker],
  }));
  return out;
}

/** The defender escapes these grapplers (a break-free check it won against them, or a release). */
export function escape(holds: Holds, defender: string, grapplers: readonly string[]): HoldUpdates {
  const out: HoldUpdates = new Map();
  const freed = grapplers.filter((g) => (holds.get(defender)?.grappledBy ?? []).includes(g));
  if (!freed.length) return out;
  edit(holds, out, defender, (h) => ({
    ...h,
    grappledBy: h.grappledBy.filter((g) => !freed.includes(g)),
  }));
  for (const g of freed)
    edit(holds, out, g, (h) => ({ ...h, grappling: h.grappling === defender ? "" : h.grappling }));
  return out;
}

/** Changed holds as the kept fields to write, by combatant id (both sides of each hold). */
export function holdPatches(
  updates: HoldUpdates,
): Record<string, { grappling: string; grappledBy: string[] }> {
  return Object.fromEntries([...updates].map(([id, h]) => [
    id, { grappling: h.grappling, grappledBy: [...h.grappledBy] },
  ]));
}

/** A combatant leaves the fight (down, defeated, fled): every hold it had or suffered ends. */
export function releaseAll(holds: Holds, id: string): HoldUpdates {
  const out = escape(holds, id, holds.get(id)?.grappledBy ?? []);
  const target = (out.get(id) ?? holds.get(id))?.grappling ?? "";
  if (target) {
    for (const [k, v] of escape(holds, target, [id])) out.set(k, v);
  }
  return out;
}

/** One line of the end-of-round damage: a grappler's unarmed damage to the defender it holds. */
export interface GrappleDamage {
  readonly grappler: string;
  readonly defender: string;
  readonly weapon: Weapon;
}

export interface GrappleFighter {
  readonly id: string;
  readonly hold: Hold;
  /** Up and able to act (not down, defeated or fled). */
  readonly able: boolean;
  readonly weapons: readonly Weapon[];
}

/** The unarmed attack a grappler deals damage with: its own unarmed weapon, else the default. */
export function unarmedOf(weapons: readonly Weapon[]): Weapon {
  return weapons.find((w) => w.unarmed && w.kind === "melee") ?? UNARMED;
}

/**
 * The end of a round: each grappled defender still standing takes unarmed damage from each able
 * grappler holding it (as if hit by an unarmed attack from each).
 */
export function endOfRoundPlan(fighters: readonly GrappleFighter[]): GrappleDamage[] {
  const byId = new Map(fighters.map((f) => [f.id, f]));
  return fighters.flatMap((d) => {
    if (!d.able) return [];
    return d.hold.grappledBy.flatMap((g) => {
      const grappler = byId.get(g);
      if (!grappler?.able || grappler.hold.grappling !== d.id) return [];
      return [{ grappler: g, defender: d.id, weapon: unarmedOf(grappler.weapons) }];
    });
  });
}

/**
 * Moving a grappled foe (§Grappling: "If the attacker wishes to move the target, they must spend a
 * Main Action and succeed in an opposed STR/Brawl check. If they win, the target is either moved
 * 10ft along with them, or thrown 5ft and knocked prone. If they lose, the defender breaks free.").
 * `carry`: the grappler moves up to 10 ft (2 squares) and the defender moves with it, by the same
 * offset; `throw`: the grappler stays, the defender lands 5 ft (1 square) away in the direction the
 * grappler's owner dragged, knocked prone, and is let go (Fray's reading: a thrown foe is no longer
 * held).
 */
export type CarryMode = "carry" | "throw";
export const CARRY_MODES: readonly CarryMode[] = ["carry", "throw"];
/** 10 ft and 5 ft in the text's 5-ft squares. */
export const CARRY_SQUARES = 2;
export const THROW_SQUARES = 1;

/** A token's top-left corner in pixels. */
export interface Place {
  readonly x: number;
  readonly y: number;
}

/** Squares between two places on a square grid of `size` pixels (a diagonal step is one). */
export function squaresBetween(a: Place, b: Place, size: number): number {
  return Math.max(
    Math.abs(Math.round((b.x - a.x) / size)),
    Math.abs(Math.round((b.y - a.y) / size)),
  );
}

/**
 * Where a won move puts both tokens, or null when the drag asks what the rule does not allow:
 * no change of square, or a carry of more than 10 ft.
 * @param to where the grappler's owner dragged the grappler's token.
 */
export function carryPlan(
  mode: CarryMode, grappler: Place, defender: Place, to: Place, size: number,
): { grappler: Place; defender: Place } | null {
  const steps = squaresBetween(grappler, to, size);
  if (steps === 0 || (mode === "carry" && steps > CARRY_SQUARES)) return null;
  if (mode === "carry") {
    const dx = Math.round((to.x - grappler.x) / size) * size;
    const dy = Math.round((to.y - grappler.y) / size) * size;
    return {
      grappler: { x: grappler.x + dx, y: grappler.y + dy },
      defender: { x: defender.x + dx, y: defender.y + dy },
    };
  }
  const step = (v: number) => Math.sign(Math.round(v / size)) * THROW_SQUARES * size;
  const landing = {
    x: defender.x + step(to.x - grappler.x),
    y: defender.y + step(to.y - grappler.y),
  };
  return { grappler, defender: landing };
}

/** Whether `grappler` holds `defender` with both marks agreeing (each side's own data says so). */
export function holdsAgree(holds: Holds, grappler: string, defender: string): boolean {
  const grappledBy = holds.get(defender)?.grappledBy ?? [];
  return holds.get(grappler)?.grappling === defender && grappledBy.includes(grappler);
}
