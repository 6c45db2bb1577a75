import { characterData } from "../data/accessors";
import { FrayActorSheet } from "./actor-sheet-base";
import type { SheetOptions, SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;

/** The player character sheet: stat block, HP, recoveries, abilities by frequency, conditions. */
export class CharacterSheet extends FrayActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["character"],
    position: { width: 640, height: 720 },
  };

  static override PARTS: Record<string, SheetPart> = {
    header: { template: "systems/fray/templates/actor/character-header.hbs" },
    abilities: { template: "systems/fray/templates/actor/abilities.hbs", scrollable: [""] },
    conditions: { template: "systems/fray/templates/actor/conditions.hbs" },
  };

  protected override partContexts(): Record<string, () => PartContext> {
    return {
      header: () => this._prepareHeaderContext(),
      abilities: () => this.abilitiesContext(characterData(this.frayActor.system).power.value),
      conditions: () => this.conditionsContext(),
    };
  }

  protected _prepareHeaderContext(): PartContext {
    const system = characterData(this.frayActor.system);
    return {
      actor: this.frayActor,
      system,
      health: this.frayActor.health,
      bands: CONFIG.FRAY.bands,
      stances: CONFIG.FRAY.stances,
      dice: CONFIG.FRAY.dice,
      missDamage: CONFIG.FRAY.missDamage,
    };
  }
}
