import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDefaults } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/phases/play/data/kept-spec";
import type { PhasesCard } from "../../src/rulesets/phases/play/cards/card-spec";
import type { PhasesLedger } from "../../src/rulesets/phases/play/cards/card-steps";
import { cardView, type CardViewer } from "../../src/rulesets/phases/play/cards/card-view";
import { sealAttack, type AttackFacts, type PhasesSeal } from "../../src/rulesets/phases/play/cards/seal";
import { packStatblock } from "../../src/rulesets/phases/test/pack-statblocks";
import { auditScreen } from "../support/audit";
import { chatFrame, documentFor, hasChromium, openStage, THEMES, type Stage, type Theme } from "../support/browser";
import { rendererFor } from "../support/handlebars";

/**
 * phases' attack card as Foundry's chat log shows it, in real headless Chromium with Foundry v13's
 * core stylesheet and Fray's built one, both themes: Brakka's Shield Bash on an Exposed bog
 * goblin (Advantage 2: the d8 among the dice, the dropped die struck through, each source
 * named, Dazed inflicted) as the GM sees it before Apply and as its author
 * sees it after; the goblin's spear on Brakka under Disadvantage (a miss, no damage); a card
 * still waiting for the GM; a refused one. `auditScreen` checks contrast, names, overflow and
 * 24px targets and saves test-results/phases-card-*.png. Needs /usr/bin/chromium and a built
 * dist/.
 */
const { render, renderShell, t } = rendererFor("phases");
const brakka = packStatblock("pregens", "brakka-stone");
const goblin = packStatblock("npcs", "bog-goblin");
const bash = brakka.attacks.find((a) => a.name === "Shield Bash")!;
const spear = goblin.attacks.find((a) => a.name === "Rusty Spear")!;

const card = (item: string, target: string): PhasesCard => ({
  actorUuid: "Actor.a", itemId: "i", itemName: item, tokenUuid: "Scene.s.Token.a",
  targetTokenUuid: "Scene.s.Token.b", targetName: target, combatId: "c", round: 2, opportunityFor: "",
});
const facts = (over: Partial<AttackFacts>): AttackFacts => ({
  attacker: brakka, target: goblin, power: bash, attackerConditions: [], targetConditions: [],
  attackerUp: true, targetUp: true, reaches: true, gmPosted: false,
  combat: {
    round: 2, step: "battle", ownTurn: true, kept: withDefaults(KEPT_SPEC, {}), targetSeized: false,
    targetDefending: false, attackerDisengaged: false,
  },
  ...over,
});
function sealed(c: PhasesCard, f: AttackFacts, dice: number[], damage: number[]): PhasesSeal {
  const v = sealAttack(c, "author", f, dice, damage);
  if (!v.ok) throw new Error(v.refused);
  return v.seal;
}
const BASH = card("Shield Bash", "Bog Goblin");
const bashSeal = sealed(BASH, facts({ targetConditions: ["exposed"] }), [2, 6, 5], [4]);
const SPEAR = card("Rusty Spear", "Brakka Stone");
const spearSeal = sealed(SPEAR, facts({ attacker: goblin, target: brakka, power: spear }),
  [5, 6, 1], []);

const GM: CardViewer = { isGM: true, userId: "gm" };
const AUTHOR: CardViewer = { isGM: false, userId: "author" };
const page = (c: PhasesCard, seal: PhasesSeal | null, ledger: PhasesLedger, who: CardViewer,
  theme: Theme, refusal: string | null = null) =>
  documentFor(chatFrame(render("chat/attack-card.hbs", {
    view: cardView(c, seal, ledger, who, t, refusal),
  })), theme);

/** The End phase's one card (the shell's offer card with phases' lines), as the GM posts it. */
const endPhaseCard = (brakka: "waiting" | "rolled", theme: Theme) => {
  const goblinLine = t("FRAY.Phases.EndPhase.Saved",
    { name: "Bog Goblin", condition: t("FRAY.Phases.Condition.slowed"), dice: "6 + 2", total: "8" });
  const dazed = t("FRAY.Phases.Condition.dazed");
  const brakkaLine = brakka === "waiting"
    ? t("FRAY.Phases.EndPhase.Pending", { name: "Brakka Stone", condition: dazed })
    : t("FRAY.Phases.EndPhase.Failed", { name: "Brakka Stone", condition: dazed, dice: "1 + 2", total: "3" });
  // Her button shows to her owner until it is pressed (shell/offers/runtime.ts buttonShown).
  const buttons = brakka === "waiting"
    ? [{ combatantId: "b", label: t("FRAY.Phases.EndPhase.Roll", { name: "Brakka Stone" }) }] : [];
  return documentFor(chatFrame(renderShell("chat/offer-card.hbs", {
    title: t("FRAY.Phases.EndPhase.Heading", { round: "2" }), line: t("FRAY.Phases.EndPhase.Offer"),
    lines: [goblinLine, brakkaLine], buttons,
  })), theme);
};

