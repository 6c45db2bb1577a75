import { warnIfRefused } from "../../../../shell/applications/refusals";
import { callMorale } from "../chat/morale";
import type { ShockCombat } from "../documents/combat";
import { ShockActorSheet } from "./actor-sheet";
import { TEMPLATES, type SheetOptions, type SheetPart } from "./sheet-base";

/**
 * The NPC sheet: Hit Dice and training, HP, AC, morale and its group (with the GM's "call a morale
 * check"), weapons, actions.
 */
export class ShockNpcSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = { classes: ["npc"], actions: { callMorale: ShockNpcSheet.#onCallMorale } };

  static override PARTS: Record<string, SheetPart> = {
    header: { template: `${TEMPLATES}/actor/npc-header.hbs` },
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
    const block = this.document.statblock;
    return { attackBonus: block.attackBonus, health: this.document.health, isGM: game.user?.isGM ?? false };
  }

  /** The GM calls a morale check for this NPC's group (the button is shown to GMs only). */
  static async #onCallMorale(this: ShockNpcSheet): Promise<void> {
    await warnIfRefused(() => callMorale(game.combat as unknown as ShockCombat | null, this.document));
  }
}
