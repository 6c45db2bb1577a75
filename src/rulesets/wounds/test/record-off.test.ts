import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import type { Fighter } from "../encounter/fighter";
import { runWoundsEncounter } from "../encounter/simulate";
import { FIGHTS } from "./runner-fixtures";

/**
 * Trials and the bench play wounds' fights without recording: no event is built, and strikes are
 * rolled without their plans. The pinned log hashes only ever see recorded fights, so this checks
 * that an unrecorded fight ends exactly as the recorded one does: the winner, the rounds, every
 * unit's final state (summons included; prone, disarmed, channeling, what its next turn owes,
 * how it fell), and the dice drawn (the roller's next value after the fight). The unrecorded fights replay each line-up with the same arrays, as trials and the bench
 * do, so whatever they reuse from fight to fight is reused here too. The scripted line-ups
 * (units lying prone or disarmed, delays, channeled casts, heals) play those paths both ways,
 * and thralls settle at every fight's end.
 */
const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

/** What a fight leaves behind, comparable with `toEqual`. */
function outcome(
  winner: string, rounds: number, fighters: readonly Fighter[], roller: SeededRoller,
) {
  return {
    winner, rounds, nextDraw: roller.next(),
    fighters: fighters.map((f) => ({
      key: f.key, hp: f.hp, mp: f.mp, out: f.out, at: { i: f.at.i, j: f.at.j },
      wounds: f.wounds.map((w) => ({ ...w })), summons: f.summons, freeUsed: f.freeUsed,
      summoned: f.summoned, summoner: f.summoner, fell: f.fell,
      states: { ...f.states, flatFooted: [...f.states.flatFooted] }, owed: { ...f.owed },
      casting: f.casting && { ...f.casting },
    })),
  };
}

function fight(name: string, seed: number, record: boolean) {
  const roller = new SeededRoller(seed);
  const result = runWoundsEncounter({ ...FIGHTS[name]!, roller, record });
  if (!record) expect(result.events).toEqual([]);
  return outcome(result.winner, result.rounds, result.fighters, roller);
}

const TIMEOUT = { timeout: 120_000 };

describe("wounds fights played unrecorded end exactly as recorded ones", TIMEOUT, () => {
  for (const name of Object.keys(FIGHTS)) {
    it(`the ${name} line-up, seeds 1–200`, () => {
      for (const seed of SEEDS) {
        expect(fight(name, seed, false), `seed ${seed}`).toEqual(fight(name, seed, true));
      }
    });
  }
});
