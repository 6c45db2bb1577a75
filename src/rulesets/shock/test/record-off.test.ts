import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import type { Fighter } from "../encounter/fighter";
import { runShockEncounter, type ShockEncounterOptions } from "../encounter/simulate";
import { FIGHTS, party } from "./fights";

/**
 * Trials and the bench play shock's fights without recording: no event is built. The pinned log
 * hashes only ever see recorded fights, so this checks that an unrecorded fight ends exactly as
 * the recorded one does: the winner, the rounds, every fighter's final state, and the number of
 * dice drawn (the roller's next value after the fight). The unrecorded fights replay each line-up
 * with the same arrays, as trials do, so their fighters are reused from fight to fight.
 */
const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

/** What a fight leaves behind, comparable with `toEqual`. */
function outcome(
  winner: string, rounds: number, fighters: readonly Fighter[], roller: SeededRoller,
) {
  return {
    winner, rounds, nextDraw: roller.next(),
    fighters: fighters.map((f) => ({
      key: f.key, hp: f.hp, state: f.state, advance: f.advance, prone: f.prone, spot: f.spot,
      located: f.located, engaged: [...f.engaged], grappling: f.grappling,
      grappledBy: [...f.grappledBy], budget: { ...f.budget }, fellRound: f.fellRound,
    })),
  };
}

/**
 * Each line-up's party and foes, the same arrays for every unrecorded fight: those reuse the
 * line-up's fighters from one fight to the next (`simulate.ts`), as trials do.
 */
const LINEUPS = new Map(Object.keys(FIGHTS).map((name) => [name, [party(), FIGHTS[name]!()]]));

function fight(
  name: string, seed: number, record: boolean, extra: Partial<ShockEncounterOptions> = {},
) {
  const roller = new SeededRoller(seed);
  // A recorded fight gets a fresh line-up (new arrays), an unrecorded one the shared one.
  const [p, foes] = record ? [party(), FIGHTS[name]!()] : LINEUPS.get(name)!;
  const result = runShockEncounter({ party: p!, foes: foes!, roller, record, ...extra });
  if (!record) expect(result.events).toEqual([]);
  return outcome(result.winner, result.rounds, result.fighters, roller);
}

const TIMEOUT = { timeout: 120_000 };

describe("shock fights played unrecorded end exactly as recorded ones", TIMEOUT, () => {
  for (const name of Object.keys(FIGHTS)) {
    it(`the pregens against ${name}, seeds 1–200`, () => {
      for (const seed of SEEDS) {
        expect(fight(name, seed, false), `seed ${seed}`).toEqual(fight(name, seed, true));
      }
    });
  }

  it("with a surprise round either way, seeds 1–200", () => {
    for (const surprised of [["foes"], ["party"]]) {
      for (const seed of SEEDS) {
        expect(fight("bandits", seed, false, { surprised }), `seed ${seed}`)
          .toEqual(fight("bandits", seed, true, { surprised }));
      }
    }
  });
});
