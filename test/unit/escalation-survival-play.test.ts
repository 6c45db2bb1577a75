import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../src/engine/schema/spec";
import { localizerFor } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";
import {
  ABILITY_SPEC, CHARACTER_SPEC, type AbilitySource, type CharacterSource,
} from "../../src/rulesets/escalation/rules/models";
import { healLine, healthTrackOf, recoveryHeal } from "../../src/rulesets/escalation/play/survival/recovery";
import {
  fullRestChange, powersOf, quickRestChange, rechargeLine, restLine, spendFits,
} from "../../src/rulesets/escalation/play/survival/rest";

const t = localizerFor(languageFor("escalation"));
const pc = (over: Record<string, unknown> = {}): CharacterSource =>
  withDefaults(CHARACTER_SPEC, over) as CharacterSource;
const ability = (over: Record<string, unknown>): AbilitySource =>
  withDefaults(ABILITY_SPEC, over) as AbilitySource;

describe("recoveryHeal (§Recoveries, §Dying and Death)", () => {
  it("spends a recovery and heals; the write holds HP, recoveries, penalty and the track", () => {
    const { result, system } = recoveryHeal(pc({ hp: { value: 10, max: 30 } }), 8);
    expect(result).toMatchObject({ gained: 8, usedRecovery: true, withoutRecovery: false });
    expect(system).toEqual({
      hp: { value: 18 }, recoveries: { value: 7, penalty: 0 }, death: pc().death,
    });
  });

  it("with none left the heal is halved and the penalty grows; a free heal spends nothing", () => {
    const spent = pc({ hp: { value: 10, max: 30 }, recoveries: { value: 0 } });
    expect(recoveryHeal(spent, 9).system).toMatchObject({
      hp: { value: 14 }, recoveries: { value: 0, penalty: 1 },
    });
    expect(recoveryHeal(pc({ hp: { value: 10, max: 30 } }), 9, true).system)
      .toMatchObject({ hp: { value: 19 }, recoveries: { value: 8, penalty: 0 } });
  });

  it("a heal from Dying heals from 0 and acts from its next turn, unless it acts now", () => {
    const dying = pc({ hp: { value: -4, max: 30 }, death: { failures: 2, hardFirstSave: true } });
    const healed = recoveryHeal(dying, 7);
    expect(healed.system.hp.value).toBe(7);
    // Failures count for the encounter; the hard first save is over.
    expect(healed.system.death).toMatchObject({ failures: 2, hardFirstSave: false, upNextTurn: true });
    expect(recoveryHeal(dying, 7, false, true).system.death.upNextTurn).toBe(false);
  });

  it("property: the write is the rules' track, never above max HP", () => {
    fc.assert(fc.property(
      fc.integer({ min: -15, max: 30 }), fc.integer({ min: 0, max: 8 }),
      fc.integer({ min: 0, max: 40 }), fc.boolean(),
      (hp, left, amount, free) => {
        const data = pc({ hp: { value: hp, max: 30 }, recoveries: { value: left } });
        const { result, system } = recoveryHeal(data, amount, free);
        expect(system.hp.value).toBe(result.track.hp);
        expect(system.hp.value).toBeLessThanOrEqual(30);
        expect(system.recoveries.value).toBe(free || left === 0 ? left : left - 1);
      },
    ));
  });

  it("its line names the heal, and says when no recovery was left", () => {
    const { result } = recoveryHeal(pc({ hp: { value: 10, max: 30 } }), 8);
    expect(healLine("Ana", result, t)).toEqual({
      text: "Ana heals 8: HP 18, 7 recoveries left.", result: "healed",
    });
    const none = recoveryHeal(pc({ hp: { value: 10, max: 30 }, recoveries: { value: 0 } }), 8);
    expect(healLine("Ana", none.result, t).text).toMatch(/^Ana heals 4: HP 14, 0 recoveries left\. No recovery was left/);
  });
});

describe("rests (§Resting and Recharging)", () => {
  const powers = powersOf([
    { id: "a", system: ability({ frequency: "encounter", used: true }) },
    { id: "b", system: ability({ frequency: "recharge", recharge: 16, used: true }) },
    { id: "c", system: ability({ frequency: "daily", used: true }) },
    { id: "d", system: ability({ frequency: "atWill" }) },
  ]);

  it("reads each ability's power in item order", () => {
    expect(powers.map((p) => [p.id, p.frequency, p.used])).toEqual([
      ["a", "encounter", true], ["b", "recharge", true], ["c", "daily", true], ["d", "atWill", false],
    ]);
  });

  it("a spend fits when it is a whole number of recoveries the character has", () => {
    expect(spendFits(0, 0)).toBe(true);
    expect(spendFits(3, 3)).toBe(true);
    expect(spendFits(4, 3)).toBe(false);
    expect(spendFits(-1, 3)).toBe(false);
    expect(spendFits(1.5, 3)).toBe(false);
  });

  it("a Quick Rest heals per recovery and restores Encounter powers and passed recharges", () => {
    const data = pc({ hp: { value: 5, max: 30 } });
    const { result, system } = quickRestChange(data, powers, [6, 7], { b: [6, 6, 5] });
    expect(result.restored).toEqual(["a", "b"]);
    expect(system).toEqual({
      hp: { value: 18 }, recoveries: { value: 6 }, death: data.death,
    });
    expect(healthTrackOf(data)).toEqual({ hp: 5, hpMax: 30, recoveries: 8, penalty: 0 });
    expect(quickRestChange(data, powers, [], { b: [1, 2, 3] }).result.stillExpended).toEqual(["b"]);
  });

  it("a Full Rest restores everything and starts a fresh death track", () => {
    const worn = pc({
      hp: { value: 3, max: 30 }, recoveries: { value: 1, max: 8, penalty: 2 },
      death: { failures: 2, upNextTurn: true },
    });
    const { result, system } = fullRestChange(worn, powers);
    expect(result.restored).toEqual(["a", "b", "c"]);
    expect(system).toEqual({
      hp: { value: 30 }, recoveries: { value: 8, penalty: 0 },
      death: { failures: 0, stabilized: false, hardFirstSave: false, lastGasp: false, upNextTurn: false },
    });
  });
});

describe("rest lines", () => {
  it("a recharge check says whether the power recharges", () => {
    expect(rechargeLine("Fireball", { success: true, natural: 17, target: 16 }, t)).toEqual({
      text: "Fireball recharges (natural 17 vs 16+).", result: "success",
    });
    expect(rechargeLine("Fireball", { success: false, natural: 9, target: 16 }, t).result)
      .toBe("failure");
  });
  it("a rest's summary gives HP before and after, recoveries and what was restored", () => {
    const data = pc({ hp: { value: 5, max: 30 } });
    const powers = powersOf([{ id: "a", system: ability({ frequency: "encounter", used: true }) }]);
    const quick = quickRestChange(data, powers, [6, 7], {}).result;
    expect(restLine("quick", "Ana", 5, quick, "Smite", t))
      .toBe("Ana: 2 recoveries spent, HP 5 → 18, 6 left. Restored: Smite.");
    const full = fullRestChange(data, []).result;
    expect(restLine("full", "Ana", 5, full, "", t)).toBe(
      `Ana: HP 5 → 30, 8 recoveries, every power restored (${t("FRAY.Log.Nothing")}).`,
    );
  });
});
