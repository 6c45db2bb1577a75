import {
  playerMayChangeTurn, type TurnPosition, type TurnSeat,
} from "../../engine/turns/player-turn";
import { foundryLocalize as t } from "../setup/localize";

/**
 * The active GM's answer to a player's turn change Foundry's own controls would not have made
 * (`engine/turns/player-turn.ts`): Foundry's server accepts any player's `round` and `turn`
 * (common/documents/combat.mjs `#canUpdate`), so a hand-sent update could skip an enemy's turn
 * or start a round that refills the player's own economy. The Combat's `_onUpdate` asks
 * `refusedTurnChange` before Foundry runs the turn events; a refused change runs none and the
 * GM's client puts the turn back, without turn events (client/documents/combat.mjs `_onUpdate`
 * reads the update's `turnEvents: false`).
 */

/** What the guard reads of a Combat before Foundry records the change. */
export interface GuardedCombat {
  readonly round: number;
  readonly turn: number | null;
  /** Foundry's state before this update (`Combat#current`, not yet recomputed). */
  readonly current: { readonly round: number | null; readonly turn: number | null };
  readonly turns: readonly Combatant.Implementation[];
  readonly settings: { readonly skipDefeated?: boolean };
}

/**
 * On the active GM's client, for an update of `round` or `turn` by `userId`: the position to put
 * back when a player made a change that player's controls could not, else null (a GM's change,
 * another client, no turn change).
 * @param sitsOut per turn, whether it sits out the round being left (the surprise round)
 */
export function refusedTurnChange(
  combat: GuardedCombat, changed: object, userId: string, sitsOut: readonly boolean[],
): TurnPosition | null {
  if (!game.user?.isActiveGM || !("round" in changed || "turn" in changed)) return null;
  const user = game.users?.get(userId);
  if (!user || user.isGM) return null;
  const before = { round: combat.current.round ?? 0, turn: combat.current.turn };
  const skip = combat.settings.skipDefeated === true;
  const seats: TurnSeat[] = combat.turns.map((c, i) => ({
    owned: c.testUserPermission(user, "OWNER"),
    skippedNow: (sitsOut[i] ?? false) || (skip && c.isDefeated),
    skippedNext: skip && c.isDefeated,
  }));
  const after = { round: combat.round, turn: combat.turn };
  return playerMayChangeTurn(before, after, seats) ? null : before;
}

/**
 * Active GM: puts a refused turn change back, with no turn events, and tells the GM who made it.
 * @param how `byCombatants`: the change came with a Combatant operation, which a player's client
 *   whose tracker was behind sends too, so the GM is not told it was sent by hand.
 */
export async function restoreTurn(
  combat: { update(data: object, options: object): Promise<unknown> }, at: TurnPosition,
  userId: string, { byCombatants = false }: { readonly byCombatants?: boolean } = {},
): Promise<void> {
  await combat.update({ round: at.round, turn: at.turn }, { turnEvents: false });
  const name = game.users?.get(userId)?.name ?? "";
  const key = byCombatants ? "CombatantTurnRefused" : "PlayerTurnRefused";
  ui.notifications?.warn(t(`FRAY.Tracker.${key}`, { name }));
}

/** Where a combat's turn stands: its round, turn index and the turn's key (`turnKeys`). */
export interface TurnAt {
  readonly round: number;
  readonly turn: number | null;
  readonly key: string | null;
}

/**
 * On the active GM's client, for a Combatant operation by `userId` (a create, update or delete):
 * Foundry's server sets the Combat's turn from the operation's `combatTurn` for any user who may
 * make it, any whole number (dist/database/documents/combatant.mjs; common/documents/combat.mjs
 * sets no upper bound, and a turn past the last wraps into the next round on every client,
 * client/documents/combat.mjs `setupTurns`), and every client moves its turn with it, or, without
 * one, keeps its turn's index while the combatants around it change (`#onModifyCombatants`).
 * Foundry's own client sends `combatTurn` to keep the current turn current as others come and go
 * (client/documents/combatant.mjs `_preCreateOperation`…), and when the current combatant is
 * deleted its turn passes to the next survivor. A player's operation that does otherwise (another
 * round, another turn, a turn in another step, a turn off no one's) was sent by hand: refused.
 * @param next when the current combatant was deleted, the key of the next survivor's turn (null:
 *   none), else undefined
 * @returns whether it is refused
 */
export function refusedCombatantTurn(at: {
  readonly userId: string; readonly before: TurnAt; readonly after: TurnAt;
  readonly next: string | null | undefined;
}): boolean {
  if (!game.user?.isActiveGM || game.users?.get(at.userId)?.isGM !== false) return false;
  const { before, after } = at;
  if (before.round < 1) return after.round !== before.round;
  if (after.round !== before.round) return true;
  if (at.next !== undefined) return after.key !== at.next;
  return after.key !== before.key;
}
