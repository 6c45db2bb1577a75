import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkOdds } from "../../../engine/dice/check";
import { attackModifiers, planAttack, resolveAttack, withAcAdjustment } from "../rules/attack";
import { situationModifiers } from "../rules/situations";
import { weapon, wielder } from "./fixtures";

describe("shock attack rolls (002 §Attack Rolls; RULINGS.md §shock Attack, NPCs)", () => {
  it("d20 + attack bonus + better attribute + skill + magic vs AC", () => {
    const plan = planAttack({
      attacker: wielder({ str: -1, dex: 2, stab: 1, attackBonus: 1 }),
      weapon: weapon({ magic: 1 }),
      ac: 15,
    });
    expect(plan.check.modifiers).toEqual([
      { source: "attackBonus", value: 1 },
      { source: "attribute:dex", value: 2 },
      { source: "skill:stab", value: 1 },
      { source: "magic", value: 1 },
    ]);
    expect(resolveAttack(plan, [10]).hit).toBe(true); // 15 ≥ 15
    expect(resolveAttack(plan, [9]).hit).toBe(false);
  });

  it("NPCs: HD + training, no attribute or skill unless listed", () => {
    const npc = { ...wielder({ attackBonus: 3 }) };
    const plan = planAttack({ attacker: npc, weapon: weapon(), ac: 14 });
    expect(plan.check.modifier).toBe(3);
  });

  it("exact hit chance: every face of the d20 enumerated, naturals on by default", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 10 }),
        fc.integer({ min: 8, max: 25 }),
        (bonus, ac) => {
          const plan = planAttack({
            attacker: wielder({ attackBonus: Math.max(0, bonus) }),
            weapon: weapon({ magic: 0 }),
            ac,
          });
          let hits = 0;
          for (let face = 1; face <= 20; face++) if (resolveAttack(plan, [face]).hit) hits++;
          const m = Math.max(0, bonus);
          const expected = Math.min(19, Math.max(1, 21 - (ac - m)));
          expect(hits).toBe(expected);
          expect(checkOdds(plan.check)).toEqual({ successes: expected, total: 20 });
        },
      ),
    );
  });

  it("the natural option off: totals alone decide", () => {
    const plan = planAttack({
      attacker: wielder({ attackBonus: 10 }),
      weapon: weapon(),
      ac: 5,
      naturals: false,
    });
    expect(resolveAttack(plan, [1]).hit).toBe(true);
    expect(checkOdds(plan.check).successes).toBe(20);
  });

  it("charge +2, snap −4, dual wield −1, swarm +2 per other assailant up to +6", () => {
    const mods = (o: Parameters<typeof attackModifiers>[0]) =>
      Object.fromEntries(attackModifiers(o).modifiers.map((m) => [m.source, m.value]));
    const base = { attacker: wielder(), weapon: weapon(), ac: 13 };
    expect(mods({ ...base, charge: true }).charge).toBe(2);
    expect(mods({ ...base, snap: true }).snap).toBe(-4);
    expect(mods({ ...base, dualWield: true }).dualWield).toBe(-1);
    expect([1, 2, 3, 4].map((n) => mods({ ...base, swarmOthers: n }).swarm)).toEqual([2, 4, 6, 6]);
  });

  it("ranged in melee: thrown and one-handed −4, bows cannot fire", () => {
    const thrown = attackModifiers({
      attacker: wielder(),
      weapon: weapon({ kind: "thrown" }),
      ac: 13,
      inMelee: true,
    });
    expect(thrown.modifiers).toContainEqual({ source: "situation:thrownInMelee", value: -4 });
    const bow = planAttack({
      attacker: wielder(),
      weapon: weapon({ kind: "ranged", twoHanded: true }),
      ac: 13,
      inMelee: true,
    });
    expect(bow.forbidden).toBe("bowInMelee");
    expect(
      attackModifiers({
        attacker: wielder(),
        weapon: weapon(),
        ac: 13,
        inMelee: true,
      }).modifiers.some((m) => m.source.startsWith("situation")),
    ).toBe(false);
  });

  it("situation toggles: the table's values, each counted once", () => {
    const { modifiers, forbidden } = situationModifiers([
      "halfCover",
      "halfCover",
      "adjacentProne",
      "unseenUnknown",
    ]);
    expect(modifiers).toEqual([
      { source: "situation:halfCover", value: -2 },
      { source: "situation:adjacentProne", value: 2 },
    ]);
    expect(forbidden).toBe("unseenUnknown");
  });

  it("AC adjustments: Total Defense after the roll turns a hit into a miss", () => {
    const plan = planAttack({
      attacker: wielder({ attackBonus: 2 }),
      weapon: weapon(),
      ac: 13,
      acAdjustments: [{ source: "charge", value: -2 }],
    });
    expect(plan.check.target).toBe(11);
    expect(resolveAttack(plan, [10]).hit).toBe(true);
    const defended = withAcAdjustment(plan, { source: "totalDefense", value: 2 });
    expect(defended.check.target).toBe(13);
    expect(resolveAttack(defended, [10]).hit).toBe(false);
    expect(defended.acAdjustments.map((a) => a.source)).toEqual(["charge", "totalDefense"]);
  });
});
