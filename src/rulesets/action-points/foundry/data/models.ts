import { CHARACTER_SPEC, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC } from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { AP_CARD_SPEC } from "../../play/cards/card-spec";
import { actorModel } from "../../../../shell/data/actor-model";
import { ACTION_POINTS_MANIFEST } from "../../manifest";

/**
 * action-points' TypeDataModels, each generated from its field spec (`../../rules/models.ts`),
 * with the spec's own checks in `validateJoint` (`src/shell/data/spec-model.ts`). New actors get
 * their subtype's token defaults from the manifest (`src/shell/data/actor-model.ts`). Its
 * Combatants keep Foundry's own data: what the GM trusts is kept on the Combat
 * (`play/data/kept-spec.ts`).
 */
const tokens = ACTION_POINTS_MANIFEST.tokens ?? {};
export class ActionPointsCharacterModel
  extends actorModel(CHARACTER_SPEC, null, tokens.actionPointsCharacter) {}
export class ActionPointsNpcModel extends actorModel(NPC_SPEC, null, tokens.actionPointsNpc) {}
export class ActionPointsWeaponModel extends specModel(WEAPON_SPEC) {}
export class ActionPointsSpellModel extends specModel(SPELL_SPEC) {}

/** The attack card's model: its spec's fields plus the GM's records (GM-only in the manifest). */
export class ActionPointsAttackCardModel extends cardModel(AP_CARD_SPEC) {}
