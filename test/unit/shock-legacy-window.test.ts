import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { screenSide } from "../../src/rulesets/shock/rules/maneuvers";
import { offersNow, openWindow, stepWindow } from "../../src/engine/resolution/window/step";
import { SHOCK_WINDOW } from "../../src/rulesets/shock/rules/reaction-window";
import {
  legacyContext, legacyEvents, legacyLedgerUpdate, legacySnapCards, needsWindow, replayLegacy,
} from "../../src/rulesets/shock/play/cards/legacy-window";
import {
  sealCard, type Reaction, type ShockLedger, type ShockResult,
} from "../../src/rulesets/shock/play/cards/card-seal";
import { choicesOf, pendingSnap, windowView } from "../../src/rulesets/shock/play/cards/card-window";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { wielder } from "../../src/rulesets/shock/test/fixtures";
import { TARGET, windowContext } from "../support/shock-window";

/**
 * Cards of the release before the card kept its reaction window: their ledger kept the answer
 * that settled the attack (`reaction`), a held screen tried (`heldScreen`), the Snap Attacks
 * granted (`snaps`) and, while a snap held the damage back, the result rolled then. The pure parts
 * of opening their window once: which cards need one, the context held to what the seal offered,
 * the old answers as the window's events, and the replay.
 */
const card: ShockCard = {
  actorUuid: "Actor.corvin", weaponId: "w", weaponName: "Sabre", summary: "", tokenUuid: "Scene.s.Token.tw",
  targetName: "Wenna", combatId: "c", round: 1, charge: false, snap: false, dualWield: false, swarmOthers: 0,
  inMelee: false, situations: [], formula: "1d20 + 2", snapFor: "", execution: false, nonLethal: false,
  natural: 12, total: 14,
};
const sealOffering = (offers: Reaction[]) =>
  sealCard(card, "author", { hit: true, targetCombatantId: TARGET, offers });
const rolled: ShockResult = { hit: true, amount: 4, kind: "hit", swarm: false, damageFormula: "1d6", dice: [2] };
const snap = (id: string, messageId = "") => ({ combatantId: id, name: id, messageId });
const held = (id: string) => ({ side: screenSide(id, wielder()), pays: "main" as const });

describe("which old cards need their window opened", () => {
  it("a card still waiting for its answer, or settled while a Snap Attack held its damage back", () => {
    expect(needsWindow({})).toBe(true);
    expect(needsWindow({ reaction: { choice: "none", by: "u" }, result: rolled })).toBe(false);
    expect(needsWindow({ result: rolled, snaps: { a1: snap("a1", "m1") } })).toBe(true);
  });

  it("never a card that has its window, or was applied, undone or maneuvered", () => {
    const done: ShockLedger[] = [
      { applied: { by: "u", dealt: 4, absorbedBy: null, hpBefore: 10, hpAfter: 6 } },
      { undone: { by: "u" } },
      { maneuver: { kind: "shove", by: "u", attackerTotal: 8, defenderTotal: 6, won: true } },
    ];
    fc.assert(fc.property(
      fc.constantFrom<ShockLedger>({}, { result: rolled }, { snaps: { a1: snap("a1") } }),
      fc.option(fc.constantFrom(...done), { nil: undefined }), fc.boolean(),
      (base, closed, stored) => {
        const ledger = { ...base, ...closed, ...(stored ? { window: {} } : {}) };
        if (closed || stored) expect(needsWindow(ledger)).toBe(false);
      },
    ));
  });
});

