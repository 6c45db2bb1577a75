import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attackDialogView, declaredOf } from "../play/views/attack-dialog";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { openWindow, stepWindow } from "../../../engine/resolution/window/step";
import { statblockFromActor, type ActorDocumentSource } from "../rules/statblock";
import { AP_WINDOW } from "../rules/reaction-window";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import type { ApCard } from "../play/cards/card-spec";
import {
  attackRefusal, diceCount, planOf, sealAttack, type AttackFacts,
} from "../play/cards/seal";
import { windowContextOf, windowFighter } from "../play/cards/window-context";
import {
  eventOf, interceptorOf, parseReact, reactClaim, reactRefusal, swapRefusal, type ApWindowState,
} from "../play/cards/react";
import { fpForHit, hitsOf, strikerAfterHit } from "../play/cards/apply-plan";
import { cardView, type CardViewer } from "../play/cards/card-view";

/**
 * action-points' attack card, pure: the GM's seal (the check recomputed, the dice matched to its
 * edge, the AP paid on the attacker's turn), the window it opens, a reaction's checks, the hits
 * Apply deals with their FP, and what each viewer sees. On pack pregens and NPCs.
 * Source: `004_2cc57162401858c9.txt` §Actions, §Reactions, §Gang-up, §Range Penalties, §Riposte.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("action-points"), "action-points"));
const read = (pack: string, slug: string) => statblockFromActor(JSON.parse(readFileSync(
  `packs/_source/action-points/${pack}/${slug}.json`, "utf8",
)) as ActorDocumentSource);
const tamsin = read("pregens", "tamsin-holt");
const reyna = read("pregens", "reyna-fell");
const thug = read("npcs", "bandit-thug");
const sword = tamsin.weapons.find((w) => w.kind === "melee")!;
const bow = reyna.weapons.find((w) => w.kind === "ranged")!;
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, order: 0, ...over });

const card = (over: Partial<ApCard> = {}): ApCard => ({
  actorUuid: "Actor.t", itemId: sword.id, itemName: sword.name, tokenUuid: "Scene.s.Token.a",
  targetTokenUuid: "Scene.s.Token.b", targetName: "Thug", combatId: "c", round: 1,
  disadvantages: [], advantages: [], reactionFor: "", maneuver: "", shove: { choice: "prone", both: false }, ...over,
});
const facts = (over: Partial<AttackFacts> = {}): AttackFacts => ({
  attacker: tamsin, with: { weapon: sword }, distance: 1, threateners: 1, grappling: false,
  combat: { kept: kept(), ownTurn: true, up: true }, ...over,
});

describe("the GM's seal", () => {
  it("recomputes the check, reads the dice under it and pays the attack's 2 AP", () => {
    const v = sealAttack(card(), "u1", facts({ threateners: 2 }), [40]);
    if (!v.ok) throw new Error(v.refused);
    expect(v.seal.plan.target).toBe(tamsin.skills.melee + 10);
    expect(v.seal.plan.modifiers).toEqual([{ source: "gangUp", value: 10 }]);
    expect(v.seal.roll).toBe(40);
    expect(v.pay).toMatchObject({ ap: 3 });
    expect(v.seal.posted.targetTokenUuid).toBe("Scene.s.Token.b");
  });

  it("a bow past its range: −10 per increment; outside a combat nothing is paid", () => {
    const v = sealAttack(card({ itemId: bow.id }), "u1", facts({
      attacker: reyna, with: { weapon: bow }, distance: bow.range * 2 + 1, combat: null,
    }), [40]);
    if (!v.ok) throw new Error(v.refused);
    expect(v.seal.plan.modifiers).toEqual([{ source: "range", value: -20 }]);
    expect(v.pay).toBeNull();
  });

  it("honours a declared Disadvantage from anyone, a declared Advantage only on a GM's card", () => {
    const declared = card({ disadvantages: ["other", "other"], advantages: ["other"] });
    const edges = (f: AttackFacts) => planOf(declared, f, { weapon: sword }).edgeSources;
    expect(edges(facts())).toEqual([{ source: "other", edge: -1 }]);
    expect(edges(facts({ gmPosted: true }))).toEqual([
      { source: "other", edge: -1 }, { source: "otherAdvantage", edge: 1 },
    ]);
    expect(planOf(declared, facts({ gmPosted: true }), { weapon: sword }).edge).toBe("none");
    // A reaction attack stays unmodified whatever the card declares.
    expect(planOf(declared, facts({ gmPosted: true, reaction: true }), { weapon: sword }).edgeSources)
      .toEqual([]);
  });

  it("the attack dialog shows the GM's reading and adds what its form ticks", () => {
    const plan = planOf(card(), facts({ threateners: 2, feint: true }), { weapon: sword });
    const view = attackDialogView(plan, false, t);
    expect(view.lines.slice(1)).toEqual(["Gang-up +10", "Advantage: feint"]);
    expect(view.choices.map((c) => c.name)).toEqual(["disadvantage"]);
    expect(attackDialogView(plan, true, t).choices.map((c) => c.name))
      .toEqual(["disadvantage", "advantage"]);
    expect(declaredOf({ disadvantage: true, advantage: false }))
      .toEqual({ disadvantages: ["other"], advantages: [] });
    expect(declaredOf({})).toEqual({ disadvantages: [], advantages: [] });
  });

  it("reads the GM's dice under the edge; refuses out of reach, sheathed, not its turn, no AP", () => {
    expect(() => sealAttack(card(), "u1", facts(), [40, 12])).toThrow(RangeError);
    // Grappling gives Disadvantage: two d100, the worse kept.
    expect(diceCount(planOf(card(), facts({ grappling: true }), { weapon: sword }))).toBe(2);
    const grappling = sealAttack(card(), "u1", facts({ grappling: true }), [10, 90]);
    expect(grappling).toMatchObject({ ok: true, seal: { roll: 90, level: "failure" } });
    expect(sealAttack(card(), "u1", facts({ distance: 2 }), [40]))
      .toEqual({ ok: false, refused: "apReach" });
    // A granted reaction attack was in reach when provoked: the mover's distance now is not read.
    expect(attackRefusal(facts({ distance: 7, reaction: true }))).toEqual({ pay: { rp: 1 } });
    const sheathed = { ...sword, readied: false };
    expect(attackRefusal(facts({ with: { weapon: sheathed } }))).toEqual({ refused: "apSheathed" });
    expect(attackRefusal(facts({ combat: { kept: kept(), ownTurn: false, up: true } })))
      .toEqual({ refused: "notYourTurn" });
    expect(attackRefusal(facts({ combat: { kept: kept({ ap: 1 }), ownTurn: true, up: true } })))
      .toEqual({ refused: "FRAY.ActionPoints.Refuse.NotEnoughAP" });
  });
});

describe("the window a card opens, and its reactions", () => {
  const sealed = () => {
    const v = sealAttack(card(), "u1", facts(), [20]);
    if (!v.ok) throw new Error(v.refused);
    return v.seal;
  };
  const parties = (targetKept: KeptSource | null) => ({
    attacker: { key: "A", block: tamsin, kept: kept() },
    target: { key: "B", block: thug, kept: targetKept },
  });

  it("reads RP, shield, size and the riposte weapon; Total Defense gives its edge", () => {
    const f = windowFighter({ key: "B", block: thug, kept: kept({ rp: 1, totalDefense: true }) });
    expect(f).toMatchObject({ rp: 1, edge: 1, melee: thug.skills.melee, shield: thug.shield });
    expect(f.riposte).toEqual(thug.weapons.find((w) => w.readied && w.kind === "melee")?.damage);
    expect(windowFighter({ key: "x", block: thug, kept: null }).rp).toBe(0);
    // No Riposte for one grappled, or whose weapon does not reach the attacker.
    expect(windowFighter({ key: "B", block: thug, kept: kept({ grappledBy: ["A"] }) }).riposte)
      .toBeNull();
    expect(windowFighter({ key: "B", block: thug, kept: kept(), reachesAttacker: false }).riposte)
      .toBeNull();
  });

  it("outside a combat nobody has RP: the window settles at once", () => {
    const { attacker, target } = parties(null);
    const ctx = windowContextOf(sealed(), { weapon: sword }, attacker, target, []);
    const opened = openWindow(AP_WINDOW, ctx).state;
    const dmg = stepWindow(AP_WINDOW, opened, { kind: "dice", results: [5] });
    if (!dmg.ok) throw new Error(dmg.reason);
    expect(dmg.state.settlement).toMatchObject({ hit: true, target: "B" });
  });

  it("a reaction is checked against the window: offered, to the one who acts for it", () => {
    const { attacker, target } = parties(kept());
    const ctx = windowContextOf(sealed(), { weapon: sword }, attacker, target, []);
    const state = openWindow(AP_WINDOW, ctx).state as ApWindowState;
    expect(parseReact({ by: "B", answer: "dodge" })).toEqual({ by: "B", answer: "dodge" });
    expect(parseReact({ by: "B" })).toEqual({ by: "B", answer: null });
    expect(parseReact({ by: "B", answer: "fly" })).toBeNull();
    expect(parseReact("B")).toBeNull();
    expect(reactRefusal(state, { by: "B", answer: "dodge" }, true)).toBeNull();
    expect(reactRefusal(state, { by: "B", answer: "dodge" }, false)).toBe("notOwner");
    expect(reactRefusal(state, { by: "A", answer: "dodge" }, true)).toBe("apNotOffered");
    expect(reactRefusal(state, { by: "B", answer: "intercept" }, true)).toBe("apNotOffered");
    expect(reactRefusal(null, { by: "B", answer: null }, true)).toBe("notOnCard");
    expect(eventOf({ by: "B", answer: null }, state)).toEqual({ kind: "pass", by: "B", seq: 0 });
    expect(reactClaim(state)).toBe("react-0");
    const dodged = stepWindow(AP_WINDOW, state, eventOf({ by: "B", answer: "dodge" }, state));
    if (!dodged.ok) throw new Error(dodged.reason);
    expect(reactRefusal(dodged.state as ApWindowState, { by: "B", answer: "dodge" }, true))
      .toBe("apBusy");
  });

  it("a won Intercept lets the interceptor swap places once, before Apply", () => {
    const { attacker, target } = parties(kept());
    const ally = { key: "C", block: thug, kept: kept() };
    const ctx = windowContextOf(sealed(), { weapon: sword }, attacker, target, [ally]);
    const opened = openWindow(AP_WINDOW, ctx).state as ApWindowState;
    expect(interceptorOf(opened)).toBeNull();
    expect(swapRefusal(opened, {}, true)).toBe("apNoIntercept");
    let state = opened;
    // The ally intercepts: its Agility check (01) wins, it takes the attack.
    for (const e of [{ kind: "answer", by: "C", answer: "intercept" }, { kind: "dice", results: [1] }]) {
      const r = stepWindow(AP_WINDOW, state, e as never);
      if (!r.ok) throw new Error(`${JSON.stringify(e)}: ${r.reason}`);
      state = r.state as ApWindowState;
    }
    expect(interceptorOf(state)).toBe("C");
    expect(swapRefusal(state, {}, true)).toBeNull();
    expect(swapRefusal(state, {}, false)).toBe("notOwner");
    expect(swapRefusal(state, { swapped: true }, true)).toBe("apSwapped");
    expect(swapRefusal(state, { applied: true }, true)).toBe("apSwapped");
    // The card shows the swap to the interceptor's owner (and the GM), not to the others.
    const seen = (acts: (k: string) => boolean, ledger = {}) => {
      const view = cardView(card(), sealed(), { window: state, ...ledger },
        { isGM: false, userId: "x", acts, name: () => "Bryn" }, t, null);
      return "buttons" in view ? { buttons: view.buttons } : {};
    };
    expect(seen((k) => k === "C").buttons?.map((b) => b.step)).toContain("swap");
    expect(seen((k) => k === "B").buttons?.map((b) => b.step)).not.toContain("swap");
    expect(seen((k) => k === "C", { swapped: true }).buttons?.map((b) => b.step))
      .not.toContain("swap");
  });

  it("Apply's hits: the attack's, and a Riposte's counter on the attacker, with their FP", () => {
    const { attacker, target } = parties(kept());
    const ctx = windowContextOf(sealed(), { weapon: sword }, attacker, target, []);
    let state = openWindow(AP_WINDOW, ctx).state;
    // The thug ripostes: a Critical parry (01) wins, its counter hits (05), Tamsin takes it.
    for (const e of [
      { kind: "answer", by: "B", answer: "riposte" }, { kind: "dice", results: [1] },
      { kind: "dice", results: [5] }, { kind: "pass", by: "A" },
      { kind: "dice", results: thug.weapons[0]!.damage.dice ? Array(thug.weapons[0]!.damage.dice).fill(1) : [] },
    ]) {
      const r = stepWindow(AP_WINDOW, state, e);
      if (!r.ok) throw new Error(`${JSON.stringify(e)}: ${r.reason}`);
      state = r.state;
    }
    const hits = hitsOf(state as ApWindowState);
    expect(hits.map((h) => [h.by, h.on])).toEqual([["B", "A"]]);
    expect(fpForHit({ level: "normal" }, false)).toBe(2);
    expect(fpForHit({ level: "critical" }, true)).toBe(4);
    // The striker keeps its FP with the gain; +1 more only for felling a foe that stood.
    const normal = { level: "normal" } as const;
    expect(strikerAfterHit(normal, 1, { before: 5, after: 2, foe: true })).toEqual({ fp: 3 });
    expect(strikerAfterHit(normal, 1, { before: 5, after: 0, foe: true })).toEqual({ fp: 4 });
    expect(strikerAfterHit(normal, 1, { before: 5, after: 0, foe: false })).toEqual({ fp: 3 });
    expect(strikerAfterHit(normal, 1, { before: 0, after: 0, foe: true })).toEqual({ fp: 3 });
    expect(strikerAfterHit({ level: "critical" }, 9, { before: 3, after: 0, foe: true }))
      .toEqual({ fp: 13 });
  });
});

describe("what each viewer sees", () => {
  const v = sealAttack(card(), "poster", facts(), [20]);
  if (!v.ok) throw new Error(v.refused);
  const ctx = windowContextOf(v.seal, { weapon: sword }, { key: "A", block: tamsin, kept: kept() },
    { key: "B", block: thug, kept: kept() }, []);
  const state = openWindow(AP_WINDOW, ctx).state as ApWindowState;
  const viewer = (over: Partial<CardViewer>): CardViewer => ({
    isGM: false, userId: "x", acts: () => false, name: (k) => (k === "A" ? "Tamsin" : "Thug"),
    ...over,
  });

  it("the defender's owner gets its reactions with their RP, and Take the hit", () => {
    const view = cardView(card(), v.seal, { window: state }, viewer({ acts: (k) => k === "B" }), t, null);
    if (!("offers" in view)) throw new Error("unsealed");
    expect(view.offers).toHaveLength(1);
    expect(view.offers[0]?.name).toBe("Thug");
    const labels = view.offers[0]?.buttons.map((b) => b.labelKey);
    expect(labels?.at(-1)).toBe("FRAY.ActionPoints.Card.TakeHit");
    expect(view.offers[0]?.buttons[0]?.argsJson).toBe(JSON.stringify({ by: "B", answer: "dodge" }));
    expect(view.check).toMatch(/^d100: 20 → 20 under \d+: /);
  });

  it("another player sees no buttons; the GM sees every offer; Apply waits for the settlement", () => {
    const other = cardView(card(), v.seal, { window: state }, viewer({}), t, null);
    if (!("offers" in other)) throw new Error("unsealed");
    expect(other.offers).toEqual([]);
    expect(other.buttons).toEqual([]);
    const gm = cardView(card(), v.seal, { window: state }, viewer({ isGM: true }), t, null);
    if (!("offers" in gm)) throw new Error("unsealed");
    expect(gm.offers.map((o) => o.name)).toEqual(["Thug"]);
    expect(gm.waiting).toBe(true);
  });
});
