import { validate } from "../rules/schema/spec.js";
import {
  ABILITY_SPEC, CHARACTER_SPEC, COMBATANT_SPEC, NPC_SPEC, WEAPON_SPEC,
} from "../rules/escalation/models.js";
import { schemaFor } from "./fields.js";

/**
 * The TypeDataModels of Fray's document subtypes. Each schema is generated from the core's spec
 * (`src/rules/escalation/models.ts`), and `validateJoint` runs the same checks the pack build runs,
 * so bad values are rejected with a message that names the field.
 */
type Schema = foundry.data.fields.DataSchema;

function rejectInvalid(spec: Parameters<typeof validate>[0], data: unknown): void {
  const errors = validate(spec, data);
  if (errors.length) {
    throw new Error(errors.map((e) => `${e.path} ${e.message}`).join("; "));
  }
}

export class CharacterModel extends foundry.abstract.TypeDataModel<Schema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Character"];
  static override defineSchema() {
    return schemaFor(CHARACTER_SPEC);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    rejectInvalid(CHARACTER_SPEC, data);
  }
}

export class NpcModel extends foundry.abstract.TypeDataModel<Schema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Npc"];
  static override defineSchema() {
    return schemaFor(NPC_SPEC);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    rejectInvalid(NPC_SPEC, data);
  }
}

export class WeaponModel extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Weapon"];
  static override defineSchema() {
    return schemaFor(WEAPON_SPEC);
  }
}

export class AbilityModel extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FRAY.Ability"];
  static override defineSchema() {
    return schemaFor(ABILITY_SPEC);
  }
  static override validateJoint(data: Record<string, unknown>): void {
    rejectInvalid(ABILITY_SPEC, data);
  }
}

export class CombatantModel extends foundry.abstract.TypeDataModel<Schema, Combatant.Implementation> {
  static override defineSchema() {
    return schemaFor(COMBATANT_SPEC);
  }
}
