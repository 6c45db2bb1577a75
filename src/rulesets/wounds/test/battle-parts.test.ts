import { describe, expect, it } from "vitest";
import { afterDamage, heal, healthState } from "../rules/health";
import {
  beginCast, castAtOnce, isChanneled, mpAfterBattle, payCastAction, turnsToCast,
} from "../rules/spells";
import { statblockFromActor } from "../rules/statblock";
import { freshSlots, pay, payableActions } from "../../../engine/economy/slots";
import { woundsEconomy } from "../rules/economy";
import {
  maySummon, payThrall, sicknessWithheld, summoningSick, summonSlots, vanishesAt,
} from "../rules/summons";
import { mira } from "./fixtures";

/**
 * Spells, summons and hit points. Source: `001_dbc5fcc02a99a518.txt` §Spell Casting,
 * §Channeling, §Summoning Slots, §Summoning Sickness, §Thralling, §Feats, §Wounds/Aiming, §Combat
 * rules; RULINGS.md §wounds Spells, Summons, Hit points.
 */
const m = statblockFromActor(mira());
const [bolt, storm, ward] = m.spells as [typeof m.spells[0], typeof m.spells[0], typeof m.spells[0]];

describe("spells (§Spell Casting, §Channeling)", () => {
  it("a one-action spell is cast in a turn; four actions take two turns and are channeled", () => {
    expect([turnsToCast(bolt), isChanneled(bolt)]).toEqual([1, false]);
    expect([turnsToCast(storm), isChanneled(storm)]).toEqual([2, true]);
    expect(isChanneled(ward)).toBe(true);
    expect(castAtOnce({ castTime: 0 })).toBe(true);
  });
  it("MP are paid as the cast begins; each action brings it closer; refused without MP", () => {
    const begun = beginCast(m.mp, storm);
    expect(begun).toMatchObject({ ok: true, mp: 12, casting: { spellId: "storm", paid: 0 } });
    let c = (begun as { casting: { spellId: string; paid: number } }).casting;
    const seen: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const r = payCastAction(c, storm);
      c = r.casting;
      seen.push(r.cast);
    }
    expect(seen).toEqual([false, false, false, true]);
    expect(() => payCastAction(c, storm)).toThrow(RangeError);
    expect(beginCast(7, storm)).toEqual({ ok: false, reason: "noMp" });
  });
  it("the winners' MP refill at the end of the battle", () => {
    expect(mpAfterBattle(3, 20, true)).toBe(20);
    expect(mpAfterBattle(3, 20, false)).toBe(3);
  });
});

describe("summons (§Summoning Slots, §Summoning Sickness, §Thralling)", () => {
  it("slots = level, +2 with Legion Leader: Mira (level 4) holds 6", () => {
    expect(summonSlots(m.level, m.feats)).toBe(6);
    expect(summonSlots(4, [])).toBe(4);
    expect([maySummon(5, 6), maySummon(6, 6)]).toEqual([true, false]);
    expect(() => summonSlots(0, [])).toThrow(RangeError);
  });
  it("sick in the round summoned and the next full round, free after", () => {
    expect([3, 4, 5].map((r) => summoningSick(3, r))).toEqual([true, true, false]);
  });
  it("unthralled: gone at the battle's start if summoned before it, at its end if in it", () => {
    expect(vanishesAt({ thralled: false, summonedInBattle: false })).toBe("battleStart");
    expect(vanishesAt({ thralled: false, summonedInBattle: true })).toBe("battleEnd");
    expect(vanishesAt({ thralled: true, summonedInBattle: true })).toBeNull();
  });
  it("a thrall costs its MP, refused when short", () => {
    expect(payThrall(20, 6)).toBe(14);
    expect(payThrall(5, 6)).toBeNull();
    expect(() => payThrall(5, -1)).toThrow(RangeError);
  });
  it("sickness withholds every slot: only the slotless actions stay (the caller's to refuse)", () => {
    const e = woundsEconomy({ bonusActions: 2, freeHitSlots: 2 });
    const withheld = sicknessWithheld(e);
    expect(withheld).toEqual({ attack: 1, move: 1, bonus: 2, freeHit: 2 });
    const s = freshSlots(e);
    const payable = (onTurn: boolean) => Object.keys(e.actions)
      .filter((a) => pay(e, s, a, { onTurn, withheld }).ok);
    expect(payableActions(e, s, true)).toContain("attack");
    expect(payable(true)).toEqual(["tragedyFreeHit", "delay"]);
    expect(payable(false)).toEqual(["tragedyFreeHit"]);
  });
});

describe("hit points (RULINGS.md §wounds Hit points)", () => {
  it("at 0 a PC is down and anything else defeated", () => {
    expect(healthState(0, true)).toBe("down");
    expect(healthState(0, false)).toBe("defeated");
    expect(healthState(1, false)).toBe("up");
    expect(afterDamage(5, 9)).toBe(0);
  });
  it("healing: up to the maximum; 6+ takes the newest wound; a down PC is back next turn", () => {
    const wounds = [{ id: "a", aim: "slowing" as const, round: 1 }];
    expect(heal(0, 14, wounds, 6)).toEqual({ hp: 6, wounds: [], removed: wounds[0], back: true });
    expect(heal(10, 14, wounds, 5)).toEqual({ hp: 14, wounds, removed: null, back: false });
    expect(() => heal(15, 14, [], 1)).toThrow(RangeError);
  });
});
