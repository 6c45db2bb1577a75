import { describe, expect, it } from "vitest";
import {
  actNextOrders, budgetOf, compareTurns, FRESH_ROUND, orderFromPool, sideOf, turnRefusal,
  turnStartEnds,
} from "../../src/rulesets/shock/play/round/sides";
import { holdOf } from "../../src/rulesets/shock/play/cards/grapple";
import { actsInSurprise, nextSurpriseTurn } from "../../src/engine/turns/scheme";
import { SHOCK_TURNS } from "../../src/rulesets/shock/rules/turn-scheme";
import { afterHpChange, healthOf, hpWriteMarks } from "../../src/rulesets/shock/play/round/health";
import { SHOCK_ROWS, sideRollOf } from "../../src/rulesets/shock/play/views/tracker-rows";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { trackerView } from "../../src/shell/applications/tracker/view";
import { rendererFor } from "../support/handlebars";

/** Side initiative in Foundry (pure parts) and the health marks. Source: 002 §Combat Sequence. */
describe("shock sides in Foundry", () => {
  it("puts PCs and friendly tokens on the party's side", () => {
    expect(sideOf(true, -1)).toBe("party");
    expect(sideOf(false, 1)).toBe("party");
    expect(sideOf(false, -1)).toBe("foes");
    expect(sideOf(false, null)).toBe("foes");
  });

  it("the party wins its ties; other ties re-roll from the pool, or ask for more dice", () => {
    const party = { id: "party", bonus: 2, favoured: true };
    const a = { id: "a", bonus: 0 };
    const b = { id: "b", bonus: 0 };
    expect(orderFromPool([party, a], [3, 5], [])?.order).toEqual(["party", "a"]);
    expect(orderFromPool([party, a, b], [1, 6, 6], [])).toBeNull();
    expect(orderFromPool([party, a, b], [1, 6, 6], [4, 4])).toBeNull();
    const done = orderFromPool([party, a, b], [1, 6, 6], [4, 4, 2, 5]);
    expect(done?.order).toEqual(["b", "a", "party"]);
    expect(done?.used).toBe(4);
  });

  it("orders sides by rank, then the owners' order; unrolled sides last", () => {
    const rows = [
      { id: "x", rank: null, order: 0, name: "X" },
      { id: "b", rank: 0, order: 1, name: "B" },
      { id: "a", rank: 0, order: 0, name: "Z" },
      { id: "c", rank: 1, order: 0, name: "C" },
    ];
    expect([...rows].sort(compareTurns).map((r) => r.id)).toEqual(["a", "b", "c", "x"]);
  });

  it("moves the chosen member right after the one acting", () => {
    expect(Object.fromEntries(actNextOrders(["a", "b", "c", "d"], "d", "a") ?? [])).toEqual({ a: 0, d: 1, b: 2, c: 3 });
    expect(Object.fromEntries(actNextOrders(["a", "b"], "b", null) ?? [])).toEqual({ b: 0, a: 1 });
    expect(actNextOrders(["a"], "z", null)).toBeNull();
  });

  it("skips surprised sides in the free round (the turn scheme's surprise round)", () => {
    const sides = ["party", "party", "foes", "foes"];
    const nextUnsurprised = (surprised: string[], from: number) => nextSurpriseTurn(
      sides.map((group, i) => actsInSurprise(SHOCK_TURNS.surprise!, surprised, { id: `${i}`, group })),
      from,
    );
    expect(nextUnsurprised(["party"], -1)).toBe(2);
    expect(nextUnsurprised(["foes"], 1)).toBeNull();
  });

  it("acts in its side's turn; Instants and a held action at any time; nothing when surprised", () => {
    const turn = { actingSide: "foes", side: "party", holding: false, surprised: false };
    expect(turnRefusal("meleeAttack", turn)).toBe("FRAY.Shock.Refuse.NotYourSide");
    expect(turnRefusal("run", { ...turn, actingSide: "party" })).toBeNull();
    expect(turnRefusal("totalDefense", turn)).toBeNull();
    expect(turnRefusal("snapAttack", turn)).toBeNull();
    expect(turnRefusal("meleeAttack", { ...turn, holding: true })).toBeNull();
    expect(turnRefusal("totalDefense", { ...turn, surprised: true })).toBe("FRAY.Shock.Refuse.Surprised");
    expect(turnRefusal("meleeAttack", { ...turn, actingSide: null })).toBeNull();
  });

  it("a PC at 0 is Mortally Injured; first aid's mark stays at 0; healing ends both", () => {
    const none = { injured: false, stabilised: false };
    const down = afterHpChange({ value: 3, max: 10 }, -5, true, none);
    expect(down).toEqual({ value: 0, mortal: { injured: true, stabilised: false } });
    expect(healthOf(0, true, down.mortal)).toBe("mortallyInjured");
    const stab = { injured: true, stabilised: true };
    expect(afterHpChange({ value: 0, max: 10 }, -2, true, stab).mortal.stabilised).toBe(true);
    expect(afterHpChange({ value: 0, max: 10 }, 4, true, stab)).toEqual({ value: 4, mortal: none });
    expect(healthOf(0, false, none)).toBe("defeated");
    expect(afterHpChange({ value: 9, max: 10 }, 5, false, none).value).toBe(10);
    expect(() => afterHpChange({ value: 9, max: 10 }, 0.5, false, none)).toThrow(RangeError);
  });
});

