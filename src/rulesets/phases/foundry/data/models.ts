import {
  ACTIVATABLE_SPEC, ATTACK_POWER_SPEC, CHARACTER_SPEC, MOVEMENT_POWER_SPEC, NPC_SPEC,
} from "../../rules/models";
import { cardModel, specModel } from "../../../../shell/data/spec-model";
import { PHASES_CARD_SPEC } from "../../play/cards/card-spec";
import { actorModel } from "../../../../shell/data/actor-model";
import { PHASES_MANIFEST } from "../../manifest";

/**
 * phases' TypeDataModels, each generated from its field spec (`../../rules/models.ts`), with the
 * spec's own checks in `validateJoint` (`src/shell/data/spec-model.ts`). New actors get their
 * subtype's token defaults from the manifest (`src/shell/data/actor-model.ts`). Its Combatants
 * keep Foundry's own data: what the GM trusts is kept on the Combat (`play/data/kept-spec.ts`).
 */
const tokens = PHASES_MANIFEST.tokens ?? {};
export class PhasesCharacterModel
  extends actorModel(CHARACTER_SPEC, null, tokens.phasesCharacter) {}
export class PhasesNpcModel extends actorModel(NPC_SPEC, null, tokens.phasesNpc) {}
export class PhasesAttackModel extends specModel(ATTACK_POWER_SPEC) {}
export class PhasesMovementModel extends specModel(MOVEMENT_POWER_SPEC) {}
export class PhasesActivatableModel extends specModel(ACTIVATABLE_SPEC) {}

/** The attack card's model: its spec's fields plus the GM's records (GM-only in the manifest). */
export class PhasesAttackCardModel extends cardModel(PHASES_CARD_SPEC) {}
