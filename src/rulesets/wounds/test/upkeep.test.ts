import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorSource } from "../../../engine/schema/document-source";
import { withDefaults } from "../../../engine/schema/spec";
import { derive } from "../rules/derived";
import { defenseState } from "../rules/states";
import type { Spell } from "../rules/statblock";
import { isNoWard, keptUp, NO_WARD, payUpkeep, wardOf } from "../rules/upkeep";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { channelingKept, ruleCast, type CastDone, type CastFacts } from "../play/round/cast";
import { upkeepAtTurnStart, upkeepOn, wardNow, wardTexts } from "../play/round/upkeep";
import { sheetContext, sheetInput, type SheetSource } from "../play/views/sheet-context";
import {
  heldStates, KEPT_STATUSES, statesOf, STATUS_OF_CAUSE,
} from "../play/actors/states-of";
import { packSource, packStatblock } from "./pack-statblocks";

/**
 * Spells kept up (`rules/upkeep.ts`, `play/round/upkeep.ts`, `play/round/cast.ts`): cast once,
 * the upkeep paid as each later turn starts or the spell ends, a Bonus Action toggling it off
 * and on, End, the ward in every derived value, and channeling while it is on.
 * Source: `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions; Fray's reading in
 * `rules/silent.ts`.
 */
const t = (key: string, data?: Record<string, unknown>) =>
  (data ? `${key} ${JSON.stringify(data)}` : key);

const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), attack: 1, move: 1, bonus: 2, ...patch }) as KeptSource;

const bark: Spell = {
  id: "bark", name: "Barkskin", castTime: 1, mp: 3, upkeep: 1, damage: null, improvement: 0,
  summon: "", ward: { accuracy: 0, armor: 2, movement: 0 },
};
const haste: Spell = { ...bark, id: "haste", name: "Haste", ward: { ...NO_WARD, movement: 2 } };
const dart: Spell = {
  ...bark, id: "dart", name: "Dart", upkeep: 0, damage: { dice: 1, die: 8, bonus: 0 },
  ward: NO_WARD,
};
const slow: Spell = { ...dart, id: "slow", name: "Slow", castTime: 5 };

const facts = (patch: Partial<CastFacts> = {}): CastFacts => ({
  kept: kept(), derived: { bonusActions: 2, freeHitSlots: 1 }, round: 2, ownTurn: true, up: true,
  prone: false, disarmed: false, later: [], mp: 10, spells: [bark, haste, dart, slow],
  summons: { active: 0, slots: 1 }, ...patch,
});

const ok = (r: ReturnType<typeof ruleCast>): CastDone => {
  if (!r.ok) throw new Error(`refused: ${r.key}`);
  return r;
};
const refusal = (r: ReturnType<typeof ruleCast>): string => (r.ok ? "allowed" : r.key);
const after = (f: CastFacts, done: CastDone): CastFacts =>
  ({ ...f, kept: { ...f.kept, ...done.patch }, mp: done.mp ?? f.mp });

describe("the pure rules of a spell kept up", () => {
  it("only a spell with an upkeep is kept up; its ward counts only then", () => {
    expect(keptUp(bark)).toBe(true);
    expect(keptUp(dart)).toBe(false);
    expect(keptUp({ ...bark, summon: "Ashhound" })).toBe(false);
    expect(wardOf(bark)).toEqual({ accuracy: 0, armor: 2, movement: 0 });
    expect(wardOf(null)).toBe(NO_WARD);
    expect(isNoWard(NO_WARD)).toBe(true);
    expect(isNoWard(bark.ward)).toBe(false);
  });

  it("pays the upkeep from MP, or ends the spell when too few are left", () => {
    expect(payUpkeep(3, bark)).toBe(2);
    expect(payUpkeep(1, bark)).toBe(0);
    expect(payUpkeep(0, bark)).toBeNull();
    expect(payUpkeep(0, { upkeep: 0 })).toBe(0);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => payUpkeep(bad, bark)).toThrow(RangeError);
  });

  it("paid or ended, never below 0 MP nor more than the upkeep taken (property)", () => {
    fc.assert(fc.property(fc.nat(50), fc.integer({ min: 1, max: 10 }), (mp, upkeep) => {
      const left = payUpkeep(mp, { upkeep });
      if (left === null) return mp < upkeep;
      return left === mp - upkeep && left >= 0;
    }));
  });

  it("adds its ward to Accuracy, armor and movement, on top of wounds", () => {
    const unit = {
      accuracy: 1, agility: 2, strength: 0, armor: 1, movement: 6, feats: [],
    };
    const ward = { accuracy: 1, armor: 2, movement: 2 };
    const plain = derive(unit, [], 1);
    const warded = derive(unit, [], 1, ward);
    expect([plain.accuracy, plain.armor, plain.movement]).toEqual([1, 1, 6]);
    expect([warded.accuracy, warded.armor, warded.movement]).toEqual([2, 3, 8]);
    expect(warded.defense).toBe(plain.defense);
    const slowed = derive(unit, [{ id: "w", aim: "slowing", round: 1 }], 1, ward);
    expect(slowed.movement).toBe(6);
  });
});

