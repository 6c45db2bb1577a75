import {
  array,
  bool,
  choice,
  int,
  object,
  text,
  type SourceOf,
} from "../../../../engine/schema/spec";
import { SITUATION_IDS } from "../../rules/situations";
import type { AttackChoice } from "./attack-choice";

/**
 * The data of a shock attack card (ChatMessage subtype `shockAttack`): one attack of one weapon
 * against one token, as its author rolled it. The author owns the message and can edit all of
 * this, so nothing here decides what the GM writes: the active GM seals what it needs when the card
 * is posted (`card-seal.ts`) and keeps the reactions, the result and the applied step in fields
 * only a GM may write. The target's AC is never stored (every client receives the card).
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Shock, §Charge, §Make a Snap Attack,
 * §Make a Swarm Attack, §Dual Wielding Weapons.
 */
export const SHOCK_CARD_SPEC = object({
  actorUuid: text(),
  weaponId: text(),
  weaponName: text(),
  /** The weapon's one-line summary when it was used ("+4 vs AC · 1d8+2 · Shock 2/AC 15"). */
  summary: text(),
  tokenUuid: text(),
  targetName: text(),
  /** The encounter and round it was rolled in ("" and 0 outside a started combat). */
  combatId: text(),
  round: int(0, 0),
  charge: bool(false),
  snap: bool(false),
  dualWield: bool(false),
  /** Other assailants who swarmed the target this round (0: no swarm). */
  swarmOthers: int(0, 0, 4),
  /** A foe was in melee range of the attacker (−4 for thrown and one-handed ranged weapons). */
  inMelee: bool(false),
  situations: array(choice(SITUATION_IDS, "halfCover", "FRAY.Shock.Situation")),
  formula: text(),
  /**
   * A Snap Attack (`snap`) or, without `snap`, a held attack answering another card: that card's
   * message id ("" otherwise); the GM checks it was granted there.
   */
  snapFor: text(),
  /**
   * An execution attack on a target the GM marked unsuspecting (§Execution Attacks); the GM checks
   * it.
   */
  execution: bool(false),
  /**
   * The execution is made with a non-lethal weapon or blow: a failed save knocks the target out
   * instead (§Execution Attacks); only with `execution`, which the GM checks.
   */
  nonLethal: bool(false),
  natural: int(1, 1, 20),
  total: int(0),
});

export type ShockCard = SourceOf<typeof SHOCK_CARD_SPEC>;

/** What an attack posts its card from: who, with what, at whom, where, as chosen and rolled. */
export interface AttackMade {
  readonly actorUuid: string;
  readonly weapon: { readonly id: string; readonly name: string };
  /** The weapon's one-line summary now. */
  readonly summary: string;
  readonly target: { readonly tokenUuid: string; readonly name: string };
  /** The started combat the attacker is in, or null. */
  readonly combat: { readonly id: string; readonly round: number } | null;
  readonly choice: AttackChoice;
  /** Made without paying here (an Attack of Opportunity, or answering a card). */
  readonly prepaid: boolean;
  /** The card a Snap Attack or held attack answers ("" otherwise). */
  readonly snapFor: string;
  /** The d20 as rolled: its formula, its natural result and the check's modifier. */
  readonly formula: string;
  readonly natural: number;
  readonly modifier: number;
}

/**
 * The card an attack posts. An execution only as a paid attack of its own: an Attack of
 * Opportunity or an answer to a card is never one (§Execution Attacks); non-lethal only with it.
 */
export function attackCard(made: AttackMade): ShockCard {
  const { choice, prepaid } = made;
  return {
    actorUuid: made.actorUuid, weaponId: made.weapon.id, weaponName: made.weapon.name,
    summary: made.summary, tokenUuid: made.target.tokenUuid, targetName: made.target.name,
    combatId: made.combat?.id ?? "", round: made.combat?.round ?? 0,
    charge: choice.charge, snap: choice.snap, dualWield: choice.dualWield,
    swarmOthers: choice.swarmOthers, inMelee: choice.inMelee, situations: [...choice.situations],
    formula: made.formula, snapFor: made.snapFor,
    execution: !prepaid && Boolean(choice.execution),
    nonLethal: !prepaid && Boolean(choice.execution && choice.nonLethal),
    natural: made.natural, total: made.natural + made.modifier,
  };
}
