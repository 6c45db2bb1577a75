import { actorParts, ShockActorSheet } from "./actor-sheet";
import type { SheetOptions, SheetPart } from "./sheet-base";

/**
 * The player character sheet: in play its name, class and level, AC, attack bonus, save and
 * shield, HP with its bar, attributes and skills as values, weapons with their lines, the round;
 * in edit mode the fields behind them.
 */
export class ShockCharacterSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = { classes: ["character"] };

  static override PARTS: Record<string, SheetPart> = actorParts("character-header");
}
