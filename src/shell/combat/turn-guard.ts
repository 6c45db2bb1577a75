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
 */
export async function restoreTurn(
  combat: { update(data: object, options: object): Promise<unknown> }, at: TurnPosition,
  userId: string,
): Promise<void> {
  await combat.update({ round: at.round, turn: at.turn }, { turnEvents: false });
  const name = game.users?.get(userId)?.name ?? "";
  ui.notifications?.warn(t("FRAY.Tracker.PlayerTurnRefused", { name }));
}

/**
 * On the active GM's client, for a Combatant operation by `userId` (a create, update or delete):
 * Foundry's server sets the Combat's turn from the operation's `combatTurn` for any user who may
 * make it (dist/database/documents/combatant.mjs), and every client moves its turn with it, or,
 * without one, keeps its turn's index while the combatants around it change
 * (client/documents/combat.mjs `#onModifyCombatants`). Foundry's own client sends `combatTurn` to
 * keep the current combatant current as others come and go, so a player's operation that makes
 * another combatant current (unless it deleted the current one) was sent by hand, and is refused:
 * a combatant re-created by its player must not start a turn of its own.
 * @returns the turn to put back (the former current combatant's place now), or null.
 */
export function refusedCombatantTurn(at: {
  readonly userId: string;
  readonly before: string | null; readonly after: string | null;
  readonly deleted: readonly string[]; readonly turns: readonly Combatant.Implementation[];
}): number | null {
  if (!game.user?.isActiveGM || game.users?.get(at.userId)?.isGM !== false) return null;
  if (at.before === null || at.before === at.after || at.deleted.includes(at.before)) return null;
  const turn = at.turns.findIndex((c) => c.id === at.before);
  return turn >= 0 ? turn : null;
}
