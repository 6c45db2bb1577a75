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
 * Attacks of Opportunity in Foundry, pure: which actions provoke, who may take one, the offer the
 * active GM posts (a message it authors, so players cannot edit whom it offers), and the weapon the
 * free attack is made with. Source: `002_5e27cdf788b28f5f.txt` §Combat Actions (the table's Attack
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

/**
 * The foes already offered an attack against the same provoker in the same turn of the same round
 * (`offers`: the GM's earlier offers). A Run taken from the sheet and the drag that carries it out
 * are one provocation, so the move's offer leaves those foes out (§Run).
 */
export function offeredThisTurn(
  offers: readonly OpportunityOffer[], at: { round: number; turn: number; targetTokenUuid: string },
): Set<string> {
  const same = offers.filter((o) => o.round === at.round && o.turn === at.turn
    && o.targetTokenUuid === at.targetTokenUuid);
  return new Set(same.flatMap((o) => o.attackers.map((a) => a.combatantId)));
}

/** What provoked an offer: a provoking action (the table's "Yes"), or a move out of reach. */
export type OpportunityCause = "action" | "move";

/** The GM's offer: the provoker's token and the foes offered a free attack (combatant ids). */
export interface OpportunityOffer {
  readonly combatId: string;
  readonly round: number;
  /** The combat's turn when it was posted (older offers have none). */
  readonly turn?: number;
  /** What provoked: a provoking action, or a move out of reach (older offers: an action). */
  readonly cause?: OpportunityCause;
  readonly targetTokenUuid: string;
  readonly targetName: string;
  readonly attackers: readonly { readonly combatantId: string; readonly name: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * Reads a message's offer (`flags.fray.shockOpportunity`), or null when it has none or it is
 * malformed.
 */
export function offerOf(flags: unknown): OpportunityOffer | null {
  const fray = isRecord(flags) ? flags.fray : null;
  const offer = isRecord(fray) ? fray.shockOpportunity : null;
  if (!isRecord(offer)) return null;
  const texts = [offer.combatId, offer.targetTokenUuid, offer.targetName];
  if (!texts.every((v) => typeof v === "string") || !Number.isInteger(offer.round)) return null;
  if (offer.turn !== undefined && !Number.isInteger(offer.turn)) return null;
  if (offer.cause !== undefined && offer.cause !== "action" && offer.cause !== "move") return null;
  const ok = Array.isArray(offer.attackers) && offer.attackers.every((a) => isRecord(a)
    && typeof a.combatantId === "string" && typeof a.name === "string");
  return ok ? (offer as unknown as OpportunityOffer) : null;
}
