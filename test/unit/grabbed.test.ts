import { describe, expect, it } from "vitest";
import { applyAttack, rollAttack } from "../../src/rulesets/escalation/encounter/attacks";
import { engage } from "../../src/rulesets/escalation/encounter/engagement";
import { createFighter, setEffects } from "../../src/rulesets/escalation/encounter/fighter";
import { beforeProvokingUse } from "../../src/rulesets/escalation/encounter/position";
import { chooseAbility } from "../../src/rulesets/escalation/encounter/tactics";
import { takeReadied, takeTurn } from "../../src/rulesets/escalation/encounter/turn";
import { arsenalOf } from "../../src/rulesets/escalation/encounter/arsenal";
import { useBlockWith } from "../../src/rulesets/escalation/rules/statblock";
import { block, eventsOf, fixedContext, scriptedContext, timed } from "./runner-fixtures";

/**
 * Grabbed in the headless runner, per instance and its source: "the enemy grabbing you gains 1
 * Advantage to hit you", and "1 Disadvantage to Disengage from the enemy grabbing you unless you've
 * hit them with an attack this round" (`000_c2dc3d650823e22d.txt` §Conditions and Effects).
 */
describe("Grabbed knows its grabber", () => {
  const setup = () => {
    const strangler = createFighter(block("Mirewood Strangler"), "enemies", 0);
    const other = createFighter(block("Hollow Sentry"), "enemies", 1);
    const pc = createFighter(block("Mother Oriel"), "party", 2);
    const vine = strangler.block.abilities.find((a) => a.name === "Choking Vine")!;
    // Choking Vine hits (natural 15, no crit), damage dice all 1s: Grabbed and Hampered from the Strangler.
    const ctx = scriptedContext([5, 5, 5, 1, 1], [strangler, other, pc], strangler.key);
    engage(strangler, pc, ctx);
    applyAttack(rollAttack(strangler, pc, vine, ctx)!, ctx);
    expect(eventsOf(ctx.events, "condition").map((e) => [e.condition, e.source])).toEqual([["grabbed", strangler.key], ["hampered", strangler.key]]);
    return { strangler, other, pc, vine };
  };

  it("the grabber attacks the creature it grabs with 1 Advantage; another attacker does not", () => {
    const { strangler, other, pc, vine } = setup();
    const byGrabber = scriptedContext([3, 3, 3, 3], [strangler, other, pc]);
    rollAttack(strangler, pc, vine, byGrabber);
    expect(eventsOf(byGrabber.events, "attack")[0]).toMatchObject({ edge: 1, dice: [3, 3, 3, 3] });
    const fist = other.block.abilities[0]!;
    const byOther = scriptedContext([3, 3, 3], [strangler, other, pc]);
    rollAttack(other, pc, fist, byOther);
    expect(eventsOf(byOther.events, "attack")[0]).toMatchObject({ edge: 0 });
  });

  it("disengaging from the grabber has 1 Disadvantage, unless the bearer hit it this round", () => {
    const { strangler, other, pc } = setup();
    const ctx = scriptedContext([6, 6, 6, 6], [strangler, other, pc], pc.key);
    beforeProvokingUse(pc, ctx);
    expect(eventsOf(ctx.events, "disengage")[0]).toMatchObject({ edge: -1, dice: [6, 6, 6, 6], success: true });
    // Engaged only with someone else: the grabber is not among those it disengages from.
    engage(other, pc, ctx);
    // Each check is a Move action: a fresh turn each time.
    pc.actions.move = false;
    const away = scriptedContext([6, 6, 6], [strangler, other, pc], pc.key);
    beforeProvokingUse(pc, away);
    expect(eventsOf(away.events, "disengage")[0]).toMatchObject({ edge: 0 });
    // Having hit the grabber this round, the bearer disengages from it without the Disadvantage.
    engage(strangler, pc, ctx);
    pc.hitThisRound.push(strangler.key);
    pc.actions.move = false;
    const afterHit = scriptedContext([6, 6, 6], [strangler, other, pc], pc.key);
    beforeProvokingUse(pc, afterHit);
    expect(eventsOf(afterHit.events, "disengage")[0]).toMatchObject({ edge: 0 });
  });

  it("a hit marks the target as hit this round (what the Disengage exception reads)", () => {
    const { strangler, pc } = setup();
    const basic = pc.block.abilities.find((a) => a.system.basic === "ranged")!;
    const ctx = scriptedContext([6, 6, 5], [strangler, pc]);
    expect(rollAttack(pc, strangler, basic, ctx)?.outcome.hit).toBe(true);
    expect(pc.hitThisRound).toEqual([strangler.key]);
  });
});

/**
 * A Grabbed character "can't use ... Ranged Attacks/Spells" (§Conditions and Effects): the runner
 * neither chooses nor readies an attack spell or a ranged attack for it.
 */
describe("Grabbed: no Ranged attacks or spells in the runner", () => {
  const grabbedCaster = () => {
    const oriel = createFighter(block("Mother Oriel"), "party", 0);
    const strangler = createFighter(block("Mirewood Strangler"), "enemies", 1);
    setEffects(oriel, [timed("grabbed", oriel, { source: strangler.key })]);
    const ray = oriel.block.abilities.find((a) => a.name === "Judgement Ray")!;
    return { oriel, strangler, ray };
  };

  it("the rule check refuses the caster's attack spell and its Basic Ranged Attack", () => {
    const { oriel, ray } = grabbedCaster();
    expect(useBlockWith(ray.system, 0, oriel.summary)).toBe("FRAY.Use.Grabbed");
    expect(useBlockWith(arsenalOf(oriel.block).ranged!.entry.system, 0, oriel.summary)).toBe("FRAY.Use.Grabbed");
    expect(useBlockWith(arsenalOf(oriel.block).melee!.entry.system, 0, oriel.summary)).toBeNull();
  });

  it("on its turn it switches to melee and makes its Basic Melee Attack instead of Judgement Ray", () => {
    const { oriel, strangler } = grabbedCaster();
    const ctx = fixedContext(1, [oriel, strangler], oriel.key);
    engage(strangler, oriel, ctx);
    expect(chooseAbility(oriel, 0, [strangler])?.name).toBe("Basic Melee Attack");
    takeTurn(oriel, ctx);
    expect(eventsOf(ctx.events, "stance")).toEqual([expect.objectContaining({ actor: oriel.key, stance: "melee" })]);
    expect(eventsOf(ctx.events, "use").map((e) => e.ability)).toEqual(["Basic Melee Attack"]);
    expect(eventsOf(ctx.events, "attack").map((e) => e.ability)).toEqual(["Basic Melee Attack"]);
  });

  it("an attack spell readied before the grab lapses", () => {
    const { oriel, strangler, ray } = grabbedCaster();
    const attack = arsenalOf(oriel.block).powers.find((o) => o.entry === ray)!;
    oriel.readied = { attack, trigger: strangler.key };
    const ctx = fixedContext(4, [oriel, strangler]);
    takeReadied(oriel, strangler, ctx);
    expect(ctx.events).toEqual([]);
  });
});
