import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, take } from "../rules/actions";
import { attack } from "../encounter/attacks";
import { hitChance } from "../encounter/attack-memo";
import { engage, type Fighter } from "../encounter/fighter";
import { bestWeapon, inMelee, situationNow } from "../encounter/reactions";
import { takeTurn } from "../encounter/turn";
import { fight } from "./fights";
import { attributes, BOW, foe, JAVELIN, of, pc, setup, skills } from "./steps";

/**
 * The text's situational modifiers as the runner's positions give them: prone targets near and far,
 * cover, beyond normal range, an unseen target (its place known, or not), thrown attacks in melee,
 * a bow that cannot shoot with a foe adjacent. Exact hit chances are counted on the d20.
 * Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls (the situations table), §Make a Ranged Attack.
 */
const archer = () =>
  pc("L", {
    weapons: [BOW],
    attackBonus: 1,
    attributes: attributes({ dex: 2 }),
    skills: skills({ shoot: 2 }),
  });
const target = (over: Partial<Fighter> = {}) => {
  const t = Object.assign(foe("T", { ac: 13 }), over);
  t.budget = take(FRESH_BUDGET, "meleeAttack");
  return t;
};
/**
 * d20 faces (of 20) that reach `need` with modifier `mod`, natural 20 always and 1 never hitting.
 */
const faces = (mod: number, need: number) => {
  let n = 0;
  for (let d = 1; d <= 20; d++) if (d === 20 || (d !== 1 && d + mod >= need)) n++;
  return n;
};
const situations = (ctx: ReturnType<typeof setup>) =>
  of(ctx.events, "attack").at(-1)!.modifiers.filter((m) => m.source.startsWith("situation:"));

describe("situational modifiers from positions", () => {
  it("half cover past normal range: −2 and −2, and the exact hit chance", () => {
    const l = archer();
    const t = target({ spot: "halfCover", advance: -40 }); // 80 ft: past the bow's 50
    const ctx = setup([12, 3], l, t);
    attack(ctx, l, t, BOW, { kind: "normal" });
    expect(situations(ctx)).toEqual([
      { source: "situation:longRange", value: -2 },
      { source: "situation:halfCover", value: -2 },
    ]);
    expect(of(ctx.events, "attack")[0]).toMatchObject({ feet: 80, total: 13, hit: true });
    const key = situationNow(ctx, l, t, BOW, inMelee(ctx, l))!;
    expect(hitChance(l.block, BOW, key)).toBe(faces(1 + 2 + 2 - 4, 13) / 20);
  });

  it("full cover −4; a prone target far off −2 to shots; in shadow −4 once located", () => {
    const l = archer();
    const full = target({ spot: "fullCover" });
    // 10 + 5 − 4 misses AC 13; 10 + 5 − 2 hits (d6 3); 10 + 5 − 4 misses.
    const ctx = setup([10, 10, 3, 10], l, full);
    attack(ctx, l, full, BOW, { kind: "normal" });
    expect(situations(ctx)).toEqual([{ source: "situation:fullCover", value: -4 }]);
    const down = target({ prone: true });
    attack(ctx, l, down, BOW, { kind: "normal" });
    expect(situations(ctx)).toEqual([{ source: "situation:distantProne", value: -2 }]);
    const dark = target({ spot: "shadow", located: true });
    attack(ctx, l, dark, BOW, { kind: "normal" });
    expect(situations(ctx)).toEqual([{ source: "situation:unseenKnown", value: -4 }]);
  });

  it("no shot at an unseen target whose place is unknown: the shooter holds instead", () => {
    const l = archer();
    const hidden = target({ spot: "shadow", located: false });
    const ctx = setup([], l, hidden);
    expect(bestWeapon(ctx, l, hidden, "ranged")).toBeNull();
    takeTurn(ctx, l, undefined);
    expect(of(ctx.events, "action")).toEqual([
      { kind: "action", round: 1, actor: "L", action: "holdAction", paid: "move" },
    ]);
    expect(of(ctx.events, "attack")).toEqual([]);
  });

  it("an attack gives a shadowed attacker's place away", () => {
    const l = archer();
    l.spot = "shadow";
    l.located = false;
    const ctx = setup([10, 3], l, target());
    attack(ctx, l, ctx.fighters[1]!, BOW, { kind: "normal" });
    expect(ctx.events[0]).toEqual({
      kind: "spot",
      round: 1,
      actor: "L",
      spot: "shadow",
      located: true,
    });
  });

  it("melee ignores the target's cover and shadow; "
    + "an adjacent prone target gives +2 to any attack", () => {
    const m = pc("M");
    const t = target({ spot: "fullCover", prone: true });
    engage(m, t);
    const ctx = setup([10, 4], m, t);
    attack(ctx, m, t, m.block.weapons[0]!, { kind: "normal" });
    expect(situations(ctx)).toEqual([{ source: "situation:adjacentProne", value: 2 }]);
  });

  it("a thrower with nothing for melee throws at arm's length at −4; "
    + "a bow-only archer gets clear instead", () => {
    const hunter = foe("H", { weapons: [JAVELIN] });
    const p = pc("P", { ac: 13 });
    p.budget = take(FRESH_BUDGET, "meleeAttack");
    engage(hunter, p);
    const ctx = setup([15, 3], hunter, p);
    takeTurn(ctx, hunter, undefined);
    expect(of(ctx.events, "attack")[0]).toMatchObject({
      attacker: "H",
      weapon: "Javelin",
      feet: 0,
    });
    expect(situations(ctx)).toEqual([{ source: "situation:thrownInMelee", value: -4 }]);
    const bowman = foe("B", { weapons: [BOW] });
    const q = pc("Q", { weapons: [] }); // unarmed: no attack of opportunity
    engage(bowman, q);
    const ctx2 = setup([10, 3], bowman, q);
    takeTurn(ctx2, bowman, undefined);
    expect(of(ctx2.events, "move")[0]).toMatchObject({ actor: "B", reason: "withdraw" });
    expect(
      of(ctx2.events, "attack")[0]!.modifiers.some((m) => m.source === "situation:bowInMelee"),
    ).toBe(false);
  });

  it("javelins past 30 ft take −2; past 60 ft they cannot reach", () => {
    const hunter = foe("H", { weapons: [JAVELIN] });
    const p = target();
    const ctx = setup([10], hunter, p);
    attack(ctx, hunter, p, JAVELIN, { kind: "normal" });
    expect(situations(ctx)).toEqual([{ source: "situation:longRange", value: -2 }]);
    p.advance = -30;
    expect(bestWeapon(ctx, hunter, p, "ranged")).toBeNull();
  });

  it("the default fights roll a field: every spot from its d6, "
    + "in one event before anything else", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = fight("bandits", seed);
      const field = r.events[0];
      if (field?.kind !== "field") throw new Error("no field");
      expect(field.spots.map((s) => s.actor)).toEqual(r.fighters.map((f) => f.key));
      for (const s of field.spots)
        expect(s.spot).toBe(
          ["open", "open", "open", "halfCover", "fullCover", "shadow"][s.die! - 1],
        );
    }
    const set = fight("bandits", 1, { spots: { "Lisbet Marr": "fullCover" } }).events[0];
    expect(set).toMatchObject({
      kind: "field",
      spots: expect.arrayContaining([{ actor: "Lisbet Marr", die: null, spot: "fullCover" }]),
    });
  });
});
