import { describe, expect, it } from "vitest";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, type AbilitySource } from "../../src/rulesets/escalation/rules/models";
import {
  heldEffects, lapsedSustains, sustainedItemIds, sustainFlag, sustainOf,
} from "../../src/rulesets/escalation/play/actors/sustain";
import { timedEffectData } from "../../src/rulesets/escalation/play/actors/timed-effects";
import { dealsDamage } from "../../src/rulesets/escalation/play/cards/ability-use";
import { cardView, hiddenRows } from "../../src/rulesets/escalation/play/views/card-view";
import { AUTHOR, GM, OTHER, sampleCard, sealed } from "../support/fixtures";

const ability = (over: Record<string, unknown> = {}): AbilitySource =>
  withDefaults(ABILITY_SPEC, over) as AbilitySource;
const marker = (flag: unknown) => ({ id: "m", flags: { fray: { sustain: flag } } });

describe("sustain markers (§Ability Entries: Sustain)", () => {
  it("a used Sustain X ability leaves its target, action and round", () => {
    expect(sustainFlag("i1", ability({ sustain: 11, action: "move" }), 3))
      .toEqual({ itemId: "i1", target: 11, action: "move", round: 3 });
  });
  it("reads only well-formed markers", () => {
    const flag = sustainFlag("i1", ability({ sustain: 11 }), 2);
    expect(sustainOf(marker(flag))).toEqual(flag);
    expect(sustainOf(marker({ ...flag, round: "2" }))).toBeNull();
    expect(sustainOf(marker({ ...flag, itemId: 4 }))).toBeNull();
    expect(sustainOf({ flags: undefined })).toBeNull();
  });
  it("lists what an actor sustains, and what lapses at the end of its turn", () => {
    const effects = [
      marker(sustainFlag("a", ability({ sustain: 11 }), 2)),
      marker(sustainFlag("b", ability({ sustain: 11 }), 3)),
      { id: "x", flags: {} },
    ];
    expect(sustainedItemIds(effects)).toEqual(new Set(["a", "b"]));
    expect(lapsedSustains(effects, 3).map((l) => l.flag.itemId)).toEqual(["a"]);
    expect(lapsedSustains(effects, 2)).toEqual([]);
  });
  it("the effects a sustained ability holds are those its user's card applied with it", () => {
    const dazed = { id: "dazed" as const, duration: "saveEnds" as const, save: 11, amount: 0, damageType: "weapon" as const };
    const look = { name: "Dazed", img: "" };
    const held = timedEffectData(dazed, look, { bearer: "B", source: "S", currentTurn: "S", ability: "i1" });
    const other = timedEffectData(dazed, look, { bearer: "B", source: "T", currentTurn: "S", ability: "i1" });
    const plain = timedEffectData(dazed, look, { bearer: "B", source: "S", currentTurn: "S" });
    expect(heldEffects([held, other, plain], "S", "i1")).toEqual([held]);
  });
});

describe("dealsDamage (§Conditions: Confused)", () => {
  it("an attack with damage deals damage; a non-attack or damageless one does not", () => {
    expect(dealsDamage(ability({ basic: "melee" }))).toBe(true);
    expect(dealsDamage(ability({ hit: { damage: { dice: 2, die: 8 } } }))).toBe(true);
    expect(dealsDamage(ability({ hit: { damage: { dice: 0, flat: 3 } } }))).toBe(true);
    expect(dealsDamage(ability({ hit: { damage: { dice: 0, flat: 0 } } }))).toBe(false);
    expect(dealsDamage(ability({ defense: "none", basic: "melee" }))).toBe(false);
  });
});

describe("hiddenRows", () => {
  it("a hidden card keeps each target's buttons for those who may press them", () => {
    const gm = hiddenRows(cardView(sampleCard, GM, sealed));
    expect(gm.map((r) => r.name)).toEqual(["Marsh Hag", "Hollow Sentry"]);
    expect(gm[0]!.buttons.map((b) => [b.step, b.args, b.labelData.amount])).toEqual([
      ["apply", { index: 0, mode: "apply" }, 30], ["apply", { index: 0, mode: "half" }, 15],
      ["apply", { index: 0, mode: "double" }, 60], ["apply", { index: 0, mode: "heal" }, 30],
    ]);
    expect(hiddenRows(cardView(sampleCard, AUTHOR, sealed))[0]!.buttons.map((b) => b.args))
      .toEqual([{ index: 0, mode: "apply" }]);
    expect(hiddenRows(cardView(sampleCard, OTHER, sealed)).flatMap((r) => r.buttons)).toEqual([]);
  });
});
