import { ACTIONS, opportunityAttackers, type ActionId, type Budget } from "../../rules/actions";
import type { Weapon } from "../../rules/statblock";
import { adjacent, type Footprint } from "./screen";

/**
 * Attacks of Opportunity in Foundry, pure: which actions provoke, who may take one, the offer the
 * active GM posts (a message it authors, so players cannot edit whom it offers), and the weapon the
 * free attack is made with. Source: `002_5e27cdf788b28f5f.txt` §Combat Actions (the table's Attack of
 * Opportunity column), §Charge, §Screen an Ally, §Disengage; RULINGS.md §shock Attacks of Opportunity.
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

/**
 * Who gets a free Attack of Opportunity against `mover`: every able foe (another side) whose
 * token is within one square of the mover's on a square grid, armed with a readied melee weapon
 * and not held in a grapple, unless the mover Disengaged this round. On a gridless scene nobody is
 * adjacent (the GM judges).
 * @param grid the scene's square size in pixels, or null when it is not a square grid.
 */
export function opportunityFoes(
  mover: OpportunityCandidate, budget: Budget, candidates: readonly OpportunityCandidate[], grid: number | null,
): string[] {
  const from = mover.at;
  if (grid === null || !from) return [];
  const adjacentFoes = candidates.filter((c) => c.id !== mover.id && c.side !== mover.side && c.at
    && adjacent(from, c.at, grid)).map((c) => ({
    key: c.id, able: c.able, armedForMelee: !c.held && meleeWeaponOf(c.weapons) !== null,
  }));
  return opportunityAttackers(true, budget, adjacentFoes);
}

/** The GM's offer: the provoker's token and the foes offered a free attack (combatant ids). */
export interface OpportunityOffer {
  readonly combatId: string;
  readonly round: number;
  readonly targetTokenUuid: string;
  readonly targetName: string;
  readonly attackers: readonly { readonly combatantId: string; readonly name: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Reads a message's offer (`flags.fray.shockOpportunity`), or null when it has none or it is malformed. */
export function offerOf(flags: unknown): OpportunityOffer | null {
  const fray = isRecord(flags) ? flags.fray : null;
  const offer = isRecord(fray) ? fray.shockOpportunity : null;
  if (!isRecord(offer)) return null;
  const texts = [offer.combatId, offer.targetTokenUuid, offer.targetName];
  if (!texts.every((v) => typeof v === "string") || !Number.isInteger(offer.round)) return null;
  const ok = Array.isArray(offer.attackers) && offer.attackers.every((a) => isRecord(a)
    && typeof a.combatantId === "string" && typeof a.name === "string");
  return ok ? (offer as unknown as OpportunityOffer) : null;
}
