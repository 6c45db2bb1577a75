import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { grantKey, unrolledGrant } from "../../src/rulesets/shock/play/requests/snap-grant";
import { undoReason } from "../../src/rulesets/shock/play/requests/undo-reason";
import { reactClaim, strikeRefusal, windowRefusal } from "../../src/rulesets/shock/play/requests/react";
import {
  breakFreeHtml, breakFreeLines, breakFreeRefusal, grappleHit, grapplersOf, roundEndHtml,
} from "../../src/rulesets/shock/play/requests/grapple";
import { carryHtml, carryOutcome } from "../../src/rulesets/shock/play/requests/carry";
import { unarmedOf } from "../../src/rulesets/shock/play/cards/grapple";
import { wielder } from "../../src/rulesets/shock/test/fixtures";
import type { OneAgainstMany } from "../../src/engine/dice/opposed";

/**
 * What shock's GM steps decide, moved to its pure play/requests/ layer, checked without Foundry.
 * Source: `002_5e27cdf788b28f5f.txt` §Make a Snap Attack, §Shock; RULINGS.md §shock.
 */
describe("an Undo's refusal", () => {
  it("names what changed since the Apply", () => {
    expect(undoReason("gone", "system.hp.value")).toBe("noTarget");
    expect(undoReason("changed", "system.hp.value")).toBe("shockUndo.hpChangedSince");
    expect(undoReason("changed", "flags.fray.kept.c1.shieldUsed")).toBe("shockUndo.shieldChangedSince");
    expect(undoReason("changed", "system.shieldUsed")).toBe("shockUndo.shieldChangedSince");
    expect(undoReason("changed", "system.mortal")).toBe("shockUndo.marksChangedSince");
    expect(undoReason("changed", "flags.fray.kept.c1.fellRound")).toBe("shockUndo.marksChangedSince");
    expect(undoReason("changed", "defeated")).toBe("shockUndo.marksChangedSince");
  });
});

describe("a Snap Attack's unrolled grant", () => {
  const record = { step: "react", by: "u1", deltas: [] };

  it("is the awaited ally's grant, recorded, not given back, with no card linked", () => {
    expect(grantKey("c2")).toBe("snap-c2");
    expect(unrolledGrant("c2", {}, { "snap-c2": record })).toBe("c2");
    expect(unrolledGrant("c2", undefined, { "snap-c2": record })).toBe("c2");
  });

  it("is none when nothing is awaited, unrecorded, undone or rolled", () => {
    expect(unrolledGrant(null, {}, { "snap-c2": record })).toBeNull();
    expect(unrolledGrant("c2", {}, {})).toBeNull();
    expect(unrolledGrant("c2", {}, { "snap-c3": record })).toBeNull();
    expect(unrolledGrant("c2", {}, { "snap-c2": { ...record, undone: { by: "gm" } } })).toBeNull();
    expect(unrolledGrant("c2", { c2: "msg1" }, { "snap-c2": record })).toBeNull();
  });

  it("gives back at most the awaited ally's own grant", () => {
    const id = fc.constantFrom("a", "b", "c");
    fc.assert(fc.property(fc.option(id, { nil: null }), fc.dictionary(id, fc.string()),
      fc.dictionary(id.map(grantKey), fc.record({ step: fc.constant("react"), undone: fc.option(fc.constant({ by: "g" }),
        { nil: undefined }) })),
      (awaited, cards, steps) => {
        const ally = unrolledGrant(awaited, cards, steps);
        if (ally === null) return;
        expect(ally).toBe(awaited);
        expect(steps[grantKey(ally)]?.undone).toBeFalsy();
        expect(cards[ally]).toBeFalsy();
      }));
  });
});

describe("an answer's claim", () => {
  const base = { choice: "totalDefense", seq: 3, awaited: null, closing: false,
    reportable: () => true };

  it("closes a card without a window, and plays an answer on the state it was decided on", () => {
    expect(reactClaim({ ...base, seq: null, choice: "none" })).toEqual({ ok: true, claim: "close-card" });
    expect(reactClaim(base)).toEqual({ ok: true, claim: "react-3" });
    expect(reactClaim({ ...base, choice: "snap:a1", awaited: "a2", reportable: () => false }))
      .toEqual({ ok: true, claim: "react-3" });
    expect(reactClaim({ ...base, choice: "none" })).toEqual({ ok: true, claim: "react-3" });
  });

  it("keeps a \"no reaction\" until an awaited outcome can be read, once", () => {
    const waiting = { ...base, choice: "none", awaited: "a1", reportable: () => false };
    expect(reactClaim(waiting)).toEqual({ ok: true, claim: "close-3" });
    expect(reactClaim({ ...waiting, closing: true })).toEqual({ ok: false, reason: "snapPending" });
    expect(reactClaim({ ...waiting, reportable: () => true })).toEqual({ ok: true, claim: "react-3" });
  });

  it("reads the window's refusals as the card's, and passes the others through", () => {
    expect(windowRefusal("settled")).toBe("alreadyApplied");
    expect(windowRefusal("busy")).toBe("snapPending");
    expect(windowRefusal("nothingToPass")).toBe("notOffered");
    expect(windowRefusal("stale")).toBe("stale");
  });
});

