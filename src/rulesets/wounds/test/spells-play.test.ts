import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import {
  castFactsOf, castOutsideCombat, channelsNow, isCastRequest, parseCast, ruleCast,
  type CastDone, type CastFacts,
} from "../play/round/cast";
import {
  storedSummonMark, summonMarkOf, summonsOf, unheldAtEnd, vanishesAtStart,
} from "../play/round/summon-marks";
import type { Spell } from "../rules/statblock";
import { NO_WARD } from "../rules/upkeep";
import { packStatblock } from "./pack-statblocks";

/**
 * Casting and summoning in Foundry, pure (`play/round/cast.ts`, `summon-marks.ts`): each press of
 * Cast ruled from what the GM keeps, its MP paid once, its cast time one Attack or Move Action a
 * press, channeling while a cast spans turns, summons held against the slots and placed beside
 * their caster. Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Attack Action, §Move Action,
 * §Channeling, §Summoning Slots, §Feats; RULINGS.md §wounds Spells, Summons.
 */
const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), attack: 1, move: 1, bonus: 2, freeHit: 2, ...patch }) as KeptSource;

const spell = (patch: Partial<Spell> = {}): Spell => ({
  id: "spell1", name: "Bolt", castTime: 1, mp: 3, upkeep: 0,
  damage: { dice: 1, die: 8, bonus: 0 }, improvement: 0, summon: "", ward: NO_WARD, ...patch,
});

/** Spend facts beyond those a cast reads (who acts later this round, for a Delay): none. */
const LATER = { later: [] as string[] };
const facts = (patch: Partial<CastFacts> = {}): CastFacts => ({
  ...LATER,
  kept: kept(), derived: { bonusActions: 2, freeHitSlots: 2 }, round: 2, ownTurn: true, up: true,
  prone: false, disarmed: false, mp: 10, spells: [spell()], summons: { active: 0, slots: 1 },
  ...patch,
});

const ok = (r: ReturnType<typeof ruleCast>): CastDone => {
  if (!r.ok) throw new Error(`refused: ${r.key}`);
  return r;
};
const refusal = (r: ReturnType<typeof ruleCast>): string => (r.ok ? "allowed" : r.key);

/** Plays a ruling's patch onto the facts' kept fields and MP, as the GM writes them. */
const after = (f: CastFacts, done: CastDone): CastFacts => ({
  ...f, kept: { ...f.kept, ...done.patch }, mp: done.mp ?? f.mp,
});

describe("a cast's request", () => {
  it("names a spell (and maybe a payment option) or cancels", () => {
    expect(parseCast({ action: "cast", spellId: "a" })).toEqual({ action: "cast", spellId: "a" });
    expect(parseCast({ action: "cast", spellId: "a", option: 1 }))
      .toEqual({ action: "cast", spellId: "a", option: 1 });
    expect(parseCast({ action: "cancelCast", spellId: 4 })).toEqual({ action: "cancelCast" });
    for (const bad of [null, 3, { action: "cast" }, { action: "cast", spellId: "" },
      { action: "cast", spellId: "a", option: -1 }, { action: "cast", spellId: "a", option: 0.5 },
      { action: "move" }]) {
      expect(parseCast(bad)).toBeNull();
    }
    expect(isCastRequest({ action: "cast" })).toBe(true);
    expect(isCastRequest({ action: "attack" })).toBe(false);
    expect(refusal(ruleCast({ action: "cast" }, facts()))).toBe("Unknown");
  });
});

