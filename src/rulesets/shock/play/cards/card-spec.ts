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