describe("breaking free", () => {
  const held = { id: "d", grappling: "", grappledBy: ["g1", "g2", "g3"], able: true };
  const members = [
    held,
    { id: "g1", grappling: "d", grappledBy: [], able: true },
    // Marks that disagree: g2 says it holds d, and d says so, but g2 is defeated.
    { id: "g2", grappling: "d", grappledBy: [], able: false },
    // d names g3, but g3 holds someone else now.
    { id: "g3", grappling: "x", grappledBy: [], able: true },
    // g4 says it holds d, but d does not name it.
    { id: "g4", grappling: "d", grappledBy: [], able: true },
  ];

  it("counts a hold only when both marks agree and the grappler can still hold", () => {
    expect(grapplersOf(members, held)).toEqual(["g1"]);
    expect(grapplersOf(members, { ...held, id: null })).toEqual([]);
    expect(grapplersOf(members, { ...held, grappledBy: [] })).toEqual([]);
  });

  it("says per grappler whether the defender escaped, with the last totals", () => {
    const t = (key: string, data?: Record<string, string | number>) =>
      `${key} ${JSON.stringify(data)}`;
    const roll = (total: number) => ({ total }) as never;
    const result = {
      single: roll(9),
      pairs: [
        { id: "g1", singleWins: true, otherTotal: 7, rolls: [{ single: roll(9) }] },
        { id: "g2", singleWins: false, otherTotal: 12,
          rolls: [{ single: roll(9) }, { single: roll(8) }] },
      ],
    } as unknown as OneAgainstMany;
    const names: Record<string, string> = { g1: "Ork", g2: "Troll" };
    expect(breakFreeLines(result, "Ana", (id) => names[id] ?? "", t)).toEqual([
      'FRAY.Shock.Grapple.Escaped {"name":"Ana","grappler":"Ork","total":9,"other":7}',
      'FRAY.Shock.Grapple.Held {"name":"Ana","grappler":"Troll","total":8,"other":12}',
    ]);
  });
});

describe("whether a defender may try to break free", () => {
  const turn = { actingSide: "party", side: "party", holding: false, surprised: false };
  const held = { up: true, defeated: false, grapplers: 2, turn };

  it("may, up and held on its side's turn", () => {
    expect(breakFreeRefusal(held)).toBeNull();
    // Holding its action, it may act off its side's turn.
    expect(breakFreeRefusal({ ...held, turn: { ...turn, actingSide: "foes", holding: true } }))
      .toBeNull();
  });

  it("refuses in order: cannot act, not held, not its turn", () => {
    const offTurn = { ...turn, actingSide: "foes" };
    expect(breakFreeRefusal({ ...held, up: false, grapplers: 0, turn: offTurn }))
      .toBe("FRAY.Shock.Refuse.CannotAct");
    expect(breakFreeRefusal({ ...held, defeated: true })).toBe("FRAY.Shock.Refuse.CannotAct");
    expect(breakFreeRefusal({ ...held, grapplers: 0, turn: offTurn }))
      .toBe("FRAY.Shock.Refuse.NotGrappled");
    expect(breakFreeRefusal({ ...held, turn: offTurn })).toBe("FRAY.Shock.Refuse.NotYourSide");
    expect(breakFreeRefusal({ ...held, turn: { ...turn, surprised: true } }))
      .toBe("FRAY.Shock.Refuse.Surprised");
  });
});

