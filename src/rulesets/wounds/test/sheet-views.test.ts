import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { canPay } from "../../../engine/economy/slots";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { economyOf, slotsOf } from "../play/round/economy";
import type { SpendFacts } from "../play/round/spend";
import { sheetContext, sheetInput, type SheetSource } from "../play/views/sheet-context";
import { TURN_ACTIONS, turnView } from "../play/views/turn-view";
import {
  featSheetContext, focusWeaponsFrom, spellSheetContext, weaponSheetContext,
} from "../play/views/item-view";
import { featFromItem, spellFromItem, weaponFromItem } from "../rules/statblock";
import type { Aim } from "../rules/constants";
import { bran, goblin, mira } from "./fixtures";

/**
 * The wounds actor and item sheets' pure views: the statline as wounds leave it beside the
 * unwounded values, the wounds in the rules' order with their effects and rounds, weapon formulas,
 * and the turn's buttons enabled exactly when the GM's ruling would pay them.
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Attacking, §Free Hits, §Bonus Actions,
 * §Disengage, §Prone, §Disarmed, §Feats; RULINGS.md §wounds Aim, Wounds stack, Bonus purchases.
 */
const t = localizerFor(languageFor("wounds"));
const wound = (id: string, aim: Aim, round: number, dealt: number, combat = "c1") =>
  ({ _id: id, disabled: false, flags: { fray: { wound: { aim, combat, round, dealt } } } });
const withWounds = (...effects: ReturnType<typeof wound>[]): SheetSource =>
  ({ ...bran(), effects });
const stat = (ctx: ReturnType<typeof sheetContext>, key: string) =>
  ctx.stats.find((s) => s.key === key)!;
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { order: 0, attack: 1, move: 1, bonus: 2, freeHit: 3, ...over });
const facts = (over: Partial<SpendFacts> = {}): SpendFacts => ({
  kept: kept(), derived: { bonusActions: 2, freeHitSlots: 3 }, round: 2, ownTurn: true, up: true,
  prone: false, disarmed: false, ...over,
});

describe("the statline: values as wounds leave them, the unwounded beside (§Wounds/Aiming)", () => {
  it("an unwounded fighter shows each value once, defense 10 + Agility, Agility + 1 free hits", () => {
    const ctx = sheetContext(sheetInput(bran(), null, null), t);
    expect(ctx.stats.map((s) => [s.label, s.value, s.was])).toEqual([
      ["ACC", "+3", null], ["AGI", "+2", null], ["STR", "+2", null], ["ARM", "1", null],
      ["Move", "6 sp.", null], ["DEF", "12", null], ["FHS", "3", null], ["BA", "2", null],
      ["Zone", "1 sp.", null],
    ]);
    expect(ctx.wounds).toEqual([]);
    expect(ctx.turn).toBeNull();
    expect(ctx.subtitle).toBe("Level 3");
  });

  it("slowing and this round's disrupting: −2 movement, −1 Agility (defense, free hits), −3 accuracy", () => {
    const src = withWounds(wound("w2", "disrupting", 2, 2), wound("w1", "slowing", 1, 1));
    const ctx = sheetContext(sheetInput(src, { id: "c1", round: 2 }, null), t);
    expect([stat(ctx, "accuracy").value, stat(ctx, "accuracy").was]).toEqual(["+0", "+3"]);
    expect([stat(ctx, "agility").value, stat(ctx, "agility").was]).toEqual(["+1", "+2"]);
    expect([stat(ctx, "movement").value, stat(ctx, "movement").was]).toEqual(["4 sp.", "6 sp."]);
    expect([stat(ctx, "defense").value, stat(ctx, "defense").was]).toEqual(["11", "12"]);
    expect([stat(ctx, "freeHits").value, stat(ctx, "freeHits").was]).toEqual(["2", "3"]);
    expect(stat(ctx, "strength").was).toBeNull();
    expect(stat(ctx, "accuracy").wasLabel).toBe("Unwounded: +3");
    // The next round the disrupting wound counts −1.
    const later = sheetContext(sheetInput(src, { id: "c1", round: 3 }, null), t);
    expect(stat(later, "accuracy").value).toBe("+2");
  });

  it("a weakening wound: −1 Strength (in the melee formula) and one Bonus Action fewer", () => {
    const ctx = sheetContext(sheetInput(withWounds(wound("w", "weakening", 1, 1)), null, null), t);
    expect([stat(ctx, "bonusActions").value, stat(ctx, "bonusActions").was]).toEqual(["1", "2"]);
    expect(ctx.weapons.map((w) => w.damage)).toEqual(["2d8+1", "1d6+1"]);
  });

  it("Reach makes the melee zone 2 spaces, said so; Athlete's +2 movement is no wound", () => {
    const src = { ...mira(), items: [...mira().items!, {
      _id: "r", name: "Reach", type: "woundsFeat", system: { feat: "reach" },
    }] };
    const ctx = sheetContext(sheetInput(src, null, null), t);
    expect(stat(ctx, "meleeZone").value).toBe("2 sp. (Reach)");
    expect([stat(ctx, "movement").value, stat(ctx, "movement").was]).toEqual(["8 sp.", null]);
  });

  it("an NPC's subtitle gives its thrall cost (6 MP a level unless its own)", () => {
    const ctx = sheetContext(sheetInput(goblin(), null, null), t);
    expect(ctx.subtitle).toBe("Level 1 · Thrall cost 6 MP");
    // It has no MP: play mode shows no MP bar (a caster's is shown).
    expect([ctx.hasMp, sheetContext(sheetInput(bran(), null, null), t).hasMp]).toEqual([false, true]);
  });
});

