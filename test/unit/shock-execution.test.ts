// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localizerFor } from "../../src/engine/i18n";
import { UNARMED, type Statblock, type Weapon } from "../../src/rulesets/shock/rules/statblock";
import { executionOutcome } from "../../src/rulesets/shock/foundry/chat/resolve";
import { checkChoice, parseChoice } from "../../src/rulesets/shock/foundry/chat/attack-choice";
import { sealCard, sealOf } from "../../src/rulesets/shock/foundry/chat/card-seal";
import { cardView } from "../../src/rulesets/shock/foundry/chat/card-view";
import type { ShockCard } from "../../src/rulesets/shock/foundry/chat/card-spec";

/** Execution attacks, pure parts. Source: `002_5e27cdf788b28f5f.txt` §Execution Attacks. */
const sword: Weapon = { ...UNARMED, id: "sword", name: "Sword", unarmed: false, skill: "stab", attributes: ["str"], dice: 1, die: 8 };
const assassin: Statblock = {
  id: "a", name: "A", isPC: true, attackBonus: 1, hitDice: 1, attributes: { str: 1, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
  skills: { stab: 2, shoot: 0, brawl: 0, exert: 0, sneak: 0, notice: 0, heal: 0 }, hpMax: 10, ac: 12, shield: false, save: 14,
  snapAttack: true, morale: 12, fearless: true, group: "A", weapons: [sword],
};
const facts = { attacker: assassin, weapon: sword, natural: 3, total: 6, swarmOthers: 0, dualWield: false };

describe("an execution's result", () => {
  it("the Physical save at − the assailant's combat skill: failed, the target falls; saved, maximum damage", () => {
    // Save 13: d20 14 − Stab 2 = 12 fails; d20 15 − 2 = 13 saves, taking 1d8 at 8 + STR 1 = 9.
    expect(executionOutcome(facts, 13, 14)).toMatchObject({ hit: true, kind: "hit", amount: 0, execution: { total: 12, target: 13, saved: false } });
    expect(executionOutcome(facts, 13, 15)).toMatchObject({ hit: true, kind: "hit", amount: 9, execution: { total: 13, saved: true } });
  });

  it("the dialog's choice: an execution is a plain attack", () => {
    const choice = parseChoice({ execution: "on", swarmOthers: 0 });
    expect(choice?.execution).toBe(true);
    expect(checkChoice(assassin, sword, { ...choice!, charge: true }, 0, null)).toEqual({ ok: false, key: "FRAY.Shock.Refuse.ExecutionAlone" });
    expect(checkChoice(assassin, sword, choice!, 0, null).ok).toBe(true);
  });

  it("the card says so, with the save; a failed save's Apply fells the target", () => {
    const lang = JSON.parse(readFileSync(join(process.cwd(), "src/rulesets/shock/lang/foundry.json"), "utf8")) as Record<string, unknown>;
    const t = localizerFor(lang);
    const hb = Handlebars.create();
    hb.registerHelper("localize", (key: string, o: Handlebars.HelperOptions) => t(key, o.hash as Record<string, string>));
    hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
    const template = hb.compile(readFileSync(join(process.cwd(), "src/rulesets/shock/templates/chat/attack-card.hbs"), "utf8"));
    const card: ShockCard = {
      actorUuid: "Actor.a", weaponId: "sword", weaponName: "Sword", summary: "", tokenUuid: "Scene.s.Token.t", targetName: "Guard",
      combatId: "", round: 0, charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
      formula: "1d20 + 4", snapFor: "", execution: true, natural: 3, total: 7,
    };
    const seal = sealCard(card, "u", { hit: true, targetCombatantId: "", offers: [] });
    expect(sealOf(JSON.parse(JSON.stringify(seal)))?.execution).toBe(true);
    const failed = cardView(card, { isGM: false, userId: "u", ownsTarget: false }, seal, { result: executionOutcome(facts, 13, 14) });
    const html = template({ view: failed });
    expect(html).toContain("Physical save 12 against 13, failed");
    expect(html).toContain("the target falls to 0 HP");
    expect(html).toContain("execution");
    const saved = cardView(card, { isGM: false, userId: "u", ownsTarget: false }, seal, { result: executionOutcome(facts, 13, 15) });
    expect(template({ view: saved })).toContain("saved: maximum damage, 9");
  });
});
