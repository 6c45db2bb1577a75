import { warnIfRefused } from "../../../../shell/applications/refusals";
import { combatFor } from "../../../../shell/combat/located";
import { callMorale } from "../chat/morale";
import type { ShockCombat } from "../documents/combat";
import { npcData } from "../data/accessors";
import { actorParts, shockActorSheet } from "./actor-sheet";

/**
 * The NPC sheet, read like a statblock: its identity (Hit Dice, training, attack bonus, Morale,
 * group), its defenses, HP, then its attacks with their lines; the GM's "call a morale check". In
 * edit mode the fields behind them.
 */
export const ShockNpcSheet = shockActorSheet({
  name: "ShockNpcSheet",
  classes: ["npc"],
  position: { width: 560, height: 720 },
  parts: actorParts("npc-header"),
  npcIdentity: (sheet) => {
    const s = npcData(sheet.document.system);
    return {
      hitDice: s.hitDice, training: s.training, morale: s.morale, fearless: s.fearless,
      disciplined: s.disciplined, group: s.group, role: s.role,
    };
  },
  actions: {
    /** The GM calls a morale check for this NPC's group (the button is shown to GMs only). */
    callMorale: (sheet) =>
      warnIfRefused(() => callMorale(
        combatFor(sheet.document as Actor.Implementation) as ShockCombat | null, sheet.document,
      )),
  },
});
