import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import { runDay } from "../../src/rulesets/escalation/encounter/day";
import { createFighter, refreshState, setEffects, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import { takeTurn } from "../../src/rulesets/escalation/encounter/turn";
import { endOfTurn } from "../../src/rulesets/escalation/encounter/turn-end";
import type { Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { FightOverAudit } from "./runner-audit";
import { block, eventsOf, fixedContext, pregens, timed } from "./runner-fixtures";

/**
 * A fight ends when one side is out: a PC at 0 HP is Dying, an enemy at 0 dead
 * (`000_c2dc3d650823e22d.txt` §Damage and Recovery), and once nobody on one side is up nothing more
 * happens in it (RULINGS.md §escalation Staggered: "an NPC at 0 is defeated").
 */
const fighter = (name: string, side: "party" | "enemies", order: number): Fighter => createFighter(block(name), side, order);

function hurt(f: Fighter, hp: number): void {
  f.hp = hp;
  refreshState(f);
}

describe("the fight ends when one side is out", () => {
  it("no heal after the main action that felled the last foe", () => {
    const oriel = fighter("Mother Oriel", "party", 0);
    const brann = fighter("Brann Tallow", "party", 1);
    const goblin = fighter("Bog Goblin Skulker", "enemies", 2);
    // Brann at half HP: after her attack Oriel would spend Word of Mending on him.
    hurt(brann, Math.floor(brann.block.hpMax / 2));
    hurt(goblin, 1);
    const ctx = fixedContext(6, [oriel, brann, goblin], oriel.key);
    takeTurn(oriel, ctx);
    expect(goblin.state).toBe("defeated");
    expect(eventsOf(ctx.events, "use").map((e) => e.ability)).toEqual(["Judgement Ray"]);
    expect(eventsOf(ctx.events, "heal")).toEqual([]);
    expect(ctx.winner()).toBe("party");
  });

  it("no saves at the end of a turn whose ongoing damage dropped the last of a side", () => {
    const brann = fighter("Brann Tallow", "party", 0);
    const goblin = fighter("Bog Goblin Skulker", "enemies", 1);
    hurt(brann, 2);
    setEffects(brann, [
      timed("ongoing", brann, { key: "burn", amount: 5, source: goblin.key }),
      timed("dazed", brann, { key: "daze", source: goblin.key }),
    ]);
    const ctx = fixedContext(6, [brann, goblin], brann.key);
    endOfTurn(brann, ctx);
    expect(brann.state).toBe("dying");
    expect(ctx.winner()).toBe("enemies");
    expect(eventsOf(ctx.events, "save")).toEqual([]);
  });

  it("seeded fights: once one side is out, only that step's aftermath and the end follow", () => {
    const group = (names: string): Statblock[] => names.split(",").map(block);
    const lineups: Statblock[][] = [
      group("Bog Goblin Skulker,Bog Goblin Skulker,Cinder Imp,Ashen Cultist,Marsh Hag,Ironbark Brute"),
      group("Mirewood Strangler,Gravel Drake,Stormcaller Adept"),
      group("Whisper Shade,Bonepicker Vulture,Gutter Rat Swarm,Hollow Sentry,Mirewood Strangler"),
    ];
    let decided = 0;
    for (const foes of lineups) {
      for (let seed = 1; seed <= 150; seed++) {
        const audit = new FightOverAudit();
        runEncounter({ party: pregens, foes, roller: new SeededRoller(seed), observe: (e, f) => audit.check(e, f) });
        expect(audit.problems, `seed ${seed}`).toEqual([]);
        decided += audit.decided;
      }
    }
    expect(decided).toBeGreaterThan(400);
  });

  it("the default fight, seeds 113 and 180: no Second Wind or Word of Mending once the last foe fell", () => {
    const foes = "Bog Goblin Skulker,Bog Goblin Skulker,Cinder Imp,Ashen Cultist,Marsh Hag,Ironbark Brute".split(",").map(block);
    for (const seed of [113, 180]) {
      const { events, winner } = runEncounter({ party: pregens, foes, roller: new SeededRoller(seed) });
      expect(winner).toBe("party");
      const last = events.findLastIndex((e) => e.kind === "state" && e.state === "defeated");
      expect(events.slice(last).filter((e) => e.kind === "use" || e.kind === "heal")).toEqual([]);
    }
  });

  it("every fight of adventuring days ends as its side is out", () => {
    const foes = (names: string) => names.split(",").map(block);
    const fights = [foes("Bog Goblin Skulker,Bog Goblin Skulker,Gutter Rat Swarm,Cinder Imp"), foes("Ashen Cultist,Marsh Hag,Hollow Sentry"), foes("Ironbark Brute,Stormcaller Adept,Whisper Shade")];
    for (let seed = 1; seed <= 40; seed++) {
      const audit = new FightOverAudit();
      runDay({ party: pregens, fights, roller: new SeededRoller(seed), observe: (e, f) => audit.check(e, f) });
      expect(audit.problems, `seed ${seed}`).toEqual([]);
    }
  });
});
