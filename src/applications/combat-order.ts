import type { FrayCombat } from "../documents/combat";
import { registerRelayHandler, relayToGM, warnRefused } from "../relay/gm-relay";

/**
 * Players choose the order of their group inside a band. Moving one combatant renumbers the whole
 * group, which touches combatants the player does not own, so the move runs on the active GM's
 * client; it is allowed for a GM or an owner of the combatant being moved.
 */
const SHIFT = "shiftCombatant";

export function registerCombatOrderRelay(): void {
  registerRelayHandler(SHIFT, async (payload, senderId) => {
    const combat = game.combats?.get(String(payload.combatId)) as FrayCombat | undefined;
    const combatant = combat?.combatants.get(String(payload.combatantId));
    const sender = game.users?.get(senderId);
    if (!combat || !combatant) return { ok: false, reason: "noTarget" };
    if (!sender || !(sender.isGM || combatant.testUserPermission(sender, "OWNER"))) return { ok: false, reason: "notOwner" };
    await combat.shiftInGroup(combatant.id ?? "", payload.direction === -1 ? -1 : 1);
    return { ok: true };
  });
}

/** Moves a combatant one place earlier (-1) or later (+1) in its band's group. */
export async function requestShift(combat: FrayCombat, combatantId: string, direction: -1 | 1): Promise<void> {
  warnRefused(await relayToGM(SHIFT, { combatId: combat.id, combatantId, direction }));
}
