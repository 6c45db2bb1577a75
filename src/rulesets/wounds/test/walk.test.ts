import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { economyAt } from "../play/round/economy";
import { ruleSpend } from "../play/round/spend";
import { ruleWalk, walkAllowance, type WalkFacts, type WalkRuling } from "../play/round/walk";

/**
 * A drag in a battle (`play/round/walk.ts`): paid with the Move Action (its first drag, or the
 * sheet's Move), its spaces within what the Move Action covers (movement, +2 a Bonus Action
 * bought this turn, a third prone), nothing off the turn; the GM's drags never refused.
 * Source: `001_dbc5fcc02a99a518.txt` §Move Action, §Bonus Actions, §Prone.
 */
const kept = (patch: Partial<KeptSource> = {}): KeptSource =>
  ({ ...withDefaults(KEPT_SPEC, {}), attack: 1, move: 1, bonus: 2, ...patch }) as KeptSource;

const facts = (patch: Partial<WalkFacts> = {}): WalkFacts => ({
  kept: kept(), derived: { bonusActions: 2, freeHitSlots: 1, movement: 6 }, round: 2,
  ownTurn: true, up: true, prone: false, disarmed: false, later: [], feats: [], ...patch,
});

const ok = (r: WalkRuling) => {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.patch;
};
const after = (f: WalkFacts, r: WalkRuling): WalkFacts => ({ ...f, kept: { ...f.kept, ...ok(r) } });

describe("a drag paid from the Move Action", () => {
  it("the first drag pays the Move Action; later ones walk on within its spaces", () => {
    const first = ruleWalk(2, facts(), false, "Wren");
    expect(ok(first)).toEqual({ move: 0, attack: 1, bonus: 2, freeHit: 0, owedAttack: 0,
      owedMove: 0, owedBonus: 0, walking: true, walked: 2 });
    const second = ruleWalk(4, after(facts(), first), false, "Wren");
    expect(ok(second)).toEqual({ walking: true, walked: 6 });
    expect(ruleWalk(1, after(after(facts(), first), second), false, "Wren")).toEqual({
      ok: false, reason: "FRAY.Wounds.Refuse.TooFar",
      data: { name: "Wren", spaces: "1", left: "0" },
    });
  });

  it("the sheet's Move pays it first; a second Move after a walk has no Move Action", () => {
    const moved = ruleSpend({ action: "move" }, facts());
    if (!moved.ok) throw new Error(moved.key);
    expect(moved.patch).toMatchObject({ move: 0, walking: true });
    const f = { ...facts(), kept: { ...kept(), ...moved.patch } };
    expect(ok(ruleWalk(6, f, false, "Wren"))).toEqual({ walking: true, walked: 6 });
    expect(ruleSpend({ action: "move" }, f)).toEqual({ ok: false, key: "NoSlot" });
  });

  it("+2 a Bonus Action bought this turn; a space crawled prone spends three", () => {
    const bought = kept({ purchases: [{ kind: "movement", round: 2 }] });
    expect(walkAllowance(facts({ kept: bought }))).toBe(8);
    expect(ruleWalk(3, facts({ prone: true }), false, "Wren"))
      .toMatchObject({ ok: false, data: { left: "2" } });
    // Two spaces crawled (6 of 6 spent): standing up leaves nothing more to walk.
    const crawled = after(facts({ prone: true }), ruleWalk(2, facts({ prone: true }), false, "W"));
    expect(crawled.kept.walked).toBe(6);
    expect(ruleWalk(1, { ...crawled, prone: false }, false, "Wren"))
      .toMatchObject({ ok: false, data: { left: "0" } });
    // One crawled (3 of 6): standing, three more spaces.
    const one = after(facts({ prone: true }), ruleWalk(1, facts({ prone: true }), false, "W"));
    expect(ok(ruleWalk(3, { ...one, prone: false }, false, "Wren"))).toEqual({
      walking: true, walked: 6,
    });
  });

  it("once walking, a drag off its turn, while down or sick is still refused", () => {
    const walking = kept({ move: 0, walking: true, walked: 2 });
    const key = (f: WalkFacts) => {
      const r = ruleWalk(1, f, false, "Wren");
      return r.ok ? "allowed" : r.reason.split(".").at(-1);
    };
    expect(key(facts({ kept: walking, ownTurn: false }))).toBe("NotYourTurn");
    expect(key(facts({ kept: walking, up: false }))).toBe("Down");
    expect(key(facts({ kept: { ...walking, summoned: 2 } }))).toBe("Sick");
    expect(key(facts({ kept: walking }))).toBe("allowed");
  });

  it("a drag that changes no space pays nothing", () => {
    expect(ruleWalk(0, facts(), false, "Wren")).toEqual({ ok: true, patch: {} });
    expect(ruleWalk(-1, facts(), false, "Wren")).toMatchObject({ ok: false });
  });

  it("refused off the turn, while down or just summoned, and without a Move Action left", () => {
    const key = (f: WalkFacts) => {
      const r = ruleWalk(1, f, false, "Wren");
      return r.ok ? "allowed" : r.reason.split(".").at(-1);
    };
    expect(key(facts({ ownTurn: false }))).toBe("NotYourTurn");
    expect(key(facts({ up: false }))).toBe("Down");
    expect(key(facts({ kept: kept({ summoned: 2 }) }))).toBe("Sick");
    expect(key(facts({ kept: kept({ move: 0 }) }))).toBe("NoSlot");
  });

  it("the GM's drags stand: on the turn they pay the Move Action and spend, uncapped", () => {
    expect(ok(ruleWalk(9, facts(), true, "Wren"))).toMatchObject({
      move: 0, walking: true, walked: 9,
    });
    const spent = facts({ kept: kept({ move: 0 }) });
    expect(ok(ruleWalk(2, spent, true, "Wren"))).toEqual({ walking: false, walked: 2 });
    expect(ruleWalk(1, facts({ ownTurn: false }), true, "Wren")).toEqual({ ok: true, patch: {} });
  });

  it("a turn's start clears the walk", () => {
    const patch = economyAt("turnStart", {
      kept: kept({ walking: true, walked: 5, move: 0 }),
      derived: { bonusActions: 2, freeHitSlots: 1 }, round: 3,
    });
    expect(patch).toMatchObject({ walking: false, walked: 0, move: 1 });
  });

  it("never walks past the allowance, however the drags fall (property)", () => {
    fc.assert(fc.property(fc.array(fc.nat(8), { maxLength: 8 }), fc.boolean(), (drags, prone) => {
      let f = facts({ prone });
      for (const spaces of drags) {
        const r = ruleWalk(spaces, f, false, "Wren");
        if (r.ok) f = after(f, r);
      }
      return f.kept.walked <= walkAllowance(f) && f.kept.move >= 0;
    }));
  });
});
