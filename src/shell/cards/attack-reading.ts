import { combatantOfToken, combatOfToken } from "../combat/located";
import { tokenAt } from "../documents/at-uuid";

/**
 * An attack card's documents as the active GM reads them (phases, wounds): the attacker's and the
 * target's tokens and actors (by uuid), and the encounter the attacker's token fights in when it
 * is started (never the one the card names: its author may have written any), with both
 * combatants; the target's combatant only when the attacker fights there. A ruleset's `A`, `C`
 * and `K` are its Actor, Combatant and Combat classes.
 */
export interface AttackReading<A, K, C> {
  readonly attacker: A;
  readonly attackerToken: TokenDocument.Implementation;
  readonly target: A;
  readonly targetToken: TokenDocument.Implementation;
  readonly combat: K | null;
  readonly attackerCombatant: C | null;
  readonly targetCombatant: C | null;
}

/**
 * The card's documents, or null when one is gone, either actor is not the ruleset's (`own`),
 * the two stand on different scenes, or a token targets itself.
 */
export function readAttack<A extends Actor.Implementation, K extends Combat.Implementation,
  C extends Combatant.Implementation>(
  card: { readonly tokenUuid: string; readonly targetTokenUuid: string },
  own: (actor: Actor.Implementation) => boolean,
): AttackReading<A, K, C> | null {
  const attackerToken = tokenAt(card.tokenUuid);
  const targetToken = tokenAt(card.targetTokenUuid);
  const attacker = attackerToken?.actor;
  const target = targetToken?.actor;
  if (!attackerToken || !targetToken || !attacker || !target) return null;
  if (!own(attacker) || !own(target)) return null;
  if (attackerToken.parent !== targetToken.parent || attackerToken === targetToken) return null;
  // Foundry's encounters are unlinked from scenes by default (../combat/located.ts).
  const found = combatOfToken(attackerToken)?.combat as K | undefined;
  const combat = found?.started ? found : null;
  const of = (token: TokenDocument.Implementation) =>
    (combat ? combatantOfToken<C>(combat, token) ?? null : null);
  const attackerCombatant = of(attackerToken);
  return {
    attacker: attacker as A, attackerToken, target: target as A, targetToken,
    combat: attackerCombatant ? combat : null,
    attackerCombatant, targetCombatant: attackerCombatant ? of(targetToken) : null,
  };
}
