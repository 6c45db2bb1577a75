import { ATTACK_CARD_FIELDS } from "../../../../engine/schema/attack-card-fields";
import {
  array, bool, choice, object, text, type SourceOf,
} from "../../../../engine/schema/spec";
import { SHOVE_EFFECTS } from "../../rules/special-actions";

/**
 * The data of an action-points attack card (ChatMessage subtype `actionPointsAttack`): one attack
 * of one weapon or spell against one token, as its author declared it, with the Disadvantage
 * sources the author declared (only ever against itself; Advantage only a GM's). The author owns the message and can edit
 * all of this, so nothing here decides what the GM writes: the active GM seals the card as posted
 * (`seal.ts`), recomputing the skill, modifiers and edge from the documents, finding the encounter
 * from the attacker's token, paying its AP, rolling its d100s itself, and keeps the reactions and
 * the result in fields only a GM may write.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions; RULINGS.md §action-points Attacks.
 */
export const DISADVANTAGE_SOURCES = ["disarm", "other"] as const;
/** Advantage its author may declare: honoured only on a GM's card (the situation is the GM's). */
export const ADVANTAGE_SOURCES = ["other"] as const;

export const AP_CARD_SPEC = object({
  ...ATTACK_CARD_FIELDS,
  /** Disadvantage the author declared on its own attack. */
  disadvantages: array(choice(DISADVANTAGE_SOURCES, "other", "FRAY.ActionPoints.Edge")),
  advantages: array(choice(ADVANTAGE_SOURCES, "other", "FRAY.ActionPoints.Edge")),
  /**
   * A reaction attack: the offer prompt that granted it ("" for an attack of the attacker's own
   * turn). The GM checks the grant was taken by this attacker, against this target.
   */
  reactionFor: text(),
  /**
   * A special action that is a check rather than an attack (`maneuver.ts` MANEUVERS: shove,
   * grapple, feint, disarm, tumble, breakFree), or "" for an attack with the item.
   */
  maneuver: text(),
  /** A Shove's chosen effect, and whether the shover wants both on a Hard success or better. */
  shove: object({
    choice: choice(SHOVE_EFFECTS, "prone", "FRAY.ActionPoints.Shove"), both: bool(false),
  }),
});

export type ApCard = SourceOf<typeof AP_CARD_SPEC>;