describe("casting a spell with an upkeep, in a battle", () => {
  it("is kept up once cast, its caster channeling; MP paid once", () => {
    const done = ok(ruleCast({ action: "cast", spellId: "bark" }, facts()));
    expect(done).toMatchObject({ mp: 7, cast: true, channeling: true });
    expect(done.patch).toMatchObject({ upkept: "bark", upkeptOff: false, casting: "" });
    expect(done.patch).not.toHaveProperty("castReady");
  });

  it("one at a time: another, or the same again, is refused while one is up", () => {
    const up = facts({ kept: kept({ upkept: "bark" }) });
    expect(refusal(ruleCast({ action: "cast", spellId: "haste" }, up))).toBe("KeepingUp");
    expect(refusal(ruleCast({ action: "cast", spellId: "bark" }, up))).toBe("KeepingUp");
    // A spell with no upkeep may still be cast; the caster keeps channeling for the one up.
    const dartDone = ok(ruleCast({ action: "cast", spellId: "dart" }, up));
    expect(dartDone).toMatchObject({ cast: true, channeling: true });
    expect(dartDone.patch).not.toHaveProperty("upkept");
  });

  it("a cast under way beside a spell toggled off channels only as the cast does", () => {
    const off = facts({ kept: kept({ upkept: "bark", upkeptOff: true }) });
    expect(ok(ruleCast({ action: "cast", spellId: "dart" }, off)).channeling).toBe(false);
    expect(ok(ruleCast({ action: "cast", spellId: "slow" }, off)).channeling).toBe(true);
  });
});

describe("Toggle and End", () => {
  const up = facts({ kept: kept({ upkept: "bark" }) });

  it("Toggle pays a Bonus Action on the caster's turn and turns the spell off, then on", () => {
    const off = ok(ruleCast({ action: "toggleSpell" }, up));
    expect(off).toMatchObject({ mp: null, cast: false, channeling: false });
    expect(off.patch).toMatchObject({ bonus: 1, upkeptOff: true });
    const on = ok(ruleCast({ action: "toggleSpell" }, after(up, off)));
    expect(on).toMatchObject({ channeling: true });
    expect(on.patch).toMatchObject({ bonus: 0, upkeptOff: false });
    expect(refusal(ruleCast({ action: "toggleSpell" }, after(after(up, off), on)))).toBe("NoSlot");
  });

  it("Toggle is refused off the turn, while down, or with nothing kept up; nothing changes", () => {
    expect(refusal(ruleCast({ action: "toggleSpell" }, { ...up, ownTurn: false })))
      .toBe("NotYourTurn");
    expect(refusal(ruleCast({ action: "toggleSpell" }, { ...up, up: false }))).toBe("Down");
    expect(refusal(ruleCast({ action: "toggleSpell" }, facts()))).toBe("NothingKept");
    expect(refusal(ruleCast({ action: "endSpell" }, facts()))).toBe("NothingKept");
  });

  it("End is free, at any time, and ends channeling unless a cast under way channels", () => {
    const end = ok(ruleCast({ action: "endSpell" }, { ...up, ownTurn: false }));
    expect(end).toMatchObject({ channeling: false, mp: null });
    expect(end.patch).toEqual({ upkept: "", upkeptOff: false });
    // A cast carried over its turn's end channels on (the GM kept it so at that end), whatever
    // actions that turn left over.
    const carried = kept({ upkept: "bark", casting: "dart", castPaid: 0, castChanneling: true });
    expect(ok(ruleCast({ action: "endSpell" }, facts({ kept: carried, ownTurn: false })))
      .channeling).toBe(true);
    const notYet = kept({ upkept: "bark", casting: "dart", castPaid: 0, castChanneling: false });
    expect(ok(ruleCast({ action: "endSpell" }, facts({ kept: notYet }))).channeling).toBe(false);
  });

  it("what the GM keeps says who channels, whatever the status says (a card's target)", () => {
    expect(channelingKept(kept({ upkept: "bark" }))).toBe(true);
    expect(channelingKept(kept({ upkept: "bark", upkeptOff: true }))).toBe(false);
    expect(channelingKept(kept({ casting: "slow", castChanneling: true }))).toBe(true);
    expect(channelingKept(kept({ castChanneling: true }))).toBe(false);
    const held = { channeling: true, prone: false, disarmed: false, causes: [] };
    const removedByHand = statesOf(new Set(), false, held);
    expect(defenseState(removedByHand, [])).toBe("flatFooted");
    expect(statesOf(new Set([STATUS_OF_CAUSE.channeling]), false, held).flatFooted)
      .toEqual(["channeling"]);
    // The GM's conditions: a tied-up target its owner untied by hand is still tied up; prone and
    // disarmed likewise.
    const tied = heldStates({ ...kept(), tiedUp: true, prone: true, disarmed: true });
    expect(statesOf(new Set(), false, tied)).toEqual({
      flatFooted: ["tiedUp"], prone: true, disarmed: true,
    });
    expect(KEPT_STATUSES).toEqual({
      prone: "prone", disarmed: "wounds.disarmed", snuckUpOn: "wounds.snuckUpOn",
      tiedUp: "restrain", frozen: "frozen", paralyzed: "paralysis",
    });
  });

  it("Cancel ends a cast under way and leaves the spell kept up channeling", () => {
    const casting = facts({
      kept: kept({ upkept: "bark", casting: "slow", castPaid: 1, castChanneling: true }),
    });
    const cancel = ok(ruleCast({ action: "cancelCast" }, casting));
    expect(cancel.patch).toEqual({ casting: "", castPaid: 0, castChanneling: false });
    expect(cancel.channeling).toBe(true);
  });
});

