import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withDefaults } from "../../../engine/schema/spec";
import { KEPT_SPEC, keptOfPoints, pointsOf, type KeptSource } from "../play/data/kept-spec";
import { economyAt, keptOnJoin, type EdgeInput } from "../play/round/economy";
import { costOf, spendRuling, SPEND_ACTIONS, type SpendFacts } from "../play/round/spend-rule";
import { flowRuling, parseFlow } from "../play/round/flow-rule";
import {
  statblockFromActor, type ActorDocumentSource, type Statblock, type Weapon,
} from "../rules/statblock";
import { readFileSync } from "node:fs";

/**
 * What the GM keeps of an action-points combatant across the edges of its turns and rounds, and
 * the GM's check of a player's spend. Source: `004_2cc57162401858c9.txt` §Actions/Turn Cheat
 * Sheet, §Special Actions, §Surprise Attacks; RULINGS.md §action-points Pools, Costs.
 */
const kept = (over: Partial<KeptSource> = {}): KeptSource => withDefaults(KEPT_SPEC, over);
const POOLS = { ap: 5, rp: 2, fp: 2 };
const input = (over: Partial<EdgeInput> = {}): EdgeInput => ({
  kept: kept(), pools: POOLS, round: 1, surpriseRound: false, caughtBySurprise: false, ...over,
});
const apply = (k: KeptSource, patch: Partial<KeptSource> | null): KeptSource =>
  patch ? { ...k, ...patch } : k;

describe("what the GM keeps of a combatant as it joins (keptOnJoin)", () => {
  it("its side; joining a started fight, its pools as the fight's start sets them", () => {
    expect(keptOnJoin("party", null)).toEqual({ side: "party" });
    const { side, ...pools } = keptOnJoin("foes", { ap: 6, rp: 3, fp: 1 });
    expect(side).toBe("foes");
    expect(pools).toMatchObject({ ap: 6, rp: 3, fp: 1 });
    // The same pools the first round's start gives one not caught by surprise.
    const atStart = economyAt("roundStart", input({ pools: { ap: 6, rp: 3, fp: 1 } }));
    expect(pools).toEqual(keptOfPoints(pointsOf(apply(kept(), atStart))));
  });
});