describe("the grapplers' damage at a round's end", () => {
  const step = (weapons = wielder().weapons) => ({ grappler: "g", defender: "d", weapon: unarmedOf(weapons) });
  const t = (key: string, data?: Record<string, string | number>) =>
    `${key} ${JSON.stringify(data ?? {})}`;

  it("a blow is an unarmed hit: the d2, the better of STR and DEX and Brawl (§Grappling)", () => {
    // The default unarmed attack: 1d2, here +2 STR and +1 Brawl.
    expect(grappleHit(step(), wielder({ str: 2, brawl: 1 }), wielder(), [2])).toBe(5);
    expect(grappleHit(step(), wielder({ dex: 1 }), wielder(), [1])).toBe(2);
    // Never below 0.
    expect(grappleHit(step(), wielder({ str: -2, dex: -2 }), wielder(), [1])).toBe(0);
  });

  it("the card counts who fell and says each blow with the HP before and after", () => {
    const hits = [
      { grappler: "Ork", target: "Ana", amount: 3, before: 5, after: 2, fell: false },
      { grappler: "Troll", target: "Ana", amount: 4, before: 2, after: 0, fell: true },
    ];
    const html = roundEndHtml(hits, 3, t);
    expect(html).toContain("FRAY.Shock.Grapple.RoundEnd {&quot;round&quot;:3}");
    expect(html).toContain("FRAY.Shock.Grapple.Badge.fell {&quot;count&quot;:1}");
    expect(html).toContain(
      "FRAY.Shock.Grapple.Damage {&quot;grappler&quot;:&quot;Troll&quot;,&quot;target&quot;:&quot;Ana&quot;,"
        + "&quot;amount&quot;:4,&quot;before&quot;:2,&quot;after&quot;:0}",
    );
    expect(roundEndHtml(hits.slice(0, 1), 1, t)).not.toContain("Badge.fell");
  });
});

describe("a Snap Attack or held attack taken once it is no longer offered", () => {
  const offer = (combatantId: string, name: string) =>
    ({ combatantId, name, tokenUuid: `Token.${combatantId}`, weaponId: "w" });
  const sealed = [offer("a1", "Ana"), offer("h1", "Hal")];

  it("is refused naming its striker as the seal did, a snap's or a held attack's way", () => {
    expect(strikeRefusal("snap:a1", [], sealed)).toEqual({ key: "FRAY.Shock.Refuse.SnapGone", name: "Ana" });
    expect(strikeRefusal("held:h1", [offer("a1", "Ana")], sealed))
      .toEqual({ key: "FRAY.Shock.Refuse.HeldGone", name: "Hal" });
    // A striker the seal never named is still refused, unnamed.
    expect(strikeRefusal("snap:zz", [], sealed)).toEqual({ key: "FRAY.Shock.Refuse.SnapGone", name: "" });
  });

  it("is not refused while still offered; answers that strike nobody never are", () => {
    expect(strikeRefusal("snap:a1", [offer("a1", "Ana")], sealed)).toBeNull();
    expect(strikeRefusal("totalDefense", [], sealed)).toBeNull();
    expect(strikeRefusal("screen:h1", [], sealed)).toBeNull();
    expect(strikeRefusal("none", [], sealed)).toBeNull();
  });
});

describe("the break-free and carry cards", () => {
  const t = (key: string, data?: Record<string, string | number>) =>
    `${key} ${JSON.stringify(data ?? {})}`;
  const roll = (total: number) => ({ total }) as never;
  const pair = (id: string, singleWins: boolean, other: number) =>
    ({ id, singleWins, otherTotal: other, rolls: [{ single: roll(9) }] });

  it("breaking free: titled by the defender, free of some, one line per grappler", () => {
    const result = { single: roll(9), pairs: [pair("g1", true, 7), pair("g2", false, 12)] };
    const outcome = { result: result as unknown as OneAgainstMany, escaped: ["g1"] };
    const html = breakFreeHtml(outcome, "Ana", (id) => (id === "g1" ? "Ork" : "Troll"), 2, t);
    expect(html).toContain("FRAY.Shock.Grapple.BreakFree {&quot;name&quot;:&quot;Ana&quot;}");
    expect(html).toContain("Badge.freeOf {&quot;count&quot;:1}");
    expect(html).toContain("FRAY.Shock.Grapple.Escaped");
    expect(html).toContain("FRAY.Shock.Grapple.Held");
  });

  it("a carry: titled by both, carried, thrown or broke free, its line with both totals", () => {
    const names = { name: "Brant", target: "Vask", total: 11, other: 7 };
    const won = carryHtml("throw", true, carryOutcome("throw", true), names, t);
    expect(won).toContain("FRAY.Shock.Carry.Title");
    expect(won).toContain("Badge.thrown");
    expect(won).toContain("FRAY.Shock.Carry.Won.throw {&quot;name&quot;:&quot;Brant&quot;,&quot;target&quot;:&quot;Vask&quot;,&quot;total&quot;:11,&quot;other&quot;:7}");
    const lost = carryHtml("carry", false, carryOutcome("carry", false), names, t);
    expect(lost).toContain("Badge.brokeFree");
    expect(lost).toContain("FRAY.Shock.Carry.Lost");
  });
});
