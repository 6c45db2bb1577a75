import { actorParts, shockActorSheet } from "./actor-sheet";

/**
 * The player character sheet: in play its name, class and level, AC, attack bonus, save and
 * shield, HP with its bar, attributes and skills as values, weapons with their lines, the round;
 * in edit mode the fields behind them.
 */
export const ShockCharacterSheet = shockActorSheet({
  name: "ShockCharacterSheet",
  classes: ["character"],
  parts: actorParts("character-header"),
});
