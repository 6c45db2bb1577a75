import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { statblockFromActor } from "../rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import {
  activation, activationLines, defending, delayedAfter, disengagedIn, parseBattle,
  ruleBattleAction,
  type BattleFacts,
} from "../play/round/battle-actions";
import { wren } from "./fixtures";

/**
 * The Battle actions a sheet takes and the GM rules, pure: Defend, Disengage and Activate Item,
 * each the combatant's Battle action (the Battle phase, its own turn, once a round, standing),
 * and what activating an item does. Source: `003_d18720f6cd315cc2.txt` §Battle Actions;
 * RULINGS.md §phases Battle phase.
 */
const t = localizerFor(languageFor("phases"));
const WREN = statblockFromActor(wren());
const DRAUGHT = WREN.activatables[0]!;
const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), ...patch });
const facts = (patch: Partial<BattleFacts> = {}): BattleFacts => ({
  round: 3, step: "battle", ownTurn: true, up: true, kept: kept(), conditions: [],
  activatables: WREN.activatables, ...patch,
});

describe("a Battle action, as the GM rules it", () => {
  it("reads only what names an action", () => {
    expect(parseBattle({ action: "defend" })).toEqual({ action: "defend" });
    expect(parseBattle({ action: "activateItem", itemId: "draught" }))
      .toEqual({ action: "activateItem", itemId: "draught" });
    for (const bad of [null, 3, {}, { action: "attack" }, { action: "activateItem" },
      { action: "activateItem", itemId: 7 }]) {
      expect(parseBattle(bad)).toBeNull();
    }
  });

  it("spends the Battle action and keeps Defend's and Disengage's round", () => {
    expect(ruleBattleAction({ action: "defend" }, facts()))
      .toEqual({ ok: true, patch: { battle: 1, defended: 3 } });
    expect(ruleBattleAction({ action: "disengage" }, facts()))
      .toEqual({ ok: true, patch: { battle: 1, disengaged: 3 } });
    expect(ruleBattleAction({ action: "activateItem", itemId: "draught" }, facts()))
      .toEqual({ ok: true, patch: { battle: 1 } });
  });

  it("refuses off the Battle phase, off its turn, down, twice, or what cannot be done", () => {
    const key = (args: unknown, f: BattleFacts) => {
      const r = ruleBattleAction(args, f);
      return r.ok ? null : r.key;
    };
    expect(key({ action: "fly" }, facts())).toBe("BadAction");
    expect(key({ action: "defend" }, facts({ step: "movement" }))).toBe("NotBattle");
    expect(key({ action: "defend" }, facts({ round: 0 }))).toBe("NotBattle");
    expect(key({ action: "defend" }, facts({ ownTurn: false }))).toBe("NotYourTurn");
    expect(key({ action: "defend" }, facts({ up: false }))).toBe("Down");
    expect(key({ action: "defend" }, facts({ kept: kept({ battle: 1 }) }))).toBe("Acted");
    expect(key({ action: "disengage" }, facts({ conditions: ["immobilised"] }))).toBe("CannotMove");
    expect(key({ action: "disengage" }, facts({ conditions: ["slowed"] }))).toBe("CannotMove");
    expect(key({ action: "disengage" }, facts({ conditions: ["dazed"] }))).toBeNull();
    expect(key({ action: "activateItem", itemId: "sword" }, facts())).toBe("NoItem");
    const empty = { ...DRAUGHT, uses: { value: 0, max: 3 } };
    expect(key({ action: "activateItem", itemId: "draught" }, facts({ activatables: [empty] })))
      .toBe("NoUses");
  });

  it("Delay: after one still to come, once a round, spending nothing", () => {
    const later = facts({ later: ["gob", "orc"] });
    expect(ruleBattleAction({ action: "delay", after: "orc" }, later))
      .toEqual({ ok: true, patch: { delayAfter: "orc", delayed: 3 } });
    const key = (args: unknown, f: BattleFacts) => {
      const r = ruleBattleAction(args, f);
      return r.ok ? null : r.key;
    };
    expect(key({ action: "delay", after: "wren" }, later)).toBe("NotLater");
    expect(key({ action: "delay", after: "orc" }, facts())).toBe("NotLater");
    expect(key({ action: "delay", after: "orc" }, { ...later, kept: kept({ delayed: 3 }) }))
      .toBe("Delayed");
    expect(key({ action: "delay", after: "orc" }, { ...later, kept: kept({ battle: 1 }) }))
      .toBe("Acted");
    expect(key({ action: "delay" }, later)).toBe("BadAction");
    expect(delayedAfter(kept({ delayAfter: "orc", delayed: 3 }), 3)).toBe("orc");
    expect(delayedAfter(kept({ delayAfter: "orc", delayed: 2 }), 3)).toBeNull();
  });

  it("Defend lasts while kept; Disengage to the end of the next round", () => {
    expect(defending(kept({ defended: 2 }))).toBe(true);
    expect(defending(kept())).toBe(false);
    const d = kept({ disengaged: 2 });
    expect([1, 2, 3, 4].map((r) => disengagedIn(d, r))).toEqual([false, true, true, false]);
    expect(disengagedIn(kept(), 1)).toBe(false);
  });
});

describe("Activate Item", () => {
  const effects = [
    { id: "e1", conditions: ["dazed" as const] }, { id: "e2", conditions: ["slowed" as const] },
  ];

  it("spends a use, heals its dice and bonus up to the maximum, ends what it ends", () => {
    // The draught: 2d4 + 2, ends Dazed; Wren at 18 of 22.
    const a = activation(DRAUGHT, { value: 18, max: 22 }, effects, [3, 4])!;
    expect(a).toEqual({
      uses: { value: 1, max: 3 }, hp: { before: 18, after: 22 }, healed: 9, ends: ["e1"],
    });
    const low = activation(DRAUGHT, { value: 5, max: 22 }, [], [1, 1])!;
    expect(low.hp).toEqual({ before: 5, after: 9 });
    expect(activationLines({ actor: "Wren", item: "Healing Draught" }, a, "2d4 + 2", [3, 4],
      ["dazed"], t)).toEqual([
      "Wren uses Healing Draught: heals 4 (2d4 + 2: 3, 4), 18 → 22 HP.",
      "Wren uses Healing Draught: Dazed ends.",
    ]);
  });

  it("at will spends nothing; with no use left does nothing; wrong dice throw", () => {
    const atWill = { ...DRAUGHT, uses: { value: 0, max: 0 }, heal: { dice: 0, die: 4, bonus: 0 } };
    const a = activation(atWill, { value: 10, max: 22 }, effects, [])!;
    expect(a).toMatchObject({ uses: { value: 0, max: 0 }, hp: { before: 10, after: 10 } });
    expect(activationLines({ actor: "Wren", item: "Charm" }, { ...a, ends: [] }, "", [], [], t))
      .toEqual(["Wren uses Charm."]);
    expect(activation({ ...DRAUGHT, uses: { value: 0, max: 3 } }, { value: 1, max: 22 }, [], []))
      .toBeNull();
    expect(() => activation(DRAUGHT, { value: 1, max: 22 }, [], [5, 1])).toThrow(RangeError);
    expect(() => activation(DRAUGHT, { value: 1, max: 22 }, [], [1])).toThrow(RangeError);
  });
});