describe("casting, press by press", () => {
  it("a one-action attack spell: MP and the Attack Action (the cheapest) paid, its attack due", () => {
    const done = ok(ruleCast({ action: "cast", spellId: "spell1" }, facts()));
    expect(done).toMatchObject({ mp: 7, cast: true, summon: "", channeling: false });
    expect(done.patch).toMatchObject({ attack: 0, move: 1, castReady: "spell1", casting: "", castPaid: 0 });
  });

  it("the taker may pay with the Move Action instead", () => {
    const done = ok(ruleCast({ action: "cast", spellId: "spell1", option: 1 }, facts()));
    expect(done.patch).toMatchObject({ attack: 1, move: 0, castReady: "spell1" });
  });

  it("two actions in one turn: no channeling; MP paid by the first press only", () => {
    const f0 = facts({ spells: [spell({ castTime: 2 })] });
    const first = ok(ruleCast({ action: "cast", spellId: "spell1" }, f0));
    expect(first).toMatchObject({ mp: 7, cast: false, channeling: false });
    expect(first.patch).toMatchObject({ attack: 0, move: 1, casting: "spell1", castPaid: 1 });
    expect(first.patch.castReady).toBeUndefined();
    const second = ok(ruleCast({ action: "cast", spellId: "spell1" }, after(f0, first)));
    expect(second).toMatchObject({ mp: null, cast: true, channeling: false });
    expect(second.patch).toMatchObject({ move: 0, casting: "", castPaid: 0, castReady: "spell1" });
  });

  it("a cast needing more than the turn's actions channels until it is cast", () => {
    // Two actions, but the Attack Action is spent: the second comes next turn.
    const f0 = facts({ kept: kept({ attack: 0 }), spells: [spell({ castTime: 2 })] });
    const first = ok(ruleCast({ action: "cast", spellId: "spell1" }, f0));
    expect(first).toMatchObject({ cast: false, channeling: true });
    const nextTurn = after(f0, first);
    const second = ok(ruleCast({ action: "cast", spellId: "spell1" },
      { ...nextTurn, kept: { ...nextTurn.kept, attack: 1, move: 1 } }));
    expect(second).toMatchObject({ cast: true, channeling: false });
  });

  it("three actions: channeled from the first press (more than one turn), cast on the third", () => {
    let f = facts({ spells: [spell({ castTime: 3, damage: null })] });
    const presses: CastDone[] = [];
    for (let i = 0; i < 3; i++) {
      const done = ok(ruleCast({ action: "cast", spellId: "spell1" }, f));
      presses.push(done);
      f = after(f, done);
      if (i === 1) f = { ...f, kept: { ...f.kept, attack: 1, move: 1 } }; // the next turn
    }
    expect(presses.map((p) => p.channeling)).toEqual([true, true, false]);
    expect(presses.map((p) => p.cast)).toEqual([false, false, true]);
    expect(presses.map((p) => p.mp)).toEqual([7, null, null]);
    // No attack: nothing due.
    expect(presses[2]!.patch.castReady).toBeUndefined();
  });

  it("an upkeep spell under way channels; a one-action one is cast at once, and kept up", () => {
    expect(channelsNow(spell({ castTime: 2, upkeep: 1 }), 1, { attack: 1, move: 1 })).toBe(true);
    expect(channelsNow(spell({ castTime: 2 }), 1, { attack: 0, move: 1 })).toBe(false);
    expect(channelsNow(spell({ castTime: 2 }), 1, { attack: 0, move: 0 })).toBe(true);
    const once = ok(ruleCast({ action: "cast", spellId: "spell1" },
      facts({ spells: [spell({ upkeep: 2 })] })));
    // Kept up once cast, its caster channels on (`upkeep.test.ts`).
    expect(once).toMatchObject({ cast: true, channeling: true, patch: { upkept: "spell1" } });
  });

  it("no cast time: cast on the press, paying MP and no action, even with none left", () => {
    const f = facts({ kept: kept({ attack: 0, move: 0, bonus: 0 }), spells: [spell({ castTime: 0 })] });
    const done = ok(ruleCast({ action: "cast", spellId: "spell1" }, f));
    expect(done).toMatchObject({ mp: 7, cast: true });
    expect(done.patch).toEqual({ casting: "", castPaid: 0, castChanneling: false, castReady: "spell1" });
    expect(refusal(ruleCast({ action: "cast", spellId: "spell1" }, { ...f, ownTurn: false })))
      .toBe("NotYourTurn");
  });

  it("a summoning spell summons as it is cast, while a slot is free", () => {
    const call = spell({ id: "call", damage: null, summon: "Ashhound", mp: 6 });
    const done = ok(ruleCast({ action: "cast", spellId: "call" }, facts({ spells: [call] })));
    expect(done).toMatchObject({ cast: true, summon: "Ashhound", mp: 4 });
    expect(done.patch.castReady).toBeUndefined();
    expect(refusal(ruleCast({ action: "cast", spellId: "call" },
      facts({ spells: [call], summons: { active: 1, slots: 1 } })))).toBe("NoSummonSlot");
  });

  it("cancelling ends the cast without giving MP back", () => {
    const f = facts({ kept: kept({ casting: "spell1", castPaid: 1 }) });
    expect(ruleCast({ action: "cancelCast" }, f)).toEqual({
      ok: true, patch: { casting: "", castPaid: 0, castChanneling: false }, mp: null, cast: false, summon: "",
      channeling: false,
    });
    expect(refusal(ruleCast({ action: "cancelCast" }, facts()))).toBe("NotCasting");
  });

  it("refuses, changing nothing: no such spell, another cast under way, too few MP, the usual", () => {
    const r = (args: unknown, f: CastFacts) => refusal(ruleCast(args, f));
    const cast = { action: "cast", spellId: "spell1" };
    expect(r({ action: "cast", spellId: "nope" }, facts())).toBe("NoSpell");
    expect(r(cast, facts({ kept: kept({ casting: "other", castPaid: 1 }) }))).toBe("Casting");
    expect(r(cast, facts({ mp: 2 }))).toBe("NoMp");
    expect(r(cast, facts({ up: false }))).toBe("Down");
    expect(r(cast, facts({ kept: kept({ summoned: 2 }), round: 3 }))).toBe("Sick");
    expect(r(cast, facts({ ownTurn: false }))).toBe("NotYourTurn");
    expect(r(cast, facts({ kept: kept({ attack: 0, move: 0 }) }))).toBe("NoSlot");
    expect(r({ ...cast, option: 5 }, facts())).toBe("Unknown");
  });

  it("property: a cast pays its MP once and exactly its cast time in actions", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 9 }),
      fc.array(fc.constantFrom(0, 1), { minLength: 12, maxLength: 12 }),
      (castTime, mpCost, options) => {
        let f = facts({ mp: 9, spells: [spell({ castTime, mp: mpCost })] });
        let actions = 0;
        let mpPaid = 0;
        for (const option of options) {
          if (f.kept.attack + f.kept.move === 0) f = { ...f, kept: { ...f.kept, attack: 1, move: 1 } };
          const pick = (option === 0 ? f.kept.attack : f.kept.move) > 0 ? option : 1 - option;
          const done = ok(ruleCast({ action: "cast", spellId: "spell1", option: pick }, f));
          actions++;
          mpPaid += done.mp === null ? 0 : f.mp - done.mp;
          f = after(f, done);
          if (done.cast) break;
          expect(f.kept.castPaid).toBeLessThan(castTime);
        }
        expect(actions).toBe(castTime);
        expect(mpPaid).toBe(mpCost);
        expect(f.kept.casting).toBe("");
      },
    ));
  });

  it("outside a started combat a cast pays its MP alone; a summon needs a free slot", () => {
    // Level 1, no Legion Leader: one summoning slot.
    const caster = (mp: number) => ({ mp, level: 1, feats: [] });
    expect(castOutsideCombat(caster(5), spell({ castTime: 4 }))).toEqual({ mp: 2, summon: "" });
    expect(castOutsideCombat(caster(2), spell())).toBe("NoMp");
    expect(castOutsideCombat(caster(5), undefined)).toBe("NoSpell");
    const call = spell({ summon: "Ashhound" });
    expect(castOutsideCombat(caster(5), call, 0)).toEqual({ mp: 2, summon: "Ashhound" });
    // A full set of slots refuses before any MP is paid; a spell summoning nothing needs none.
    expect(castOutsideCombat(caster(5), call, 1)).toBe("NoSummonSlot");
    expect(castOutsideCombat(caster(5), spell(), 1)).toEqual({ mp: 2, summon: "" });
    expect(castOutsideCombat(caster(2), call, 0)).toBe("NoMp");
    // Legion Leader: two slots more.
    const leader = { ...caster(5), feats: [{ id: "f", feat: "legionLeader" as const, weapons: [] }] };
    expect(castOutsideCombat(leader, call, 2)).toEqual({ mp: 2, summon: "Ashhound" });
    expect(castOutsideCombat(leader, call, 3)).toBe("NoSummonSlot");
  });
});

