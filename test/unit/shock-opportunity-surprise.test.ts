import { beforeEach, describe, expect, it, vi } from "vitest";
import { candidateOf, candidatesOf, offerOpportunity } from "../../src/rulesets/shock/foundry/gm/opportunity";
import { UNARMED, type Weapon } from "../../src/rulesets/shock/rules/statblock";

/**
 * A side caught unawares takes no action in the others' free round (`002_5e27cdf788b28f5f.txt`
 * §Surprise): on the GM's client, its combatants are offered no Attack of Opportunity then, and
 * are again once the free round is over. Run on stand-ins for Foundry's globals and documents; the
 * combat answers `turnStateOf` as shock's `ShockCombat` does (surprised: round 1 and its side
 * marked surprised).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const sabre: Weapon = { ...UNARMED, id: "sabre", name: "Sabre", unarmed: false, die: 6, skill: "stab" };
let created: any[];

function combatant(id: string, side: string, x: number) {
  return {
    id, name: id, side, isDefeated: false, hold: { grappling: "", grappledBy: [] },
    budget: { main: false, moves: 0, disengaged: false, holding: false },
    token: { uuid: `Scene.s.Token.${id}`, x, y: 0, width: 1, height: 1 },
    actor: { health: "up", statblock: { weapons: [sabre] } },
  };
}

function combatWith(surprised: string[], round: number) {
  const all = [combatant("mover", "party", 100), combatant("left", "foes", 0), combatant("right", "foes", 200)];
  const combat: any = {
    id: "combat1", started: true, round, turn: 0, shockCombatants: all,
    combatants: { get: (id: string) => all.find((c) => c.id === id) },
    scene: { grid: { type: 1, size: 100 } },
    turnStateOf: (c: any) => ({
      actingSide: "party", side: c.side, holding: false,
      surprised: combat.round === 1 && surprised.includes(c.side),
    }),
  };
  for (const c of all) Object.assign(c, { combat });
  return combat;
}

const offered = () => created.map((m) => m.flags.fray.offer.responders.map((a: any) => a.combatantId));

beforeEach(() => {
  created = [];
  vi.stubGlobal("game", { user: { isGM: true }, i18n: { localize: (k: string) => k, format: (k: string) => k } });
  vi.stubGlobal("CONST", { GRID_TYPES: { SQUARE: 1 } });
  vi.stubGlobal("foundry", {
    utils: { escapeHTML: (s: string) => s },
    applications: { handlebars: { renderTemplate: async (_p: string, data: unknown) => JSON.stringify(data) } },
  });
  vi.stubGlobal("ChatMessage", { create: async (data: unknown) => void created.push(data) });
});

describe("Attacks of Opportunity and surprise (§Surprise)", () => {
  it("no surprise: both adjacent foes armed for melee are offered the attack", async () => {
    const combat = combatWith([], 1);
    await offerOpportunity(combat, combat.shockCombatants[0]);
    expect(offered()).toEqual([["left", "right"]]);
  });

  it("the foes surprised in the party's free round: nobody is offered one, no message is posted", async () => {
    const combat = combatWith(["foes"], 1);
    await offerOpportunity(combat, combat.shockCombatants[0]);
    expect(created).toEqual([]);
    expect(candidatesOf(combat).map((c) => [c.id, c.able])).toEqual([["mover", true], ["left", false], ["right", false]]);
  });

  it("once the free round is over, the surprised side takes them again", async () => {
    const combat = combatWith(["foes"], 2);
    await offerOpportunity(combat, combat.shockCombatants[0]);
    expect(offered()).toEqual([["left", "right"]]);
  });

  it("a candidate read alone finds its combat (its parent), as the movement watch reads it", () => {
    const combat = combatWith(["foes"], 1);
    expect(candidateOf(combat.shockCombatants[1]).able).toBe(false);
    expect(candidateOf(combat.shockCombatants[0]).able).toBe(true);
  });
});
