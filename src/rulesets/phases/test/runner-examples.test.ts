import { describe, expect, it } from "vitest";
import type { AttackEvent, PhasesEvent } from "../encounter/events";
import { fight, FIGHTS } from "./runner-fixtures";

/**
 * The text's and the rulings' statements, found in seeded fixture fights and checked where they
 * happen: a seizer moves first, fights last and gives its attackers Advantage to the end of the
 * round; a mover Slowed by an opportunity attack stops in the square it was leaving and moves no
 * more that round; an Immobilised combatant does not move; Disengage provokes nothing and gives
 * its mover's attacks Disadvantage until the end of the next round; Hustle gives 1 Disadvantage
 * this round and Charge 1 Advantage on a melee attack against the foe charged. Source:
 * `003_d18720f6cd315cc2.txt` §Movement Phase, §Movement Phase Notes, §Battle Actions; RULINGS.md
 * §phases Movement phase, Movement power defaults, Seizing.
 */
function* fights(): Generator<PhasesEvent[]> {
  for (const name of Object.keys(FIGHTS)) {
    for (let seed = 1; seed <= 120; seed++) yield fight(name, seed).events;
  }
}

const attacksIn = (events: PhasesEvent[], round: number) =>
  events.filter((e): e is AttackEvent => e.kind === "attack" && e.round === round);

describe("the text's rules as the runner plays them (003; RULINGS §phases)", { timeout: 120_000 }, () => {
  it("a seizer moves first, fights last, and attackers have Advantage on it that round", () => {
    let seen = 0;
    for (const events of fights()) {
      for (const s of events.filter((e) => e.kind === "seize")) {
        if (s.kind !== "seize") continue;
        const orders = events.find((e) => e.kind === "orders" && e.round === s.round);
        if (orders?.kind !== "orders") throw new Error("orders follow the rolls");
        expect(orders.movement.slice(0, orders.seizers.length)).toEqual([...orders.seizers].reverse());
        expect(orders.battle.slice(-orders.seizers.length)).toEqual(orders.seizers);
        for (const a of attacksIn(events, s.round).filter((x) => x.target === s.actor)) {
          expect(a.sources).toContainEqual({ source: "target:seized", amount: 1 });
          seen++;
        }
        for (const a of attacksIn(events, s.round + 1).filter((x) => x.target === s.actor)) {
          const seizedAgain = events.some((e) => e.kind === "seize" && e.round === s.round + 1
            && e.actor === s.actor);
          if (!seizedAgain) expect(a.sources.map((x) => x.source)).not.toContain("target:seized");
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("Slowed by an opportunity attack: the mover stays in the square it was leaving", () => {
    let seen = 0;
    for (const events of fights()) {
      events.forEach((e, k) => {
        if (e.kind !== "move" || e.stopped !== "slowed") return;
        const provoked = events.slice(0, k).reverse().find((x) => x.kind === "provoked");
        if (provoked?.kind !== "provoked") throw new Error("a stop follows an opportunity attack");
        expect(e.path.at(-1)).toEqual(provoked.square);
        const slowed = events.slice(0, k).reverse().find((x) => x.kind === "condition");
        expect(slowed).toMatchObject({ target: e.actor, condition: "slowed", added: true });
        const later = events.slice(k + 1).filter((x) => x.kind === "move" && x.actor === e.actor
          && x.round === e.round);
        expect(later).toEqual([]);
        seen++;
      });
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("Immobilised: no movement; Disengage: no opportunity attack, Disadvantage to the next round's end", () => {
    let held = 0;
    let disengaged = 0;
    for (const events of fights()) {
      events.forEach((e, k) => {
        if (e.kind === "hold" && e.reason === "immobilised") held++;
        if (e.kind !== "move" || e.movement !== "disengage") return;
        expect(e.provoked).toEqual([]);
        // Its attacks after the move, to the end of the next round.
        const after = events.slice(k + 1).filter((a): a is AttackEvent => a.kind === "attack"
          && a.attacker === e.actor && a.round <= e.round + 1);
        for (const a of after) {
          expect(a.sources).toContainEqual({ source: "attacker:disengage", amount: -1 });
          disengaged++;
        }
      });
    }
    expect(held).toBeGreaterThan(0);
    expect(disengaged).toBeGreaterThan(0);
  });

  it("Hustle: 1 Disadvantage this round; Charge: 1 Advantage in melee on the foe charged", () => {
    let hustled = 0;
    let charged = 0;
    for (const events of fights()) {
      for (const e of events) {
        if (e.kind !== "move" || e.stopped !== null) continue;
        const own = attacksIn(events, e.round).filter((x) => x.attacker === e.actor && !x.opportunity);
        if (e.movement === "hustle") {
          for (const a of own) {
            expect(a.sources).toContainEqual({ source: "attacker:hustle", amount: -1 });
            hustled++;
          }
        }
        if (e.movement === "charge") {
          expect(e.at).not.toBeNull();
          for (const a of own) {
            const charging = a.sources.some((x) => x.source === "attacker:charge");
            expect(charging).toBe(a.attackKind === "melee" && a.target === e.at);
            if (charging) charged++;
          }
        }
      }
    }
    expect(hustled).toBeGreaterThan(0);
    expect(charged).toBeGreaterThan(0);
  });
});
