import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { COMBATANT_SPEC } from "./combatant-spec";
import { SHOCK_CARD_SPEC } from "../chat/card-spec";

/**
 * shock's TypeDataModels, each generated from its field spec (`../../rules/models.ts`), with the
 * spec's own checks in `validateJoint` (`src/shell/data/spec-model.ts`).
 */
export class ShockCharacterModel extends specModel(CHARACTER_SPEC) {}
export class ShockNpcModel extends specModel(NPC_SPEC) {}
export class ShockWeaponModel extends specModel(WEAPON_SPEC) {}
export class ShockCombatantModel extends specModel(COMBATANT_SPEC) {}

/** The attack card's model: its spec's fields plus the GM's records (GM-only in the manifest). */
export class ShockAttackCardModel extends cardModel(SHOCK_CARD_SPEC) {}