describe("the wounds list (RULINGS.md §wounds Wound, Wounds stack)", () => {
  it("lists them oldest first, each aim with its effect and round; the newest is next to heal", () => {
    const src = withWounds(
      wound("c", "disrupting", 3, 7), wound("a", "centerMass", 0, 1, ""),
      wound("b", "slowing", 2, 4, "other"), { ...wound("x", "fatal", 1, 9), disabled: true },
    );
    const ctx = sheetContext(sheetInput(src, { id: "c1", round: 3 }, null), t);
    expect(ctx.wounds.map((w) => [w.id, w.aim, w.does, w.when, w.newest])).toEqual([
      ["a", "Center mass", "No lasting penalty", "Dealt outside a fight", false],
      ["b", "Slowing", "Movement −2 · Agility −1", "Dealt in an earlier fight", false],
      ["c", "Disrupting", "Accuracy −3 this round, −1 after", "Round 3: this round", true],
    ]);
    expect(ctx.wounds[1]!.removeLabel).toBe("Remove wound 2 (Slowing)");
    expect(ctx.wounded).toBe(true);
  });

  it("a weakening wound says Strength and Bonus Actions", () => {
    const ctx = sheetContext(sheetInput(withWounds(wound("w", "weakening", 1, 1)),
      { id: "c1", round: 2 }, null), t);
    expect(ctx.wounds[0]).toMatchObject({
      does: "Strength −1 · Bonus Actions −1", when: "Round 1",
    });
  });
});