describe("summoning slots", () => {
  it("a caster's slots are its level, +2 with Legion Leader; the summons it holds fill them", () => {
    const orla = packStatblock("pregens", "orla-venn");
    const spend = facts();
    const held = 1;
    const plain = castFactsOf(spend, { ...orla, feats: [] }, held);
    expect(plain.summons).toEqual({ active: 1, slots: orla.level });
    const leader = castFactsOf(spend, { ...orla, feats: [{ id: "f", feat: "legionLeader", weapons: [] }] },
      held);
    // Orla Venn herself is a Legion Leader (her pack sheet).
    expect(castFactsOf(spend, orla, held).summons.slots).toBe(orla.level + 2);
    expect(leader.summons.slots).toBe(orla.level + 2);
    expect(plain.mp).toBe(orla.mp);
    expect(plain.spells.map((s) => s.name)).toContain("Call Ashhound");
  });

  it("Orla's Call Ashhound: 6 MP and one action, the hound due", () => {
    const orla = packStatblock("pregens", "orla-venn");
    const f = castFactsOf(facts(), { ...orla, mp: 6 }, 0);
    const call = orla.spells.find((s) => s.summon === "Ashhound")!;
    expect(ok(ruleCast({ action: "cast", spellId: call.id }, f))).toMatchObject({
      mp: 0, cast: true, summon: "Ashhound",
    });
    expect(refusal(ruleCast({ action: "cast", spellId: call.id }, { ...f, mp: 5 }))).toBe("NoMp");
  });
});

