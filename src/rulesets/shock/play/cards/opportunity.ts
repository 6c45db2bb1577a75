import {
  ACTIONS,
  opportunityAttackers,
  type ActionId,
  type AdjacentFoe,
  type Budget,
} from "../../rules/actions";
import type { Weapon } from "../../rules/statblock";
import { adjacent, type Footprint } from "./screen";

/**
 * Attacks of Opportunity in Foundry, pure: which actions provoke, who may take one, and the
 * weapon the free attack is made with (the offer itself is the shell's, `shell/offers`). Source: `002_5e27cdf788b28f5f.txt` §Combat Actions (the table's Attack
 * of Opportunity column), §Charge, §Screen an Ally, §Disengage; RULINGS.md §shock Attacks of
 * Opportunity.
 */

/**
 * The actions that provoke when taken next to a foe armed for melee: the table's "Yes" (Run,
 * Charge, Use a Skill — first aid included —, Pick up an Item, Stand Up) and Screen an Ally's
 * move ("Sometimes": when the screener starts its move next to such a foe; Fray reads taking the
 * screen as that move).
 */
export function provokes(id: ActionId): boolean {
  return ACTIONS[id].provokes === "yes" || id === "screen";
}

/** The first readied melee weapon that is not an unarmed attack: what "armed for melee" means. */
export function meleeWeaponOf(weapons: readonly Weapon[]): Weapon | null {
  return weapons.find((w) => w.readied && w.kind === "melee" && !w.unarmed) ?? null;
}

/** A combatant near the one who provokes, as the GM's client reads it from the documents. */
export interface OpportunityCandidate {
  readonly id: string;
  readonly side: string;
  /** Its token's footprint (null: no token on the scene). */
  readonly at: Footprint | null;
  /** Up, not defeated or fled. */
  readonly able: boolean;
  readonly weapons: readonly Weapon[];
  /** In a grapple either way: it fights unarmed only (§Grappling). */
  readonly held: boolean;
}

/** The able foes of `mover` whose tokens touch the footprint `at`, as the rules read them. */
function adjacentFoesAt(
  mover: OpportunityCandidate,
  at: Footprint,
  candidates: readonly OpportunityCandidate[],
  grid: number,
): AdjacentFoe[] {
  return candidates
    .filter((c) => c.id !== mover.id && c.side !== mover.side && c.at && adjacent(at, c.at, grid))
    .map((c) => ({
      key: c.id,
      able: c.able,
      armedForMelee: !c.held && meleeWeaponOf(c.weapons) !== null,
    }));
}

/**
 * Who gets a free Attack of Opportunity against `mover`: every able foe (another side) whose
 * token is within one square of the mover's on a square grid, armed with a readied melee weapon
 * and not held in a grapple, unless the mover Disengaged this round. On a gridless scene nobody is
 * adjacent (the GM judges).
 * @param grid the scene's square size in pixels, or null when it is not a square grid.
 */
export function opportunityFoes(
  mover: OpportunityCandidate,
  budget: Budget,
  candidates: readonly OpportunityCandidate[],
  grid: number | null,
): string[] {
  const from = mover.at;
  if (grid === null || !from) return [];
  return opportunityAttackers(true, budget, adjacentFoesAt(mover, from, candidates, grid));
}

/**
 * Leaving reach (§Run: "When you leave a melee combatant's range, they get an Attack of
 * Opportunity"; RULINGS.md §shock Attacks of Opportunity): the foes adjacent to the mover where
 * its move began (`mover.at`) that some square of the move no longer touches (`path`: each waypoint
 * the token passed, the destination last), armed for melee, able and not grappling, unless the
 * mover Disengaged this round. A move that stays next to a foe (stepping around it) leaves no
 * reach: Fray's squares are 5 ft and every weapon's reach is the adjacent squares. Gridless:
 * nobody.
 * @param grid the scene's square size in pixels, or null when it is not a square grid.
 */
export function foesLeftBehind(
  mover: OpportunityCandidate, path: readonly Footprint[], budget: Budget,
  candidates: readonly OpportunityCandidate[], grid: number | null,
): string[] {
  const from = mover.at;
  if (grid === null || !from || !path.length) return [];
  const left = adjacentFoesAt(mover, from, candidates, grid).filter((foe) => {
    const at = candidates.find((c) => c.id === foe.key)?.at;
    return at ? path.some((step) => !adjacent(step, at, grid)) : false;
  });
  return opportunityAttackers(true, budget, left);
}
