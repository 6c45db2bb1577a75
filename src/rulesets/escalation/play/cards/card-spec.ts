import {
  array,
  bool,
  choice,
  int,
  object,
  text,
  type SourceOf,
} from "../../../../engine/schema/spec";
import { DAMAGE_TYPES, DEFENSES, DURATIONS } from "../../rules/constants";
import { CONDITION_IDS } from "../../rules/conditions";

/**
 * The data an attack chat card stores (ChatMessage subtype `attack`): who attacked with what, and
 * per target the roll's meaning, the damage and the effects. The card's author owns the message
 * and can edit all of this, so nothing here decides what the GM applies: the active GM seals a copy
 * when the card is posted, and keeps the applied records beside it (`card-ledger.ts`), in fields
 * only a GM may write. Defense values are not stored: every client receives this data.
 */
export const APPLY_MODES = ["apply", "half", "double", "heal"] as const;
export type ApplyMode = (typeof APPLY_MODES)[number];

export const CARD_EFFECT_SPEC = object({
  id: choice(CONDITION_IDS, "dazed"),
  duration: choice(DURATIONS, "saveEnds"),
  save: int(11, 2, 18),
  amount: int(0, 0),
  damageType: choice(DAMAGE_TYPES, "weapon"),
});

export const CARD_TARGET_SPEC = object({
  tokenUuid: text(),
  name: text(),
  defense: choice(DEFENSES, "ac"),
  dice: array(int(1, 1, 6)),
  natural: int(3, 0, 18),
  total: int(0),
  edge: int(0),
  /** The attack's terms (§Attacks: Level + Volition after a recovery penalty), for the tooltip. */
  level: int(0, 0),
  volition: int(0),
  hit: bool(false),
  crit: bool(false),
  critFail: bool(false),
  invisibleFailed: bool(false),
  /** Damage after crit and resistance; 0 when none. */
  damage: int(0, 0),
  damageType: choice(DAMAGE_TYPES, "weapon"),
  damageFormula: text(),
  halved: bool(false),
  /** `hit`, `miss` (miss damage) or `none`. */
  damageKind: choice(["hit", "miss", "none"] as const, "none"),
  /** Confused attacker, odd natural: the damage the attacker takes itself when this is applied. */
  selfDamage: int(0, 0),
  /** A hit that starts Last Gasp saves on a character. */
  lastGasp: bool(false),
  /** Conditions the result applies, each with how long it lasts (changeable until applied). */
  effects: array(CARD_EFFECT_SPEC),
});

export const ATTACK_CARD_SPEC = object({
  actorUuid: text(),
  abilityName: text(),
  escalation: int(0, 0, 6),
  formula: text(),
  /** The item id when the ability is a `Sustain X` one: its effects are held up by sustaining. */
  sustainItemId: text(),
  /** The encounter and round it was rolled in ("" and 0 outside a started combat). */
  combatId: text(),
  round: int(0, 0),
  targets: array(CARD_TARGET_SPEC),
});

/**
 * An ability card without attacks (ChatMessage subtype `ability`): the heal buttons of a healing
 * ability, whose targets spend a recovery (or take a free one).
 */
export const ABILITY_CARD_SPEC = object({
  actorUuid: text(),
  itemId: text(),
  abilityName: text(),
  heal: object({
    free: bool(false),
    targets: array(object({ uuid: text(), name: text() })),
  }),
});

export type CardEffect = SourceOf<typeof CARD_EFFECT_SPEC>;
export type CardTarget = SourceOf<typeof CARD_TARGET_SPEC>;
export type AttackCard = SourceOf<typeof ATTACK_CARD_SPEC>;
export type AbilityCard = SourceOf<typeof ABILITY_CARD_SPEC>;
