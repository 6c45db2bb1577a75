import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { economyAt } from "../play/round/economy";
import { delayedAfter, parseSpend, ruleSpend, type SpendFacts } from "../play/round/spend";
import {
  nextDealt, woundEffectData, woundFlagOf, woundsOf, WOUND_STATUS,
} from "../play/actors/wound-effects";
import { statesOf } from "../play/actors/states-of";
import { unitView } from "../play/actors/unit";
import {
  CRITICAL_FREE_HIT_KIND, FREE_HIT_KIND, fumbleOfferKind, provokedBy,
} from "../play/round/free-hits";
import { packStatblock } from "./pack-statblocks";

/**
 * wounds' play in Foundry, pure: the slots the GM keeps at each edge, a player's actions ruled
 * from them, wounds read from ActiveEffects and what they derive, and states from statuses.
 * Source: `001_dbc5fcc02a99a518.txt` §Bonus Actions, §Free Hits, §Prone, §Disarmed,
 * §Summoning Slots, §Wounds/Aiming; RULINGS.md §wounds Turn, Wounds stack.
 */
const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), ...patch }) as KeptSource;
const derived = { bonusActions: 2, freeHitSlots: 4 };

describe("the slots at each edge", () => {
  it("the first round fills every slot and clears purchases; later rounds refill free hits", () => {
    expect(economyAt("roundStart", { kept: kept(), derived, round: 1 })).toEqual({
      attack: 1, move: 1, bonus: 2, freeHit: 4, owedAttack: 0, owedMove: 0, owedBonus: 0,
      purchases: [],
    });
    const used = kept({ attack: 0, freeHit: 1, purchases: [{ kind: "toHit", round: 1 }] });
    expect(economyAt("roundStart", { kept: used, derived, round: 2 }))
      .toMatchObject({ attack: 0, freeHit: 4 });
  });

  it("a turn's start refills its actions less those spent ahead, keeping unused +1s to hit", () => {
    const owing = kept({ owedBonus: 1, purchases: [
      { kind: "toHit", round: 1 }, { kind: "dodge", round: 1 }, { kind: "meleeDamage", round: 1 },
    ] });
    expect(economyAt("turnStart", { kept: owing, derived, round: 2 })).toMatchObject({
      attack: 1, move: 1, bonus: 1, owedBonus: 0, purchases: [{ kind: "toHit", round: 1 }],
    });
    const weakened = { bonusActions: 1, freeHitSlots: 4 };
    expect(economyAt("turnStart", { kept: kept(), derived: weakened, round: 2 }))
      .toMatchObject({ bonus: 1 });
  });

  it("a summon acts and takes free hits only once its first round is over", () => {
    const summon = kept({ summoned: 2 });
    expect(economyAt("turnStart", { kept: summon, derived, round: 3 }))
      .toMatchObject({ attack: 0, move: 0, bonus: 0 });
    expect(economyAt("roundStart", { kept: summon, derived, round: 3 })).toMatchObject({ freeHit: 0 });
    expect(economyAt("turnStart", { kept: summon, derived, round: 4 }))
      .toMatchObject({ attack: 1, move: 1, bonus: 2 });
  });

  it("a turn that starts with it down gives no action: healed during it, it acts from its next", () => {
    expect(economyAt("turnStart", { kept: kept(), derived, round: 2, down: true }))
      .toMatchObject({ attack: 0, move: 0, bonus: 0 });
    expect(economyAt("turnStart", { kept: kept(), derived, round: 3, down: false }))
      .toMatchObject({ attack: 1, move: 1, bonus: 2 });
  });

  it("the turn's end ends bought movement and a Disengage", () => {
    const k = kept({
      purchases: [{ kind: "movement", round: 1 }, { kind: "dodge", round: 1 }], disengaged: 1,
    });
    expect(economyAt("turnEnd", { kept: k, derived, round: 1 }))
      .toEqual({ purchases: [{ kind: "dodge", round: 1 }], disengaged: 0 });
  });
});

