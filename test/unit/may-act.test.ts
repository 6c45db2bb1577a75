import { describe, expect, it } from "vitest";
import { SeededRoller } from "../../src/engine/dice/roller";
import { applyAttack, rollAttack } from "../../src/rulesets/escalation/encounter/attacks";
import { startTurn } from "../../src/rulesets/escalation/encounter/economy";
import { engage } from "../../src/rulesets/escalation/encounter/engagement";
import { createFighter, mayActNow, refreshState, setDeath, type Fighter } from "../../src/rulesets/escalation/encounter/fighter";
import { beforeProvokingUse } from "../../src/rulesets/escalation/encounter/position";
import { runEncounter } from "../../src/rulesets/escalation/encounter/simulate";
import { deathSave, healFighter } from "../../src/rulesets/escalation/encounter/survival";
import { FRESH_DEATH_TRACK, mayAct, startLastGasp } from "../../src/rulesets/escalation/rules/death-save";
import type { Statblock } from "../../src/rulesets/escalation/rules/statblock";
import { ActionAudit } from "./runner-audit";
import { block, eventsOf, fixedContext, pregens, scriptedContext } from "./runner-fixtures";

/**
 * Who may act: a character making death saves (Dying, or Last Gasp saves, made "as if they were
 * dropped below 0") takes no action or reaction, and one back up after a plain success or a heal
 * acts from its next turn (`000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves).
 */
const fighter = (name: string, side: "party" | "enemies", order: number): Fighter => createFighter(block(name), side, order);

function hurt(f: Fighter, hp: number): void {
  f.hp = hp;
  refreshState(f);
}

describe("mayAct (the rule)", () => {
  it("only Healthy or Staggered, not making Last Gasp saves, not waiting for its next turn, not dead", () => {
    expect(mayAct("healthy", false, false, false)).toBe(true);
    expect(mayAct("staggered", false, false, false)).toBe(true);
    expect(mayAct("dying", false, false, false)).toBe(false);
    expect(mayAct("defeated", false, false, false)).toBe(false);
    expect(mayAct("healthy", true, false, false)).toBe(false);
    expect(mayAct("healthy", false, true, false)).toBe(false);
    expect(mayAct("healthy", true, false, true)).toBe(false);
  });
});

describe("a character making Last Gasp saves takes no action or reaction", () => {
  const setup = () => {
    const brann = fighter("Brann Tallow", "party", 0);
    const drake = fighter("Gravel Drake", "enemies", 1);
    const ctx = fixedContext(1, [brann, drake], drake.key);
    engage(brann, drake, ctx);
    // Brann held the line last turn, then the drake's Stone Gaze started his Last Gasp saves.
    brann.holdingLine = true;
    setDeath(brann, startLastGasp(brann.death));
    return { brann, drake, ctx };
  };

  it("it neither holds the line against a disengage nor makes an opportunity attack", () => {
    const { brann, drake, ctx } = setup();
    expect(brann.state).toBe("healthy");
    expect(mayActNow(brann)).toBe(false);
    beforeProvokingUse(drake, ctx);
    expect(eventsOf(ctx.events, "disengageBlocked")).toEqual([]);
    // The drake's disengage fails (natural 3): still engaged, but Brann cannot take the opening.
    expect(eventsOf(ctx.events, "disengage")).toEqual([expect.objectContaining({ actor: drake.key, success: false })]);
    expect(eventsOf(ctx.events, "opportunity")).toEqual([]);
  });

  it("a seeded fight: Brann, in Last Gasp saves from the drake's gaze, gives no opening and holds no line", () => {
    const foes = ["Mirewood Strangler", "Gravel Drake", "Stormcaller Adept"].map(block);
    const audit = new ActionAudit();
    const events = runEncounter({ party: pregens, foes, roller: new SeededRoller(9), observe: (e, f) => audit.check(e, f) }).events;
    // The gaze hits Brann in round 2; the drake then disengages (his Hold the Line stopped it before).
    const gasp = events.findIndex((e) => e.kind === "lastGasp" && e.actor === "Brann Tallow");
    expect(gasp).toBeGreaterThan(0);
    const saved = events.findIndex((e, i) => i > gasp && e.kind === "deathSave" && e.actor === "Brann Tallow" && e.outcome !== "failure");
    const held = events.slice(gasp, saved < 0 ? undefined : saved);
    expect(held.filter((e) => (e.kind === "opportunity" && e.attacker === "Brann Tallow") || (e.kind === "disengageBlocked" && e.by === "Brann Tallow"))).toEqual([]);
    expect(audit.problems).toEqual([]);
  });
});

