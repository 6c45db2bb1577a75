import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import { createFighter, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { uniqueKeys } from "../../src/engine/runner/keys";
import { runEncounter, type EncounterOptions } from "../../src/rulesets/escalation/encounter/simulate";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { DEFAULT_DAY, DEFAULT_FOES } from "../../src/rulesets/escalation/headless/log";
import { readPackSources, slugOf } from "../../scripts/lib/sources";

/**
 * The runner has a fast path for fights it does not record (trials, the bench): no events, and
 * attacks and saves rolled without building their dice lists. The pinned log hashes only ever see
 * recorded fights, so this checks that an unrecorded fight ends exactly as the recorded one does:
 * the winner, the rounds, every fighter's final state, and the number of dice drawn (the roller's
 * next value after the fight).
 */
const SEEDS = Array.from({ length: 300 }, (_, i) => i + 1);

const bySlug = (pack: string) => new Map(readPackSources(pack).map(({ file, doc }) =>
  [slugOf(file), statblockFromActor(doc as unknown as ActorDocumentSource)] as const));
const party = [...bySlug("escalation/pregens").values()];
const monsters = bySlug("escalation/monsters");
const pick = (list: string): Statblock[] => list.split(",").map((slug) => monsters.get(slug) as Statblock);
const foes = pick(DEFAULT_FOES);
const dayFights = DEFAULT_DAY.split(";").map(pick);

/** What a fight leaves behind, comparable with `toEqual`. */
function outcome(winner: string, rounds: number, fighters: readonly Fighter[], roller: SeededRoller) {
  return {
    winner, rounds, nextDraw: roller.next(),
    fighters: fighters.map((f) => ({
      key: f.key, hp: f.hp, state: f.state, dead: f.dead, recoveries: f.recoveries, penalty: f.penalty,
      expended: [...f.expended], death: { ...f.death }, effects: f.effects.length,
    })),
  };
}

function fight(seed: number, record: boolean, extra: Partial<EncounterOptions> = {}) {
  const roller = new SeededRoller(seed);
  const result = runEncounter({ party, foes, roller, record, ...extra });
  return outcome(result.winner, result.rounds, result.fighters, roller);
}

/** `runDay`'s fights (carried party, fleeing, id prefixes) without its rests, recorded or not. */
function day(seed: number, record: boolean) {
  const roller = new SeededRoller(seed);
  const keys = uniqueKeys(party);
  const partyFighters = party.map((b, i) => createFighter(b, "party", i, keys[i]));
  const fights = [];
  for (const [index, foes] of dayFights.entries()) {
    const result = runEncounter({ party, foes, roller, record, partyFighters, idPrefix: `f${index + 1}`, flee: true });
    fights.push(outcome(result.winner, result.rounds, result.fighters, roller));
    if (result.winner !== "party") break;
  }
  return fights;
}

describe("fights played without recording end exactly as recorded ones, seeds 1–300", { timeout: 120_000 }, () => {
  it("the default fight", () => {
    for (const seed of SEEDS) expect(fight(seed, false), `seed ${seed}`).toEqual(fight(seed, true));
  });

  it("the default fight with a party ambush", () => {
    const surprise = { surprise: "party" } as const;
    for (const seed of SEEDS) expect(fight(seed, false, surprise), `seed ${seed}`).toEqual(fight(seed, true, surprise));
  });

  it("a day's fights, the party carried from one to the next", () => {
    for (const seed of SEEDS) expect(day(seed, false), `seed ${seed}`).toEqual(day(seed, true));
  });
});
