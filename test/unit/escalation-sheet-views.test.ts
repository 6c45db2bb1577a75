import { describe, expect, it } from "vitest";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, WEAPON_SPEC, type EffectTiming } from "../../src/rulesets/escalation/rules/models";
import { abilityLine, signed, weaponLine, type LineAttacker } from "../../src/rulesets/escalation/play/views/ability-line";
import { HEALTH_MARKERS, hpView, traitTags } from "../../src/rulesets/escalation/play/views/actor-view";
import { appliedStatuses, statusToggles } from "../../src/engine/view/statuses";
import { turnView, type TurnInput } from "../../src/rulesets/escalation/play/views/turn-state";
import { dieChoices } from "../../src/rulesets/escalation/play/views/item-view";
import { t } from "../support/handlebars";

/** The sheets' pure view builders, with the built language file's strings. */
const fighter: LineAttacker = {
  level: 5, volition: 3, escalation: 2, stanceDice: { melee: 10, ranged: 6 },
  basicDamageType: { melee: "fire", ranged: "weapon" }, missDamage: "level", powerLabel: "Ki",
};
const ability = (over: Record<string, unknown>) => withDefaults(ABILITY_SPEC, over);

describe("an ability row's line", () => {
  it("states the attack with the owner's numbers, its damage and effects, piece by piece", () => {
    const a = ability({
      defense: "pd", hit: { damage: { dice: 2, perLevel: false, die: "10", flat: 5, volition: false },
        damageTypes: ["fire"], effects: [{ id: "dazed", duration: "saveEnds", save: 11 }] },
    });
    expect(abilityLine(a, fighter, t)).toBe("+10 vs PD · 2d10+5 fire · Dazed (save ends)");
  });
  it("a basic attack rolls Level dice of its own stance's die + Volition with the equipped weapon's type", () => {
    expect(abilityLine(ability({ basic: "melee", miss: { mode: "class" } }), fighter, t))
      .toBe("+10 vs AC · 5d10+3 fire · miss: 5 damage");
    // The melee character's Basic Ranged Attack rolls its ranged weapon's d6, not the sheet's d10.
    expect(abilityLine(ability({ basic: "ranged", miss: { mode: "class" } }), { ...fighter, missDamage: "none" }, t))
      .toBe("+10 vs AC · 5d6+3");
  });
  it("a negative modifier and flat damage keep their signs", () => {
    const weak = { ...fighter, level: 1, volition: -3, escalation: 0 };
    const a = ability({ hit: { damage: { dice: 1, die: "6", flat: -2, perLevel: false, volition: false } } });
    expect(abilityLine(a, weak, t)).toBe("−2 vs AC · 1d6−2");
    expect(signed(0, t)).toBe("+0");
  });
  it("without an owner it says the formula in words", () => {
    const a = ability({ hit: { damage: { dice: 1, die: "8", perLevel: true, volition: true, flat: 0 } }, action: "quick" });
    expect(abilityLine(a, null, t)).toBe("Quick action · vs AC · 1d8 per Level + Volition");
    expect(abilityLine(ability({ basic: "melee" }), null, t)).toBe("vs AC · Level × stance die + Volition");
  });
  it("names ongoing damage, save targets, miss and crit effects, costs and limits", () => {
    const a = ability({
      frequency: "recharge", recharge: 16, targets: 3, escalationMin: 2, sustain: 11, powerCost: 2, provokes: true,
      hit: { effects: [{ id: "ongoing", amount: 5, damageType: "acid", duration: "saveEnds", save: 16 }] },
      miss: { effects: [{ id: "weakened", duration: "endOfNextTurn" }] },
      crit: { effects: [{ id: "stunned", duration: "endOfSourceNextTurn" }] },
    });
    expect(abilityLine(a, fighter, t)).toBe([
      "+10 vs AC", "5 ongoing acid (save ends, 16+)", "miss: Weakened (to the end of its next turn)",
      "crit: Stunned (to the end of the source's next turn)", "3 targets", "Escalation 2+", "Recharge 16+",
      "Sustain 11+", "2 Ki", "Provokes",
    ].join(" · "));
  });
  it("an ability without an attack says what it does instead", () => {
    expect(abilityLine(ability({ defense: "none", heal: "freeRecovery", action: "move" }), fighter, t))
      .toBe("Move action · Target heals a free recovery");
  });
  it("a weapon says its stance, die, type and whether it is equipped", () => {
    expect(weaponLine(withDefaults(WEAPON_SPEC, { stance: "ranged", die: "6", damageType: "lightning", equipped: true }), t))
      .toBe("Ranged · d6 lightning · Equipped");
    expect(weaponLine(withDefaults(WEAPON_SPEC, { die: "8" }), t)).toBe("Melee · d8");
  });
});