describe("a side's roll in the tracker heading (its CombatantGroup's initiative and flags)", () => {
  it("shows the d8 and the bonus the side rolled, not the result less today's bonus", () => {
    expect(sideRollOf(7, { die: 5, bonus: 2 })).toEqual({ die: 5, bonus: 2, result: 7 });
    expect(sideRollOf(4, { die: 4, bonus: 0 })).toEqual({ die: 4, bonus: 0, result: 4 });
    expect(sideRollOf(null, { die: 4, bonus: 0 })).toBeNull();
  });

  it("a group rolled before the flags were kept, or with flags that do not add up, shows its result alone", () => {
    expect(sideRollOf(7, {})).toEqual({ die: null, bonus: 0, result: 7 });
    expect(sideRollOf(7, { die: 9, bonus: -2 })).toEqual({ die: null, bonus: 0, result: 7 });
    expect(sideRollOf(7, { die: 4, bonus: 2 })).toEqual({ die: null, bonus: 0, result: 7 });
    expect(sideRollOf(7, { die: "5", bonus: 2 })).toEqual({ die: null, bonus: 0, result: 7 });
  });

  it("the heading says it in the world's words", () => {
    const { t } = rendererFor("shock");
    const entry = {
      id: "a", side: "party", budget: { main: false, moves: 0, disengaged: false, holding: false },
      totalDefense: false, fellRound: 0, name: "A", isPC: true, isOwner: true,
    };
    const heading = (roll: ReturnType<typeof sideRollOf>) => trackerInserts(trackerView(SHOCK_ROWS, {
      entries: [entry], rendered: new Set(["a"]), round: 1, turn: 0, started: true, viewer: { isGM: false },
      sides: [{ id: "party", name: "the party", roll, surprised: false }],
    }, { t, listOf: (n) => n.join(", ") })).headings[0]?.html ?? "";
    const rolled = heading(sideRollOf(7, { die: 5, bonus: 2 }));
    expect(rolled).toContain("Initiative 7");
    expect(rolled).toContain("d8 5 + 2");
    expect(heading(sideRollOf(7, {}))).not.toContain("fray-group-detail");
  });
});

describe("the mortal marks an HP write carries (RULINGS.md §shock Mortally Injured)", () => {
  const hp = { value: 6, max: 10 };
  const fine = { injured: false, stabilised: false };

  it("a PC's write to 0 makes it Mortally Injured; a write above 0 ends the marks", () => {
    expect(hpWriteMarks({ system: { hp: { value: 0 } } }, hp, true, fine))
      .toEqual({ injured: true, stabilised: false });
    expect(hpWriteMarks({ system: { hp: { value: 3 } } }, { value: 0, max: 10 }, true,
      { injured: true, stabilised: true })).toEqual(fine);
    // More damage at 0 keeps a stabilised PC stabilised.
    expect(hpWriteMarks({ system: { hp: { value: 0 } } }, { value: 0, max: 10 }, true,
      { injured: true, stabilised: true })).toEqual({ injured: true, stabilised: true });
  });

  it("adds nothing to a write that sets the marks itself, sets no HP value, or to an NPC", () => {
    const knockOut = { system: { hp: { value: 0 }, mortal: { injured: false, stabilised: true } } };
    expect(hpWriteMarks(knockOut, hp, true, fine)).toBeNull();
    expect(hpWriteMarks({ system: { hp: { value: "0" } } }, hp, true, fine)).toBeNull();
    expect(hpWriteMarks({}, hp, true, fine)).toBeNull();
    expect(hpWriteMarks({ system: { hp: { value: 0 } } }, hp, false, fine)).toBeNull();
  });

  it("agrees with afterHpChange for every whole value in range", () => {
    for (let value = 0; value <= hp.max; value += 1) {
      expect(hpWriteMarks({ system: { hp: { value } } }, hp, true, fine))
        .toEqual(afterHpChange(hp, value - hp.value, true, fine).mortal);
    }
  });
});

describe("a combatant's budget and holds, read from its kept fields", () => {
  const kept = {
    ...FRESH_ROUND, main: true, moves: 1, holding: true, grappling: "d", grappledBy: ["g"],
    totalDefense: true, screening: "w", fellRound: 2,
  };

  it("the budget is what it spent this round, and nothing else it keeps", () => {
    expect(budgetOf(kept)).toEqual({ main: true, moves: 1, disengaged: false, holding: true });
  });

  it("the holds are whom it holds and who holds it, and nothing else", () => {
    expect(holdOf(kept)).toEqual({ grappling: "d", grappledBy: ["g"] });
  });
});

describe("what a combatant's turn start ends (§Total Defense, §Screen an Ally)", () => {
  it("its Total Defense and its screen, both at once; nothing when it has neither", () => {
    const ended = { totalDefense: false, screening: "" };
    expect(turnStartEnds({ totalDefense: true, screening: "" })).toEqual(ended);
    expect(turnStartEnds({ totalDefense: false, screening: "w" })).toEqual(ended);
    expect(turnStartEnds({ totalDefense: true, screening: "w" })).toEqual(ended);
    expect(turnStartEnds({ totalDefense: false, screening: "" })).toBeNull();
  });
});
