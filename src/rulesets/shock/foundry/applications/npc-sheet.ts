import { warnIfRefused } from "../../../../shell/applications/refusals";
import { callMorale } from "../chat/morale";
import type { ShockCombat } from "../documents/combat";
import { npcData } from "../data/accessors";
import type { NpcIdentity } from "../view/sheet-header";
import { actorParts, ShockActorSheet } from "./actor-sheet";
import type { SheetOptions, SheetPart } from "./sheet-base";

/**
 * The NPC sheet, read like a statblock: its identity (Hit Dice, training, attack bonus, Morale,
 * group), its defenses, HP, then its attacks with their lines; the GM's "call a morale check". In
 * edit mode the fields behind them.
 */
export class ShockNpcSheet extends ShockActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["npc"],
    position: { width: 560, height: 720 },
    actions: { callMorale: ShockNpcSheet.#onCallMorale },
  };

  static override PARTS: Record<string, SheetPart> = actorParts("npc-header");

  protected override npcIdentity(): NpcIdentity {
    const s = npcData(this.document.system);
    return {
      hitDice: s.hitDice, training: s.training, morale: s.morale, fearless: s.fearless,
      disciplined: s.disciplined, group: s.group, role: s.role,
    };
  }

  /** The GM calls a morale check for this NPC's group (the button is shown to GMs only). */
  static async #onCallMorale(this: ShockNpcSheet): Promise<void> {
    await warnIfRefused(() =>
      callMorale(game.combat as ShockCombat | null, this.document),
    );
  }
}
