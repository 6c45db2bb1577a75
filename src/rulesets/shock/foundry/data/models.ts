import { CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { actorModel } from "../../../../shell/data/actor-model";
import { SHOCK_MANIFEST } from "../../manifest";
import { COMBATANT_SPEC } from "../../play/data/combatant-spec";
import { SHOCK_CARD_SPEC } from "../../play/cards/card-spec";

/**
 * shock's TypeDataModels, each generated from its field spec (`../../rules/models.ts`), with the
 * spec's own checks in `validateJoint` (`src/shell/data/spec-model.ts`). New actors get their
 * subtype's token defaults from the manifest (`src/shell/data/actor-model.ts`).
 */
const tokens = SHOCK_MANIFEST.tokens ?? {};
export class ShockCharacterModel extends actorModel(CHARACTER_SPEC, null, tokens.shockCharacter) {}
export class ShockNpcModel extends actorModel(NPC_SPEC, null, tokens.shockNpc) {}
export class ShockWeaponModel extends specModel(WEAPON_SPEC) {}
export class ShockCombatantModel extends specModel(COMBATANT_SPEC) {}

/** The attack card's model: its spec's fields plus the GM's records (GM-only in the manifest). */
export class ShockAttackCardModel extends cardModel(SHOCK_CARD_SPEC) {}
