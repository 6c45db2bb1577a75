import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPackSources } from "../../scripts/lib/sources";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";
import { attackModifiers } from "../../src/rulesets/shock/rules/attack";
import { weaponSummary } from "../../src/rulesets/shock/play/views/sheet-weapon";
import { cardView, type Viewer } from "../../src/rulesets/shock/play/cards/card-view";
import { cardContext } from "../../src/rulesets/shock/play/cards/card-roll";
import { moraleOfferHtml, moraleResultHtml } from "../../src/rulesets/shock/play/cards/card-morale";
import {
  breakFreeBadges, carryBadges, grappleCardHtml, roundEndBadges,
} from "../../src/rulesets/shock/play/cards/card-grapple";
import { executionOutcome } from "../../src/rulesets/shock/play/cards/resolve";
import {
  sealCard, type SealRefusal, type ShockLedger, type ShockSeal,
} from "../../src/rulesets/shock/play/cards/card-seal";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { chatFrame, documentFor, hasChromium, openStage, THEMES, type Stage } from "../support/browser";
import { auditScreen } from "../support/audit";
import { rendererFor } from "../support/handlebars";
import { heldBy, TARGET, windowLedger } from "../support/shock-window";

/**
 * shock's attack card in every state and its morale cards, rendered with real Handlebars and the
 * built stylesheet inside Foundry v13's own chat-message template (the chat log is always light in
 * v13; the page's body carries each interface theme), as the GM and as a player, in headless
 * Chromium. Each is audited (axe-core WCAG 2.2 AA, overflow, 24px targets, untranslated keys) and
 * saved to test-results/. The behaviour assertions say who gets which buttons and amounts, and
 * that only the GM sees the AC.
 */
const { render, t } = rendererFor("shock");
const corvinSource = readPackSources("shock/pregens").find((s) => s.doc.name === "Corvin Ash")!.doc;
const corvin = statblockFromActor(corvinSource as unknown as ActorDocumentSource);
const sabre = corvin.weapons[0]!;
const situations = ["halfCover" as const];
const terms = attackModifiers({
  attacker: corvin, weapon: sabre, ac: 0, charge: true, situations,
}).modifiers;
const modifier = terms.reduce((s, m) => s + m.value, 0);

const AUTHOR = "authorauthorauth";
const OWNER = "owneronwerowner1";
const card: ShockCard = {
  actorUuid: "Actor.attackerattacker", weaponId: sabre.id, weaponName: sabre.name,
  summary: weaponSummary(corvin, sabre, t), tokenUuid: "Scene.s.Token.targettargettarg",
  targetName: "Bandit Cutthroat", combatId: "combatcombatcomb", round: 1, charge: true, snap: false,
  dualWield: false, swarmOthers: 0, inMelee: false, situations, formula: `1d20 + ${modifier}`,
  snapFor: "", execution: false, nonLethal: false, natural: 12, total: 12 + modifier,
};
const seal = sealCard(card, AUTHOR, {
  hit: true, targetCombatantId: "combatanttarget1", offers: ["totalDefense"],
});
const hit = { hit: true, amount: 7, kind: "hit" as const, swarm: false, damageFormula: "1d6 + 2", dice: [5] };
const shock = { hit: false, amount: 2, kind: "shock" as const, swarm: false, damageFormula: "", dice: [] };
const applied = { by: AUTHOR, dealt: 7, absorbedBy: null, hpBefore: 9, hpAfter: 2 };

interface State {
  name: string; card?: ShockCard; seal: ShockSeal | null; ledger: ShockLedger;
  /** The roll's modifiers by source, when the card's options differ from the charge's. */
  terms?: typeof terms;
  refusal?: SealRefusal; maneuvers?: boolean;
  /** The AC the GM's client reads for this card (13 unless it missed). */
  ac?: number;
}
const screenSeal: ShockSeal = {
  ...seal, offers: [], targetName: "Oskar",
  screen: {
    ward: "Bandit Cutthroat", attackerTotal: 14, takenBy: "Oskar",
    screeners: [{ name: "Oskar", total: 15, won: true }, { name: "Wenna", total: 9, won: false }],
  },
};
const missSeal = { ...seal, hit: false, offers: [] };
/** The card's reaction window: Total Defense offered to the target, then its answer. */
const offered = { defenders: [TARGET], natural: card.natural, total: card.total };
const answered = (answer: "totalDefense" | null) => windowLedger(offered, answer
  ? { kind: "answer", by: TARGET, answer } : { kind: "pass", by: TARGET });