describe("a player's action, ruled by the GM", () => {
  const facts = (patch: Partial<SpendFacts> = {}): SpendFacts => ({
    kept: kept({ attack: 1, move: 1, bonus: 2, freeHit: 1 }), derived, round: 1, ownTurn: true,
    up: true, prone: false, disarmed: false, ...patch,
  });

  it("pays the cheapest option and records a purchase", () => {
    expect(ruleSpend({ action: "move" }, facts())).toMatchObject({ ok: true, patch: { move: 0 } });
    expect(ruleSpend({ action: "buyDodge" }, facts())).toMatchObject({
      ok: true, patch: { bonus: 1, purchases: [{ kind: "dodge", round: 1 }] },
    });
    expect(ruleSpend({ action: "disengage", option: 1 }, facts()))
      .toMatchObject({ ok: true, patch: { attack: 1, bonus: 0, disengaged: 1 } });
  });

  it("stands up off the turn from the next turn's actions, only when prone", () => {
    expect(ruleSpend({ action: "standUp" }, facts())).toEqual({ ok: false, key: "NotProne" });
    expect(ruleSpend({ action: "standUp" }, facts({ prone: true, ownTurn: false })))
      .toMatchObject({ ok: true, patch: { owedBonus: 1, bonus: 2 } });
  });

  it("a Delay: on its turn, once a round, after one still to act; it pays nothing", () => {
    const later = facts({ later: ["b", "c"] });
    expect(ruleSpend({ action: "delay", after: "c" }, later))
      .toEqual({ ok: true, patch: { delayed: 1, delayAfter: "c" }, paid: {} });
    expect(ruleSpend({ action: "delay", after: "z" }, later)).toEqual({ ok: false, key: "NotLater" });
    expect(ruleSpend({ action: "delay", after: "b" }, facts({ later: ["b"], ownTurn: false })))
      .toEqual({ ok: false, key: "NotYourTurn" });
    const again = facts({ later: ["b"], kept: kept({ delayed: 1, delayAfter: "b" }) });
    expect(ruleSpend({ action: "delay", after: "b" }, again)).toEqual({ ok: false, key: "Delayed" });
    expect(ruleSpend({ action: "delay" }, later)).toEqual({ ok: false, key: "Unknown" });
    expect(delayedAfter(kept({ delayed: 1, delayAfter: "b" }), 1)).toBe("b");
    expect(delayedAfter(kept({ delayed: 1, delayAfter: "b" }), 2)).toBeNull();
  });

  it("refuses what it cannot take, changing nothing", () => {
    expect(ruleSpend({ action: "fly" }, facts())).toEqual({ ok: false, key: "Unknown" });
    expect(ruleSpend({ action: "move", option: -1 }, facts())).toEqual({ ok: false, key: "Unknown" });
    expect(ruleSpend({ action: "move" }, facts({ up: false }))).toEqual({ ok: false, key: "Down" });
    expect(ruleSpend({ action: "move" }, facts({ ownTurn: false })))
      .toEqual({ ok: false, key: "NotYourTurn" });
    expect(ruleSpend({ action: "retrieve" }, facts())).toEqual({ ok: false, key: "NotDisarmed" });
    expect(ruleSpend({ action: "buyToHit" }, facts({ kept: kept({ bonus: 0 }) })))
      .toEqual({ ok: false, key: "NoSlot" });
    expect(ruleSpend({ action: "move" }, facts({ kept: kept({ move: 1, summoned: 1 }) })))
      .toEqual({ ok: false, key: "Sick" });
    expect(parseSpend(null)).toBeNull();
  });
});

