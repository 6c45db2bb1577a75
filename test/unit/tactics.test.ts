import { beforeAll, describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import type { ActorDocumentSource, Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { applyAttack, rollAttack } from "../../src/rulesets/escalation/encounter/attacks";
import { engage } from "../../src/rulesets/escalation/encounter/engagement";
import type { EncounterEvent } from "../../src/rulesets/escalation/encounter/events";
import { createFighter, refreshState, setEffects, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { beforeProvokingUse } from "../../src/rulesets/escalation/encounter/position";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import { takeReadied, takeTurn } from "../../src/rulesets/escalation/encounter/turn";
import { endOfTurn } from "../../src/rulesets/escalation/encounter/turn-end";
import { readPackSources } from "../../scripts/lib/sources";
import { block, eventsOf, fixedContext, monsters, pregens, timed } from "./runner-fixtures";

const fighter = (name: string, side: "party" | "enemies", order: number, key = name): Fighter => createFighter(block(name), side, order, key);
const kinds = (events: readonly EncounterEvent[]) => events.map((e) => e.kind);
const uses = (events: readonly EncounterEvent[]) => eventsOf(events, "use").map((e) => [e.actor, e.ability, e.action]);

/** Drops a fighter to `hp` and updates its health state (Staggered, Dying). */
function hurt(f: Fighter, hp: number): void {
  f.hp = hp;
  refreshState(f);
}

describe("the runner plays every pack ability where it fits", () => {
  const group = (names: string): Statblock[] => names.split(",").map(block);
  /**
   * Line-ups chosen so that each ability meets the situation it is for: the default fight, the
   * heavy hitters, the weapon-resistant and the grabbing foes, two Marsh Hags whose Sinking Mire
   * leaves the melee PCs Stuck (Delay, the ranged basic), and the casters against a Strangler (the
   * melee basic of a Grabbed, Hampered ranged character).
   */
  const lineups: [Statblock[], Statblock[]][] = [
    [pregens, group("Bog Goblin Skulker,Bog Goblin Skulker,Cinder Imp,Ashen Cultist,Marsh Hag,Ironbark Brute")],
    [pregens, group("Mirewood Strangler,Gravel Drake,Stormcaller Adept")],
    [pregens, group("Whisper Shade,Bonepicker Vulture,Gutter Rat Swarm,Hollow Sentry,Mirewood Strangler")],
    [group("Tam Reed,Brann Tallow"), group("Marsh Hag,Marsh Hag")],
    [group("Isolde Marr,Mother Oriel"), group("Mirewood Strangler")],
  ];
  const events: EncounterEvent[] = [];
  let used: Extract<EncounterEvent, { kind: "use" }>[] = [];
  beforeAll(() => {
    for (const [party, foes] of lineups) for (let seed = 1; seed <= 30; seed++) events.push(...runEncounter({ party, foes, roller: new SeededRoller(seed) }).events);
    used = eventsOf(events, "use");
  });

  it("uses each ability of the ability pack, and each ability on each monster and pregenerated character", () => {
    const packNames = readPackSources("escalation/abilities").map((s) => (s.doc as unknown as ActorDocumentSource).name);
    expect(packNames.length).toBeGreaterThan(10);
    expect(packNames.filter((n) => !used.some((u) => u.ability === n))).toEqual([]);
    const embedded = [...pregens, ...monsters].flatMap((b) => b.abilities.map((a) => `${b.name} / ${a.name} (${a.id})`));
    const usedIds = new Set(used.map((u) => u.abilityId));
    expect(embedded.filter((entry) => !usedIds.has(/\((\w+)\)$/.exec(entry)?.[1] ?? ""))).toEqual([]);
  });

  it("delays, readies, interrupts, heals, holds the line, pops free and switches stance along the way", () => {
    const seen = new Set(kinds(events));
    for (const kind of ["delay", "ready", "readied", "evade", "ward", "stance", "disengageBlocked", "move", "engagement"]) expect(seen, kind).toContain(kind);
    expect(eventsOf(events, "heal").some((e) => e.reason === "ability")).toBe(true);
    expect(eventsOf(events, "disengageBlocked").some((e) => e.reason === "holdTheLine")).toBe(true);
    expect(eventsOf(events, "move").some((e) => e.reason === "popFree")).toBe(true);
    expect(new Set(used.map((u) => u.action))).toEqual(new Set(["standard", "move", "quick", "free", "interrupt"]));
  });
});

describe("the runner's tactics, one at a time", () => {
  it("Delay: a PC Stuck until the end of a later foe's turn, with no foe in reach, delays to the band after it", () => {
    const tam = fighter("Tam Reed", "party", 0);
    const hag = fighter("Marsh Hag", "enemies", 1);
    const brute = fighter("Ironbark Brute", "enemies", 2);
    setEffects(tam, [timed("stuck", tam, { duration: "endOfSourceNextTurn", source: hag.key })]);
    const ctx = fixedContext(4, [tam, hag, brute], tam.key);
    ctx.upcoming.push(hag, brute);
    expect(takeTurn(tam, ctx)).toBe("delayed");
    expect(ctx.events).toEqual([{ kind: "delay", round: 2, actor: tam.key, from: "fast", to: "slow" }]);
    // Its turn comes after the Hag's (medium), first in the slow band (PCs before enemies).
    expect(ctx.upcoming).toEqual([hag, tam, brute]);
    expect(ctx.reordered).toBe(true);
    // Stuck until a save, there is nothing to wait for: it takes its turn (a ranged basic attack).
    const other = fighter("Tam Reed", "party", 0);
    setEffects(other, [timed("stuck", other, { source: hag.key })]);
    const now = fixedContext(4, [other, hag, brute], other.key);
    now.upcoming.push(hag, brute);
    expect(takeTurn(other, now)).toBe("taken");
    expect(eventsOf(now.events, "stance")).toEqual([expect.objectContaining({ stance: "ranged" })]);
    expect(uses(now.events)).toEqual([[other.key, "Basic Ranged Attack", "standard"]]);
  });

  it("Ready: a PC Dazed until the end of this turn readies its attack and makes it, without the penalty, before the next foe acts", () => {
    const brann = fighter("Brann Tallow", "party", 0);
    const brute = fighter("Ironbark Brute", "enemies", 1);
    setEffects(brann, [timed("dazed", brann, { duration: "endOfNextTurn", source: brute.key })]);
    const ctx = fixedContext(4, [brann, brute], brann.key);
    ctx.upcoming.push(brute);
    expect(takeTurn(brann, ctx)).toBe("taken");
    expect(eventsOf(ctx.events, "ready")).toEqual([expect.objectContaining({ ability: "Shield Slam", trigger: brute.key })]);
    expect(eventsOf(ctx.events, "attack")).toEqual([]);
    endOfTurn(brann, ctx);
    expect(brann.ids).toEqual([]);
    ctx.turn = null;
    takeReadied(brann, brute, ctx);
    expect(eventsOf(ctx.events, "readied")).toEqual([expect.objectContaining({ trigger: brute.key, band: "slow" })]);
    expect(eventsOf(ctx.events, "attack")).toEqual([expect.objectContaining({ attacker: brann.key, target: brute.key, ability: "Shield Slam", edge: 0 })]);
    expect(brann.band).toBe("slow");
  });

  it("Slip Away: a Staggered character evades a melee attack as its Interrupt, once a round, and pops free", () => {
    const tam = fighter("Tam Reed", "party", 0);
    const brute = fighter("Ironbark Brute", "enemies", 1);
    const limb = brute.block.abilities[0]!;
    const ctx = fixedContext(4, [tam, brute], brute.key);
    engage(brute, tam, ctx);
    // Unhurt, it does not bother.
    expect(rollAttack(brute, tam, limb, ctx)).not.toBeNull();
    hurt(tam, 15);
    expect(rollAttack(brute, tam, limb, ctx)).toBeNull();
    expect(kinds(ctx.events).slice(-5)).toEqual(["attack", "use", "evade", "move", "engagement"]);
    expect(uses(ctx.events)).toEqual([[tam.key, "Slip Away", "interrupt"]]);
    expect(tam.engaged.size).toBe(0);
    // Its Interrupt is spent for the round (and Slip Away for the encounter).
    expect(rollAttack(brute, tam, limb, ctx)).not.toBeNull();
  });

  it("Ward of the Oath: a hit that would drop an ally deals it no damage", () => {
    const oriel = fighter("Mother Oriel", "party", 0);
    const brann = fighter("Brann Tallow", "party", 1);
    const brute = fighter("Ironbark Brute", "enemies", 2);
    hurt(brann, 5);
    const ctx = fixedContext(6, [oriel, brann, brute], brute.key);
    applyAttack(rollAttack(brute, brann, brute.block.abilities[0]!, ctx)!, ctx);
    expect(brann.hp).toBe(5);
    expect(eventsOf(ctx.events, "ward")).toEqual([expect.objectContaining({ actor: oriel.key, target: brann.key, attack: "ta1" })]);
    expect(eventsOf(ctx.events, "damage")).toEqual([]);
    // The hit's conditions still land.
    expect(brann.ids).toEqual(["stuck"]);
  });

  it("Hold the Line: the user holds it with its Quick action; an engaged foe then cannot disengage and draws the opportunity attack", () => {
    const brann = fighter("Brann Tallow", "party", 0);
    const goblin = fighter("Bog Goblin Skulker", "enemies", 1);
    const ctx = fixedContext(1, [brann, goblin], brann.key);
    engage(brann, goblin, ctx);
    takeTurn(brann, ctx);
    expect(uses(ctx.events)).toEqual([[brann.key, "Shield Slam", "standard"], [brann.key, "Hold the Line", "quick"]]);
    const later = fixedContext(6, [brann, goblin], goblin.key);
    beforeProvokingUse(goblin, later);
    expect(kinds(later.events).slice(0, 3)).toEqual(["disengageBlocked", "opportunity", "attack"]);
    expect(later.events[0]).toMatchObject({ reason: "holdTheLine", by: brann.key });
  });

  it("Fold Space: an engaged ranged character pops free of every foe as a Move action", () => {
    const isolde = fighter("Isolde Marr", "party", 0);
    const goblins = [fighter("Bog Goblin Skulker", "enemies", 1, "Goblin 1"), fighter("Bog Goblin Skulker", "enemies", 2, "Goblin 2")];
    const ctx = fixedContext(4, [isolde, ...goblins], isolde.key);
    for (const g of goblins) engage(g, isolde, ctx);
    takeTurn(isolde, ctx);
    expect(uses(ctx.events)[0]).toEqual([isolde.key, "Fold Space", "move"]);
    expect(eventsOf(ctx.events, "engagement").filter((e) => !e.engaged).map((e) => e.reason)).toEqual(["popFree", "popFree"]);
    expect(isolde.engaged.size).toBe(0);
  });

  it("healing: Second Wind when Staggered (a Free action), Word of Mending brings a Dying ally back (a Quick action)", () => {
    const brann = fighter("Brann Tallow", "party", 0);
    const oriel = fighter("Mother Oriel", "party", 1);
    const brute = fighter("Ironbark Brute", "enemies", 2);
    hurt(brann, 20);
    const ctx = fixedContext(4, [brann, oriel, brute], brann.key);
    takeTurn(brann, ctx);
    expect(uses(ctx.events)[0]).toEqual([brann.key, "Second Wind", "free"]);
    expect(eventsOf(ctx.events, "heal")[0]).toMatchObject({ actor: brann.key, source: brann.key, reason: "ability", recovery: "averaged", hpBefore: 20 });
    hurt(brann, -4);
    expect(brann.state).toBe("dying");
    const turn = fixedContext(4, [brann, oriel, brute], oriel.key);
    takeTurn(oriel, turn);
    expect(uses(turn.events)).toEqual([[oriel.key, "Word of Mending", "quick"], [oriel.key, "Judgement Ray", "standard"]]);
    expect(eventsOf(turn.events, "heal")[0]).toMatchObject({ actor: brann.key, source: oriel.key, hpBefore: -4 });
    expect(brann.state).not.toBe("dying");
  });

  it("Coup de Grace: an engaged Helpless foe takes a crit, and the attacker spends all three actions", () => {
    const brute = fighter("Ironbark Brute", "enemies", 0);
    const brann = fighter("Brann Tallow", "party", 1);
    const ctx = fixedContext(1, [brute, brann], brute.key);
    engage(brute, brann, ctx);
    setEffects(brann, [timed("helpless", brann, { duration: "endOfNextTurn" })]);
    takeTurn(brute, ctx);
    expect(eventsOf(ctx.events, "attack")).toEqual([expect.objectContaining({ coupDeGrace: true, hit: true, crit: true, natural: 3 })]);
    expect(brute.actions).toMatchObject({ standard: true, move: true, quick: true });
  });
});
