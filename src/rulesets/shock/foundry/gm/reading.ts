import type { Weapon } from "../../rules/statblock";
import { actorAt, tokenAt } from "../../../../shell/documents/at-uuid";
import { weaponOfItem } from "../data/accessors";
import type { ShockActor } from "../documents/actor";
import type { ShockCombat } from "../documents/combat";
import type { ShockCombatant } from "../documents/combatant";
import {
  attackFacts, targetStateOf, type AttackFacts, type AttackRoll, type TargetState,
} from "../../play/cards/resolve";
import type { Gone, ShockSeal } from "../../play/cards/card-seal";
import { combatantOfToken } from "../../../../shell/combat/located";

/**
 * What the GM's client reads from the documents for a card: the attacker and its weapon, the
 * target and its combatant. Never the card's editable data: the seal names who and what.
 */
export interface CardReading {
  readonly attacker: ShockActor;
  readonly weapon: Weapon;
  readonly target: ShockActor;
  readonly combat: ShockCombat | null;
  readonly combatant: ShockCombatant | null;
}

type CardNames = Pick<ShockSeal, "actorUuid" | "weaponId" | "tokenUuid" | "combatId">;

/**
 * The documents a card names, each null when gone: the attacker, its weapon's item (a shock
 * weapon), the target's token and actor (`shell/documents/at-uuid.ts`).
 */
export function cardDocuments(seal: Omit<CardNames, "combatId">) {
  const attacker = actorAt(seal.actorUuid) as ShockActor | null;
  const item = attacker?.items.get(seal.weaponId);
  const token = tokenAt(seal.tokenUuid);
  return {
    attacker, item: item?.type === "shockWeapon" ? item : null, token,
    target: (token?.actor ?? null) as ShockActor | null,
  };
}

/**
 * What of a card's documents is gone (deleted since it was sealed), first found: the attacker,
 * its weapon, the target's token or actor, the combat it was made in; null when none is.
 */
export function goneOf(seal: CardNames): Gone | null {
  const { attacker, item, target } = cardDocuments(seal);
  if (!attacker) return "attacker";
  if (!item) return "weapon";
  if (!target) return "target";
  return seal.combatId && !game.combats?.get(seal.combatId) ? "combat" : null;
}

/** @returns null when the attacker, its weapon or the target is gone. */
export function readCard(seal: CardNames): CardReading | null {
  const { attacker, item, token, target } = cardDocuments(seal);
  if (!attacker || !item || !token || !target) return null;
  const weapon = weaponOfItem(item);
  const combat = (game.combats?.get(seal.combatId) ?? null) as ShockCombat | null;
  const combatant = (combat && combatantOfToken<ShockCombatant>(combat, token)) ?? null;
  return { attacker, weapon, target, combat, combatant };
}

/** The attack as the rules read it, from the seal's (or the posted card's) roll and options. */
export function factsOf(reading: CardReading, roll: AttackRoll): AttackFacts {
  return attackFacts(reading.attacker.statblock, reading.weapon, roll);
}

/** The target's AC, shield and round state now (the round only in a started combat). */
export function targetState(reading: CardReading): TargetState {
  const c = reading.combat?.started ? reading.combatant : null;
  const round = c && reading.combat
    ? { ...c.data, budget: c.budget, surprised: reading.combat.turnStateOf(c).surprised } : null;
  return targetStateOf(reading.target.statblock, round);
}
