import { describe, expect, it } from "vitest";
import { UNARMED, type Statblock, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import {
  breakFreeFromPool, endOfRoundPlan, escape, grab, holdPatches, isHeld, maneuverFromPool, maneuversOf, releaseAll,
  type Hold,
} from "../../src/rulesets/shock/play/cards/grapple";
import { meleeWeaponOf, opportunityFoes, provokes, type OpportunityCandidate } from "../../src/rulesets/shock/play/cards/opportunity";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import {
  breakFreeBadges, carryBadges, grappleCardHtml, roundEndBadges, type GrappleBadge,
} from "../../src/rulesets/shock/play/cards/card-grapple";
import { rendererFor } from "../support/handlebars";

/** Shove, grapple and Attacks of Opportunity in Foundry, pure parts. Source: `002_5e27cdf788b28f5f.txt` §Shoving, §Grappling, §Combat Actions. */
function block(str = 0, brawl = 0): Statblock {
  return {
    id: "b", name: "B", isPC: true, attackBonus: 0, hitDice: 1, attributes: { str, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    skills: { stab: 0, shoot: 0, brawl, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false, save: 14,
    snapAttack: true, morale: 12, fearless: true, group: "B", weapons: [UNARMED],
  };
}
const sword: Weapon = { ...UNARMED, id: "sword", name: "Sword", unarmed: false, skill: "stab", dice: 1, die: 8 };
const holds = (entries: [string, Hold][]) => new Map(entries);
const free: Hold = { grappling: "", grappledBy: [] };

describe("maneuvers after a hit", () => {
  it("any melee hit may shove; only an unarmed hit may grapple; ranged neither", () => {
    expect(maneuversOf(UNARMED)).toEqual(["grapple", "shove"]);
    expect(maneuversOf(sword)).toEqual(["shove"]);
    expect(maneuversOf({ kind: "ranged", unarmed: false })).toEqual([]);
  });

  it("the opposed check: 2d6 + STR + Brawl each side, ties re-rolled, from Foundry's dice", () => {
    const a = { id: "a", who: block(1, 1) };
    const d = { id: "d", who: block(0, 0) };
    // a [3,3]+2 = 8 vs d [4,4] = 8: tie; a [6,6]+2 = 14 vs d [1,1] = 2.
    expect(maneuverFromPool("grapple", a, d, [3, 3, 4, 4, 6, 6, 1, 1])).toEqual({ attackerTotal: 14, defenderTotal: 2, won: true });
    expect(maneuverFromPool("grapple", a, d, [3, 3, 4, 4])).toBeNull();
    expect(maneuverFromPool("shove", a, d, [1, 1, 6, 6])?.won).toBe(false);
  });

  it("breaking free: one check against every grappler; beaten grapplers let go", () => {
    const out = breakFreeFromPool({ id: "d", who: block(0, 2) }, [{ id: "g1", who: block() }, { id: "g2", who: block() }], [4, 4, 2, 2, 6, 6]);
    expect(out?.escaped).toEqual(["g1"]);
  });
});

describe("grapple holds", () => {
  it("a won grapple marks both; a grappler holds one target at a time", () => {
    const first = grab(holds([]), "g", "d");
    expect(Object.fromEntries(first)).toEqual({ g: { grappling: "d", grappledBy: [] }, d: { grappling: "", grappledBy: ["g"] } });
    const now = holds([["g", { grappling: "d", grappledBy: [] }], ["d", { grappling: "", grappledBy: ["g"] }]]);
    const second = grab(now, "g", "e");
    expect(second.get("d")).toEqual(free);
    expect(second.get("e")?.grappledBy).toEqual(["g"]);
    expect(isHeld(second.get("g"))).toBe(true);
  });

  it("several grapplers on one defender; escaping some keeps the others", () => {
    const now = holds([
      ["g1", { grappling: "d", grappledBy: [] }], ["g2", { grappling: "d", grappledBy: [] }],
      ["d", { grappling: "", grappledBy: ["g1", "g2"] }],
    ]);
    const out = escape(now, "d", ["g1"]);
    expect(out.get("d")?.grappledBy).toEqual(["g2"]);
    expect(out.get("g1")).toEqual(free);
    expect(out.has("g2")).toBe(false);
    expect(Object.fromEntries(releaseAll(now, "d"))).toEqual({ d: free, g1: free, g2: free });
  });

  it("changed holds are written as both kept fields of each changed combatant, nothing else", () => {
    const now = holds([["g1", free], ["d", free], ["other", { grappling: "x", grappledBy: [] }]]);
    const patches = holdPatches(grab(now, "g1", "d"));
    expect(patches).toEqual({
      g1: { grappling: "d", grappledBy: [] }, d: { grappling: "", grappledBy: ["g1"] },
    });
    // Plain arrays: the kept store is JSON.
    expect(Array.isArray(patches.d?.grappledBy)).toBe(true);
    expect(holdPatches(new Map())).toEqual({});
  });

  it("end of round: each grappled defender takes unarmed damage from each able grappler whose hold both marks agree on", () => {
    const fist: Weapon = { ...UNARMED, id: "fist", name: "Fist", die: 4 };
    const plan = endOfRoundPlan([
      { id: "g1", hold: { grappling: "d", grappledBy: [] }, able: true, weapons: [sword, fist] },
      { id: "g2", hold: { grappling: "d", grappledBy: [] }, able: false, weapons: [] },
      { id: "g3", hold: { grappling: "d", grappledBy: [] }, able: true, weapons: [] },
      { id: "x", hold: { grappling: "", grappledBy: [] }, able: true, weapons: [] },
      { id: "d", hold: { grappling: "", grappledBy: ["g1", "g2", "x"] }, able: true, weapons: [] },
    ]);
    // g2 is down; g3's mark is not on the defender; x does not hold it.
    expect(plan).toEqual([{ grappler: "g1", defender: "d", weapon: fist }]);
    expect(endOfRoundPlan([
      { id: "g", hold: { grappling: "d", grappledBy: [] }, able: true, weapons: [] },
      { id: "d", hold: { grappling: "", grappledBy: ["g"] }, able: false, weapons: [] },
    ])).toEqual([]);
  });
});

describe("who may take an Attack of Opportunity", () => {
  const at = (x: number, y: number) => ({ x: x * 100, y: y * 100, width: 1, height: 1 });
  const c = (id: string, side: string, x: number, over: Partial<OpportunityCandidate> = {}): OpportunityCandidate => ({
    id, side, at: at(x, 0), able: true, weapons: [sword], held: false, ...over,
  });
  const mover = c("m", "party", 0);

  it("the provoking actions: the table's Yes and Screen's move", () => {
    expect(["run", "charge", "useSkill", "pickUp", "standUp", "screen"].every((id) => provokes(id as never))).toBe(true);
    expect(provokes("disengage") || provokes("meleeAttack") || provokes("breakFree")).toBe(false);
  });

  it("adjacent, able foes with a readied melee weapon, not held in a grapple", () => {
    const list = [
      mover, c("foe", "foes", 1), c("far", "foes", 2), c("ally", "party", 1), c("down", "foes", 1, { able: false }),
      c("fists", "foes", 1, { weapons: [UNARMED] }), c("stowed", "foes", 1, { weapons: [{ ...sword, readied: false }] }),
      c("held", "foes", 1, { held: true }),
    ];
    expect(opportunityFoes(mover, FRESH_BUDGET, list, 100)).toEqual(["foe"]);
    expect(opportunityFoes(mover, { ...FRESH_BUDGET, disengaged: true }, list, 100)).toEqual([]);
    expect(opportunityFoes(mover, FRESH_BUDGET, list, null)).toEqual([]);
    expect(meleeWeaponOf([UNARMED, sword])?.id).toBe("sword");
  });
});

describe("the grapple cards lead with their result (view/card-grapple.ts)", () => {
  const { t } = rendererFor("shock");
  const words = (badges: readonly GrappleBadge[]) => badges.map((b) => [b.variant, t(b.key, b.count === undefined ? {} : { count: b.count })]);

  it("breaking free: free of all, of some (how many, and still held), or still held", () => {
    expect(words(breakFreeBadges(2, 2))).toEqual([["hit", "Free"]]);
    expect(words(breakFreeBadges(1, 2))).toEqual([["info", "Free of 1"], ["miss", "Still held"]]);
    expect(words(breakFreeBadges(0, 1))).toEqual([["miss", "Still held"]]);
  });

  it("moving a grappled foe: carried or thrown when won, broke free when lost", () => {
    expect(words(carryBadges(true, "carry"))).toEqual([["hit", "Carried along"]]);
    expect(words(carryBadges(true, "throw"))).toEqual([["hit", "Thrown, prone"]]);
    expect(words(carryBadges(false, "throw"))).toEqual([["miss", "Broke free"]]);
  });

  it("a round's end: the damage, and how many fell to it", () => {
    expect(words(roundEndBadges(0))).toEqual([["shock", "Grapple damage"]]);
    expect(words(roundEndBadges(1))).toEqual([["shock", "Grapple damage"], ["crit", "1 down"]]);
  });

  it("the card: title, badges with a hidden icon, then the lines, all escaped", () => {
    const html = grappleCardHtml("Vask <tries> to break free", breakFreeBadges(0, 1), ["Vask 7 vs Brant 9: still held."], t);
    expect(html).toBe('<div class="fray-card shock-grapple"><header class="card-header"><h3 class="card-title">'
      + "Vask &lt;tries&gt; to break free</h3></header><div class=\"card-badges\"><span class=\"fray-badge fray-badge--miss\">"
      + '<i class="fa-solid fa-lock" aria-hidden="true"></i>Still held</span></div><p>Vask 7 vs Brant 9: still held.</p></div>');
  });
});