/** A Snap Attack taken: the card waits for its outcome ("no reaction" kept for it). */
const snapping = {
  ...windowLedger({ ...offered, snappers: ["combatantwenna01"] },
    { kind: "answer", by: "combatantwenna01", answer: "snapAttack" }),
  closing: { by: OWNER },
};
const STATES: State[] = [
  { name: "awaiting", seal, ledger: windowLedger(offered) },
  { name: "total-defense", ac: 17, seal, ledger: { ...answered("totalDefense"), result: shock } },
  { name: "screened", seal: screenSeal, ledger: { result: hit } },
  { name: "hit", seal, ledger: { ...answered(null), result: hit }, maneuvers: true },
  { name: "miss-shock", ac: 17, seal: missSeal, ledger: { result: shock } },
  { name: "swarm", ac: 17, seal: missSeal, ledger: { result: { ...shock, swarm: true, amount: 4 } } },
  {
    name: "natural-20", card: { ...card, natural: 20, total: 20 + modifier }, seal,
    ledger: { result: hit },
  },
  { name: "natural-1", card: { ...card, natural: 1, total: 1 + modifier }, seal: missSeal, ledger: { result: { ...shock, kind: "none", amount: 0 } } },
  {
    name: "maneuver", seal, ledger: {
      result: hit, maneuver: { kind: "grapple", by: AUTHOR, attackerTotal: 9, defenderTotal: 5, won: true },
    },
  },
  { name: "applied", seal, ledger: { result: hit, applied } },
  { name: "undone", seal, ledger: { result: hit, applied, undone: { by: AUTHOR } } },
  { name: "refused", seal: null, ledger: {}, refusal: "total" },
  { name: "unsealed", seal: null, ledger: {} },
  { name: "snap-pending", seal, ledger: snapping },
];

// A non-lethal execution on an unsuspecting target (a plain attack): the save failed, then applied.
const executionTerms = attackModifiers({ attacker: corvin, weapon: sabre, ac: 0, situations: [] }).modifiers;
const executionCard: ShockCard = {
  ...card, charge: false, situations: [], execution: true, nonLethal: true,
  total: 12 + executionTerms.reduce((s, m) => s + m.value, 0),
};
const executionSeal = sealCard(executionCard, AUTHOR, { hit: true, targetCombatantId: "combatanttarget1", offers: [] });
const knockout = executionOutcome({
  attacker: corvin, weapon: sabre, natural: 12, total: executionCard.total, swarmOthers: 0, dualWield: false,
}, 13, 4, false);
const unhurt = { mortal: { injured: false, stabilised: false }, combatant: { fellRound: 0, defeated: false }, unconscious: false };
const knockedOut = {
  by: AUTHOR, dealt: 9, absorbedBy: null, hpBefore: 9, hpAfter: 0, round: 1, knockedOut: true,
  fallBefore: unhurt, fallAfter: { ...unhurt, mortal: { injured: false, stabilised: true }, unconscious: true },
};
STATES.push(
  { name: "knockout", card: executionCard, terms: executionTerms, seal: executionSeal, ledger: { result: knockout } },
  {
    name: "knockout-applied", card: executionCard, terms: executionTerms, seal: executionSeal,
    ledger: { result: knockout, applied: knockedOut },
  },
);

const GM_VIEW: Viewer = { isGM: true, userId: "gamemastergamema", ownsTarget: false, ac: 13 };
const PLAYER: Viewer = { isGM: false, userId: AUTHOR, ownsTarget: false, ac: 13 };
const TARGET_OWNER: Viewer = { isGM: false, userId: OWNER, ownsTarget: true };

