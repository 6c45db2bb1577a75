import { describe, expect, it } from "vitest";
import { statblockFromActor, type Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { actorSource } from "../../src/engine/schema/document-source";
import { pinnedFile, seedHashes } from "../support/log-hashes";
import { DEFAULT_DAY, DEFAULT_FOES, encounterLogJson, type LogRequest } from "../../src/rulesets/escalation/headless/log";
import { readPackSources, slugOf } from "../../scripts/lib/sources";

/**
 * The JSON logs of `npm run encounter -- --json` for seeds 1–200 in three modes (a default fight,
 * `--day`, `--surprise party`), pinned by hash. A change to any event of any of these 600 runs
 * fails here: moving code (issue 8's ruleset modules) must leave them byte-identical, and a rules
 * change that alters them must update the file on purpose (`vitest run -u`) and say why.
 */
const bySlug = (pack: string) =>
  new Map(readPackSources(pack).map(({ file, doc }) => {
    const block = statblockFromActor(actorSource(doc));
    return [slugOf(file), block] as const;
  }));
const pregens = bySlug("escalation/pregens");
const monsters = bySlug("escalation/monsters");
const party = [...pregens.values()];
const pick = (list: string): Statblock[] => list.split(",").map((slug) => {
  const block = monsters.get(slug);
  if (!block) throw new Error(`no monster ${slug}`);
  return block;
});

function hashes(request: (seed: number) => LogRequest): Record<string, string> {
  return seedHashes((seed) => encounterLogJson(request(seed)));
}

describe("the encounter command's JSON logs, seeds 1–200", { timeout: 120_000 }, () => {
  it("are byte-identical to the pinned hashes", async () => {
    const foes = pick(DEFAULT_FOES);
    const fights = DEFAULT_DAY.split(";").map(pick);
    const pinned = {
      fight: hashes((seed) => ({ mode: "fight", party, foes, seed })),
      day: hashes((seed) => ({ mode: "day", party, fights, seed })),
      surpriseParty: hashes((seed) => ({ mode: "fight", party, foes, seed, surprise: "party" })),
    };
    await expect(pinnedFile(pinned)).toMatchFileSnapshot("fixtures/encounter-log-hashes.json");
  });
});
