import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardView, type CardRecords, type Viewer } from "../../src/rulesets/escalation/play/views/card-view";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";
import type { AttackCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { eventLinesView, withResult, type EventLineInput } from "../../src/rulesets/escalation/play/views/card-event";
import { buttonShown } from "../../src/shell/offers/offer";
import { auditScreen } from "../support/audit";
import { chatFrame, documentFor, hasChromium, openStage, THEMES, type Stage } from "../support/browser";
import { render, renderShell, t } from "../support/handlebars";
import { AUTHOR, GM, OTHER, defenses, sampleCard, sealed } from "../support/fixtures";

/**
 * Every escalation chat card kind, as the GM and as a player, in Foundry v13's own chat-message
 * template inside the 300 px chat log (which v13 always themes light), with the page's body in
 * each interface theme. Each card passes the audit (contrast, names, targets, no raw keys) and
 * keeps its behaviour: the GM alone sees defense values, each button says its amount, only those
 * who may press a button get it. Screenshots: test-results/esc-card-*.png.
 */

/** A busier card: an Invisible target whose pre-attack save failed, miss damage halved by a
 * resistance, Advantage 2 (five dice, two dropped), an ongoing effect, Confused and Last Gasp. */
const busyCard: AttackCard = {
  ...sampleCard, abilityName: "Storm of Blades", escalation: 3, formula: "5d6kh3 + 5 + 3 + 3",
  targets: [
    { ...sampleCard.targets[1]!, name: "Veiled Stalker", dice: [], natural: 9, total: 0, edge: 0,
      hit: false, critFail: false, invisibleFailed: true },
    { ...sampleCard.targets[0]!, name: "Brother Anselm of the Long Watch", defense: "ac",
      dice: [2, 6, 4, 1, 5], natural: 15, total: 26, edge: 2, hit: true, crit: false, damage: 11,
      damageType: "fire", halved: true, selfDamage: 6, lastGasp: true,
      effects: [{ id: "ongoing", duration: "saveEnds", save: 11, amount: 5, damageType: "fire" },
        { id: "dazed", duration: "saveEnds", save: 11, amount: 0, damageType: "weapon" }] },
    { ...sampleCard.targets[1]!, name: "Gnoll Fang", defense: "md", dice: [3, 2, 4], natural: 9,
      total: 20, edge: 0, critFail: false, damage: 5, damageKind: "miss", damageType: "fire" },
  ],
};

/** The sample card after the author applied target 0, and a refused try on target 1. */
const appliedRecords: CardRecords = {
  ...sealed,
  ledger: {
    "0": [{ op: 0, by: "player1", mode: "apply", hpChange: -30, deathBefore: null, deathAfter: null,
      addedEffects: [], lastGasp: false, selfDamage: 0 }],
  },
};

const attackCard = (card: AttackCard, viewer: Viewer, records: CardRecords, values: (number | null)[] = []) =>
  render("chat/attack-card.hbs", { view: cardView(card, viewer, records, values) });

const eventCard = (title: string, lines: EventLineInput[], buttons: unknown[] = []) =>
  render("chat/event-card.hbs", { title, lines: eventLinesView(lines), buttons });

describe.skipIf(!hasChromium)("escalation's chat cards in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 420, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  const show = (html: string, theme: (typeof THEMES)[number]) => stage.show(documentFor(chatFrame(html), theme));

  for (const theme of THEMES) {
    it(`the attack card as the GM: result badges, "26 vs PD 14", the dice, every button's amount (${theme})`, async () => {
      await show(attackCard(sampleCard, GM, sealed, defenses), theme);
      const tab = stage.tab;
      const first = tab.locator(".card-target").first();
      await expect(first.locator(".fray-badge").innerText()).resolves.toBe("Critical hit");
      await expect(first.locator(".fray-badge i").count()).resolves.toBe(1);
      await expect(first.locator(".versus").innerText()).resolves.toBe("26 vs PD 14");
      await expect(first.locator(".fray-die").allInnerTexts()).resolves.toEqual(["6", "5", "6"]);
      const tip = await first.locator(".roll-line").getAttribute("aria-label");
      expect(tip).toContain("3d6 + 3 + 4 + 2 (Level 3 + Volition 4 + escalation 2)");
      expect(tip).toContain("natural 17");
      await expect(first.locator(".roll-line").getAttribute("data-tooltip")).resolves.toBe("");
      await expect(first.locator("button").allInnerTexts()).resolves.toEqual(
        ["Apply 30", "Apply half: 15", "Apply double: 60", "Heal 30"]);
      await expect(tab.locator(".card-target").nth(1).locator(".fray-badge").innerText()).resolves.toBe("Critical fail");
      // The badge sits before the number on the result line: the result leads.
      const [badgeBox, versusBox] = await Promise.all([first.locator(".fray-badge").boundingBox(),
        first.locator(".versus").boundingBox()]);
      expect(badgeBox!.x).toBeLessThan(versusBox!.x);
      await auditScreen(tab, ".fray-card", `esc-card-attack-gm-${theme}`);
    });

    it(`the attack card as its author: no defense value, Apply only (${theme})`, async () => {
      await show(attackCard(sampleCard, AUTHOR, sealed), theme);
      const tab = stage.tab;
      await expect(tab.locator(".versus").first().innerText()).resolves.toBe("26 vs PD");
      await expect(tab.locator(".fray-card").innerText()).resolves.not.toContain("14");
      await expect(tab.locator("button").allInnerTexts()).resolves.toEqual(["Apply 30"]);
      await expect(tab.locator("select[data-fray-step=duration]").count()).resolves.toBe(1);
      await auditScreen(tab, ".fray-card", `esc-card-attack-author-${theme}`);
    });

    it(`the attack card as another player: no buttons, durations as text (${theme})`, async () => {
      await show(attackCard(sampleCard, OTHER, sealed), theme);
      await expect(stage.tab.locator("button").count()).resolves.toBe(0);
      await expect(stage.tab.locator(".effect .duration").innerText()).resolves.toBe("until the end of its next turn");
      await auditScreen(stage.tab, ".fray-card", `esc-card-attack-other-${theme}`);
    });

    it(`an applied target and a refused try say so (${theme})`, async () => {
      const records: CardRecords = { ...appliedRecords, ledger: { ...(appliedRecords.ledger as object),
        "1": [{ op: 0, by: "player1", mode: "void", reason: "alreadyApplied", hpChange: 0, deathBefore: null,
          deathAfter: null, addedEffects: [], lastGasp: false, selfDamage: 0 }] } };
      await show(attackCard(sampleCard, AUTHOR, records), theme);
      const tab = stage.tab;
      await expect(tab.locator(".applied").innerText()).resolves.toMatch(/Applied\s+30 damage dealt/);
      await expect(tab.locator("button").allInnerTexts()).resolves.toEqual(["Undo"]);
      await expect(tab.locator(".refused").innerText()).resolves.toContain("it was already applied to that token");
      await auditScreen(tab, ".fray-card", `esc-card-attack-applied-${theme}`);
    });

    it(`a busy card: Invisible's failed save says why, dropped dice, miss damage, notes (${theme})`, async () => {
      const card = busyCard;
      await show(attackCard(card, GM, { seal: sealAttack(card, "player1"), ledger: undefined }, [null, 17, 12]), theme);
      const tab = stage.tab;
      const [invisible, advantaged, missed] = [0, 1, 2].map((i) => tab.locator(".card-target").nth(i));
      await expect(invisible!.locator(".fray-badge").innerText()).resolves.toBe("No attack");
      await expect(invisible!.locator(".reason").innerText()).resolves.toContain("save failed (natural 9)");
      await expect(invisible!.locator(".versus").count()).resolves.toBe(0);
      await expect(advantaged!.locator(".fray-die.dropped").allInnerTexts()).resolves.toEqual(["2", "1"]);
      await expect(advantaged!.locator(".roll-line .fray-tag").innerText()).resolves.toBe("Advantage 2");
      await expect(advantaged!.locator(".versus").innerText()).resolves.toBe("26 vs AC 17");
      await expect(missed!.locator(".damage").innerText()).resolves.toBe("5 fire miss damage");
      await auditScreen(tab, ".fray-card", `esc-card-attack-busy-${theme}`);
    });

    it(`a whispered card (a GM or blind roll) stays readable on the whisper's background (${theme})`, async () => {
      await stage.show(documentFor(chatFrame(attackCard(sampleCard, GM, sealed, defenses), { whisper: true }), theme));
      await expect(stage.tab.locator(".chat-message.whisper .fray-card").count()).resolves.toBe(1);
      await auditScreen(stage.tab, ".fray-card", `esc-card-attack-whisper-${theme}`);
    });

    it(`an unsealed card warns, for the GM (${theme})`, async () => {
      await show(attackCard(sampleCard, GM, { seal: null, ledger: undefined }, defenses), theme);
      await expect(stage.tab.locator(".unsealed").isVisible()).resolves.toBe(true);
      await auditScreen(stage.tab, ".fray-card", `esc-card-attack-unsealed-${theme}`);
    });

    it(`the ability card with heal buttons and a note (${theme})`, async () => {
      const html = render("chat/ability-card.hbs", {
        name: "Healing Word", img: "", ability: { frequency: "encounter", action: "standard" },
        description: "<p>An ally heals with a recovery.</p>",
        notes: eventLinesView([withResult(t("FRAY.Confused.Pass", { name: "Isolde Marr", natural: 9 }), "saved")]),
        heal: [{ uuid: "Actor.a", name: "Isolde Marr" }, { uuid: "Actor.b", name: "Brother Anselm of the Long Watch" }],
      });
      await show(html, theme);
      await expect(stage.tab.locator(".card-header .fray-tag").innerText()).resolves.toBe("Encounter Standard action");
      await expect(stage.tab.locator("button[data-fray-step=heal]").count()).resolves.toBe(4);
      await auditScreen(stage.tab, ".fray-card", `esc-card-ability-${theme}`);
    });

    it(`the opportunity offer as a player who controls one of the two attackers (${theme})`, async () => {
      const attackers = [["c1", "Gnoll Fang", true, false], ["c2", "Hollow Sentry", false, false],
        ["c3", "Marsh Hag", true, true]] as const;
      const buttons = attackers
        .filter(([, , owns, claimed]) => buttonShown({ offered: true, isGM: false, ownsResponder: owns, taken: claimed }))
        .map(([id, name]) => ({ combatantId: id, label: t("FRAY.Opportunity.Button", { name }) }));
      const html = renderShell("chat/offer-card.hbs", {
        title: t("FRAY.Opportunity.Title"), line: t("FRAY.Opportunity.move", { name: "Isolde Marr" }), buttons,
      });
      await show(html, theme);
      await expect(stage.tab.locator("button").allInnerTexts()).resolves.toEqual(["Gnoll Fang: Basic Melee Attack"]);
      await auditScreen(stage.tab, ".fray-card", `esc-card-event-opportunity-player-${theme}`);
    });

    const events: [string, string, EventLineInput[], unknown[]][] = [
      ["death-save", t("FRAY.DeathSave.Title"), [
        withResult(t("FRAY.DeathSave.success", { name: "Isolde Marr", natural: 14 }), "saved"),
        withResult(t("FRAY.Recovery.Healed", { name: "Isolde Marr", amount: 12, hp: 12, recoveries: 3 }), "healed"),
      ], []],
      ["death-fail", t("FRAY.DeathSave.Title"), [
        withResult(t("FRAY.DeathSave.failure", { name: "Isolde Marr", natural: 8, failures: 4 }), "failed"),
        withResult(t("FRAY.DeathSave.Dead", { name: "Isolde Marr" }), "failed"),
      ], []],
      ["rally", t("FRAY.Rally.Name"), [
        withResult(t("FRAY.Recovery.Healed", { name: "Isolde Marr", amount: 9, hp: 20, recoveries: 2 }), "healed"),
        withResult(t("FRAY.Rally.SaveFail", { name: "Isolde Marr", effect: "Dazed", natural: 7, total: 9, target: 11 }), "failed"),
      ], []],
      ["end-of-turn", t("FRAY.Turn.EndTitle", { name: "Gnoll Fang" }), [
        t("FRAY.Turn.Ongoing", { name: "Gnoll Fang", amount: 5, type: t("FRAY.DamageType.fire") }),
        withResult(t("FRAY.Turn.SavePass", { name: "Gnoll Fang", condition: "Dazed", natural: 12, target: 11 }), "saved"),
        withResult(t("FRAY.Turn.SaveFail", { name: "Gnoll Fang", condition: "Weakened", natural: 6, target: 11 }), "failed"),
        t("FRAY.Turn.Expired", { name: "Isolde Marr", condition: "Stuck" }),
      ], []],
      ["rest", t("FRAY.Rest.QuickTitle"), [
        t("FRAY.Rest.QuickLine", { name: "Isolde Marr", spent: 2, from: 10, to: 30, left: 6, restored: "Arc Lance" }),
        withResult(t("FRAY.Rest.Recharged", { ability: "Mind Spike", natural: 16, target: 16 }), "success"),
        withResult(t("FRAY.Rest.NotRecharged", { ability: "Storm of Blades", natural: 8, target: 11 }), "failure"),
      ], []],
      ["disengage", t("FRAY.Disengage.Name"), [
        withResult(t("FRAY.Disengage.Pass", { name: "Isolde Marr", foes: "Gnoll Fang", natural: 12, target: 11 }), "success"),
      ], []],
    ];
    it(`the opportunity offer as the GM: a button per attacker (${theme})`, async () => {
      const buttons = [["c1", "Gnoll Fang"], ["c2", "Hollow Sentry"]]
        .map(([id, name]) => ({ combatantId: id, label: t("FRAY.Opportunity.Button", { name: name ?? "" }) }));
      await show(renderShell("chat/offer-card.hbs", {
        title: t("FRAY.Opportunity.Title"), line: t("FRAY.Opportunity.move", { name: "Isolde Marr" }), buttons,
      }), theme);
      await expect(stage.tab.locator("button[data-fray-offer]").count()).resolves.toBe(2);
      await auditScreen(stage.tab, ".fray-card", `esc-card-event-opportunity-${theme}`);
    });
    for (const [slug, title, lines, buttons] of events) {
      it(`the ${slug} event card leads each result line with its badge (${theme})`, async () => {
        await show(eventCard(title, lines, buttons), theme);
        const withBadges = lines.filter((l) => typeof l !== "string").length;
        await expect(stage.tab.locator(".event-line .fray-badge").count()).resolves.toBe(withBadges);
        for (const line of await stage.tab.locator(".event-line").all()) {
          const badge = line.locator(".fray-badge");
          if (await badge.count()) {
            const [b, text] = await Promise.all([badge.boundingBox(), line.locator(".event-text").boundingBox()]);
            expect(b!.y).toBeLessThanOrEqual(text!.y + 2);
          }
        }
        await expect(stage.tab.locator("button").count()).resolves.toBe(buttons.length);
        await auditScreen(stage.tab, ".fray-card", `esc-card-event-${slug}-${theme}`);
      });
    }
  }
});
