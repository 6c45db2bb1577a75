import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FRESH_BUDGET, take } from "../rules/actions";
import { dualWieldDamageApplies, hitDamage, maxDamage } from "../rules/damage";
import { dualWields, UNARMED, wieldedPair, type Weapon } from "../rules/statblock";
import { attack } from "../encounter/attacks";
import { engage } from "../encounter/fighter";
import { fight } from "./fights";
import { block, weapon } from "./fixtures";
import { BOW, foe, JAVELIN, of, pc, setup, skills } from "./steps";

const SWORD = weapon({ id: "sword", name: "Sword", skill: "stab" });
const AXE = weapon({ id: "axe", name: "Axe", skill: "stab", die: 6 });
const DAGGER = weapon({ id: "dagger", name: "Dagger", skill: "stab", die: 4 });
const GREATAXE = weapon({ id: "great", name: "Greataxe", skill: "stab", twoHanded: true });

describe("dual wielding's +2 damage (002 §Dual Wielding Weapons)", () => {
  it("the pair: the first two readied one-handed melee weapons, with skill 1+ in each", () => {
    const corvin = block("Corvin Ash");
    expect(wieldedPair(corvin)?.map((w) => w.name)).toEqual(["Sabre", "Hand Axe"]);
    const trained = skills({ stab: 1 });
    expect(wieldedPair({ weapons: [SWORD, AXE, DAGGER], skills: trained })).toEqual([SWORD, AXE]);
    expect(wieldedPair({ weapons: [SWORD, GREATAXE], skills: trained })).toBeNull();
    expect(wieldedPair({ weapons: [SWORD, UNARMED], skills: trained })).toBeNull();
    expect(wieldedPair({ weapons: [SWORD, { ...AXE, readied: false }], skills: trained }))
      .toBeNull();
    expect(wieldedPair({ weapons: [SWORD, AXE], skills: skills({}) })).toBeNull();
    expect(dualWields({ weapons: [SWORD, AXE], skills: trained })).toBe(true);
  });

  it("applies to a hit with one of the two wielded weapons on a target within range of both",
    () => {
      const d = { weapons: [SWORD, AXE, DAGGER, JAVELIN], skills: skills({ stab: 1, brawl: 2 }) };
      expect(dualWieldDamageApplies(d, SWORD, 0)).toBe(true);
      expect(dualWieldDamageApplies(d, AXE, 0)).toBe(true);
      // Bare hands, a third weapon and a thrown one are not the weapons wielded.
      expect(dualWieldDamageApplies(d, UNARMED, 0)).toBe(false);
      expect(dualWieldDamageApplies(d, DAGGER, 0)).toBe(false);
      expect(dualWieldDamageApplies(d, JAVELIN, 0)).toBe(false);
      // Melee weapons reach an adjacent target only.
      expect(dualWieldDamageApplies(d, SWORD, 5)).toBe(false);
      // Without the skill there is no dual wielding at all.
      expect(dualWieldDamageApplies({ ...d, skills: skills({}) }, SWORD, 0)).toBe(false);
    });

  it("property: it applies exactly when the text's three conditions hold", () => {
    const pool: Weapon[] = [SWORD, AXE, DAGGER, GREATAXE, JAVELIN, BOW, UNARMED];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(pool), fc.constantFrom(...pool), fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(0, 5, 30), (weapons, used, stab, feet) => {
          const hands = weapons.filter((w) => w.kind === "melee" && !w.twoHanded && !w.unarmed);
          const wielding = hands.length >= 2 && stab >= 1;
          const expected = wielding && hands.slice(0, 2).includes(used) && feet === 0;
          expect(dualWieldDamageApplies({ weapons, skills: skills({ stab }) }, used, feet))
            .toBe(expected);
        },
      ),
    );
  });

  it("the runner: a dual-wielder's bare-handed hit gets no +2, its sword's does", () => {
    const run = (w: Weapon, dice: number[]) => {
      const d = pc("D", { weapons: [SWORD, AXE], skills: skills({ stab: 1, brawl: 1 }) });
      const t = foe("T", { hpMax: 20 });
      t.hp = 20;
      t.budget = take(FRESH_BUDGET, "meleeAttack"); // no Total Defense to muddle the hit
      engage(d, t);
      const ctx = setup(dice, d, t);
      expect(d.dualWield).toBe(true);
      attack(ctx, d, t, w, { kind: "normal" });
      return { attack: of(ctx.events, "attack")[0], damage: of(ctx.events, "damage")[0] };
    };
    // Unarmed: d20 15 − 1 (dual wielding: every attack roll) hits; 1d2 of 2 + Brawl 1 = 3.
    const bare = run(UNARMED, [15, 2]);
    expect(bare.attack?.modifiers).toContainEqual({ source: "dualWield", value: -1 });
    expect(bare.damage).toMatchObject({ reason: "hit", dice: [2], base: 3, amount: 3 });
    // The sword: d8 of 4 + 2.
    expect(run(SWORD, [15, 4]).damage).toMatchObject({ reason: "hit", base: 6, amount: 6 });
    // Its maximum, which the tactics read, follows the same rule.
    expect(maxDamage(pc("D").block, UNARMED, false)).toBe(2);
  });

  it("the runner's fights: a dual-wielder held by the mire folk snaps bare-handed without +2",
    () => {
      let bare = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const r = fight("mire", seed, { surprised: ["foes"] });
        const attacks = new Map(of(r.events, "attack").map((a) => [a.id, a]));
        for (const d of of(r.events, "damage")) {
          const a = d.attack ? attacks.get(d.attack) : undefined;
          if (d.reason !== "hit" || d.source !== "Corvin Ash" || a?.weapon !== UNARMED.name) {
            continue;
          }
          bare++;
          // 1d2 + DEX 2 + Brawl 1, nothing for the two weapons in its hands.
          expect(d.base, JSON.stringify(d)).toBe(d.dice[0]! + 3);
        }
      }
      expect(bare).toBeGreaterThan(0);
    });

  it("hitDamage adds the +2 only when told it applies, never to the Shock floor", () => {
    const w = weapon({ shock: { amount: 1, ac: 13, anyAc: false } });
    const d = { weapons: [w, AXE], skills: skills({ stab: 1 }) };
    const dual = dualWieldDamageApplies(d, w, 0);
    const wielder = block("Corvin Ash");
    expect(hitDamage({ wielder, weapon: w, dice: [1], ac: 12, dualWield: dual }))
      .toMatchObject({ base: 5, floor: 3, amount: 5 });
    expect(hitDamage({ wielder, weapon: UNARMED, dice: [1], ac: 12, dualWield: false }))
      .toMatchObject({ base: 4, floor: 0, amount: 4 });
  });
});
