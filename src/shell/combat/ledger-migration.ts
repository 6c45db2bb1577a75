import { pastEntries } from "../../engine/effects/ledger";
import { migrateOnce } from "../gm/migration";

/**
 * Encounters started before their ruleset kept a turn ledger (shock's kept only its own marks)
 * would run an edge's work again when the GM steps back across it and forward. The active GM
 * gives each started Fray encounter without a ledger one when the world is ready: every edge it
 * has already passed (`engine/effects/ledger.ts#pastEntries`). An encounter with a ledger is left
 * as it is, so running this again changes nothing; the world setting `fray.combatLedger` records
 * the version done.
 */
export const COMBAT_LEDGER_VERSION = 1;

export function registerLedgerMigration(): void {
  Hooks.once("ready", () => {
    if (game.user?.isActiveGM) void migrateLedgers().catch((err: unknown) => {
      console.error("Fray | giving encounters their turn ledger failed", err);
    });
  });
}

/** Seeds the ledger of every started encounter without one. @returns how many were seeded. */
export function migrateLedgers(): Promise<number> {
  return migrateOnce("combatLedger", COMBAT_LEDGER_VERSION, "ledger", async () => {
    let count = 0;
    for (const combat of game.combats?.contents ?? []) {
      if (!combat.started || combat.getFlag("fray", "turnLedger") !== undefined) continue;
      const order = combat.turns.map((c) => c.id ?? "");
      const ledger = pastEntries({ round: combat.round, turn: combat.turn, order });
      await combat.setFlag("fray", "turnLedger", ledger);
      count++;
    }
    return count;
  });
}
