// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { survivalView } from "../../src/rulesets/escalation/play/views/survival-view";
import { initialOf } from "../../src/engine/schema/spec";
import { CHARACTER_SPEC } from "../../src/rulesets/escalation/rules/models";
import { render, t } from "../support/handlebars";
import { sampleCard, AUTHOR, GM, defenses, sealed } from "../support/fixtures";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";
import { cardView } from "../../src/rulesets/escalation/play/views/card-view";

const base = initialOf(CHARACTER_SPEC);

describe("the character sheet's survival part (real Handlebars)", () => {
  it("shows recoveries with formula and average, and offers spending them", () => {
    const system = { ...base, recoveries: { ...base.recoveries, value: 5, max: 8, dice: 2, die: "8" as const, bonus: 3, penalty: 0 } };
    const html = render("actor/survival.hbs", { survival: survivalView(system, "healthy", t), editable: true });
    expect(html).toContain("5 / 8");
    expect(html).toContain("2d8 + 3 (average 11)");
    expect(html).toContain('data-action="spendRecovery" data-mode="roll"');
    expect(html).not.toContain("death-saves");
    expect(html).not.toContain('class="penalty"');
  });
  it("a Dying character shows its failures, a hard first save and the death save button", () => {
    const system = { ...base, hp: { value: -4, max: 30 }, death: { failures: 2, stabilized: false, hardFirstSave: true, lastGasp: false, upNextTurn: false } };
    const doc = new DOMParser().parseFromString(render("actor/survival.hbs", { survival: survivalView(system, "dying", t), editable: true }), "text/html");
    expect(doc.querySelectorAll(".death-saves .mark").length).toBe(4);
    expect(doc.querySelectorAll(".death-saves .mark.failed").length).toBe(2);
    expect(doc.querySelector("[data-action=deathSave]")).not.toBeNull();
    expect(doc.body.textContent).toContain("2 Disadvantage on the next save");
    // Each mark says its state in words, not only by colour.
    expect([...doc.querySelectorAll(".death-saves .mark")].map((m) => m.getAttribute("aria-label")))
      .toEqual(["Death save 1: failed", "Death save 2: failed", "Death save 3: not failed", "Death save 4: not failed"]);
  });
  it("a dead character gets no death save button; a penalty is shown", () => {
    const system = { ...base, hp: { value: -9, max: 30 }, recoveries: { ...base.recoveries, penalty: 2 }, death: { failures: 4, stabilized: false, hardFirstSave: false, lastGasp: false, upNextTurn: false } };
    const html = render("actor/survival.hbs", { survival: survivalView(system, "dying", t), editable: true });
    expect(html).not.toContain('data-action="deathSave"');
    expect(html).toContain("−2 (no recoveries)");
  });
  it("a character back on its feet keeps its marks but gets no death save button", () => {
    const system = { ...base, hp: { value: 12, max: 30 }, death: { failures: 2, stabilized: false, hardFirstSave: false, lastGasp: false, upNextTurn: false } };
    const html = render("actor/survival.hbs", { survival: survivalView(system, "staggered", t), editable: true });
    expect(html).toContain("death-saves");
    expect(html).not.toContain('data-action="deathSave"');
  });
  it("the Quick Rest proposal heals without waste", () => {
    const system = { ...base, hp: { value: 10, max: 40 }, recoveries: { ...base.recoveries, value: 8, dice: 2, die: "8" as const, bonus: 0 } };
    expect(survivalView(system, "staggered", t).suggestedSpend).toBe(3);
  });
  it("the attack card says when a Confused attacker hurts itself and when a hit starts Last Gasp saves", () => {
    const marked = { ...sampleCard, targets: [{ ...sampleCard.targets[0]!, selfDamage: 7, lastGasp: true }] };
    const html = render("chat/attack-card.hbs", { view: cardView(marked, AUTHOR, { seal: sealAttack(marked, "player1"), ledger: undefined }) });
    expect(html).toContain("Confused: the attacker takes 7 when this is applied.");
    expect(html).toContain("Starts Last Gasp saves");
    expect(render("chat/attack-card.hbs", { view: cardView(sampleCard, AUTHOR, sealed) })).not.toContain("Confused:");
  });

  it("the attack card offers a duration for each effect while it can be applied", () => {
    const html = render("chat/attack-card.hbs", { view: cardView(sampleCard, GM, sealed, defenses) });
    const doc = new DOMParser().parseFromString(html, "text/html");
    const select = doc.querySelector<HTMLSelectElement>("select[data-fray-step=duration]")!;
    expect([...select.options].map((o) => o.value)).toEqual(["saveEnds", "endOfNextTurn", "endOfSourceNextTurn", "endOfEncounter"]);
    expect(select.value).toBe("endOfNextTurn");
  });
});