const cardHtml = (state: State, viewer: Viewer): string => {
  const view = cardView(state.card ?? card, {
    ...viewer, ac: viewer.ac === undefined ? undefined : state.ac ?? viewer.ac, maneuvers: state.maneuvers ? ["grapple", "shove"] : [],
  }, state.seal, state.ledger, state.refusal ?? null);
  return render("chat/attack-card.hbs", cardContext(view, state.terms ?? terms, t));
};

describe.skipIf(!hasChromium)("shock's chat cards in headless Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await openStage({ width: 420, height: 900 });
  });
  afterAll(async () => stage?.browser.close());

  const show = async (html: string, theme: (typeof THEMES)[number]) =>
    stage.show(documentFor(chatFrame(html), theme));

  for (const state of STATES) {
    for (const [who, viewer] of [["gm", GM_VIEW], ["player", PLAYER]] as const) {
      it(`the ${state.name} card as the ${who}, in both themes`, async () => {
        for (const theme of THEMES) {
          await show(cardHtml(state, viewer), theme);
          await auditScreen(stage.tab, ".fray-card", `shock-card-${state.name}-${who}-${theme}`);
        }
      });
    }
  }

  it("the result leads as a badge with a word and an icon; the AC is the GM's alone", async () => {
    await show(cardHtml(STATES[3]!, GM_VIEW), "dark");
    const first = stage.tab.locator(".card-badges .fray-badge").first();
    await expect(first.innerText()).resolves.toBe("Hit");
    await expect(first.locator("i[aria-hidden=true]").count()).resolves.toBe(1);
    await expect(stage.tab.locator(".card-versus").innerText()).resolves.toBe(`${card.total} vs AC 13`);
    const roll = stage.tab.locator(".card-roll");
    await expect(roll.getAttribute("data-tooltip")).resolves.toContain(`1d20 + ${modifier}: Attack bonus`);
    await expect(roll.getAttribute("aria-label")).resolves.toContain("Half cover −2");
    await show(cardHtml(STATES[3]!, PLAYER), "dark");
    await expect(stage.tab.locator(".card-versus").innerText()).resolves.toBe(`${card.total} vs AC`);
    await expect(stage.tab.locator(".card-dice").innerText()).resolves.toContain("d20 12");
  });

  it("buttons: reactions for the target's owner, the amount on Apply for the author", async () => {
    await show(cardHtml(STATES[0]!, TARGET_OWNER), "light");
    await expect(stage.tab.locator('[data-fray-step="react"][data-fray-args*="totalDefense"]').count()).resolves.toBe(1);
    await expect(stage.tab.locator("[data-fray-step=apply]").count()).resolves.toBe(0);
    await auditScreen(stage.tab, ".fray-card", "shock-card-awaiting-target-owner-light");
    await show(cardHtml(STATES[3]!, PLAYER), "light");
    await expect(stage.tab.locator("[data-fray-step=apply]").innerText()).resolves.toBe("Apply 7 damage");
    await expect(stage.tab.locator("[data-fray-step=maneuver]").count()).resolves.toBe(2);
    await show(cardHtml(STATES[4]!, PLAYER), "light");
    await expect(stage.tab.locator("[data-fray-step=apply]").innerText()).resolves.toBe("Apply Shock 2");
    await expect(stage.tab.locator(".fray-badge--shock").innerText()).resolves.toBe("Shock 2");
    await show(cardHtml(STATES[3]!, TARGET_OWNER), "light");
    await expect(stage.tab.locator("[data-fray-step=apply]").count()).resolves.toBe(0);
  });

  it("held-screen and Snap Attack offers: each ally's owner gets its named button", async () => {
    const helpers = [{ combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.oskar" }];
    const snappers = [{ ...helpers[0]!, combatantId: "combatantwenna01", name: "Wenna", weaponId: "w" }];
    const withOffers = sealCard(card, AUTHOR, {
      hit: true, targetCombatantId: "combatanttarget1", helpers, snappers,
      offers: ["totalDefense", "screen:combatantoskar01", "snap:combatantwenna01"],
    });
    const ledger = windowLedger({
      ...offered, holders: [heldBy("combatantoskar01")], snappers: ["combatantwenna01"],
    });
    const state: State = { name: "offers", seal: withOffers, ledger };
    const ally: Viewer = { isGM: false, userId: OWNER, ownsTarget: false, ownedCombatants: ["combatantwenna01"] };
    for (const theme of THEMES) {
      await show(cardHtml(state, ally), theme);
      await auditScreen(stage.tab, ".fray-card", `shock-card-offers-ally-${theme}`);
    }
    await expect(stage.tab.locator("[data-shock-react], [data-fray-step=react]").allInnerTexts()).resolves.toEqual([
      "Wenna: Snap Attack on the attacker (−4, gives up the Main)",
    ]);
    await show(cardHtml(state, GM_VIEW), "dark");
    await expect(stage.tab.locator("[data-shock-react], [data-fray-step=react]").count()).resolves.toBe(4);
    await auditScreen(stage.tab, ".fray-card", "shock-card-offers-gm-dark");
  });

  it("the target's own Snap Attack and a held attack: the target's owner and the holder's get theirs", async () => {
    const snappers = [
      { combatantId: TARGET, name: "Bandit Cutthroat", tokenUuid: "Scene.s.Token.target", weaponId: "w" },
      { combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.oskar", weaponId: "w" },
    ];
    const withOffers = sealCard(card, AUTHOR, {
      hit: true, targetCombatantId: TARGET, snappers,
      offers: ["totalDefense", `snap:${TARGET}`, "held:combatantoskar01"],
    });
    const ledger = windowLedger({
      ...offered, snappers: [TARGET], targetSnaps: true, heldAttackers: ["combatantoskar01"],
    });
    const state: State = { name: "strikes", seal: withOffers, ledger };
    const target: Viewer = { ...TARGET_OWNER, ownedCombatants: [TARGET] };
    for (const theme of THEMES) {
      await show(cardHtml(state, target), theme);
      await auditScreen(stage.tab, ".fray-card", `shock-card-own-snap-${theme}`);
    }
    await expect(stage.tab.locator("[data-shock-react], [data-fray-step=react]").allInnerTexts()).resolves.toEqual([
      "Total Defense (+2 AC, immune to Shock)",
      "Bandit Cutthroat: Snap Attack on the attacker (−4, gives up the Main)",
      "No reaction",
    ]);
    const holder: Viewer = { isGM: false, userId: OWNER, ownsTarget: false, ownedCombatants: ["combatantoskar01"] };
    for (const theme of THEMES) {
      await show(cardHtml(state, holder), theme);
      await auditScreen(stage.tab, ".fray-card", `shock-card-held-offer-${theme}`);
    }
    await expect(stage.tab.locator("[data-shock-react]").allInnerTexts()).resolves.toEqual([
      "Oskar: held attack on the attacker, resolved first (no −4, the held Main)",
    ]);
    // Taken: the card says who struck first while it waits for that attack's card.
    const struck: State = {
      name: "held-struck", seal: withOffers,
      ledger: windowLedger({ ...offered, heldAttackers: ["combatantoskar01"] },
        { kind: "answer", by: "combatantoskar01", answer: "heldAttack" }),
    };
    await show(cardHtml(struck, GM_VIEW), "dark");
    await auditScreen(stage.tab, ".fray-card", "shock-card-held-struck-gm-dark");
    await expect(stage.tab.locator(".card-note").allInnerTexts()).resolves.toContain(
      "Oskar strikes the attacker first with its held action, before the damage lands.",
    );
  });

  it("a card that cannot apply says why", async () => {
    await show(cardHtml(STATES.find((s) => s.name === "snap-pending")!, PLAYER), "light");
    await expect(stage.tab.locator("[data-fray-step=apply]").count()).resolves.toBe(0);
    await expect(stage.tab.locator(".card-why").innerText()).resolves.toContain("waits for the cards of the attacks made on the attacker first");
    await show(cardHtml(STATES[11]!, GM_VIEW), "light");
    await expect(stage.tab.locator(".card-why").innerText()).resolves.toContain("Refused by the GM");
  });

  it("a non-lethal execution says knocked out, with its badge and what Apply does", async () => {
    const [resolved, applied] = STATES.slice(-2) as [State, State];
    await show(cardHtml(resolved, PLAYER), "light");
    await expect(stage.tab.locator(".card-badges .fray-badge").first().innerText()).resolves.toBe("Knocked out");
    await expect(stage.tab.locator(".card-amount").innerText()).resolves.toContain("failed: the target is knocked out");
    await expect(stage.tab.locator("[data-fray-step=apply]").innerText()).resolves.toBe("Apply: knock the target out");
    await expect(stage.tab.locator(".card-dice .fray-tag").allInnerTexts()).resolves.toEqual(["execution", "non-lethal"]);
    await show(cardHtml(applied, GM_VIEW), "dark");
    await expect(stage.tab.locator(".card-applied").innerText()).resolves
      .toContain("Bandit Cutthroat is knocked out: 0 HP, unconscious, not dying.");
    await expect(stage.tab.locator("[data-fray-step=undo]").count()).resolves.toBe(1);
  });

  it("the grapple cards lead with their result", async () => {
    const cards = [
      ["break-free", grappleCardHtml(t("FRAY.Shock.Grapple.BreakFree", { name: "Vask" }), breakFreeBadges(1, 2), [
        t("FRAY.Shock.Grapple.Escaped", { name: "Vask", grappler: "Brant", total: 11, other: 8 }),
        t("FRAY.Shock.Grapple.Held", { name: "Vask", grappler: "Orla Venn", total: 11, other: 12 }),
      ], t)],
      ["carry", grappleCardHtml(t("FRAY.Shock.Carry.Title", { name: "Brant", target: "Vask" }), carryBadges(true, "throw"), [
        t("FRAY.Shock.Carry.Won.throw", { name: "Brant", target: "Vask", total: 12, other: 7 }),
      ], t)],
      ["round-end", grappleCardHtml(t("FRAY.Shock.Grapple.RoundEnd", { round: 3 }), roundEndBadges(1), [
        t("FRAY.Shock.Grapple.Damage", { grappler: "Brant", target: "Vask", amount: 4, before: 3, after: 0 }),
      ], t)],
    ] as const;
    for (const [name, html] of cards) {
      for (const theme of THEMES) {
        await stage.show(documentFor(chatFrame(html), theme));
        await auditScreen(stage.tab, ".fray-card", `shock-grapple-${name}-${theme}`);
      }
    }
    await expect(stage.tab.locator(".card-badges .fray-badge").allInnerTexts()).resolves.toEqual(["Grapple damage", "1 down"]);
  });

  it("the GM's morale offer and its results", async () => {
    const offer = t("FRAY.Shock.Morale.Offer", { group: "Bandits", triggers: "first down" });
    const source = t("FRAY.Shock.Morale.ScoreFrom.highestInFight");
    const holds = t("FRAY.Shock.Morale.Holds", { group: "Bandits", total: 6, score: 7, source });
    const breaks = t("FRAY.Shock.Morale.Breaks", { group: "Bandits", total: 9, score: 7, source });
    const cards = [
      ["offer", moraleOfferHtml(offer, t)], ["holds", moraleResultHtml(false, holds, t)],
      ["breaks", moraleResultHtml(true, breaks, t)],
    ] as const;
    for (const [name, html] of cards) {
      for (const theme of THEMES) {
        await stage.show(documentFor(chatFrame(html, { whisper: true }), theme));
        await auditScreen(stage.tab, ".fray-card", `shock-morale-${name}-${theme}`);
      }
    }
    await expect(stage.tab.locator(".fray-badge--miss").innerText()).resolves.toBe("They break");
  });
});