describe("weapons, spells and feats", () => {
  it("a melee formula counts Strength and Weapon Focus's die; a ranged one neither Strength", () => {
    const ctx = sheetContext(sheetInput(bran(), null, null), t);
    expect(ctx.weapons.map((w) => [w.name, w.damage, w.tags])).toEqual([
      ["Longsword", "2d8+2", ["Melee", "Strength +2 counted", "Weapon Focus: one more die"]],
      ["Shortbow", "1d6+1", ["Ranged"]],
    ]);
    expect(ctx.feats.map((f) => [f.name, f.does, f.weapons])).toEqual([
      ["Weapon Focus", "Its chosen weapons (up to 3) roll one more damage die.",
        "Weapons: Longsword"],
      ["Sneak Attack", "Sneak damage rolls one more d4.", null],
    ]);
  });

  it("spells: cast time, MP, upkeep; channeled past two actions or with upkeep", () => {
    const ctx = sheetContext(sheetInput(mira(), null, null), t);
    expect(ctx.spells.map((s) => [s.name, s.tags, s.channeled])).toEqual([
      ["Fire Bolt", ["1 action to cast", "2 MP"], false],
      ["Storm", ["4 actions to cast", "8 MP", "Channeled"], true],
      ["Ward", ["1 action to cast", "3 MP", "Upkeep 1 MP a round", "Channeled"], true],
    ]);
    const dart = spellFromItem({ _id: "d", name: "Dart", type: "woundsSpell",
      system: { castTime: 1, mp: 2, damage: { dice: 1, die: "8", bonus: 1 } } });
    expect(spellSheetContext(dart, t).view.does).toBe("Damage 1d8+1");
    const call = spellFromItem({ _id: "s", name: "Call", type: "woundsSpell",
      system: { castTime: 1, mp: 6, summon: "Ashhound" } });
    expect(spellSheetContext(call, t).view.does).toBe("Summons Ashhound");
  });

  it("a weapon's sheet without a wielder says + Strength; with one, its number", () => {
    const sword = weaponFromItem(bran().items![0]!);
    expect(weaponSheetContext(sword, null, t).view.damage).toBe("1d8 + Strength");
    expect(weaponSheetContext(sword, { strength: -1, feats: [] }, t).view.damage).toBe("1d8−1");
    expect(Object.keys(weaponSheetContext(sword, null, t).dice)).toEqual(
      ["4", "6", "8", "10", "12", "20"]);
  });

  it("a Weapon Focus has three weapon fields; the list written keeps three, no blanks or repeats", () => {
    const focus = featFromItem(bran().items![2]!);
    const ctx = featSheetContext(focus, "Weapon Focus", ["Longsword", "Shortbow"], t);
    expect(ctx.isFocus).toBe(true);
    expect(ctx.focusRows.map((r) => r.value)).toEqual(["Longsword", "", ""]);
    expect(ctx.focusRows[2]!.label).toBe("Weapon Focus weapon 3");
    expect(focusWeaponsFrom([" Axe ", "", "Axe", "Bow", "Club", "Dagger"]))
      .toEqual(["Axe", "Bow", "Club"]);
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 8 }), (values) => {
      const out = focusWeaponsFrom(values);
      expect(out.length).toBeLessThanOrEqual(3);
      expect(new Set(out).size).toBe(out.length);
      expect(out.every((v) => v.length > 0 && v === v.trim())).toBe(true);
    }));
  });
});

