import {
  CHARACTER_SPEC, FEAT_SPEC, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC,
} from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { WOUNDS_CARD_SPEC } from "../../play/cards/card-spec";
import { actorModel } from "../../../../shell/data/actor-model";
import { WOUNDS_MANIFEST } from "../../manifest";

/**
 * wounds' TypeDataModels, each generated from its field spec (`../../rules/models.ts`), with the
 * spec's own checks in `validateJoint` (`src/shell/data/spec-model.ts`). New actors get their
 * subtype's token defaults from the manifest (`src/shell/data/actor-model.ts`). Its Combatants
 * keep Foundry's own data: what the GM trusts is kept on the Combat (`play/data/kept-spec.ts`);
 * its wounds are ActiveEffects (`play/actors/wound-effects.ts`).
 */
const tokens = WOUNDS_MANIFEST.tokens ?? {};
export class WoundsCharacterModel
  extends actorModel(CHARACTER_SPEC, null, tokens.woundsCharacter) {}
export class WoundsNpcModel extends actorModel(NPC_SPEC, null, tokens.woundsNpc) {}
export class WoundsWeaponModel extends specModel(WEAPON_SPEC) {}
export class WoundsSpellModel extends specModel(SPELL_SPEC) {}
export class WoundsFeatModel extends specModel(FEAT_SPEC) {}

/** The attack card's model: its spec's fields plus the GM's records (GM-only in the manifest). */
export class WoundsAttackCardModel extends cardModel(WOUNDS_CARD_SPEC) {}
