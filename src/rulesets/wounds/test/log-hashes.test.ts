import { describe, expect, it } from "vitest";
import { fightLog, pinnedFile, seedHashes } from "../../../../test/support/log-hashes";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * The JSON logs (`{winner, rounds, events}`) of seeds 1–200 for each pinned line-up
 * (`runner-fixtures.ts`, from the pack sources), pinned by hash. Performance work on the runner
 * must leave every event byte-identical; a rules, tactics or pack change that alters them must
 * update the file on purpose (`vitest run -u`) and say why.
 */
describe("the wounds runner's JSON logs, seeds 1–200", { timeout: 60_000 }, () => {
  it("are byte-identical to the pinned hashes", async () => {
    const pinned = Object.fromEntries(Object.keys(FIGHTS).map((name) => [
      name, seedHashes((seed) => fightLog(fight(name, seed))),
    ]));
    await expect(pinnedFile(pinned)).toMatchFileSnapshot("fixtures/log-hashes.json");
  });
});
