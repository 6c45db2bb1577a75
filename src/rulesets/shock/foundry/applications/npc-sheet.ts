import { warnIfRefused } from "../../../../shell/applications/refusals";
import { callMorale } from "../chat/morale";
import type { ShockCombat } from "../documents/combat";
import { actorParts, ShockActorSheet } from "./actor-sheet";
import type { SheetOptions, SheetPart } from "./sheet-base";

/**
 * The NPC sheet: Hit Dice and training, HP, AC, morale and its group (with the GM's "call a morale
 * check"), weapons, actions.
 */
export class ShockNpcSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["npc"],
    actions: { callMorale: ShockNpcSheet.#onCallMorale },
  };

  static override PARTS: Record<string, SheetPart> = actorParts("npc-header");

  protected override _prepareHeaderContext(): Record<string, unknown> {
    const block = this.document.statblock;
    const isGM = game.user?.isGM ?? false;
    return { attackBonus: block.attackBonus, health: this.document.health, isGM };
  }

  /** The GM calls a morale check for this NPC's group (the button is shown to GMs only). */
  static async #onCallMorale(this: ShockNpcSheet): Promise<void> {
    await warnIfRefused(() => callMorale(game.combat as unknown as ShockCombat | null, this.document));
  }
}