describe("HP, traits and toggles", () => {
  it("the bar never goes below 0 and NPCs stop at 0 HP; a PC may go below", () => {
    const dying = hpView({ value: -5, max: 36 }, "dying", true, t);
    expect(dying).toMatchObject({ badge: "miss", healthLabel: "Dying" });
    expect(dying.resource).toMatchObject({ value: -5, meter: 0, low: 19, high: 36, hasMin: false, hook: "hp",
      ofMax: "/ 36", meterLabel: "HP: -5 of 36", text: "-5 / 36" });
    const npc = hpView({ value: 40, max: 90 }, "staggered", false, t);
    expect(npc).toMatchObject({ badge: "crit" });
    expect(npc.resource).toMatchObject({ meter: 40, hasMin: true, min: 0 });
  });
  it("resistances and weaknesses are short tags", () => {
    expect(traitTags({ resistances: [{ type: "fire", threshold: 15 }], weaknesses: ["cold"] }, t))
      .toEqual({ resistances: ["Resist fire 15+"], weaknesses: ["Weak to cold"], any: true });
  });
  it("condition toggles leave out the health markers and say their state in words", () => {
    const effects = ["dazed", "dying", "staggered", "dead", "stuck"].map((id) => ({ id, name: `FRAY.Condition.${id}` }));
    expect(statusToggles(effects, ["dazed"], HEALTH_MARKERS, t).map((c) => [c.id, c.active, c.stateLabel]))
      .toEqual([["dazed", true, "Dazed: on"], ["stuck", false, "Stuck: off"]]);
  });
  it("applied effects: those shown elsewhere left out, a timed one with what is left of it", () => {
    const effect = (name: string, statuses: string[], type?: string, label?: string) =>
      ({ name, statuses: new Set(statuses), duration: { type, label } });
    expect(appliedStatuses([
      effect("Prone", ["prone"]), effect("Dazed", ["dazed"], "turns", "1 round"),
      effect("Dying", ["dying"], "none", "None"), effect("Blessed", [], "seconds", "10 seconds"),
    ], (s) => HEALTH_MARKERS.has(s))).toEqual([
      { name: "Prone", duration: "" }, { name: "Dazed", duration: "1 round" }, { name: "Blessed", duration: "10 seconds" },
    ]);
  });
  it("die choices are localized strings, with a no-die choice for flat damage", () => {
    expect(dieChoices(t)).toEqual({ 4: "d4", 6: "d6", 8: "d8", 10: "d10", 12: "d12" });
    expect(dieChoices(t, true)["0"]).toBe("No die");
  });
});

describe("the turn's state on the sheet", () => {
  const timing: EffectTiming = { duration: "saveEnds", save: 6, amount: 0, damageType: "weapon", source: "", armed: true, ability: "" };
  const base: TurnInput = {
    combat: { round: 2, escalationDie: 1 },
    combatant: { actions: { standard: false, move: false, quick: true, interrupt: false }, isTurn: true },
    isPC: true, usesEscalation: true, conditions: [], effects: [{ name: "Dazed", timing }],
  };
  it("lists the actions left and used in words, the die and the timed effects", () => {
    const view = turnView(base, t);
    expect(view.heading).toBe("Round 2: your turn");
    expect(view.actions.map((a) => a.label)).toEqual(["Standard", "Move", "Quick: used", "Interrupt"]);
    expect(view.escalation).toBe("Escalation die 1");
    expect(view.effects).toEqual([{ name: "Dazed", duration: "save ends (6+)" }]);
  });
  it("a Stunned bearer has no move action; a Shaken one counts the die as 0", () => {
    const view = turnView({ ...base, conditions: ["stunned", "shaken"] }, t);
    expect(view.actions.find((a) => a.action === "move")).toMatchObject({ used: true, label: "Move: used" });
    expect(view.escalation).toBe("Escalation die 1 (Shaken: counts as 0)");
  });
  it("an NPC that does not add the die says so; another's turn is just the round", () => {
    const view = turnView({ ...base, isPC: false, usesEscalation: false, combatant: { ...base.combatant!, isTurn: false } }, t);
    expect(view.escalation).toBe("Escalation die 1 (this creature does not add it)");
    expect(view.heading).toBe("Round 2");
  });
  it("out of combat the part shows only timed effects left over, or nothing", () => {
    expect(turnView({ ...base, combat: null, combatant: null }, t)).toMatchObject({ show: true, actions: [], escalation: null });
    expect(turnView({ ...base, combat: null, combatant: null, effects: [] }, t).show).toBe(false);
  });
});