describe.skipIf(!hasChromium)("phases' attack card in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 420, height: 700 }); });
  afterAll(async () => stage?.browser.close());
  for (const theme of THEMES) {
    it(`a hit with its edge sources, before and after Apply (${theme})`, async () => {
      await stage.show(page(BASH, bashSeal, {}, GM, theme));
      const tab = stage.tab;
      await expect(tab.locator(".phs-edge").innerText()).resolves.toBe("Advantage 2: 2d6 and a d8, the two highest kept");
      await expect(tab.locator(".phs-sources .fray-tag").allInnerTexts())
        .resolves.toEqual(["Tier difference +1", "Target Exposed +1"]);
      await expect(tab.locator(".phs-die.dropped .phs-die-value").allInnerTexts())
        .resolves.toEqual(["2"]);
      await expect(tab.locator(".phs-check").innerText())
        .resolves.toBe("Kept 6 + 5, +5 ATK: 16 against DEF 11");
      await expect(tab.locator("[data-fray-step=apply]").innerText())
        .resolves.toContain("Apply to Bog Goblin");
      await auditScreen(tab, ".fray-card", `phases-card-hit-gm-${theme}`);
      await stage.show(page(BASH, bashSeal, { applied: true }, AUTHOR, theme));
      await expect(tab.locator("[data-fray-step=undo]").count()).resolves.toBe(1);
      await expect(tab.locator(".phs-outcome .fray-tag").innerText()).resolves.toBe("Applied");
      await auditScreen(tab, ".fray-card", `phases-card-applied-${theme}`);
    });

    it(`a miss under Disadvantage, a card waiting and a refused one (${theme})`, async () => {
      await stage.show(page(SPEAR, spearSeal, {}, GM, theme));
      const tab = stage.tab;
      await expect(tab.locator(".phs-edge").innerText()).resolves.toBe("Disadvantage 1: 2d6 and a d12, the two lowest kept");
      await expect(tab.locator(".phs-outcome").innerText()).resolves.toContain("Miss");
      await expect(tab.locator("[data-fray-step]").count()).resolves.toBe(0);
      await auditScreen(tab, ".fray-card", `phases-card-miss-${theme}`);
      // The same spear as an opportunity attack: free, named so.
      const opportunity = { ...spearSeal, posted: { ...spearSeal.posted, opportunityFor: "prompt" } };
      await stage.show(page({ ...SPEAR, opportunityFor: "prompt" }, opportunity, {}, GM, theme));
      await expect(tab.locator(".phs-opportunity").innerText()).resolves.toBe("Opportunity attack");
      await auditScreen(tab, ".fray-card", `phases-card-opportunity-${theme}`);
      await stage.show(page(BASH, null, {}, AUTHOR, theme));
      await expect(tab.locator(".card-note").innerText()).resolves.toContain("Waiting");
      await stage.show(page(BASH, null, {}, AUTHOR, theme,
        "Refused: attacks are made in the Battle phase"));
      await expect(tab.locator(".card-why").innerText()).resolves.toContain("Battle phase");
      await auditScreen(tab, ".fray-card", `phases-card-refused-${theme}`);
    });

    it(`the End phase's one card: a save rolled, one waiting for its owner, then rolled (${theme})`, async () => {
      await stage.show(endPhaseCard("waiting", theme));
      const tab = stage.tab;
      await expect(tab.locator(".offer-line").allInnerTexts()).resolves.toEqual([
        "Bog Goblin saves against Slowed (6 + 2 = 8): it ends.",
        "Brakka Stone has yet to roll against Dazed.",
      ]);
      await expect(tab.locator("button[data-fray-offer]").innerText())
        .resolves.toBe("Brakka Stone: roll the saves");
      await auditScreen(tab, ".fray-card", `phases-card-end-phase-waiting-${theme}`);
      await stage.show(endPhaseCard("rolled", theme));
      await expect(tab.locator(".offer-line").nth(1).innerText())
        .resolves.toBe("Brakka Stone fails the save against Dazed (1 + 2 = 3): it lasts.");
      await expect(tab.locator("button").count()).resolves.toBe(0);
      await auditScreen(tab, ".fray-card", `phases-card-end-phase-rolled-${theme}`);
    });
  }
});
