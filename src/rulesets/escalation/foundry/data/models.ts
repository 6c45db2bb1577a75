import {
  ABILITY_SPEC, CHARACTER_SPEC, COMBATANT_SPEC, NPC_SPEC, WEAPON_SPEC,
} from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { ABILITY_CARD_SPEC, ATTACK_CARD_SPEC } from "../chat/card-spec";

/**
 * The TypeDataModels of escalation's document subtypes. Each schema is generated from the core's
 * spec (`src/rulesets/escalation/rules/models.ts`), and `validateJoint` runs the same checks the
 * pack build runs (`src/shell/data/spec-model.ts`).
 */
export class CharacterModel extends specModel(CHARACTER_SPEC, "FRAY.Character") {}
export class NpcModel extends specModel(NPC_SPEC, "FRAY.Npc") {}
export class WeaponModel extends specModel(WEAPON_SPEC, "FRAY.Weapon") {}
export class AbilityModel extends specModel(ABILITY_SPEC, "FRAY.Ability") {}
export class CombatantModel extends specModel(COMBATANT_SPEC, null) {}

/**
 * System data of `attack` chat messages (see `src/rulesets/escalation/foundry/chat/card-spec.ts`),
 * with the GM's records (`src/shell/cards/records.ts`), GM-only in the manifest.
 */
export class AttackCardModel extends cardModel(ATTACK_CARD_SPEC) {}
/** System data of `ability` chat messages: a healing ability's heal buttons. */
export class AbilityCardModel extends cardModel(ABILITY_CARD_SPEC) {}