describe("the kept pools at the edges (economyAt)", () => {
  it("combat starts full (or empty for the surprised); turns refill AP and RP and lose AP", () => {
    let k = apply(kept(), economyAt("roundStart", input()));
    expect([k.ap, k.rp, k.fp]).toEqual([5, 2, 2]);
    k = apply(k, economyAt("turnStart", input({ kept: { ...k, ap: 0, rp: 0, totalDefense: true } })));
    expect([k.ap, k.rp, k.totalDefense]).toEqual([5, 2, false]);
    k = apply(k, economyAt("turnEnd", input({ kept: { ...k, ap: 3 } })));
    expect([k.ap, k.rp, k.fp]).toEqual([0, 2, 1]);
    // An unused Take a Step ends with the turn.
    expect(apply(k, economyAt("turnEnd", input({ kept: { ...k, stepping: true } }))).stepping)
      .toBe(false);
    // Flow State keeps the FP, and its flag clears with the turn.
    const flowing = apply(k, economyAt("turnEnd", input({ kept: { ...k, flowState: true } })));
    expect([flowing.fp, flowing.flowState]).toEqual([1, false]);
  });

  it("abilities' raised pools are what a combatant refills to", () => {
    const k = apply(kept(), economyAt("roundStart", input({ pools: { ap: 6, rp: 3, fp: 4 } })));
    expect([k.ap, k.rp, k.fp]).toEqual([6, 3, 4]);
  });

  it("the surprised sit the surprise round out at 0, then get their FP at the first normal round", () => {
    const surprise = { surpriseRound: true, caughtBySurprise: true };
    let k = apply(kept(), economyAt("roundStart", input(surprise)));
    expect([k.ap, k.rp, k.fp, k.surprised]).toEqual([0, 0, 0, true]);
    // Its skipped turn in the surprise round changes nothing.
    expect(economyAt("turnStart", input({ ...surprise, kept: k }))).toBeNull();
    expect(economyAt("turnEnd", input({ ...surprise, kept: k }))).toBeNull();
    k = apply(k, economyAt("roundStart", input({ ...surprise, kept: k, round: 2 })));
    expect([k.ap, k.rp, k.fp, k.surprised]).toEqual([0, 0, 2, false]);
    k = apply(k, economyAt("turnStart", input({ ...surprise, kept: k, round: 2 })));
    expect([k.ap, k.rp]).toEqual([5, 2]);
    // A surpriser starts full and gets nothing more at round 2.
    const s = apply(kept(), economyAt("roundStart", input({ surpriseRound: true })));
    expect([s.ap, s.rp, s.fp, s.surprised]).toEqual([5, 2, 2, false]);
  });

  it("a round's start gives back the once-a-round uses", () => {
    const k = kept({ ap: 2, step: true, feint: true, shove: true, reactionFp: true, breakFree: true });
    const next = apply(k, economyAt("roundStart", input({ kept: k, round: 3 })));
    expect([next.step, next.feint, next.shove, next.reactionFp, next.breakFree, next.ap])
      .toEqual([false, false, false, false, false, 2]);
  });

  it("property: the points mapping round-trips and pools never go negative at any edge", () => {
    const arbKept = fc.record({
      ap: fc.nat(8), rp: fc.nat(4), fp: fc.nat(9), moveAp: fc.nat(2), step: fc.boolean(),
      feint: fc.boolean(), shove: fc.boolean(), reactionFp: fc.boolean(), breakFree: fc.boolean(),
      flowState: fc.boolean(), surprised: fc.boolean(),
    }).map((o) => kept(o));
    const edge = fc.constantFrom("turnStart", "turnEnd", "roundStart", "roundEnd" as const);
    fc.assert(fc.property(arbKept, edge, fc.integer({ min: 1, max: 6 }), fc.boolean(), (k, e, round, s) => {
      expect({ ...k, ...keptOfPoints(pointsOf(k)) }).toEqual(k);
      const after = apply(k, economyAt(e, input({ kept: k, round, surpriseRound: s, caughtBySurprise: s })));
      for (const pool of [after.ap, after.rp, after.fp]) expect(pool).toBeGreaterThanOrEqual(0);
      if (e === "turnEnd" && !(s && round === 1 && k.surprised)) expect(after.ap).toBe(0);
    }));
  });
});

