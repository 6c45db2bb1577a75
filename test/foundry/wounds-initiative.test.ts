// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat, standInRoll } from "./combat-client";

/**
 * wounds' order on Foundry v13's own client Combat (client/documents/combat.mjs): Roll All places
 * everyone by Agility, the GM's marked starter after everyone whatever its Agility, ties rolled
 * off on a d20 among the tied only (`shell/combat/ranked-initiative.ts` `rollPlaces`), and the
 * order is not rolled again; Reset Initiative clears every place. The dice are a stand-in Roll
 * giving the dice the test names; the actors are the pack's. Source: `001_dbc5fcc02a99a518.txt`
 * §Initiative/Initiating; RULINGS.md §wounds Initiative.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const UNITS = [
  ["wrenwrenwrenwren", "Wren", "pregens/wren-ashby"],
  ["brutebrutebrute1", "Brute", "npcs/orc-brute"],
  ["cuttercuttercutt", "Cutter", "npcs/goblin-cutter"],
  ["slingerslingersl", "Slinger", "npcs/goblin-slinger"],
] as const;
const pack = woundsPack;

describe.skipIf(!HAVE_FOUNDRY)("wounds' order on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  const dice: number[] = [];
  const combatOf = (flags: object = {}) => drivenCombat(Combat, {
    _id: "cccccccccccccccc", round: 0, turn: null, flags,
    combatants: UNITS.map(([id, name]) => ({ _id: id, name, actorId: `a${id.slice(1)}` })),
  }, GM, { combatants: true });
  const names = (combat: Any) => combat.turns.map((t: Any) => t.name);

  beforeAll(async () => {
    const { Combat: WoundsCombat, Actor: WoundsActor } = await woundsClient();
    Combat = WoundsCombat;
    g.CONFIG.sounds ??= { dice: "" };
    g.ChatMessage.getSpeaker = () => ({ alias: "Gamemaster" });
    g.Roll = standInRoll(dice);
    for (const [id, , path] of UNITS) {
      g.game.actors.set(`a${id.slice(1)}`, new WoundsActor({ ...pack(path), _id: `a${id.slice(1)}` }));
    }
  });

  beforeEach(() => {
    dice.length = 0;
    const user = activeGM(GM);
    g.game.user = user;
    g.game.users = Object.assign([user], { get: (id: string) => (id === GM ? user : undefined) });
  });

  it("by Agility, the tie rolled off on a d20, the marked starter last", async () => {
    const driven = combatOf({ fray: { initiators: ["wrenwrenwrenwren"] } });
    const combat = driven.combat;
    // Cutter and Slinger both have Agility +2: one d20 each, the Slinger's 12 beats the Cutter's 5.
    dice.push(5, 12);
    await combat.rollInitiative();
    await driven.settle();
    expect(names(combat)).toEqual(["Slinger", "Cutter", "Brute", "Wren"]);
    expect(dice).toEqual([]);
    expect(combat.combatants.get("cuttercuttercutt").initiative).toBe(2);
    // Everyone has a place: a second Roll All rolls nothing and moves no one.
    dice.push(20, 20);
    await combat.rollInitiative();
    expect(names(combat)).toEqual(["Slinger", "Cutter", "Brute", "Wren"]);
    expect(dice).toEqual([20, 20]);
    await combat.resetAll();
    expect(combat.combatants.contents.map((x: Any) => combat.keptOf(x.id).order))
      .toEqual([-1, -1, -1, -1]);
  });
});
