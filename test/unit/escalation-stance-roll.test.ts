import { beforeEach, describe, expect, it, vi } from "vitest";
import { rollAgainst, stanceDiceOfActor } from "../../src/rulesets/escalation/foundry/chat/attack-roll";
import { escalationActor as actor } from "../support/escalation-stand-ins";

/**
 * A basic attack deals "X x Level + Volition, where X is the damage die indicated by your stance":
 * in Foundry too, the die of the stance the attack is made in (`rules/stance.ts` stanceDiceOf), not
 * the sheet's die for every basic attack. Source: `000_c2dc3d650823e22d.txt` §Basic Attacks.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Dice the stand-in rolls hand out, in order. */
const script = vi.hoisted(() => ({ dice: [] as number[][] }));
vi.mock("../../src/rulesets/escalation/foundry/chat/dice", () => ({
  postEvent: async () => undefined,
}));
vi.mock("../../src/shell/dice/pool-roll", () => ({
  rollPool: async () => ({ roll: {}, dice: script.dice.shift() ?? [] }),
  allDice: (roll: { scripted: number[] }) => roll.scripted,
}));

/** Foundry's Roll as the attack roll uses it: scripted dice and their total. */
class FakeRoll {
  scripted: number[] = [];
  total = 0;
  constructor(readonly formula: string) {}
  async evaluate() {
    this.scripted = script.dice.shift() ?? [];
    this.total = this.scripted.reduce((a, b) => a + b, 0);
    return this;
  }
}

beforeEach(() => {
  script.dice = [];
  vi.stubGlobal("Roll", FakeRoll);
});

const goblin = () => ({
  document: { uuid: "Scene.s.Token.goblin" }, name: "Goblin",
  actor: actor("Goblin", { hp: { value: 20, max: 20 }, defenses: { ac: 10, pd: 10, md: 10 } }, false),
});

/** Brann's (over his data) basic attack `name` against AC 10: 3d6 of 15 hits, then the damage. */
async function attack(name: string, over: Record<string, unknown> = {}) {
  const a = actor("Brann", over);
  const ability = a.items.contents.find((i: any) => i.name === name).system;
  script.dice = [[5, 5, 5], [1, 1, 1]];
  const setup = { actor: a, ability, escalationDie: 0, coupDeGrace: false, attackerCombatantId: null };
  const rolled = await rollAgainst(setup, goblin());
  return (await rolled!.damage()).target;
}

describe("a basic attack in Foundry rolls the die of the stance it is made in", () => {
  it("Brann (melee on his sheet, d10) throws his axe for 3d6 + 3 and swings his longsword for 3d10 + 3", async () => {
    expect(stanceDiceOfActor(actor("Brann"))).toEqual({ melee: 10, ranged: 6 });
    expect(await attack("Basic Ranged Attack")).toMatchObject({ hit: true, damageFormula: "3d6 + 3" });
    expect(await attack("Basic Melee Attack")).toMatchObject({ hit: true, damageFormula: "3d10 + 3" });
  });

  it("in the ranged stance on his sheet (d8), the ranged attack rolls the sheet's die, the melee one his longsword's", async () => {
    const ranged = { stance: { mode: "ranged", die: "8" } };
    expect(stanceDiceOfActor(actor("Brann", ranged))).toEqual({ melee: 10, ranged: 8 });
    expect(await attack("Basic Ranged Attack", ranged)).toMatchObject({ damageFormula: "3d8 + 3" });
    expect(await attack("Basic Melee Attack", ranged)).toMatchObject({ damageFormula: "3d10 + 3" });
  });

  it("other abilities keep their own dice, and NPCs roll d6 in either stance", async () => {
    // Shield Slam: 1d10 per Level + Volition, whatever stance or die the sheet shows.
    expect(await attack("Shield Slam", { stance: { mode: "ranged", die: "4" } }))
      .toMatchObject({ hit: true, damageFormula: "3d10 + 3" });
    expect(stanceDiceOfActor(actor("Goblin", {}, false))).toEqual({ melee: 6, ranged: 6 });
  });
});
