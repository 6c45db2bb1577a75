import { actorSource } from "../../../engine/schema/document-source";
import { SeededRoller } from "../../../engine/dice/roller";
import type { PackReader } from "../../../engine/runner/headless";
import { readPackSources, slugOf } from "../../../../scripts/lib/sources";
import { statblockFromActor, type Statblock } from "../rules/statblock";
import { runApEncounter, type ApEncounterOptions } from "../encounter/simulate";
import { BRUTE_FOES, CULT_FOES, DEFAULT_AP_FOES } from "../encounter/defaults";

/**
 * The runner's test fights, from the actor sources in `test/fixtures/` (laid out as
 * `packs/_source/action-points/` will be: `pregens/`, `npcs/`, each file's name its slug), so no
 * test depends on the pack content written elsewhere.
 */
export const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

/** A PackReader over the fixtures, as the commands read `packs/_source/action-points/`. */
export const fixturePacks: PackReader = (pack) =>
  readPackSources(pack, FIXTURES).map(({ file, doc }) => ({ slug: slugOf(file), doc }));

const cache = new Map<string, Statblock>();
/** The fixture statblock of a slug (pregens and NPCs). */
export function block(slug: string): Statblock {
  let b = cache.get(slug);
  if (!b) {
    for (const pack of ["pregens", "npcs"]) {
      for (const { slug: s, doc } of fixturePacks(pack)) {
        cache.set(s, statblockFromActor(actorSource(doc)));
      }
    }
    b = cache.get(slug);
    if (!b) throw new Error(`no action-points fixture ${slug}`);
  }
  return b;
}

export const PARTY_SLUGS = ["tamsin-holt", "ivo-dask", "reyna-fell", "oswin-clay"] as const;
export const party = (): Statblock[] => PARTY_SLUGS.map(block);

/** The pinned line-ups: the party against each. */
export const FIGHTS: Record<string, () => Statblock[]> = {
  bandits: () => DEFAULT_AP_FOES.map(block),
  brutes: () => BRUTE_FOES.map(block),
  cult: () => CULT_FOES.map(block),
};

export function fight(name: string, seed: number, extra: Partial<ApEncounterOptions> = {}) {
  return runApEncounter({
    party: party(), foes: (FIGHTS[name] as () => Statblock[])(), roller: new SeededRoller(seed),
    ...extra,
  });
}
