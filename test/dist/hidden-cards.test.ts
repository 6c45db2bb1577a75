import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionsView } from "../../src/shell/cards/actions";
import { hiddenRows } from "../../src/rulesets/escalation/play/views/card-view";
import { hiddenButtons } from "../../src/rulesets/shock/play/cards/hidden-buttons";
import { cardView } from "../../src/rulesets/escalation/play/views/card-view";
import { cardView as shockView } from "../../src/rulesets/shock/play/cards/card-view";
import { sealCard } from "../../src/rulesets/shock/play/cards/card-seal";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { auditScreen } from "../support/audit";
import { chatFrame, documentFor, foundryTemplate, hasChromium, openStage, THEMES, type Stage } from "../support/browser";
import { rendererFor } from "../support/handlebars";
import { GM, sampleCard, sealed } from "../support/fixtures";
import { TARGET, windowLedger } from "../support/shock-window";

/**
 * A card whose content the roll mode hides from its viewer (a blind or private roll, a self roll
 * seen by someone else): Foundry renders "rolled privately" and "?" in place of the card
 * (client/documents/chat-message.mjs `#renderRollContent`), and the shell's render hook adds what
 * that viewer may still do (`card-actions.hbs`) — the target's owner answering a blind attack, the
 * poster applying its own blind card. In Foundry's own chat-message template and roll template,
 * both themes, audited. Screenshots: test-results/shell-card-hidden-*.png.
 */
const escalation = rendererFor("escalation");
const shock = rendererFor("shock");

/** What Foundry shows in place of a roll card's content when it is hidden from the viewer. */
function hiddenContent(): string {
  const roll = foundryTemplate("dice/roll.hbs")?.({ formula: "???", total: "?", tooltip: "" })
    ?? `<div class="dice-roll"><div class="dice-result"><h4 class="dice-total">?</h4></div></div>`;
  return roll;
}

const shockCard: ShockCard = {
  actorUuid: "Actor.corvin", weaponId: "sabresabresabre1", weaponName: "Sabre", summary: "",
  tokenUuid: "Scene.s.Token.tokenwenna", targetName: "Wenna", combatId: "c", round: 1,
  charge: false, snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: [],
  formula: "1d20 + 4", snapFor: "", execution: false, nonLethal: false, natural: 11, total: 15,
};

describe.skipIf(!hasChromium)("cards hidden by the roll mode still give their buttons", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 420, height: 700 });
  });
  afterAll(async () => stage?.browser.close());

  for (const theme of THEMES) {
    it(`escalation: the GM's Apply, Half, Double, Heal under a blind card (${theme})`, async () => {
      const view = actionsView("Arc Lance", hiddenRows(cardView(sampleCard, GM, sealed)), "?");
      const actions = escalation.renderShell("chat/card-actions.hbs", { view });
      await stage.show(documentFor(chatFrame(hiddenContent() + actions, { whisper: true }), theme));
      const tab = stage.tab;
      await expect(tab.locator(".dice-total").innerText()).resolves.toBe("?");
      await expect(tab.locator(".card-hidden-note").innerText()).resolves.toContain("Arc Lance");
      // The crit fail dealt nothing: only the hit's row has buttons.
      const labels = await tab.locator("button[data-fray-step]").allInnerTexts();
      // The amounts stay hidden as the roll mode hides them (the card says 30).
      expect(labels.map((l) => l.trim())).toEqual(["Apply ?", "Apply half: ?", "Apply double: ?", "Heal ?"]);
      await expect(tab.locator(".card-action-row .target-name").first().innerText())
        .resolves.toBe(sampleCard.targets[0]!.name);
      await auditScreen(tab, ".message", `shell-card-hidden-escalation-${theme}`);
    });

    it(`shock: the target's owner answers a blind attack (${theme})`, async () => {
      const seal = sealCard(shockCard, "authorauthorauth", {
        hit: true, targetCombatantId: TARGET, offers: ["totalDefense"],
      });
      const viewer = { isGM: false, userId: "owneronwerowner1", ownsTarget: true };
      const view = actionsView("Sabre", [{
        name: "Wenna",
        buttons: hiddenButtons(shockView(shockCard, viewer, seal, windowLedger({ defenders: [TARGET] }))),
      }], "?");
      const actions = shock.renderShell("chat/card-actions.hbs", { view });
      await stage.show(documentFor(chatFrame(hiddenContent() + actions, { whisper: true }), theme));
      const tab = stage.tab;
      const steps = await tab.locator("button[data-fray-step]").evaluateAll((bs) =>
        bs.map((b) => [(b as HTMLElement).dataset.frayStep, (b as HTMLElement).dataset.frayArgs]));
      expect(steps).toEqual([
        ["react", JSON.stringify({ choice: "totalDefense", seq: 0 })],
        ["react", JSON.stringify({ choice: "none", seq: 0 })],
      ]);
      await auditScreen(tab, ".message", `shell-card-hidden-shock-${theme}`);
    });
  }
});
