import { abilityData } from "../data/accessors";
import type { AbilitySource } from "../rules/escalation/models";

/** Fray's Item: weapons and abilities. `use()` is what a sheet's Use button calls. */
export class FrayItem extends Item {
  get ability(): AbilitySource | null {
    return this.type === "ability" ? abilityData(this.system) : null;
  }
}
