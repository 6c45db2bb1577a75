import { characterData } from "../data/accessors";
import { healthState } from "../rules/escalation/health";
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

  override async _preparePartContext(partId: string, context: PartContext, options: unknown): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    switch (partId) {
      case "header":
        return Object.assign(base, this._prepareHeaderContext());
      case "abilities":
        return Object.assign(base, this.abilitiesContext(characterData(this.frayActor.system).power.value));
      case "conditions":
        return Object.assign(base, this.conditionsContext());
      default:
        return base;
    }
  }

  protected _prepareHeaderContext(): PartContext {
    const system = characterData(this.frayActor.system);
    return {
      actor: this.frayActor,
      system,
      health: healthState(system.hp.value, system.hp.max, true),
      bands: CONFIG.FRAY.bands,
      stances: CONFIG.FRAY.stances,
      dice: CONFIG.FRAY.dice,
      missDamage: CONFIG.FRAY.missDamage,
    };
  }
}
