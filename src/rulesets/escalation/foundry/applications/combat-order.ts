import type { FrayCombat } from "../documents/combat";
import { requestOfGM } from "../../../../shell/relay/gm-relay";
import { REQUESTS } from "../gm/requests";

/**
 * Players choose the order of their group inside a band, delay, and take readied actions. Each
 * renumbers or moves combatants the player does not own (and the Combat's turn), so it runs on the
 * active GM's client (see `gm/combat-requests.ts`).
 */
export async function requestShift(
  combat: FrayCombat,
  combatantId: string,
  direction: -1 | 1,
): Promise<void> {
  await requestOfGM(REQUESTS.shift, { combatId: combat.id, combatantId, direction });
}

export async function requestDelay(
  combat: FrayCombat,
  combatantId: string,
  band: string,
): Promise<void> {
  await requestOfGM(REQUESTS.delay, { combatId: combat.id, combatantId, band });
}

export async function requestReadied(combat: FrayCombat, combatantId: string): Promise<void> {
  await requestOfGM(REQUESTS.ready, { combatId: combat.id, combatantId });
}