describe("a player's spend, checked by the GM (spendRuling)", () => {
  const facts = (over: Partial<SpendFacts> = {}): SpendFacts => ({
    kept: kept({ ap: 5, rp: 2, fp: 2 }), pools: POOLS, ownTurn: true, up: true, spellAp: null,
    ...over,
  });
  const rule = (args: unknown, f = facts()) => spendRuling(args, f, pointsOf(f.kept));

  it("costs come from the rules: move 1, attack 2, the special actions by the table", () => {
    expect(SPEND_ACTIONS.map((a) => [a, costOf(a).ap])).toEqual([
      ["move", 1], ["attack", 2], ["spell", 2], ["draw", 1], ["feint", 1], ["flowState", 1],
      ["grapple", 2], ["grappleUpkeep", 2], ["disarm", 2], ["shove", 1], ["step", 1],
      ["totalDefense", 3], ["tumble", 1], ["standUp", 1],
    ]);
    expect(rule({ action: "attack" })).toEqual({ ok: true, patch: expect.objectContaining({ ap: 3 }) });
  });

  it("at most 2 AP of movement a turn; Take a Step once a round besides", () => {
    let k = kept({ ap: 5 });
    for (let i = 0; i < 2; i++) {
      const r = rule({ action: "move" }, facts({ kept: k }));
      if (!r.ok) throw new Error(r.key);
      k = { ...k, ...r.patch };
    }
    expect(rule({ action: "move" }, facts({ kept: k })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.MoveCap" });
    const step = rule({ action: "step" }, facts({ kept: k }));
    expect(step).toMatchObject({ ok: true, patch: { step: true, ap: 2 } });
    if (step.ok) {
      expect(rule({ action: "step" }, facts({ kept: { ...k, ...step.patch } })))
        .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.OnceARound" });
    }
  });

  it("Total Defense costs 3 AP, gives +1 RP and the mark, and ends the turn; Flow State keeps FP", () => {
    const td = rule({ action: "totalDefense" });
    expect(td).toMatchObject({ ok: true, patch: { ap: 2, rp: 3, totalDefense: true } });
    if (td.ok) {
      expect(rule({ action: "attack" }, facts({ kept: { ...kept({ ap: 5 }), ...td.patch } })))
        .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.TurnOver" });
    }
    expect(rule({ action: "flowState" })).toMatchObject({ ok: true, patch: { ap: 4, flowState: true } });
  });

  it("stands up from prone only, for 1 AP in its own turn", () => {
    expect(rule({ action: "standUp" })).toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.NotProne" });
    expect(rule({ action: "standUp" }, facts({ prone: true })))
      .toMatchObject({ ok: true, patch: { ap: 4 } });
    expect(rule({ action: "standUp" }, facts({ prone: true, ownTurn: false })))
      .toEqual({ ok: false, key: "notYourTurn" });
  });

  it("refuses: not enough AP, not its turn, down, an unknown action or spell", () => {
    expect(rule({ action: "totalDefense" }, facts({ kept: kept({ ap: 2 }) })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.NotEnoughAP" });
    expect(rule({ action: "move" }, facts({ ownTurn: false }))).toEqual({ ok: false, key: "notYourTurn" });
    expect(rule({ action: "move" }, facts({ up: false })))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Down" });
    for (const bad of [null, "move", { action: "fly" }, { action: "spell" }]) {
      expect(rule(bad)).toEqual({ ok: false, key: "badRequest" });
    }
    expect(rule({ action: "spell" }, facts({ spellAp: 3 }))).toMatchObject({ ok: true, patch: { ap: 2 } });
  });
});

const pregen = statblockFromActor(JSON.parse(readFileSync(
  "packs/_source/action-points/pregens/ivo-dask.json", "utf8",
)) as ActorDocumentSource);

describe("a Flow action bought with FP (flowRuling)", () => {
  const axe: Weapon = {
    id: "axe", name: "Axe", category: "axe", kind: "melee", damage: { dice: 1, die: 8, bonus: 1 },
    reach: 1, range: 0, finesse: false, offHand: false, readied: true,
    flowActions: [{ name: "Hook", fp: 1, effect: "pulls" }, { name: "Cleave", fp: 3, effect: "x" }],
  };
  const block: Statblock = { ...pregen, weapons: [axe], pools: POOLS };
  const rule = (args: unknown, k = kept({ fp: 2 }), up = true) =>
    flowRuling(parseFlow(args), { block, up }, pointsOf(k));

  it("costs the weapon's FP, read from the weapon, on any turn", () => {
    expect(rule({ flow: { itemId: "axe", index: 0 } })).toMatchObject({ ok: true, patch: { fp: 1 } });
    expect(rule({ flow: { itemId: "axe", index: 1 } }))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.NotEnoughFP" });
  });

  it("refuses an unknown weapon or index, a sheathed weapon, a fallen buyer", () => {
    for (const bad of [null, { flow: { itemId: "sword", index: 0 } }, { flow: { itemId: "axe", index: 2 } },
      { flow: { itemId: "axe", index: -1 } }, { flow: "axe" }]) {
      expect(rule(bad)).toEqual({ ok: false, key: "badRequest" });
    }
    const sheathed: Statblock = { ...block, weapons: [{ ...axe, readied: false }] };
    expect(flowRuling({ itemId: "axe", index: 0 }, { block: sheathed, up: true }, pointsOf(kept({ fp: 2 }))))
      .toEqual({ ok: false, key: "apSheathed" });
    expect(rule({ flow: { itemId: "axe", index: 0 } }, kept({ fp: 2 }), false))
      .toEqual({ ok: false, key: "FRAY.ActionPoints.Refuse.Down" });
  });
});
