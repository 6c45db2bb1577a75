import { actorParts, ShockActorSheet } from "./actor-sheet";
import type { SheetOptions, SheetPart } from "./sheet-base";

/** The player character sheet: class, level, HP and mortal marks, AC, stats, weapons, actions. */
export class ShockCharacterSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = { classes: ["character"] };

  static override PARTS: Record<string, SheetPart> = actorParts("character-header");

  protected override _prepareHeaderContext(): Record<string, unknown> {
    const actor = this.document;
    return { health: actor.health, fellRound: this.combatant?.data.fellRound ?? 0 };
  }
}
