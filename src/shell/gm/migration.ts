import { claimOnce } from "./claim";

/** A world setting that records the version a migration has done (`setup/settings.ts`). */
export type MigrationSetting = "combatLedger" | "keptEconomy";

/**
 * Runs a world migration on the active GM's client once per version: skipped when the world
 * setting already records `version`, or when another client of the GM (a second tab) claimed it;
 * else `run` is given the version done before and the setting is set to `version` after it.
 * `run` must be idempotent (a client that stops midway leaves the setting unset).
 * @param claim the claim's name (`migration.<claim>.<version>`, `gm/claim.ts`)
 * @returns what `run` returned (how many documents it wrote), 0 when skipped
 */
export async function migrateOnce(
  setting: MigrationSetting, version: number, claim: string,
  run: (done: number) => Promise<number>,
): Promise<number> {
  const done = Number(game.settings?.get("fray", setting) ?? 0);
  if (done >= version) return 0;
  if (!(await claimOnce(`migration.${claim}.${version}`))) return 0;
  const count = await run(done);
  await game.settings?.set("fray", setting, version);
  return count;
}