describe("wounds as ActiveEffects", () => {
  const effect = (id: string, aim: string, dealt: number, extra: object = {}) => ({
    _id: id, ...woundEffectData(`${aim} wound`, {
      aim: aim as "slowing", combat: "c1", round: 2, dealt,
    }), ...extra,
  });

  it("reads each wound effect oldest first, leaving out disabled and malformed ones", () => {
    const list = woundsOf([
      effect("b", "weakening", 2), effect("a", "slowing", 1), effect("x", "slowing", 3,
        { disabled: true }), { _id: "y", flags: { fray: { wound: { aim: "nose" } } } },
      { _id: "z", flags: {} },
    ], "c1");
    expect(list.map((w) => [w.id, w.aim, w.round])).toEqual([["a", "slowing", 2],
      ["b", "weakening", 2]]);
    expect(nextDealt(list)).toBe(3);
    expect(woundsOf([effect("a", "disrupting", 1)], "other")[0]?.round).toBe(-1);
    expect(woundFlagOf({ flags: { fray: { wound: { aim: "fatal", combat: 1, round: 1,
      dealt: 1 } } } })).toBeNull();
  });

  it("a wound effect carries a status, so Foundry draws it on the token", () => {
    expect((effect("a", "slowing", 1) as { statuses?: unknown }).statuses).toEqual([WOUND_STATUS]);
  });

  it("what wounds derive: a slowing wound −2 movement and −1 Agility, so defense and slots", () => {
    const wren = packStatblock("pregens", "wren-ashby");
    const plain = unitView(wren, [], null, 0);
    const hurt = unitView(wren, [effect("a", "slowing", 1), effect("b", "weakening", 2)], "c1", 2);
    expect([plain.derived.defense, plain.derived.freeHitSlots, plain.derived.movement])
      .toEqual([13, 4, 6]);
    expect([hurt.derived.defense, hurt.derived.freeHitSlots, hurt.derived.movement,
      hurt.derived.bonusActions, hurt.derived.strength]).toEqual([12, 3, 4, 1, 0]);
    const disrupted = unitView(wren, [effect("d", "disrupting", 1)], "c1", 2);
    expect(disrupted.derived.accuracy).toBe(0);
    expect(unitView(wren, [effect("d", "disrupting", 1)], "c1", 3).derived.accuracy).toBe(2);
  });
});

describe("states from statuses", () => {
  it("Foundry's prone, restrained, frozen and paralysis; wounds' own; a summon's first round", () => {
    expect(statesOf(new Set(["prone", "wounds.disarmed"]), false))
      .toEqual({ flatFooted: [], prone: true, disarmed: true });
    expect(statesOf(new Set(["restrain", "frozen", "paralysis", "wounds.snuckUpOn",
      "wounds.channeling"]), true).flatFooted).toEqual([
      "snuckUpOn", "tiedUp", "frozen", "paralyzed", "channeling", "summoningSickness",
    ]);
  });
});

describe("free hits: who a walk gives one, and a natural 1's offer", () => {
  const grid = { kind: "square", diagonals: "equidistant" } as const;
  const at = (i: number, j: number) => ({ origin: { i, j } });
  const watcher = (id: string, i: number, j: number, patch: object = {}) => ({
    id, at: at(i, j), zone: 1, slotsLeft: 1, mayAct: true, ...patch,
  });
  const cells = (...ij: [number, number][]) => ij.map(([i, j]) => ({ i, j }));

  it("leaving the zone provokes at the step out; three steps within it, at the third", () => {
    const away = cells([0, 1], [0, 2], [0, 3]);
    expect(provokedBy(grid, away, at(0, 1), [watcher("e", 0, 0)], false))
      .toEqual([{ id: "e", trigger: "leftZone", step: 1 }]);
    const around = cells([0, 1], [1, 1], [1, 0], [1, -1]);
    expect(provokedBy(grid, around, at(0, 1), [watcher("e", 0, 0)], false))
      .toEqual([{ id: "e", trigger: "movedWithin", step: 3 }]);
  });

  it("Reach watches 2 spaces; no slot, a summon's first round or Disengage give none", () => {
    const away = cells([0, 2], [0, 3]);
    expect(provokedBy(grid, away, at(0, 2), [watcher("e", 0, 0)], false)).toEqual([]);
    expect(provokedBy(grid, away, at(0, 2), [watcher("e", 0, 0, { zone: 2 })], false))
      .toEqual([{ id: "e", trigger: "leftZone", step: 1 }]);
    const out = cells([0, 1], [0, 2]);
    for (const w of [watcher("e", 0, 0, { slotsLeft: 0 }), watcher("e", 0, 0, { mayAct: false })]) {
      expect(provokedBy(grid, out, at(0, 1), [w], false)).toEqual([]);
    }
    expect(provokedBy(grid, out, at(0, 1), [watcher("e", 0, 0)], true)).toEqual([]);
  });

  it("a natural 1's offer: a slot's free hit, a tragedy's critical one slot or not", () => {
    expect(fumbleOfferKind("freeHit", 1, true)).toBe(FREE_HIT_KIND);
    expect(fumbleOfferKind("freeHit", 0, true)).toBeNull();
    expect(fumbleOfferKind("criticalFreeHit", 0, true)).toBe(CRITICAL_FREE_HIT_KIND);
    expect(fumbleOfferKind("criticalFreeHit", 0, false)).toBeNull();
    expect(fumbleOfferKind("none", 3, true)).toBeNull();
  });
});
