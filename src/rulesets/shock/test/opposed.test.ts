import { describe, expect, it } from "vitest";
import { attack } from "../encounter/attacks";
import type { ShockEvent } from "../encounter/events";
import { takeTurn } from "../encounter/turn";
import { fight, FIGHTS } from "./fights";
import { recomputeOpposed } from "./opposed-log";
import { foe, of, pc, setup, skills } from "./steps";

const roll = (a: number, b: number, modifier = 0) =>
  ({ dice: [a, b], natural: a + b, total: a + b + modifier });

describe("one against many: every roll of every side is logged, tie re-rolls included "
  + "(002 §Grappling, §Screen an Ally; RULINGS.md §shock Opposed checks)", { timeout: 60_000 },
() => {
  it("breaking free of two grapplers, tied with the second: both re-rolls are in the log", () => {
    const p = pc("P");
    const g1 = foe("G1");
    const g2 = foe("G2");
    for (const g of [g1, g2]) {
      g.grappling = "P";
      p.grappledBy.add(g.key);
    }
    // P 6; G1 2 (beaten); G2 6, a tie: P re-rolls 3 against G2's 8, and G2 keeps its hold.
    const ctx = setup([3, 3, 1, 1, 3, 3, 1, 2, 4, 4], p, g1, g2);
    takeTurn(ctx, p, undefined);
    const [e] = of(ctx.events, "opposed");
    expect(e).toMatchObject({
      purpose: "breakFree",
      single: { id: "P", rolls: [roll(3, 3), roll(1, 2)] },
      others: [
        { id: "G1", rolls: [roll(1, 1)], against: [roll(3, 3)], singleWins: true },
        { id: "G2", rolls: [roll(3, 3), roll(4, 4)], against: [roll(3, 3), roll(1, 2)],
          singleWins: false },
      ],
    });
    expect(recomputeOpposed(e!).problems).toEqual([]);
    expect([...p.grappledBy]).toEqual(["G2"]);
  });

  it("a screen by two: the attack goes to the worst-rolling winner, recomputed from the log",
    () => {
      const w = pc("W");
      const s1 = pc("S1", { skills: skills({ stab: 1 }) });
      const s2 = pc("S2", { skills: skills({ stab: 1 }) });
      const a = foe("A");
      s1.screening = s2.screening = "W";
      // A 6; S1 9 (wins); S2 6, a tie: A re-rolls 2, S2 4 (wins, worse than S1). Then a d20 of 1.
      const ctx = setup([3, 3, 4, 4, 2, 3, 1, 1, 1, 2, 1], w, s1, s2, a);
      attack(ctx, a, w, a.block.weapons[0]!, { kind: "normal" });
      const [e] = of(ctx.events, "opposed");
      expect(e).toMatchObject({
        purpose: "screen",
        single: { id: "A", rolls: [roll(3, 3), roll(1, 1)] },
        others: [
          { id: "S1", rolls: [roll(4, 4, 1)], against: [roll(3, 3)], singleWins: false },
          { id: "S2", rolls: [roll(2, 3, 1), roll(1, 2, 1)], against: [roll(3, 3), roll(1, 1)],
            singleWins: false },
        ],
      });
      const r = recomputeOpposed(e!);
      expect(r).toEqual({ problems: [], worstWinner: "S2" });
      expect(of(ctx.events, "attack")[0]).toMatchObject({ target: "S2", screenedFrom: "W" });
    });

  it("the recomputation catches a log that leaves out the single side's re-roll", () => {
    const p = pc("P");
    const g1 = foe("G1");
    const g2 = foe("G2");
    for (const g of [g1, g2]) {
      g.grappling = "P";
      p.grappledBy.add(g.key);
    }
    const ctx = setup([3, 3, 1, 1, 3, 3, 1, 2, 4, 4], p, g1, g2);
    takeTurn(ctx, p, undefined);
    const e = of(ctx.events, "opposed")[0]!;
    // The log as it was: the single side's one roll only.
    const old = { ...e, single: { ...e.single, rolls: e.single.rolls.slice(0, 1) } };
    expect(recomputeOpposed(old).problems).toEqual([
      "breakFree P: its rolls are not its one roll and its re-rolls",
    ]);
  });

  it("whole fights: every opposed check recomputes from its logged rolls, and every screen "
    + "goes to the worst-rolling winner", () => {
    let checks = 0;
    let reRolled = 0;
    for (const name of Object.keys(FIGHTS)) {
      for (let seed = 1; seed <= 200; seed++) {
        let screen: string | null | undefined;
        for (const e of fight(name, seed).events as ShockEvent[]) {
          if (e.kind === "opposed") {
            const r = recomputeOpposed(e);
            if (r.problems.length) expect(r.problems, `${name} ${seed}`).toEqual([]);
            checks++;
            if (e.single.rolls.length > 1) reRolled++;
            screen = e.purpose === "screen" ? r.worstWinner : undefined;
          }
          if (e.kind === "reaction" && e.reaction === "screen") {
            expect(e.changed ? e.actor : null, `${name} ${seed}`).toBe(screen);
            screen = undefined;
          }
        }
      }
    }
    expect(checks).toBeGreaterThan(500);
    expect(reRolled).toBeGreaterThan(20);
  });
});
