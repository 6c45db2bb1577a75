import { claimOnce } from "../gm/claim";
import { keptSpecOf, KEPT_VERSION } from "./kept";
import { migrationChanges } from "./kept-record";

/**
 * Combats from before the kept store (`kept.ts`) held their combatants' round economy and marks
 * on each Combatant's `system`, which its player may write. The active GM copies them once into
 * the store when the world is ready: each combatant without a kept entry gets one
 * (`kept-record.ts#migrationChanges`), a combatant with one is left alone, so running it again
 * changes nothing. The world setting `fray.keptEconomy` records the version done; from then on
 * nothing is read from a Combatant's `system` for a kept field.
 */
export function registerKeptMigration(): void {
  Hooks.once("ready", () => {
    if (game.user?.isActiveGM) void migrateKept().catch((err: unknown) => {
      console.error("Fray | moving combatants' kept fields onto their combats failed", err);
    });
  });
}

/** Moves every combat's kept fields onto it. @returns how many combats were written. */
export async function migrateKept(): Promise<number> {
  const done = Number(game.settings?.get("fray", "keptEconomy") ?? 0);
  if (done >= KEPT_VERSION) return 0;
  if (!(await claimOnce(`migration.kept.${KEPT_VERSION}`))) return 0;
  let count = 0;
  for (const combat of game.combats?.contents ?? []) {
    const spec = keptSpecOf(combat);
    if (!spec) continue;
    const stored = (combat.flags as { fray?: { kept?: unknown } } | undefined)?.fray?.kept;
    const changes = migrationChanges(spec, stored, combat.combatants.contents);
    if (!changes) continue;
    await combat.update(changes as Combat.UpdateData);
    count++;
  }
  await game.settings?.set("fray", "keptEconomy", KEPT_VERSION);
  return count;
}
