import {
  ABILITY_SPEC, CHARACTER_SPEC, COMBATANT_SPEC, NPC_SPEC, WEAPON_SPEC,
} from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { actorModel } from "../../../../shell/data/actor-model";
import { ESCALATION_MANIFEST } from "../../manifest";
import { ABILITY_CARD_SPEC, ATTACK_CARD_SPEC } from "../../play/cards/card-spec";

/**
 * The TypeDataModels of escalation's document subtypes. Each schema is generated from the core's
 * spec (`src/rulesets/escalation/rules/models.ts`), and `validateJoint` runs the same checks the
 * pack build runs (`src/shell/data/spec-model.ts`). New actors get their subtype's token defaults
 * from the manifest (`src/shell/data/actor-model.ts`): a character's token is linked and friendly.
 */
const tokens = ESCALATION_MANIFEST.tokens ?? {};
export class CharacterModel extends actorModel(
  CHARACTER_SPEC, "FRAY.Character", tokens.escalationCharacter,
) {}
export class NpcModel extends actorModel(NPC_SPEC, "FRAY.Npc", tokens.escalationNpc) {}
export class WeaponModel extends specModel(WEAPON_SPEC, "FRAY.Weapon") {}
export class AbilityModel extends specModel(ABILITY_SPEC, "FRAY.Ability") {}
export class CombatantModel extends specModel(COMBATANT_SPEC, null) {}

/**
 * System data of `attack` chat messages (see `src/rulesets/escalation/play/cards/card-spec.ts`),
 * with the GM's records (`src/shell/cards/records.ts`), GM-only in the manifest.
 */
export class AttackCardModel extends cardModel(ATTACK_CARD_SPEC) {}
/** System data of `ability` chat messages: a healing ability's heal buttons. */
export class AbilityCardModel extends cardModel(ABILITY_CARD_SPEC) {}
