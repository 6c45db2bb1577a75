import { placementOf, tokenPlace, type Placement } from "../../../../shell/combat/positions";
import { combatantOfToken, combatOfToken } from "../../../../shell/combat/located";
import { tokenAt } from "../../../../shell/documents/at-uuid";
import type { PostedAttack } from "../../play/cards/seal";
import type { CardField, FieldToken } from "../../play/cards/field";
import { isActionPointsActor } from "../../play/actors/health";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";

/**
 * An attack card's documents as the active GM reads them: the attacker's and the target's tokens
 * and actors (by uuid), the card's encounter when it is started and both fight in it, and the
 * attacker's scene's grid (`shell/combat/positions.ts`); read into the card's field
 * (`play/cards/field.ts`), which decides distance, gang-up and who may Intercept. On a gridless
 * scene nothing is measured (position rules are the GM's call there).
 */
export interface CardReading {
  readonly attacker: ActionPointsActor;
  readonly attackerToken: TokenDocument.Implementation;
  readonly target: ActionPointsActor;
  readonly targetToken: TokenDocument.Implementation;
  readonly combat: ActionPointsCombat | null;
  readonly attackerCombatant: ActionPointsCombatant | null;
  readonly targetCombatant: ActionPointsCombatant | null;
  readonly placement: Placement | null;
}

/** The card's documents, or null when one is gone (or of another ruleset). */
export function readCard(card: PostedAttack): CardReading | null {
  const attackerToken = tokenAt(card.tokenUuid);
  const targetToken = tokenAt(card.targetTokenUuid);
  const attacker = attackerToken?.actor as ActionPointsActor | null | undefined;
  const target = targetToken?.actor as ActionPointsActor | null | undefined;
  if (!attackerToken || !targetToken || !attacker || !target) return null;
  if (!isActionPointsActor(attacker) || !isActionPointsActor(target)) return null;
  // Both on one scene: places are measured on the attacker's (a card may name any two tokens).
  if (attackerToken.parent !== targetToken.parent) return null;
  // The encounter the attacker's token fights in (shell/combat/located.ts), never the one the
  // card names: its author may have written any.
  const found = combatOfToken(attackerToken)?.combat as ActionPointsCombat | undefined;
  const combat = found?.started ? found : null;
  const of = (token: TokenDocument.Implementation) =>
    (combat ? combatantOfToken<ActionPointsCombatant>(combat, token) ?? null : null);
  const attackerCombatant = combat ? of(attackerToken) : null;
  return {
    attacker, attackerToken, target, targetToken,
    combat: attackerCombatant ? combat : null,
    attackerCombatant, targetCombatant: attackerCombatant ? of(targetToken) : null,
    placement: placementOf(attackerToken.parent),
  };
}

/**
 * A token of an action-points actor as the field reads it (`play/cards/field.ts`): with its
 * combatant, its side as the GM keeps it and what it keeps; without, its disposition.
 */
export function fieldToken(
  t: TokenDocument.Implementation, c: ActionPointsCombatant | null, placement: Placement | null,
): FieldToken {
  const actor = t.actor as ActionPointsActor;
  return {
    tokenId: t.id ?? "", uuid: t.uuid, combatantId: c?.id ?? "",
    side: c ? c.side : String(t.disposition), block: actor.statblock,
    at: placement ? placement.footprint(tokenPlace(t)) : null,
    up: isActionPointsActor(actor) && actor.health === "up" && !c?.isDefeated,
    kept: c ? c.data : null,
  };
}

/**
 * The card's field (`play/cards/field.ts`): each token with its side (the kept one in the
 * encounter: a token's owner may change its disposition), footprint, statblock, whether it stands
 * and what the GM keeps of it; the others are the encounter's combatants, else the scene's tokens.
 */
export function fieldOf(reading: CardReading): CardField {
  const { combat, placement } = reading;
  const tokenOf = (t: TokenDocument.Implementation, c: ActionPointsCombatant | null) =>
    fieldToken(t, c, placement);
  // Another ruleset's actor on the scene has no statblock here: it never counts.
  const counts = (t: TokenDocument.Implementation | null): t is TokenDocument.Implementation =>
    Boolean(t?.actor && isActionPointsActor(t.actor) && t.id !== reading.attackerToken.id
      && t.id !== reading.targetToken.id);
  const others = combat
    ? combat.apCombatants.flatMap((c) => {
      const t = c.token as TokenDocument.Implementation | null;
      return counts(t) ? [tokenOf(t, c)] : [];
    })
    : (reading.attackerToken.parent?.tokens.contents ?? []).filter(counts)
      .map((t) => tokenOf(t, null));
  return {
    grid: placement?.grid, others,
    attacker: tokenOf(reading.attackerToken, reading.attackerCombatant),
    target: tokenOf(reading.targetToken, reading.targetCombatant),
    ownTurn: Boolean(reading.attackerCombatant
      && combat?.combatant?.id === reading.attackerCombatant.id),
  };
}
