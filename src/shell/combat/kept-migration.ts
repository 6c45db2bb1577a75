import { migrateOnce } from "../gm/migration";
import { keptLegacyOf, keptSinceOf, keptSpecOf, KEPT_VERSION } from "./kept";
import { migrationChanges } from "./kept-record";
import { catchUpKeptInTurn, type LifecycleCombat } from "./kept-lifecycle";

/**
 * Combats from before the kept store (`kept.ts`) held their combatants' round economy and marks
 * on each Combatant's `system` (version 1), and shock's side and fled mark there and in its flags
 * (version 2), which its player may write. The active GM copies them once into the store when
 * the world is ready: each field the versions after the world's add, where a combatant's entry
 * lacks it (`kept-record.ts#migrationChanges`), so running it again changes nothing. The world
 * setting `fray.keptEconomy` records the version done; from then on nothing is read from a
 * Combatant for a kept field.
 */
export function registerKeptMigration(): void {
  Hooks.once("ready", () => {
    if (!game.user?.isActiveGM) return;
    // Then what happened while no GM was connected (`kept-lifecycle.ts`).
    const combats = () => (game.combats?.contents ?? []) as unknown as LifecycleCombat[];
    void migrateKept().then(() => catchUpKeptInTurn(combats())).catch((err: unknown) => {
      console.error("Fray | moving combatants' kept fields onto their combats failed", err);
    });
  });
}

/** Moves every combat's kept fields onto it. @returns how many combats were written. */
export function migrateKept(): Promise<number> {
  return migrateOnce("keptEconomy", KEPT_VERSION, "kept", async (done) => {
    let count = 0;
    for (const combat of game.combats?.contents ?? []) {
      const spec = keptSpecOf(combat);
      if (!spec) continue;
      const stored = (combat.flags as { fray?: { kept?: unknown } } | undefined)?.fray?.kept;
      const combatants = combat.combatants.contents.map((c) => ({
        id: c.id, legacy: keptLegacyOf(combat, c),
      }));
      const changes = migrationChanges(
        spec, stored, combatants, { done, since: keptSinceOf(combat) },
      );
      if (!changes) continue;
      await combat.update(changes as Combat.UpdateData);
      count++;
    }
    return count;
  });
}