describe("summon marks: thralls fill slots, and who vanishes as a battle begins", () => {
  const mark = (summoner: string, battle: string, thrall: boolean) =>
    storedSummonMark({ summoner, battle, thrall });

  it("reads a stored mark, and nothing else as one", () => {
    expect(summonMarkOf(mark("Actor.orla", "c1", true)))
      .toEqual({ summoner: "Actor.orla", battle: "c1", thrall: true });
    expect(summonMarkOf({ woundsSummon: { summoner: "Actor.orla", battle: "", thrall: "yes" } }))
      .toEqual({ summoner: "Actor.orla", battle: "", thrall: false });
    for (const bad of [null, 3, {}, { woundsSummon: { summoner: "", battle: "" } },
      { woundsSummon: { summoner: "Actor.orla" } }, { other: { summoner: "Actor.orla", battle: "" } }]) {
      expect(summonMarkOf(bad)).toBeNull();
    }
  });

  it("counts every summon a summoner holds: this battle's, thralls, those cast outside one", () => {
    const marks = [mark("Actor.orla", "", true), mark("Actor.orla", "c1", false),
      mark("Actor.wren", "", true), mark("Actor.orla", "c0", true), mark("Actor.orla", "", false),
      { junk: 1 }];
    expect(summonsOf(marks, "Actor.orla")).toBe(4);
    expect(summonsOf(marks, "Actor.wren")).toBe(1);
    expect(summonsOf(marks, "Actor.none")).toBe(0);
  });

  it("this battle's summons no combatant holds vanish as it ends; thralls and others stay", () => {
    const marks = [
      { tokenId: "t1", mark: mark("Actor.orla", "c1", false) },
      { tokenId: "t2", mark: mark("Actor.orla", "c1", false) },
      { tokenId: "t3", mark: mark("Actor.orla", "c1", true) },
      { tokenId: "t4", mark: mark("Actor.orla", "", false) },
      { tokenId: "t5", mark: { junk: 1 } },
    ];
    expect(unheldAtEnd(marks, "c1", new Set(["t2"]))).toEqual(["t1"]);
    expect(unheldAtEnd(marks, "c2", new Set())).toEqual([]);
  });

  it("a summon made before this battle and not thralled vanishes as it begins", () => {
    expect(vanishesAtStart(mark("Actor.orla", "", false), "c2")).toBe(true);
    expect(vanishesAtStart(mark("Actor.orla", "c1", false), "c2")).toBe(true);
    expect(vanishesAtStart(mark("Actor.orla", "c2", false), "c2")).toBe(false);
    expect(vanishesAtStart(mark("Actor.orla", "c1", true), "c2")).toBe(false);
    expect(vanishesAtStart({ junk: 1 }, "c2")).toBe(false);
  });

  it("the summons held count against the caster's summoning slots", () => {
    const held = castFactsOf(facts(), { mp: 10, spells: [], level: 2, feats: [] }, 2);
    expect(held.summons).toEqual({ active: 2, slots: 2 });
  });
});