describe("the upkeep as the caster's turn starts", () => {
  it("is paid while the spell is on; nothing while off or none", () => {
    expect(upkeepAtTurnStart(kept({ upkept: "bark" }), 4, [bark]))
      .toEqual({ patch: {}, mp: 3, ended: null });
    expect(upkeepAtTurnStart(kept({ upkept: "bark", upkeptOff: true }), 4, [bark])).toBeNull();
    expect(upkeepAtTurnStart(kept(), 4, [bark])).toBeNull();
    // Down as its turn starts: no turn, no upkeep; the spell stays up.
    expect(upkeepAtTurnStart(kept({ upkept: "bark" }), 0, [bark], true)).toBeNull();
  });

  it("ends the spell when its caster is short of MP, or no longer has it", () => {
    expect(upkeepAtTurnStart(kept({ upkept: "bark" }), 0, [bark]))
      .toEqual({
        patch: { upkept: "", upkeptOff: false }, mp: null,
        ended: { spell: "Barkskin", reason: "noMp" },
      });
    expect(upkeepAtTurnStart(kept({ upkept: "gone" }), 9, [bark])).toEqual({
      patch: { upkept: "", upkeptOff: false }, mp: null, ended: { spell: "", reason: "gone" },
    });
  });

  it("the ward is the kept-up spell's while on", () => {
    expect(wardNow(kept({ upkept: "bark" }), [bark])).toEqual(bark.ward);
    expect(wardNow(kept({ upkept: "bark", upkeptOff: true }), [bark])).toBe(NO_WARD);
    expect(upkeepOn(kept({ upkept: "bark" }))).toBe(true);
    expect(wardTexts(bark.ward, t)).toEqual(['FRAY.Wounds.Ward.armor {"amount":2}']);
  });

  it("a caster channeling for a spell it keeps up is flat-footed unless Battle Caster", () => {
    const states = statesOf(new Set([STATUS_OF_CAUSE.channeling]), false);
    expect(defenseState(states, [])).toBe("flatFooted");
    expect(defenseState(states, [{ feat: "battleCaster" }])).toBe("dodging");
  });
});

describe("the sheet of a caster keeping a spell up", () => {
  const orla: SheetSource = actorSource(packSource("pregens", "orla-venn"));

  it("shows the spell, its ward in the statline, Toggle with its cost, and End", () => {
    const block = packStatblock("pregens", "orla-venn");
    const spell = block.spells.find((s) => s.upkeep > 0)!;
    expect(spell).toMatchObject({ name: "Barkskin", ward: { armor: 2 } });
    const turnFacts = facts({ kept: kept({ upkept: spell.id }) });
    const input = sheetInput(orla, { id: "c1", round: 2 },
      { facts: turnFacts, sick: false });
    const context = sheetContext(input, t);
    const armor = context.stats.find((s) => s.key === "armor")!;
    expect(armor.value).toBe(String(block.armor + 2));
    expect(context.upkeep).toMatchObject({
      on: true, ward: ['FRAY.Wounds.Ward.armor {"amount":2}'], blocked: null,
    });
    const off = sheetContext(sheetInput(orla, { id: "c1", round: 2 },
      {
        facts: { ...turnFacts, kept: kept({ upkept: spell.id, upkeptOff: true }), ownTurn: false },
        sick: false,
      }), t);
    expect(off.stats.find((s) => s.key === "armor")!.value).toBe(String(block.armor));
    expect(off.upkeep)
      .toMatchObject({ on: false, blocked: "FRAY.Wounds.Sheet.Blocked.NotYourTurn" });
  });
});
