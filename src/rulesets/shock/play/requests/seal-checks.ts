import { planAttack, type AttackRequest } from "../../rules/attack";
import type { AttackChoice } from "../cards/attack-choice";
import { heldWeaponRefusal } from "../cards/attack-declare";
import { swarmClaimHolds, type SealRefusal } from "../cards/card-seal";
import type { Weapon } from "../../rules/statblock";

/**
 * What the active GM checks of an attack card's options when it seals it (`foundry/gm/seal.ts`),
 * decided from the card's plain data and what the GM read of the documents: the total, an
 * execution's conditions, a swarm's assistants, the Snap Attack or held attack a card claims, and
 * the declared screen as the card names it. Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls,
 * §Execution Attacks, §Make a Swarm Attack, §Make a Snap Attack, §Hold An Action, §Screen an
 * Ally.
 */

/** The options of an attack card the checks read (its `system`, as posted). */
export interface CardOptions extends AttackChoice {
  readonly natural: number;
  readonly total: number;
  readonly execution: boolean;
  readonly nonLethal: boolean;
  /** The card a Snap Attack or held attack answers ("" for none). */
  readonly snapFor: string;
  readonly weaponId: string;
  /** The target's token. */
  readonly tokenUuid: string;
}

/**
 * Whether the total is the d20 plus exactly what the card's options add for this attacker and
 * weapon, and the options are allowed at all (§Attack Rolls).
 */
export function totalHolds(
  card: CardOptions, attacker: AttackRequest["attacker"], weapon: Weapon,
): boolean {
  const plan = planAttack(cardAttack(card, attacker, weapon));
  return !plan.forbidden && card.total === card.natural + plan.check.modifier;
}

/**
 * The attack a card's options make for this attacker and weapon, before any AC (`ac` 0): what the
 * total is checked with, and the roll's tooltip lists by source (`attackModifiers`).
 */
export function cardAttack(
  card: Pick<CardOptions, "charge" | "snap" | "dualWield" | "swarmOthers" | "inMelee"
    | "situations">,
  attacker: AttackRequest["attacker"], weapon: Weapon,
): AttackRequest {
  return {
    attacker, weapon, ac: 0, charge: card.charge, snap: card.snap, dualWield: card.dualWield,
    swarmOthers: card.swarmOthers, inMelee: card.inMelee, situations: card.situations,
  };
}

/**
 * Whether an execution's conditions hold: only a plain attack (no charge, snap, swarm or answer to
 * another card) on a target the GM marked Unsuspecting; a non-lethal blow is the execution's
 * choice only. A card that claims no execution passes.
 * @param unsuspecting asked only for a plain execution (it reads the target's effects).
 */
export function executionHolds(card: CardOptions, unsuspecting: () => boolean): boolean {
  if (card.nonLethal && !card.execution) return false;
  if (!card.execution) return true;
  const plain = !card.charge && !card.snap && card.swarmOthers === 0 && !card.snapFor;
  return plain && unsuspecting();
}

/** Those other than the striker who made a Swarm Attack on the target this round. */
export function swarmAssistants(
  combatants: readonly { readonly id: string | null; readonly swarming: string }[],
  target: string | null | undefined, striker: string,
): number {
  if (!target) return 0;
  return combatants.filter((c) => c.id !== striker && c.swarming === target).length;
}

/** What the GM read of the documents to check a card's options (`sealRefusal`). */
export interface SealFacts {
  /** Whether the card's author (a GM, or an owner) may attack with its attacker. */
  readonly owns: boolean;
  readonly attacker: AttackRequest["attacker"];
  /** The attacker's weapon as its item says now. */
  readonly weapon: Weapon;
  /** Made in the card's combat, started (swarms count only there). */
  readonly inCombat: boolean;
  /** The attacker's combatant id ("" outside the combat) and the target's. */
  readonly attackerId: string;
  readonly targetId: string | null | undefined;
  /** The attacker is in a grapple either way. */
  readonly held: boolean;
  /** The combat's combatants and whom each made a Swarm Attack on this round. */
  readonly swarming: readonly { readonly id: string | null; readonly swarming: string }[];
  /** Whether a GM marked the target Unsuspecting (asked only for a plain execution). */
  readonly unsuspecting: () => boolean;
}

/**
 * Why the GM seals a card as refused, first found, or null: the author does not own the attacker,
 * the total is not what the options give (`totalHolds`), a held attacker's weapon is not unarmed
 * (§Grappling), a swarm claims more assistants than swarmed the target this round, or an
 * execution's conditions fail (`executionHolds`).
 */
export function sealRefusal(card: CardOptions, f: SealFacts): SealRefusal | null {
  if (!f.owns) return "notOwner";
  if (!totalHolds(card, f.attacker, f.weapon)) return "total";
  if (heldWeaponRefusal(f.held, f.weapon)) return "grappled";
  const assistants = swarmAssistants(f.swarming, f.targetId, f.attackerId);
  if (f.inCombat && card.swarmOthers > 0 && !swarmClaimHolds(card.swarmOthers, assistants))
    return "swarm";
  return executionHolds(card, f.unsuspecting) ? null : "execution";
}

/** What the card a Snap Attack or held attack answers says of its grants now. */
export interface AnsweredCard {
  /** Its attacker's token. */
  readonly attackerTokenUuid: string;
  /** Those it offered an attack on its attacker, each with the weapon offered. */
  readonly snappers: readonly { readonly combatantId: string; readonly weaponId: string }[];
  /** The cards already linked to its grants, by ally. */
  readonly snapCards?: Readonly<Record<string, string>>;
  /** The strike its window awaits now: who makes it and which (null: none). */
  readonly awaited: { readonly by: string; readonly answer: string } | null;
}

/**
 * Whether a card answering another (`snapFor`) is the grant made there: a melee or ranged attack
 * (never a charge or a swarm's), by the ally the window awaits, the answer it was granted (a snap
 * card for a Snap Attack, a plain one for a held attack), with the weapon granted, against that
 * card's attacker, and no card linked to the grant yet.
 * @param attackerId the answering attacker's combatant id ("" outside the combat).
 */
export function snapLinkHolds(card: CardOptions, attackerId: string, first: AnsweredCard): boolean {
  if (!attackerId || card.charge || card.swarmOthers > 0) return false;
  const grant = first.snappers.find((s) => s.combatantId === attackerId);
  const answer = card.snap ? "snapAttack" : "heldAttack";
  if (!grant || first.awaited?.by !== attackerId || first.awaited.answer !== answer) return false;
  if (first.snapCards?.[attackerId] || grant.weaponId !== card.weaponId) return false;
  return first.attackerTokenUuid === card.tokenUuid;
}

/**
 * The declared screen the window's opening rolled (its note), by name, for the card: the ward,
 * the attacker's total, who took the attack, and each screener's total and whether it won; null
 * when no screen was rolled.
 * @param nameOf a combatant's name by id.
 */
export function rolledScreen(note: unknown, ward: string, nameOf: (id: string) => string): {
  ward: string; attackerTotal: number; takenBy: string | null;
  screeners: { name: string; total: number; won: boolean }[];
} | null {
  const n = note as {
    attackerTotal?: number; takenBy?: string | null;
    screeners?: { id: string; total: number; won: boolean }[];
  } | null;
  if (!n?.screeners) return null;
  return {
    ward, attackerTotal: n.attackerTotal ?? 0, takenBy: n.takenBy ? nameOf(n.takenBy) : null,
    screeners: n.screeners.map((s) => ({ name: nameOf(s.id), total: s.total, won: s.won })),
  };
}
