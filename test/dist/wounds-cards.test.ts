import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postedOf } from "../../src/rulesets/wounds/play/cards/card-spec";
import type { WoundsLedger } from "../../src/rulesets/wounds/play/cards/card-steps";
import { cardView, type CardViewer } from "../../src/rulesets/wounds/play/cards/card-view";
import { planOf, type WoundsSeal } from "../../src/rulesets/wounds/play/cards/seal";
import { attackDialogView } from "../../src/rulesets/wounds/play/views/attack-dialog";
import { woundsCard, woundsFacts, woundsSeal } from "../support/wounds-card";
import { thrallNote, thrallPromptHtml } from "../../src/rulesets/wounds/play/round/thrall-offer";
import { auditScreen } from "../support/audit";
import {
  chatFrame, documentFor, hasChromium, openStage, THEMES, type Stage, type Theme,
} from "../support/browser";
import { rendererFor } from "../support/handlebars";

/**
 * wounds' attack card and attack dialog as Foundry shows them, in real headless Chromium with
 * Foundry v13's core stylesheet and Fray's built one, both themes: Wren's daggers on the orc brute
 * rolling a natural 20 (the d4 button, then a super critical asking for the d6, then the decisive
 * blow with Apply), a fumble that turned to a tragedy (the brute's critical free hit), a plain
 * miss, a card waiting for the GM, the dialog with its aims and purchases, the thrall offers,
 * the free-hit offers and the heal dialog. `auditScreen`
 * checks contrast, names, overflow and 24px targets and saves test-results/wounds-*.png. Needs
 * /usr/bin/chromium and a built dist/.
 */
const { render, renderShell, t } = rendererFor("wounds");
const CARD = woundsCard;
const FACTS = woundsFacts({ flanking: true });
const crit = woundsSeal("author", 20, [5], FACTS);
const fumble = woundsSeal("author", 1, [], FACTS);
const miss = woundsSeal("author", 4, [], FACTS);

const GM: CardViewer = { isGM: true, userId: "gm" };
const AUTHOR: CardViewer = { isGM: false, userId: "author" };
const page = (seal: WoundsSeal | null, ledger: WoundsLedger, who: CardViewer, theme: Theme) =>
  documentFor(chatFrame(render("chat/attack-card.hbs", {
    view: cardView(CARD, seal, ledger, who, t, null),
  })), theme);

