import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * The JSON logs (`{winner, rounds, events}`) of seeds 1–200 for each pinned line-up (the fixture
 * pregens against fixture NPCs, `runner-fixtures.ts`), pinned by hash. Performance work on the
 * runner must leave every event of these 600 fights byte-identical; a rules or tactics change that
 * alters them must update the file on purpose (`vitest run -u`) and say why.
 */
const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

describe("the phases runner's JSON logs, seeds 1–200", { timeout: 120_000 }, () => {
  it("are byte-identical to the pinned hashes", async () => {
    const pinned = Object.fromEntries(
      Object.keys(FIGHTS).map((name) => [
        name,
        Object.fromEntries(
          SEEDS.map((seed) => {
            const { winner, rounds, events } = fight(name, seed);
            return [String(seed), sha256(JSON.stringify({ winner, rounds, events }))];
          }),
        ),
      ]),
    );
    await expect(`${JSON.stringify(pinned, null, 2)}\n`).toMatchFileSnapshot(
      "fixtures/log-hashes.json",
    );
  });
});
