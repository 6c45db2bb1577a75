import { placementOf, type Placement } from "../../../../shell/combat/positions";
import { combatOfToken } from "../../../../shell/combat/located";
import { REACTION_RP } from "../../rules/reaction-window";
import {
  statblockFromActor, threatWeapon, type ActorDocumentSource,
} from "../../rules/statblock";
import type { ManeuverFacts } from "../../play/cards/maneuver";
import {
  canIntercept, distanceOf, reachesBack, threatenersOf,
} from "../../play/cards/placement";
import type { Attacking } from "../../rules/attack";
import type { PostedAttack } from "../../play/cards/seal";
import type { AttackFacts } from "../../play/cards/seal";
import type { Party } from "../../play/cards/window-context";
import { isActionPointsActor } from "../../play/actors/health";
import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";

/**
 * An attack card's documents as the active GM reads them: the attacker's and the target's tokens
 * and actors (by uuid), the card's encounter when it is started and both fight in it, and their
 * places on the attacker's scene (`shell/combat/positions.ts`): the distance, who of the
 * attacker's side threatens the target (gang-up), and which of the target's allies can reach an
 * Intercept spot within 3 hexes (engine `space/intercept.ts`). On a gridless scene nothing is
 * measured: no range or reach rule, no gang-up, and every standing ally with the RP is offered
 * Intercept (position rules are the GM's call there). Source: `004_2cc57162401858c9.txt` §Gang-up,
 * §Reach, §Intercept.
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

const tokenAt = (uuid: string) => (uuid ? fromUuidSync(uuid) : null) as
  TokenDocument.Implementation | null;

/** The card's documents, or null when one is gone (or of another ruleset). */
export function readCard(card: PostedAttack): CardReading | null {
  const attackerToken = tokenAt(card.tokenUuid);
  const targetToken = tokenAt(card.targetTokenUuid);
  const attacker = attackerToken?.actor as ActionPointsActor | null | undefined;
  const target = targetToken?.actor as ActionPointsActor | null | undefined;
  if (!attackerToken || !targetToken || !attacker || !target) return null;
  if (!isActionPointsActor(attacker) || !isActionPointsActor(target)) return null;
  // The encounter the attacker's token fights in (shell/combat/located.ts), never the one the
  // card names: its author may have written any.
  const found = combatOfToken(attackerToken)?.combat as ActionPointsCombat | undefined;
  const combat = found?.started ? found : null;
  const of = (token: TokenDocument.Implementation) =>
    (combat?.apCombatants.find((c) => c.tokenId === token.id) ?? null);
  const attackerCombatant = combat ? of(attackerToken) : null;
  return {
    attacker, attackerToken, target, targetToken,
    combat: attackerCombatant ? combat : null,
    attackerCombatant, targetCombatant: attackerCombatant ? of(targetToken) : null,
    placement: placementOf(attackerToken.parent),
  };
}

const blockOf = (actor: Actor.Implementation) =>
  statblockFromActor(actor.toObject() as ActorDocumentSource);

function footprint(reading: CardReading, token: TokenDocument.Implementation | null) {
  return token && reading.placement ? reading.placement.footprint(token as never) : null;
}

/** The weapon or spell the card names, on the attacker now. */
export function attackingOf(reading: CardReading, card: PostedAttack): Attacking | null {
  const block = blockOf(reading.attacker);
  const weapon = block.weapons.find((w) => w.id === card.itemId);
  if (weapon) return { weapon };
  const spell = block.spells.find((s) => s.id === card.itemId);
  return spell ? { spell } : null;
}

/**
 * The standing tokens of a token's side: in the card's encounter, its combatants of the side the
 * GM keeps (a token's owner may change its disposition); outside one, the tokens of the scene with
 * the same disposition.
 */
function sideOf(reading: CardReading, token: TokenDocument.Implementation) {
  const standing = (t: TokenDocument.Implementation | null): t is TokenDocument.Implementation =>
    Boolean(t?.actor && isActionPointsActor(t.actor)
      && (t.actor as ActionPointsActor).health === "up");
  const combat = reading.combat;
  const own = combat?.apCombatants.find((c) => c.tokenId === token.id);
  if (combat && own) {
    return combat.apCombatants.filter((c) => c.side === own.side)
      .map((c) => c.token as TokenDocument.Implementation | null).filter(standing);
  }
  return (token.parent?.tokens.contents ?? [])
    .filter((t) => t.disposition === token.disposition).filter(standing);
}

