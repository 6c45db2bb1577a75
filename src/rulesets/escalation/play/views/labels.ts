import {
  ABILITY_MISS, ABILITY_TYPES, ACTIONS, BANDS, BASIC_KINDS, DAMAGE_TYPES, DEFENSES, DURATIONS,
  FREQUENCIES, HEAL_KINDS, MISS_DAMAGE, STANCES,
} from "../../rules/constants";
import { CONDITION_IDS } from "../../rules/conditions";

/**
 * The label maps (value → localization key) of escalation's selects and displays, built from the
 * core's `as const` lists so a new value needs one edit; Foundry holds them as `CONFIG.FRAY`
 * (`foundry/install.ts`, typed in `foundry/types.ts`). Die sizes are labelled by the sheets'
 * localized `dieChoices` (play/views/item-view.ts), not here.
 */
const labels = <T extends string | number>(
  values: readonly T[],
  prefix: string,
): Record<string, string> => Object.fromEntries(values.map((v) => [String(v), `${prefix}.${v}`]));

export const FRAY_CONFIG = {
  bands: labels(BANDS, "FRAY.Band"),
  defenses: labels(DEFENSES, "FRAY.Defense"),
  attackDefenses: labels([...DEFENSES, "none"], "FRAY.Defense"),
  damageTypes: labels(DAMAGE_TYPES, "FRAY.DamageType"),
  actions: labels(ACTIONS, "FRAY.Action"),
  frequencies: labels(FREQUENCIES, "FRAY.Frequency"),
  abilityTypes: labels(ABILITY_TYPES, "FRAY.AbilityType"),
  stances: labels(STANCES, "FRAY.Stance"),
  missDamage: labels(MISS_DAMAGE, "FRAY.MissDamage"),
  abilityMiss: labels(ABILITY_MISS, "FRAY.AbilityMiss"),
  basicKinds: labels(BASIC_KINDS, "FRAY.Basic"),
  durations: labels(DURATIONS, "FRAY.Duration"),
  healKinds: labels(HEAL_KINDS, "FRAY.Heal"),
  conditions: labels(CONDITION_IDS, "FRAY.Condition"),
} as const;
