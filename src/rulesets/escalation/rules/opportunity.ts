import { CONDITIONS, expandConditions } from "./conditions";
import type { Stance } from "./constants";
import { engagedWith } from "./engagement";

/**
 * Opportunity attacks: an engaged enemy that uses a `Provokes` ability (or a Ranged attack)
 * or moves without disengaging gives each engaged foe in a melee stance a free Basic Melee Attack.
 * A Grabbed combatant cannot make them; nor can one that may not act (`mayAct`).
 * Source: `000_c2dc3d650823e22d.txt` §Free and Engaged, §Opportunity Attacks, §Conditions
 * (Grabbed), §Dying and Death, §Last Gasp Saves; RULINGS.md §escalation Engagement.
 */
export interface OpportunityCandidate {
  readonly id: string;
  readonly stance: Stance;
  readonly conditions: Iterable<string>;
  /**
   * May act now (`mayAct`): not Dying, defeated, dead, making Last Gasp saves, or back up and
   * waiting for its next turn. An opportunity attack is a free action.
   */
  readonly canAct: boolean;
}

/**
 * Whether an ability provokes when used by an engaged combatant: marked `Provokes`, or a Ranged
 * attack (the text: engaged characters "can't use Ranged Attacks ... without provoking").
 */
export function abilityProvokes(ability: {
  provokes: boolean;
  abilityType: string;
  defense: string;
}): boolean {
  return ability.provokes || (ability.abilityType === "ranged" && ability.defense !== "none");
}

/** The ids offered an opportunity attack against `moverId`, sorted. */
export function opportunityAttackers(
  pairs: ReadonlySet<string>,
  moverId: string,
  candidates: readonly OpportunityCandidate[],
): string[] {
  const engaged = new Set(engagedWith(pairs, moverId));
  return candidates
    .filter(
      (c) =>
        engaged.has(c.id)
        && c.canAct
        && c.stance === "melee"
        && !cannotOpportunityAttack(c.conditions),
    )
    .map((c) => c.id)
    .sort();
}

function cannotOpportunityAttack(conditions: Iterable<string>): boolean {
  for (const id of expandConditions(conditions)) if (CONDITIONS[id].grabbed) return true;
  return false;
}

/**
 * Whether a combatant may Intercept a foe moving to engage a Nearby ally: the interceptor must be
 * Free (not engaged), the foe must not itself be moving to intercept, and a Flying foe can only be
 * intercepted by a Flying interceptor. Source: §Intercept, §Free and Engaged, §Conditions
 * (Flying).
 */
export function canIntercept(request: {
  readonly interceptor: { readonly conditions: Iterable<string>; readonly engaged: boolean };
  readonly mover: { readonly conditions: Iterable<string>; readonly intercepting: boolean };
}): boolean {
  if (request.interceptor.engaged || request.mover.intercepting) return false;
  const flies = (ids: Iterable<string>) =>
    [...expandConditions(ids)].some((id) => CONDITIONS[id].interceptOnlyByFlyers);
  return !flies(request.mover.conditions) || flies(request.interceptor.conditions);
}