/** A token as the placement rules read it: its footprint and statblock. */
const placed = (reading: CardReading, t: TokenDocument.Implementation) =>
  ({ at: footprint(reading, t), block: blockOf(t.actor as Actor.Implementation) });

/** The seal's facts: the attacker, its weapon, distance, gang-up, grappling and its turn. */
export function factsOf(reading: CardReading, card: PostedAttack): AttackFacts {
  const grid = reading.placement?.grid;
  const targetAt = footprint(reading, reading.targetToken);
  const distance = distanceOf(grid, footprint(reading, reading.attackerToken), targetAt);
  const side = sideOf(reading, reading.attackerToken).map((t) => placed(reading, t));
  const threateners = threatenersOf(grid, targetAt, side);
  const c = reading.attackerCombatant;
  const combat = reading.combat;
  const with_ = attackingOf(reading, card);
  const feinting = c?.data.feinting;
  return {
    attacker: blockOf(reading.attacker), with: with_, distance, threateners,
    grappling: Boolean(c?.data.grappling),
    feint: Boolean(with_?.weapon && feinting && feinting === reading.targetCombatant?.id),
    combat: c && combat ? {
      kept: c.data, ownTurn: combat.combatant?.id === c.id, up: reading.attacker.health === "up",
    } : null,
  };
}

/**
 * A maneuver's facts: both statblocks, the actor's weapon for a Disarm (the card's item in hand,
 * else its threatening weapon), what the GM keeps of both in the encounter, its turn.
 */
export function maneuverFactsOf(reading: CardReading, card: PostedAttack): ManeuverFacts {
  const actor = blockOf(reading.attacker);
  const weapon = actor.weapons.find((w) => w.id === card.itemId && w.readied)
    ?? threatWeapon(actor);
  const a = reading.attackerCombatant;
  const b = reading.targetCombatant;
  return {
    actor, target: blockOf(reading.target), weapon,
    kept: a && b ? { actor: a.data, target: b.data } : null,
    ids: { actor: a?.id ?? "attacker", target: b?.id ?? "target" },
    ownTurn: Boolean(a && reading.combat?.combatant?.id === a.id),
    up: reading.attacker.health === "up",
  };
}

/** A window party from a token and its combatant (outside a combat: `key`, no pools). */
function partyOf(
  token: TokenDocument.Implementation, combatant: ActionPointsCombatant | null, key: string,
): Party {
  return {
    key: combatant?.id ?? key, block: blockOf(token.actor as Actor.Implementation),
    kept: combatant ? combatant.data : null,
  };
}

/**
 * The attacker, the target and the allies who may Intercept, as the window's parties, and each
 * one's token by its window key (its card is applied by token once a combat is gone).
 */
export function partiesOf(
  reading: CardReading, kind: "melee" | "ranged",
): { attacker: Party; target: Party; interceptors: Party[]; tokens: Record<string, string> } {
  const attacker = partyOf(reading.attackerToken, reading.attackerCombatant, "attacker");
  const grid = reading.placement?.grid;
  const allyAt = footprint(reading, reading.targetToken);
  const foeAt = footprint(reading, reading.attackerToken);
  const target = { ...partyOf(reading.targetToken, reading.targetCombatant, "target"),
    reachesAttacker: reachesBack(grid, placed(reading, reading.targetToken), foeAt) };
  const combat = reading.combat;
  const tokens = {
    [attacker.key]: reading.attackerToken.uuid, [target.key]: reading.targetToken.uuid,
  };
  if (!combat || !reading.targetCombatant) return { attacker, target, interceptors: [], tokens };
  const interceptors = sideOf(reading, reading.targetToken)
    .filter((t) => t.id !== reading.targetToken.id)
    .flatMap((t) => {
      const c = combat.apCombatants.find((x) => x.tokenId === t.id);
      const reaches = canIntercept(grid, kind, footprint(reading, t), allyAt, foeAt);
      if (!c?.id || c.data.rp < REACTION_RP.intercept || !reaches) return [];
      tokens[c.id] = t.uuid;
      return [partyOf(t, c, "")];
    });
  return { attacker, target, interceptors, tokens };
}
