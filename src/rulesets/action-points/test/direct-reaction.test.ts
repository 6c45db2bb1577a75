import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRoller } from "../../../engine/dice/roller";
import type { Size } from "../rules/constants";
import { createContext } from "../encounter/context";
import type { ApEvent, Hex } from "../encounter/events";
import { createFighter, type Fighter } from "../encounter/fighter";
import { distanceBetween, placeAt } from "../encounter/position";
import { strike } from "../encounter/strike";
import { statblock, weapon } from "./arena";

/**
 * An attack's reaction window played straight through (`encounter/direct-reaction.ts`, what a fight
 * that logs nothing plays) against the engine's driver (`encounter/attack-window.ts`, what a
 * recorded fight plays), one attack at a time on random stages: attackers of every size against a
 * defender with or without a shield, Total Defense or RP left, and an ally able to Intercept. Both
 * must roll the same dice and leave every fighter alike (HP, pools, place). Source:
 * `004_2cc57162401858c9.txt` §Reactions, §Riposte, §Intercept.
 */
interface Stage {
  readonly attackerSize: Size;
  readonly attackerMelee: number;
  readonly defender: { melee: number; agility: number; endurance: number; shield: boolean };
  readonly defenderHp: number;
  readonly defenderRpSpent: number;
  readonly totalDefense: boolean;
  readonly ally: { agility: number; hp: number; q: number; r: number } | null;
  readonly seed: number;
}

/** The stage's fighters on a new context (recorded or not): attacker, defender, ally. */
function staged(s: Stage, record: boolean, events: ApEvent[]) {
  const sword = weapon({ damage: { dice: 2, die: 8, bonus: 2 } });
  const attacker = createFighter(statblock({
    name: "A", size: s.attackerSize, skills: { melee: s.attackerMelee }, weapons: [sword],
  }), "A", "foes", { q: 0, r: 0 }, false);
  const defender = createFighter(statblock({
    name: "D", skills: s.defender, shield: s.defender.shield, hp: 30,
  }), "D", "party", { q: 0, r: 0 }, false);
  const ally = s.ally && createFighter(statblock({
    name: "L", skills: { agility: s.ally.agility }, hp: 40,
  }), "L", "party", { q: 0, r: 0 }, false);
  const fighters = ally ? [attacker, defender, ally] : [attacker, defender];
  const roller = new SeededRoller(s.seed);
  const ctx = createContext({ record, roller, emit: (e) => void events.push(e), fighters });
  ctx.round = 1;
  placeAt(ctx, attacker, { q: 0, r: 0 });
  // The defender on the first hex east of the attacker's token that touches it.
  for (let q = 1; q < 5; q++) {
    placeAt(ctx, defender, { q, r: 0 });
    if (distanceBetween(attacker, defender) === 1) break;
  }
  if (ally && s.ally) {
    const at: Hex = { q: defender.at.q + s.ally.q, r: s.ally.r };
    if (!ctx.board.get(at.q, at.r)) placeAt(ctx, ally, at);
    else placeAt(ctx, ally, { q: defender.at.q + 4, r: 3 });
    ally.hp = s.ally.hp;
  }
  defender.hp = s.defenderHp;
  defender.points.spend("rp", s.defenderRpSpent);
  defender.totalDefense = s.totalDefense;
  return { ctx, roller, attacker, defender, sword };
}

const stateOf = (fs: readonly Fighter[]) => fs.map((f) => ({
  key: f.key, hp: f.hp, out: f.out, at: f.at, points: f.points.snapshot(),
}));

const stages: fc.Arbitrary<Stage> = fc.record({
  attackerSize: fc.constantFrom<Size>("small", "medium", "large", "huge"),
  attackerMelee: fc.integer({ min: 40, max: 95 }),
  defender: fc.record({
    melee: fc.integer({ min: 10, max: 95 }), agility: fc.integer({ min: 10, max: 95 }),
    endurance: fc.integer({ min: 10, max: 95 }), shield: fc.boolean(),
  }),
  defenderHp: fc.integer({ min: 1, max: 30 }),
  defenderRpSpent: fc.integer({ min: 0, max: 2 }),
  totalDefense: fc.boolean(),
  ally: fc.option(fc.record({
    agility: fc.integer({ min: 30, max: 95 }), hp: fc.integer({ min: 1, max: 40 }),
    q: fc.integer({ min: -2, max: 2 }), r: fc.integer({ min: -2, max: 2 }),
  }), { nil: null }),
  seed: fc.integer(),
});

describe("a window played straight through equals the driver's (004 §Reactions)", () => {
  it("the same dice, and every fighter alike after the attack", () => {
    const seen = new Set<string>();
    fc.assert(fc.property(stages, (s) => {
      const events: ApEvent[] = [];
      const recorded = staged(s, true, events);
      const plain = staged(s, false, []);
      for (const x of [recorded, plain]) {
        strike(x.ctx, x.attacker, x.defender, { weapon: x.sword }, { attackKind: "attack" });
      }
      expect(stateOf(plain.ctx.fighters)).toEqual(stateOf(recorded.ctx.fighters));
      expect(plain.roller.next()).toBe(recorded.roller.next());
      for (const e of events) if (e.kind === "reaction") seen.add(`${e.reaction}:${e.won}`);
    }), { numRuns: 3000 });
    // The stages reach every reaction, won and lost, and a Riposte's counterattack.
    for (const r of ["dodge", "parry", "block", "riposte", "intercept"]) {
      expect(seen).toContain(`${r}:true`);
      expect(seen).toContain(`${r}:false`);
    }
  });
});
