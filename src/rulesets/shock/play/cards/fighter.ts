import type { Budget } from "../../rules/actions";
import type { Statblock } from "../../rules/statblock";
import { answeringBudget } from "../round/sides";
import type { OpportunityCandidate } from "./opportunity";
import type { Footprint } from "./screen";
import type { SnapCandidate } from "./snap";

/**
 * A combatant as the GM's client reads it once from the documents, for each choice of who may
 * answer an attack or a provocation (`snapCandidate`, `opportunityCandidate`). Source:
 * `002_5e27cdf788b28f5f.txt` §Make a Snap Attack, §Combat Actions, §Surprise.
 */
export interface Fighter {
  readonly id: string;
  readonly side: string;
  /** Its token's footprint (null: no token on the scene). */
  readonly at: Footprint | null;
  /** Its actor's statblock; null without an actor. */
  readonly block: Statblock | null;
  /** Its actor up, and the combatant not defeated (nor fled). */
  readonly up: boolean;
  /** What it spent this round. */
  readonly budget: Budget;
  /** In a grapple either way: it fights unarmed only (§Grappling). */
  readonly held: boolean;
  /** Its side is surprised in the others' free round. */
  readonly surprised: boolean;
}

/**
 * A fighter as the opportunity rules read it. Able: an actor, up, and not of a side surprised in
 * the others' free round, which takes no action at all then, an Attack of Opportunity included
 * (§Surprise).
 */
export function opportunityCandidate(f: Fighter): OpportunityCandidate {
  const able = Boolean(f.block) && f.up && !f.surprised;
  return { id: f.id, side: f.side, at: f.at, able, weapons: f.block?.weapons ?? [], held: f.held };
}

/**
 * A fighter as the Snap Attack rules read it: a surprised side's Main reads as spent, so it is
 * offered no Instant in the others' free round (`answeringBudget`).
 */
export function snapCandidate(f: Fighter): SnapCandidate {
  return {
    id: f.id, side: f.side, at: f.at, able: Boolean(f.block) && f.up,
    maySnap: f.block?.snapAttack ?? false, budget: answeringBudget(f.budget, f.surprised),
    weapons: f.block?.weapons ?? [], held: f.held,
  };
}