describe("the turn: slots as the tracker shows them, buttons as the GM would rule (§Bonus Actions)", () => {
  const blocked = (f: SpendFacts, sick = false) => Object.fromEntries(
    turnView({ facts: f, sick }, t).actions.map((a) => [a.id, a.blocked]));

  it("on its own fresh turn every action is open; Stand Up and Retrieve only when they apply", () => {
    const view = turnView({ facts: facts(), sick: false }, t);
    expect(view.heading).toBe("Round 2: your turn");
    expect(view.actions.map((a) => a.id)).toEqual([
      "move", "disengage", "buyMeleeDamage", "buyToHit", "buyDodge", "buyMovement", "pickUp",
      "drawOrSheathe", "talk",
    ]);
    expect(view.actions.every((a) => a.blocked === null)).toBe(true);
    expect(Object.fromEntries(view.actions.map((a) => [a.id, a.cost]))).toMatchObject({
      move: "MA", disengage: "AA or 2 BA", buyToHit: "BA", pickUp: "BA or MA or AA",
    });
    expect(view.slots.map((s) => s.label)).toEqual([
      "Attack Action: 1 of 1", "Move Action: 1 of 1", "Bonus Actions: 2 of 2",
      "Free Hit Slots: 3 of 3",
    ]);
    const prone = turnView({ facts: facts({ prone: true, disarmed: true }), sick: false }, t);
    expect(prone.actions.slice(0, 2).map((a) => a.id)).toEqual(["standUp", "retrieve"]);
  });

  it("off its turn only standing up is open (from its next turn's actions)", () => {
    const b = blocked(facts({ ownTurn: false, prone: true }));
    expect(b.standUp).toBeNull();
    expect(b.move).toBe("Not your turn");
    expect(turnView({ facts: facts({ ownTurn: false }), sick: false }, t).heading).toBe("Round 2");
  });

  it("on its turn, a Delay after each combatant still to act, until it has delayed", () => {
    const names = { b: "Orc Brute", c: "Hedge Witch" };
    const view = turnView({ facts: facts({ later: ["b", "c"] }), sick: false, names }, t);
    expect(view.delays).toEqual([
      { after: "b", label: "Delay after Orc Brute" }, { after: "c", label: "Delay after Hedge Witch" },
    ]);
    const done = facts({ later: ["b"], kept: { ...facts().kept, delayed: 2, delayAfter: "b" } });
    expect(turnView({ facts: done, sick: false, names }, t).delays).toEqual([]);
  });

  it("a cast under way shows the actions it has paid", () => {
    const casting = facts({ kept: { ...facts().kept, casting: "s1", castPaid: 1 } });
    expect(turnView({ facts: casting, sick: false }, t).casting)
      .toBe("Casting: actions paid so far, 1.");
    expect(turnView({ facts: facts(), sick: false }, t).casting).toBeNull();
  });

  it("with the Bonus Actions spent, purchases are refused but Disengage takes the Attack", () => {
    const b = blocked(facts({ kept: kept({ bonus: 0 }) }));
    expect(b.buyToHit).toBe("No action left");
    expect(b.disengage).toBeNull();
    expect(b.pickUp).toBeNull();
    expect(blocked(facts({ kept: kept({ bonus: 0, attack: 0, move: 0 }) })).pickUp)
      .toBe("No action left");
  });

  it("down, or a summon in its first round: nothing is open, and it says so", () => {
    expect(Object.values(blocked(facts({ up: false })))).toEqual(Array(9).fill("Down"));
    const sick = facts({ kept: kept({ summoned: 2 }) });
    expect(Object.values(blocked(sick, true))).toEqual(Array(9).fill("Just summoned"));
    expect(turnView({ facts: sick, sick: true }, t).marks)
      .toEqual(["Summoned this round: cannot act or dodge yet"]);
  });

  it("purchases in effect (earlier rounds' melee damage over) and what the next turn owes", () => {
    const view = turnView({ facts: facts({ kept: kept({
      owedBonus: 1,
      purchases: [
        { kind: "toHit", round: 1 }, { kind: "toHit", round: 2 }, { kind: "meleeDamage", round: 1 },
        { kind: "movement", round: 2 },
      ],
    }) }), sick: false }, t);
    expect(view.purchases).toEqual(["+2 to hit on the next attack", "+2 spaces this turn"]);
    expect(view.owed).toBe("Owed by the next turn: BA");
  });

  it("a button is open exactly when the engine can pay it and the unit may act (property)", () => {
    const n = fc.integer({ min: 0, max: 3 });
    fc.assert(fc.property(
      fc.record({ attack: fc.integer({ min: 0, max: 1 }), move: fc.integer({ min: 0, max: 1 }),
        bonus: n, freeHit: n, owedAttack: fc.integer({ min: 0, max: 1 }),
        owedMove: fc.integer({ min: 0, max: 1 }), owedBonus: n }),
      fc.record({ ownTurn: fc.boolean(), up: fc.boolean(), prone: fc.boolean(),
        disarmed: fc.boolean(), bonusActions: fc.integer({ min: 0, max: 2 }) }),
      (slots, flags) => {
        const f = facts({ ...flags, kept: kept(slots),
          derived: { bonusActions: flags.bonusActions, freeHitSlots: 3 } });
        const econ = economyOf(f.derived);
        for (const a of turnView({ facts: f, sick: false }, t).actions) {
          const open = f.up && canPay(econ, slotsOf(f.kept), a.id, { onTurn: f.ownTurn });
          expect(a.blocked === null, a.id).toBe(open);
        }
        const shown = turnView({ facts: f, sick: false }, t).actions.map((a) => a.id);
        expect(shown.includes("standUp")).toBe(f.prone);
        expect(shown.includes("retrieve")).toBe(f.disarmed);
        expect(shown.every((id) => TURN_ACTIONS.includes(id))).toBe(true);
      },
    ));
  });
});