describe.skipIf(!hasChromium)("wounds' attack card and dialog in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 420, height: 760 }); });
  afterAll(async () => stage?.browser.close());
  for (const theme of THEMES) {
    it(`a natural 20: one button per link, then Apply (${theme})`, async () => {
      const tab = stage.tab;
      await stage.show(page(crit, {}, AUTHOR, theme));
      await expect(tab.locator(".wnd-chain-result").innerText())
        .resolves.toBe("Critical: roll the chain");
      await expect(tab.locator("[data-fray-step=link]").innerText()).resolves.toContain("Roll the d4");
      await expect(tab.locator(".wnd-sources .fray-tag").allInnerTexts())
        .resolves.toEqual(["Accuracy +3", "From behind +1"]);
      await auditScreen(tab, ".fray-card", `wounds-card-critical-${theme}`);
      await stage.show(page(crit, { links: [4] }, AUTHOR, theme));
      await expect(tab.locator("[data-fray-step=link]").innerText()).resolves.toContain("Roll the d6");
      await stage.show(page(crit, { links: [4, 6, 3] }, GM, theme));
      await expect(tab.locator(".wnd-link .wnd-says").allInnerTexts())
        .resolves.toEqual(["super critical", "decisive blow", "the chain stops"]);
      await expect(tab.locator(".wnd-wound").innerText()).resolves.toContain("Slowing");
      await expect(tab.locator("[data-fray-step=apply]").innerText())
        .resolves.toContain("Apply to Orc Brute");
      await auditScreen(tab, ".fray-card", `wounds-card-decisive-${theme}`);
    });

    it(`a tragedy, a miss and a card waiting (${theme})`, async () => {
      const tab = stage.tab;
      await stage.show(page(fumble, { links: [4, 2] }, GM, theme));
      await expect(tab.locator(".wnd-free-hit-line").innerText()).resolves.toContain("critical");
      await expect(tab.locator("[data-fray-step]").count()).resolves.toBe(0);
      await auditScreen(tab, ".fray-card", `wounds-card-tragedy-${theme}`);
      await stage.show(page(miss, {}, AUTHOR, theme));
      await expect(tab.locator(".wnd-outcome").innerText()).resolves.toContain("Miss");
      await stage.show(page(null, {}, AUTHOR, theme));
      await expect(tab.locator(".card-note").innerText()).resolves.toContain("Waiting");
      await auditScreen(tab, ".fray-card", `wounds-card-waiting-${theme}`);
    });

    it(`the thrall offer at the battle's end: keep or let go, each summon (${theme})`, async () => {
      const entries = [
        { id: "h1", name: "Ashhound", tokenUuid: "Scene.s.Token.h1", summonerUuid: "Actor.orla",
          summonerName: "Orla Venn", thrallCost: 12 },
        { id: "r1", name: "Grave Rat", tokenUuid: "Scene.s.Token.r1", summonerUuid: "Actor.witch",
          summonerName: "Hedge Witch", thrallCost: 6 },
      ];
      await stage.show(documentFor(chatFrame(thrallPromptHtml(entries, t)), theme));
      const tab = stage.tab;
      await expect(tab.locator("button[data-choice=keep]").count()).resolves.toBe(2);
      await auditScreen(tab, ".fray-card", `wounds-thrall-offer-${theme}`);
    });

    it(`the thrall offer of a summon cast outside a battle (${theme})`, async () => {
      const entry = { id: "h2", name: "Ashhound", tokenUuid: "Scene.s.Token.h2",
        summonerUuid: "Actor.orla", summonerName: "Orla Venn", thrallCost: 6 };
      const { content } = thrallNote([entry], t, true);
      await stage.show(documentFor(chatFrame(content), theme));
      const tab = stage.tab;
      await expect(tab.locator("h3").innerText()).resolves.toBe(t("FRAY.Wounds.Thrall.TitleOutside"));
      await expect(tab.locator("button[data-choice]").count()).resolves.toBe(2);
      await auditScreen(tab, ".fray-card", `wounds-thrall-offer-outside-${theme}`);
    });

    it(`the free-hit offers: a move out of the zone, a tragedy's critical (${theme})`, async () => {
      // As `foundry/gm/free-hits.ts` words them, in the shell's offer card; the button shows to
      // the responder's owners and the GM (shell/offers/runtime.ts).
      const offer = (line: string, name: string) => documentFor(chatFrame(renderShell(
        "chat/offer-card.hbs", {
          title: t("FRAY.Wounds.FreeHit.Title"), line, lines: [],
          buttons: [{ combatantId: "b", label: t("FRAY.Wounds.FreeHit.Button", { name }) }],
        })), theme);
      await stage.show(offer(t("FRAY.Wounds.FreeHit.MoveLine", { name: "Wren Ashby" }), "Orc Brute"));
      const tab = stage.tab;
      await expect(tab.locator("button").innerText()).resolves.toContain("Orc Brute");
      await auditScreen(tab, ".fray-card", `wounds-free-hit-offer-${theme}`);
      await stage.show(offer(t("FRAY.Wounds.FreeHit.TragedyLine", { name: "Wren Ashby" }), "Orc Brute"));
      await auditScreen(tab, ".fray-card", `wounds-free-hit-tragedy-${theme}`);
    });

    it(`the heal dialog: one instance of healing (${theme})`, async () => {
      await stage.show(documentFor(`<div class="application dialog"><div class="window-content">${
        render("dialog/heal.hbs", {})}</div></div>`, theme));
      const tab = stage.tab;
      await expect(tab.locator("input[name=amount]").inputValue()).resolves.toBe("6");
      await auditScreen(tab, ".wnd-heal-dialog", `wounds-dialog-heal-${theme}`);
    });

    it(`the attack dialog: aims with their wounds, purchases (${theme})`, async () => {
      const planned = planOf(FACTS, postedOf(CARD));
      if (typeof planned === "string") throw new Error(planned);
      const view = attackDialogView(planned, 2, { melee: true, improvement: null }, t);
      await stage.show(documentFor(`<div class="application dialog"><div class="window-content">${
        render("dialog/attack.hbs", { view })}</div></div>`, theme));
      const tab = stage.tab;
      await expect(tab.locator(".wnd-aim-choice").count()).resolves.toBe(5);
      await expect(tab.locator("select[name=buyToHit] option").count()).resolves.toBe(3);
      await auditScreen(tab, ".wnd-attack-dialog", `wounds-dialog-attack-${theme}`);
    });

    it(`the attack dialog of an attack spell: its improvement, no extra attack (${theme})`, async () => {
      const planned = planOf(FACTS, postedOf(CARD));
      if (typeof planned === "string") throw new Error(planned);
      const view = attackDialogView(planned, 2, { melee: false, improvement: 1 }, t);
      await stage.show(documentFor(`<div class="application dialog"><div class="window-content">${
        render("dialog/attack.hbs", { view })}</div></div>`, theme));
      const tab = stage.tab;
      await expect(tab.locator("select[name=improveSpell] option").count()).resolves.toBe(3);
      await expect(tab.locator("input[name=extraAttack]").count()).resolves.toBe(0);
      await expect(tab.locator("select[name=buyToHit]").count()).resolves.toBe(0);
      await auditScreen(tab, ".wnd-attack-dialog", `wounds-dialog-spell-${theme}`);
    });
  }
});