describe("the old card's window context", () => {
  // Now: a declared screener, two held screens (h1 offered then, h2 not), Total Defense for the
  // ward and h1, snaps for a1 (offered then) and a2 (not).
  const now = windowContext({
    screeners: [screenSide("s1", wielder())], holders: [held("h1"), held("h2")],
    defenders: [TARGET, "h1"], snappers: ["a1", "a2"],
  });
  const seal = sealOffering(["totalDefense", "screen:h1", "snap:a1"]);

  it("is held to what the seal offered; a declared screen was rolled then", () => {
    const c = legacyContext(now, seal, {});
    expect(c.screeners).toEqual([]);
    expect(c.holders.map((h) => h.side.id)).toEqual(["h1"]);
    expect(c.defenders).toEqual([TARGET, "h1"]);
    expect(c.snappers).toEqual(["a1"]);
    // What the context keeps besides (the roll, the ward, the ACs) is the documents' now.
    expect({ ...c, screeners: now.screeners, holders: now.holders, defenders: now.defenders,
      snappers: now.snappers, targetSnaps: now.targetSnaps, heldAttackers: now.heldAttackers })
      .toEqual(now);
  });

  it("never offers the attack's target its own snap, or a held attack: that release did not", () => {
    // As a seal opens a window now (both offered), an old card is held to its offers.
    const opened = { ...now, targetSnaps: true, heldAttackers: ["h1", "a1"] };
    const c = legacyContext(opened, sealOffering(["screen:h1", "snap:h1"]), {});
    expect(c).toMatchObject({ targetSnaps: false, heldAttackers: [] });
    // h1's held screen wins: h1 is the target now, and is offered neither its snap nor a blow.
    let state = openWindow(SHOCK_WINDOW, { ...c, snappers: ["h1", "a1"], ac: { [TARGET]: 13, h1: 13 } }).state;
    // The screen's one roll of both sides' 2d6: the attacker 1+1 against h1's 6+6.
    for (const e of [{ kind: "answer", by: "h1", answer: "screen" }, { kind: "dice", results: [1, 1, 6, 6] }]) {
      const r = stepWindow(SHOCK_WINDOW, state, e);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(state.frames[0]?.facts?.target).toBe("h1");
    expect(offersNow(SHOCK_WINDOW, state).map((o) => `${o.by}:${o.answer}`)).toEqual(["a1:snapAttack"]);
  });

  it("offers no held screen once one was tried or the attack was answered", () => {
    const tried = { heldScreen: { combatantId: "h1", name: "h1", tokenUuid: "t", won: false, total: 5, attackerTotal: 9 } };
    expect(legacyContext(now, seal, tried).holders).toEqual([]);
    expect(legacyContext(now, seal, { reaction: { choice: "none", by: "u" } }).holders).toEqual([]);
    expect(legacyContext(now, seal, tried).defenders).toEqual([TARGET]);
  });

  it("keeps the target's Total Defense taken then, though its Main now shows spent", () => {
    const spent = { ...now, defenders: ["h1"] };
    const c = legacyContext(spent, seal, { reaction: { choice: "totalDefense", by: "u" } });
    expect(c.defenders).toEqual([TARGET]);
    // Not offered then, not taken: none now either.
    expect(legacyContext(now, sealOffering(["snap:a1"]), {}).defenders).toEqual([]);
  });

  it("keeps each Snap Attack granted then (its Main is spent now, by that grant)", () => {
    const granted = { ...now, snappers: [] };
    const c = legacyContext(granted, seal, { snaps: { a3: snap("a3") } });
    expect(c.snappers).toEqual(["a3"]);
    expect(legacyContext(now, seal, { snaps: { a1: snap("a1") } }).snappers).toEqual(["a1"]);
  });
});

describe("the old answers as the window's events", () => {
  const doneOf = (id: string) => id.startsWith("done");

  it("Total Defense first, then the snaps whose card is done with their outcome, then the first one awaited", () => {
    const ledger: ShockLedger = {
      reaction: { choice: "totalDefense", by: "u" },
      snaps: { a1: snap("a1", "done1"), a2: snap("a2", "waiting"), a3: snap("a3", "done3"), a4: snap("a4") },
    };
    expect(legacyEvents(ledger, TARGET, doneOf, true)).toEqual([
      { kind: "answer", by: TARGET, answer: "totalDefense" },
      { kind: "answer", by: "a1", answer: "snapAttack" },
      { kind: "outside", name: "snapAttack", value: { attackerDown: true } },
      { kind: "answer", by: "a3", answer: "snapAttack" },
      { kind: "outside", name: "snapAttack", value: { attackerDown: true } },
      { kind: "answer", by: "a2", answer: "snapAttack" },
    ]);
  });

  it("no reaction and no snaps: nothing to play", () => {
    expect(legacyEvents({ reaction: { choice: "none", by: "u" } }, TARGET, doneOf, false)).toEqual([]);
    expect(legacyEvents({}, TARGET, doneOf, false)).toEqual([]);
  });
});

describe("the replay", () => {
  const context = windowContext({ defenders: [TARGET], snappers: ["a1", "a2"] });

  it("an answer that ended the window: everyone still offered passes, and it settles", () => {
    const td = [{ kind: "answer" as const, by: TARGET, answer: "totalDefense" }];
    const state = replayLegacy(context, td, true);
    expect(state.settlement).toMatchObject({ target: TARGET, totalDefense: true, cancelled: false });
    // 14 against AC 13 + 2: a miss.
    expect(state.settlement?.hit).toBe(false);
    expect(state.frames[0]?.passed).toEqual(expect.arrayContaining(["a1", "a2"]));
  });

  it("a snap granted and awaited: the window waits for it, answered or not", () => {
    const events = legacyEvents({ snaps: { a1: snap("a1", "m1") } }, TARGET, () => false, false);
    for (const closing of [true, false]) {
      const state = replayLegacy(context, events, closing);
      expect(pendingSnap(state)).toBe("a1");
      expect(state.settlement).toBeNull();
    }
  });

  it("a snap whose card is done with the attacker down: the attack deals nothing", () => {
    const events = legacyEvents({ snaps: { a1: snap("a1", "m1") } }, TARGET, () => true, true);
    const state = replayLegacy(context, events, false);
    expect(state.settlement).toMatchObject({ cancelled: true, hit: false });
  });

  it("still waiting, nothing answered: the choices of the window as the seal offered them", () => {
    const state = replayLegacy(context, [], false);
    expect(choicesOf(state)).toEqual(["totalDefense", "snap:a1", "snap:a2"]);
    expect(state.seq).toBe(0);
  });

  it("an event the window refuses is left out; the rest are played", () => {
    const events = [
      { kind: "answer" as const, by: "stranger", answer: "totalDefense" },
      { kind: "answer" as const, by: "a2", answer: "snapAttack" },
    ];
    const state = replayLegacy(context, events, true);
    expect(pendingSnap(state)).toBe("a2");
    expect(state.seq).toBe(1);
  });

  it("what the card shows of an old settled card: the answer its ledger kept", () => {
    const seal = sealOffering(["totalDefense"]);
    expect(windowView(seal, { reaction: { choice: "totalDefense", by: "u" }, result: rolled }))
      .toMatchObject({ totalDefense: true, passed: false, choices: [], snaps: [] });
    expect(windowView(seal, { reaction: { choice: "none", by: "u" }, result: rolled, snaps: { a1: snap("a1") } }))
      .toMatchObject({ passed: true, snaps: ["a1"] });
  });
});

describe("what reopening writes to the old card", () => {
  const window = { seq: 0 } as never;
  const other: ShockResult = { ...rolled, amount: 6, dice: [4] };

  it("a card still waiting: its window replaces the stored one whole, nothing else", () => {
    expect(legacyLedgerUpdate({}, { window })).toEqual({ "system.ledger.==window": window });
  });

  it("a result a snap held back is kept as rolled; the replay's result replaces it whole", () => {
    const ledger: ShockLedger = { result: rolled, snaps: { a1: snap("a1", "m1") } };
    expect(legacyLedgerUpdate(ledger, { window, result: other })).toEqual({
      "system.ledger.==window": window, "system.ledger.rolled": rolled,
      "system.ledger.==result": other, "system.ledger.snapCards": { a1: "m1" },
    });
  });

  it("a window not settled yet: the old result deleted, an answer that ended it kept as closing", () => {
    const ledger: ShockLedger = {
      result: rolled, reaction: { choice: "none", by: "u" }, snaps: { a1: snap("a1", "m1") },
    };
    expect(legacyLedgerUpdate(ledger, { window })).toEqual({
      "system.ledger.==window": window, "system.ledger.rolled": rolled,
      "system.ledger.-=result": null, "system.ledger.closing": { by: "u" },
      "system.ledger.snapCards": { a1: "m1" },
    });
  });

  it("only the snaps whose card was posted are linked, by snapper", () => {
    const ledger: ShockLedger = { snaps: { a1: snap("a1", "m1"), a2: snap("a2") } };
    expect(legacySnapCards(ledger)).toEqual([{ combatantId: "a1", messageId: "m1" }]);
    expect(legacySnapCards({})).toEqual([]);
    fc.assert(fc.property(fc.dictionary(fc.constantFrom("a1", "a2", "a3"), fc.string()), (ids) => {
      const snaps = Object.fromEntries(Object.entries(ids).map(([k, m]) => [k, snap(k, m)]));
      const update = legacyLedgerUpdate({ snaps }, { window });
      const linked = Object.entries(ids).filter(([, m]) => m);
      expect(update["system.ledger.snapCards"]).toEqual(
        linked.length ? Object.fromEntries(linked) : undefined);
    }));
  });
});
