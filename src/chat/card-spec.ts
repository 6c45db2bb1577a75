import { array, bool, choice, int, object, text, type SourceOf } from "../rules/schema/spec";
import { DAMAGE_TYPES, DEFENSES, DURATIONS } from "../rules/escalation/constants";
import { CONDITION_IDS } from "../rules/escalation/conditions";

/**
 * The data an attack chat card stores (ChatMessage subtype `attack`): who attacked with what, and
 * per target the roll's meaning, the damage and whether (and how) it was applied. Applied state
 * lives on the message so a button can never apply twice, and Undo knows what to restore.
 */
export const APPLY_MODES = ["apply", "half", "double", "heal"] as const;
export type ApplyMode = (typeof APPLY_MODES)[number];

export const CARD_TARGET_SPEC = object({
  tokenUuid: text(),
  name: text(),
  defense: choice(DEFENSES, "ac"),
  defenseValue: int(0),
  dice: array(int(1, 1, 6)),
  natural: int(3, 0, 18),
  total: int(0, -100, 200),
  edge: int(0, -20, 20),
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
  /** Conditions the result applies, each with how long it lasts (changeable until applied). */
  /** Confused attacker, odd natural: the damage the attacker takes itself when this is applied. */
  selfDamage: int(0, 0),
  /** A hit that starts Last Gasp saves on a character. */
  lastGasp: bool(false),
  effects: array(object({
    id: choice(CONDITION_IDS, "dazed"),
    duration: choice(DURATIONS, "saveEnds"),
    save: int(11, 2, 18),
    amount: int(0, 0),
    damageType: choice(DAMAGE_TYPES, "weapon"),
  })),
  applied: object({
    done: bool(false),
    mode: choice(["", ...APPLY_MODES] as const, ""),
    amount: int(0, -10000, 10000),
    hpBefore: int(0, -10000, 10000),
    /** ActiveEffect ids this apply created (Undo deletes exactly these). */
    addedEffects: array(text()),
    /** This apply started Last Gasp saves (Undo stops them). */
    lastGasp: bool(false),
    /** Confused self-damage this apply dealt to the attacker (Undo gives it back). */
    selfDamage: int(0, 0),
  }),
});

export const ATTACK_CARD_SPEC = object({
  actorUuid: text(),
  abilityName: text(),
  escalation: int(0, 0, 6),
  formula: text(),
  /** The item id when the ability is a `Sustain X` one: its effects are held up by sustaining. */
  sustainItemId: text(),
  targets: array(CARD_TARGET_SPEC),
});

export type CardTarget = SourceOf<typeof CARD_TARGET_SPEC>;
export type AttackCard = SourceOf<typeof ATTACK_CARD_SPEC>;
