import { ShockActorSheet } from "./actor-sheet";
import { TEMPLATES, type SheetOptions, type SheetPart } from "./sheet-base";

/** The player character sheet: class, level, HP and mortal marks, AC, stats, weapons, actions. */
export class ShockCharacterSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = { classes: ["character"] };

  static override PARTS: Record<string, SheetPart> = {
    header: { template: `${TEMPLATES}/actor/character-header.hbs` },
    stats: { template: `${TEMPLATES}/actor/stats.hbs` },
    weapons: { template: `${TEMPLATES}/actor/weapons.hbs` },
    actions: { template: `${TEMPLATES}/actor/actions.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  };

  protected override partContexts() {
    return {
      header: () => this._prepareHeaderContext(),
      stats: () => this._prepareStatsContext(),
      weapons: () => this._prepareWeaponsContext(),
      actions: () => this._prepareActionsContext(),
      biography: () => ({}),
    };
  }

  protected _prepareHeaderContext(): Record<string, unknown> {
    const actor = this.document;
    return { health: actor.health, fellRound: this.combatant?.data.fellRound ?? 0 };
  }
}