describe("back up after a death save or a heal, it acts from its next turn", () => {
  const setup = (dice: number[]) => {
    const oriel = fighter("Mother Oriel", "party", 0);
    const brann = fighter("Brann Tallow", "party", 1);
    const brute = fighter("Ironbark Brute", "enemies", 2);
    hurt(oriel, -3);
    const ctx = scriptedContext(dice, [oriel, brann, brute], oriel.key);
    return { oriel, brann, brute, ctx };
  };

  it("a plain success: up, but no Interrupt (Ward of the Oath) before its next turn", () => {
    const { oriel, brann, brute, ctx } = setup([5, 5, 4]);
    expect(deathSave(oriel, ctx)).toBe(false);
    expect(oriel.state).not.toBe("dying");
    expect(mayActNow(oriel)).toBe(false);
    // A hit that would drop Brann: Oriel's Ward would prevent it, but she cannot act yet.
    hurt(brann, 5);
    const hit = fixedContext(6, [oriel, brann, brute], brute.key);
    applyAttack(rollAttack(brute, brann, brute.block.abilities[0]!, hit)!, hit);
    expect(eventsOf(hit.events, "ward")).toEqual([]);
    expect(brann.state).toBe("dying");
    startTurn(oriel, 3);
    expect(mayActNow(oriel)).toBe(true);
  });

  it("a natural 17+ acts at once", () => {
    const { oriel, ctx } = setup([6, 6, 6]);
    expect(deathSave(oriel, ctx)).toBe(true);
    expect(mayActNow(oriel)).toBe(true);
  });

  it("healed by an ally as if it had saved: from its next turn", () => {
    const { oriel, brann, ctx } = setup([]);
    healFighter(oriel, "ability", ctx, brann.key);
    expect(oriel.hp).toBeGreaterThan(0);
    expect(mayActNow(oriel)).toBe(false);
  });

  it("a Last Gasp save passed: it keeps its HP and acts from its next turn", () => {
    const { brann, ctx } = setup([5, 5, 4]);
    setDeath(brann, startLastGasp(FRESH_DEATH_TRACK));
    expect(deathSave(brann, ctx)).toBe(false);
    expect(brann.hp).toBe(brann.block.hpMax);
    expect(brann.death.lastGasp).toBe(false);
    expect(mayActNow(brann)).toBe(false);
  });
});

describe("the runner's invariant: nobody acts who may not", () => {
  it("holds on every event of many fights, grabbers and the drake's gaze included", () => {
    const group = (names: string): Statblock[] => names.split(",").map(block);
    const lineups: Statblock[][] = [
      group("Bog Goblin Skulker,Bog Goblin Skulker,Cinder Imp,Ashen Cultist,Marsh Hag,Ironbark Brute"),
      group("Mirewood Strangler,Gravel Drake,Stormcaller Adept"),
      group("Gravel Drake,Gravel Drake"),
      group("Whisper Shade,Bonepicker Vulture,Gutter Rat Swarm,Hollow Sentry,Mirewood Strangler"),
    ];
    let actions = 0;
    for (const foes of lineups) {
      for (let seed = 1; seed <= 100; seed++) {
        const audit = new ActionAudit();
        runEncounter({ party: pregens, foes, roller: new SeededRoller(seed), observe: (e, f) => audit.check(e, f) });
        expect(audit.problems, `seed ${seed}`).toEqual([]);
        actions += audit.actions;
      }
    }
    expect(actions).toBeGreaterThan(10_000);
  });
});
