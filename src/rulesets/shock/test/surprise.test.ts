import { describe, expect, it } from "vitest";
import {
  ACTIONS, canSnapAttack, canTake, canTotalDefense, SURPRISED_BUDGET, type ActionId,
} from "../rules/actions";
import { attack } from "../encounter/attacks";
import { provoke } from "../encounter/provoke";
import type { ShockEvent } from "../encounter/events";
import { engage } from "../encounter/fighter";
import { fight } from "./fights";
import { foe, of, pc, setup } from "./steps";

/** Who acts in an event: the actor, attacker, grappler or shover it names (null: nobody acts). */
function actorOf(e: ShockEvent): string | null {
  switch (e.kind) {
    case "action": case "reaction": case "swarmAssist": case "stabilize": case "held":
      return e.actor;
    case "move": return e.reason === "pushed" ? null : e.actor;
    case "attack": case "opportunity": case "shove": return e.attacker;
    case "grapple": return e.held ? e.grappler : null;
    default: return null;
  }
}

describe("a surprised side in the others' free round (002 §Surprise; RULINGS.md §shock Side "
  + "initiative)", () => {
  it("its budget pays for no action: no Main, no Move, no Instant", () => {
    const paid = (Object.keys(ACTIONS) as ActionId[])
      .filter((id) => ACTIONS[id].type !== "free" && canTake(SURPRISED_BUDGET, id));
    expect(paid).toEqual([]);
    expect(canTotalDefense(SURPRISED_BUDGET)).toBe(false);
    expect(canSnapAttack(true, SURPRISED_BUDGET)).toBe(false);
  });

  it("takes no Total Defense where an unsurprised target would", () => {
    const run = (surprised: boolean) => {
      const a = foe("A", { attackBonus: 3 });
      const t = pc("T", { ac: 13 });
      t.hp = 3; // the hit could drop it: worth the Main
      if (surprised) t.budget = SURPRISED_BUDGET;
      const ctx = setup([10, 8], a, t);
      attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
      return ctx.events;
    };
    // The same d20 of 10 (13 vs AC 13): Total Defense would turn the hit into a miss…
    expect(of(run(false), "reaction")).toMatchObject([{ actor: "T", reaction: "totalDefense" }]);
    // …but the surprised target takes the hit.
    const events = run(true);
    expect(of(events, "reaction")).toEqual([]);
    expect(of(events, "action")).toEqual([]);
    expect(of(events, "damage")).toMatchObject([{ target: "T", reason: "hit", hpAfter: 0 }]);
  });

  it("makes no Snap Attack where an unsurprised ally would", () => {
    const run = (surprised: boolean) => {
      const a = foe("A", { attackBonus: 3 });
      const t = pc("T", { ac: 13 });
      const s = pc("S");
      a.hp = 2; // a snap fells it before its hit lands
      t.hp = 3;
      engage(a, t);
      engage(a, s);
      if (surprised) t.budget = s.budget = SURPRISED_BUDGET;
      // 19 hits (22 vs AC 13, past Total Defense); unsurprised, a snap of 20 and 5 damage follow.
      const ctx = setup(surprised ? [19, 8] : [19, 20, 5], a, t, s);
      attack(ctx, a, t, a.block.weapons[0]!, { kind: "normal" });
      return ctx.events;
    };
    expect(of(run(false), "reaction")).toMatchObject([{ reaction: "snapAttack" }]);
    const events = run(true);
    expect(of(events, "reaction")).toEqual([]);
    expect(of(events, "damage")).toMatchObject([{ target: "T", reason: "hit" }]);
  });

  it("makes no Attack of Opportunity on an ambusher leaving its reach", () => {
    const run = (surprised: boolean) => {
      const a = foe("A");
      const t = pc("T");
      const s = pc("S");
      engage(a, t);
      engage(a, s);
      // Unsurprised, both strike: two natural 1s, each a miss whose Shock 2 reaches AC 10.
      const ctx = setup(surprised ? [] : [1, 1], a, t, s);
      if (surprised) {
        ctx.sittingOut.add("party");
        t.budget = s.budget = SURPRISED_BUDGET;
      }
      expect(provoke(ctx, a)).toBe(true);
      return ctx.events;
    };
    expect(of(run(false), "opportunity").map((e) => e.attacker)).toEqual(["T", "S"]);
    expect(run(true)).toEqual([]);
  });

  it("whole fights: nothing done by a surprised side before initiative, then it acts", () => {
    let attacked = 0;
    let actedAfter = 0;
    for (const [name, surprised] of [["bandits", "party"], ["mire", "party"], ["barrow", "foes"]]) {
      for (let seed = 1; seed <= 100; seed++) {
        const { events, fighters } = fight(name!, seed, { surprised: [surprised!] });
        const side = new Map(fighters.map((f) => [f.key, f.side]));
        const free = events.slice(0, events.findIndex((e) => e.kind === "initiative"));
        for (const e of free) {
          const who = actorOf(e);
          if (who !== null) expect(side.get(who), JSON.stringify(e)).not.toBe(surprised);
          if (e.kind === "attack" && side.get(e.target) === surprised) attacked++;
        }
        // The free round over, the surprised side takes its turns like any other.
        if (events.some((e) => e.kind === "turn" && e.round === 1 && e.side === surprised)) {
          actedAfter++;
        }
      }
    }
    expect(attacked).toBeGreaterThan(100);
    expect(actedAfter).toBeGreaterThan(250);
  });
});
