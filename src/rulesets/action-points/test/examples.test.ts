import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../../engine/dice/roller";
import { move, takeStep } from "../encounter/movement";
import { totalDefense } from "../encounter/special";
import { strike } from "../encounter/strike";
import { perform } from "../encounter/actions";
import { runApEncounter } from "../encounter/simulate";
import { arena, ofKind, spell, statblock, weapon } from "./arena";
import { block, party } from "./fights";

/**
 * The text's own examples as the runner plays them, through its own steps on scripted dice.
 * Source: `004_2cc57162401858c9.txt` §Parrying Large Creatures, §Threat Range (the note on moving
 * between threatened hexes), §Taking a Step, §Range Penalties, §Gang-up, §Two-Weapon Fighting,
 * §Reaction Attacks, §Critical Results, §Total Defense, §Surprise Attacks, §Initiative.
 */
const club = weapon({ name: "Greatclub", category: "mace", damage: { dice: 2, die: 8, bonus: 3 } });

describe("the text's examples in the runner (004)", () => {
  it("§Parrying Large Creatures: a Large Normal success beats a Medium Normal parry, ×1 damage", () => {
    const ogre = statblock({ name: "Ogre", size: "large", skills: { melee: 50 }, weapons: [club] });
    // No weapon of its own: it may Parry (which needs none) but not Riposte; it parries well.
    const hero = statblock({ name: "Hero", skills: { melee: 100, agility: 10, athletics: 10 }, weapons: [] });
    const { ctx, events, roller, f } = arena([
      { block: ogre, side: "foes", at: { q: 0, r: 0 } },
      { block: hero, side: "party", at: { q: -1, r: 0 } },
    ], [40, 60, 4, 5]);
    strike(ctx, f("Ogre"), f("Hero"), { weapon: club }, { attackKind: "attack" });
    expect(roller.left).toBe(0);
    const [attack] = ofKind(events, "attack");
    expect(attack?.check.level).toBe("normal");
    const [reaction] = ofKind(events, "reaction");
    expect(reaction).toMatchObject({ reaction: "parry", shift: 1, won: false });
    expect(reaction?.check.level).toBe("normal");
    const [damage] = ofKind(events, "damage");
    expect(damage).toMatchObject({ level: "normal", multiplier: 1, amount: 12, hpBefore: 20, hpAfter: 8 });
  });

  it("§Parrying Large Creatures: no Parry against a creature more than one size larger", () => {
    const giant = statblock({ name: "Giant", size: "huge", skills: { melee: 50 }, weapons: [club] });
    const hero = statblock({ name: "Hero", skills: { melee: 100 } });
    const { ctx, events, f } = arena([
      { block: giant, side: "foes", at: { q: 0, r: 0 } },
      { block: hero, side: "party", at: { q: -1, r: 1 } },
    ], [40, 4, 5]);
    strike(ctx, f("Giant"), f("Hero"), { weapon: club }, { attackKind: "attack" });
    const [offer] = ofKind(events, "offer");
    expect(offer?.offers.map((o) => o.answer)).toEqual(["dodge"]);
  });

  it("§Threat Range: moving between two hexes a foe threatens provokes it; a Step does not", () => {
    const fighters = [
      { block: statblock({ name: "Guard" }), side: "foes" as const, at: { q: 0, r: 0 } },
      { block: statblock({ name: "Runner" }), side: "party" as const, at: { q: 1, r: 0 } },
    ];
    // (1, 0) and (1, −1) are both next to the guard at (0, 0).
    const walked = arena(fighters, [99]);
    move(walked.ctx, walked.f("Runner"), [{ q: 1, r: 0 }, { q: 1, r: -1 }]);
    const [provoked] = ofKind(walked.events, "provoked");
    expect(provoked?.trigger).toEqual({ kind: "leave", hex: { q: 1, r: 0 } });
    expect(provoked?.threateners).toEqual([{ actor: "Guard", rp: 2, attacks: true }]);
    const [attack] = ofKind(walked.events, "attack");
    expect(attack).toMatchObject({ attackKind: "reaction", attacker: "Guard", target: "Runner" });
    expect(attack?.check.modifiers).toEqual([]);
    expect(walked.f("Guard").points.get("rp")).toBe(1);
    const stepped = arena(fighters, []);
    takeStep(stepped.ctx, stepped.f("Runner"), { q: 1, r: -1 });
    expect(ofKind(stepped.events, "provoked")).toEqual([]);
    expect(ofKind(stepped.events, "move")[0]).toMatchObject({ reason: "step", ap: 0 });
    expect(stepped.f("Runner").points.get("ap")).toBe(4);
  });

  it("§Range Penalties: a Shortbow (Range 6) takes −10 at 7–12 hexes, −20 at 13–18", () => {
    const bow = weapon({ name: "Shortbow", kind: "ranged", category: "bow", range: 6 });
    const archer = statblock({ name: "Archer", skills: { ranged: 60 }, weapons: [bow] });
    const got: number[] = [];
    for (const q of [6, 7, 12, 13, 18]) {
      const { ctx, events, f } = arena([
        { block: archer, side: "party", at: { q: 0, r: 0 } },
        { block: statblock({ name: "Mark" }), side: "foes", at: { q, r: 0 } },
      ], [99]);
      strike(ctx, f("Archer"), f("Mark"), { weapon: bow }, { attackKind: "attack" });
      const [a] = ofKind(events, "attack");
      expect(a?.distance).toBe(q);
      got.push(a?.check.modifiers.reduce((n, m) => n + m.value, 0) ?? NaN);
    }
    expect(got).toEqual([0, -10, -10, -20, -20]);
  });

  it("§Gang-up and §Two-Weapon Fighting: +10 with an ally threatening too; −10 off hand", () => {
    const axe = weapon({ name: "Hand Axe", category: "axe", offHand: true });
    const dagger = weapon({ name: "Dagger", category: "dagger", offHand: true, finesse: true });
    const { ctx, events, f } = arena([
      { block: statblock({ name: "A", weapons: [weapon(), axe, dagger] }), side: "party", at: { q: 0, r: 0 } },
      { block: statblock({ name: "B" }), side: "party", at: { q: 2, r: -1 } },
      { block: statblock({ name: "Foe" }), side: "foes", at: { q: 1, r: 0 } },
    ], [99, 99, 99, 99]);
    strike(ctx, f("A"), f("Foe"), { weapon: weapon() }, { attackKind: "attack" });
    strike(ctx, f("A"), f("Foe"), { weapon: axe }, { attackKind: "attack" });
    strike(ctx, f("A"), f("Foe"), { weapon: dagger }, { attackKind: "attack" });
    f("B").out = true;
    strike(ctx, f("A"), f("Foe"), { weapon: weapon() }, { attackKind: "attack" });
    expect(ofKind(events, "attack").map((a) => a.check.modifiers)).toEqual([
      [{ source: "gangUp", value: 10 }],
      [{ source: "gangUp", value: 10 }, { source: "offHand", value: -10 }],
      [{ source: "gangUp", value: 10 }],
      [],
    ]);
  });

  it("§Reaction Attacks: a cast in a foe's threat range provokes it; the spell still goes off", () => {
    const bolt = spell({ name: "Bolt", range: 6 });
    const mage = statblock({ name: "Mage", skills: { arcana: 70 }, spells: [bolt], weapons: [] });
    const { ctx, events, f } = arena([
      { block: mage, side: "party", at: { q: 0, r: 0 } },
      { block: statblock({ name: "Thug" }), side: "foes", at: { q: 1, r: 0 } },
    ], [99, 99]);
    perform(ctx, f("Mage"), { do: "cast", target: f("Thug"), spell: bolt });
    const kinds = events.filter((e) => e.kind === "provoked" || e.kind === "attack")
      .map((e) => (e.kind === "attack" ? `${e.attackKind}:${e.attacker}` : `provoked:${e.trigger.kind}`));
    expect(kinds).toEqual(["provoked:cast", "reaction:Thug", "spell:Mage"]);
  });

  it("§Critical Results: a critical Dodge of a non-critical attack gives its RP back", () => {
    const { ctx, events, f } = arena([
      { block: statblock({ name: "Orc", skills: { melee: 60 } }), side: "foes", at: { q: 0, r: 0 } },
      { block: statblock({ name: "Elf", skills: { agility: 50, athletics: 20, melee: 20 } }), side: "party", at: { q: 1, r: 0 } },
    ], [50, 1]);
    strike(ctx, f("Orc"), f("Elf"), { weapon: weapon() }, { attackKind: "attack" });
    const [reaction] = ofKind(events, "reaction");
    expect(reaction).toMatchObject({ reaction: "dodge", won: true, attackLevel: "normal" });
    expect(reaction?.check.level).toBe("critical");
    const rp = ofKind(events, "pool").filter((p) => p.actor === "Elf").map((p) => `${p.pool}${p.delta}:${p.cause}`);
    expect(rp).toEqual(["rp-1:dodge", "rp1:refund", "fp1:successfulReaction"]);
    expect(ofKind(events, "damage")).toEqual([]);
  });

  it("§Total Defense: +1 RP, and its reactions roll two d100 keeping the better", () => {
    const { ctx, events, f } = arena([
      { block: statblock({ name: "Orc", skills: { melee: 60 } }), side: "foes", at: { q: 0, r: 0 } },
      { block: statblock({ name: "Elf", skills: { agility: 50, athletics: 20, melee: 20 } }), side: "party", at: { q: 1, r: 0 } },
    ], [50, 70, 20]);
    f("Elf").points.startTurn();
    totalDefense(ctx, f("Elf"));
    expect(f("Elf").points.get("rp")).toBe(3);
    expect(f("Elf").points.get("ap")).toBe(2);
    strike(ctx, f("Orc"), f("Elf"), { weapon: weapon() }, { attackKind: "attack" });
    const [reaction] = ofKind(events, "reaction");
    expect(reaction?.check).toMatchObject({
      edge: "advantage", edgeSources: [{ source: "totalDefense", edge: 1 }], dice: [70, 20],
      kept: 20, level: "hard",
    });
    expect(reaction?.won).toBe(true);
  });

  it("§Initiative: 1d10 + the Agility modifier, the tens digit of Agility", () => {
    const r = runApEncounter({ party: party(), foes: [block("ogre")], roller: new SeededRoller(3) });
    const [initiative] = ofKind(r.events, "initiative");
    for (const roll of initiative?.rolls ?? []) {
      const b = [...party(), block("ogre")].find((x) => x.name === roll.actor);
      expect(roll.modifier).toBe(Math.floor((b?.skills.agility ?? 0) / 10));
      expect(roll.score).toBe((roll.dice[0] ?? 0) + roll.modifier);
    }
  });
});
