import type { FrayActor } from "../documents/actor";
import type { FrayCombat } from "../documents/combat";
import { onSourceDown } from "../chat/turn-events";
import { SerialQueue } from "../../../../shell/relay/serial";
import { combatantsOfActor } from "../../../../shell/combat/located";

/**
 * The active GM ends the effects a combatant was holding up "until the end of its next turn" the
 * moment it is out of the fight, whatever put it there: a card's damage, a hand edit of HP on the
 * sheet, ongoing damage, a fourth failed death save, or the tracker's "defeated" toggle.
 *
 * Relies on Foundry v13 calling `updateActor` on every client for every actor update, synthetic
 * token actors included (client/documents/actor-delta.mjs `_onUpdate` calls the hook with the
 * synthetic actor), and `updateCombatant` with the changed keys (`defeated` when the tracker's
 * toggle is used). Only the active GM acts; one queue keeps two quick updates from deleting the
 * same effects twice (the second finds none left).
 * Source: RULINGS.md §escalation Instances.
 */
export function registerSourceDown(): void {
  const queue = new SerialQueue();
  Hooks.on("updateActor", (actor: Actor.Implementation) => {
    if (!game.user?.isActiveGM || !(actor as FrayActor).dead) return;
    for (const { combat, combatant } of combatantsOfActor(actor)) {
      void queue.run(() => onSourceDown(combat as FrayCombat, combatant));
    }
  });
  Hooks.on(
    "updateCombatant",
    (combatant: Combatant.Implementation, changed: { defeated?: unknown }) => {
      if (!game.user?.isActiveGM || changed.defeated !== true || !combatant.combat) return;
      const combat = combatant.combat as FrayCombat;
      void queue.run(() => onSourceDown(combat, combatant));
    },
  );
}

