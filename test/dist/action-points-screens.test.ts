import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import { openWindow, stepWindow } from "../../src/engine/resolution/window/step";
import { headerView } from "../../src/engine/view/sheet-header";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView } from "../../src/shell/applications/tracker/view";
import {
  CHARACTER_SPEC, NPC_SPEC, SPELL_SPEC, WEAPON_SPEC,
} from "../../src/rulesets/action-points/rules/models";
import {
  spellFromItem, statblockFromActor, weaponFromItem, type ActorDocumentSource,
} from "../../src/rulesets/action-points/rules/statblock";
import { AP_WINDOW, type ApWindowContext } from "../../src/rulesets/action-points/rules/reaction-window";
import { KEPT_SPEC, type KeptSource } from "../../src/rulesets/action-points/play/data/kept-spec";
import { sheetContext, type SheetInput } from "../../src/rulesets/action-points/play/views/sheet-context";
import { spellSheetContext, weaponSheetContext } from "../../src/rulesets/action-points/play/views/item-view";
import { AP_ROWS, type PoolsEntry } from "../../src/rulesets/action-points/play/views/tracker-rows";
import { sealAttack } from "../../src/rulesets/action-points/play/cards/seal";
import { windowContextOf } from "../../src/rulesets/action-points/play/cards/window-context";
import { cardView, type CardLedger, type CardViewer } from "../../src/rulesets/action-points/play/cards/card-view";
import type { ApWindowState } from "../../src/rulesets/action-points/play/cards/react";
import type { ApCard } from "../../src/rulesets/action-points/play/cards/card-spec";
import { maneuverResult, type ManeuverSeal } from "../../src/rulesets/action-points/play/cards/maneuver";
import { planCheck } from "../../src/rulesets/action-points/rules/checks";
import { auditScreen } from "../support/audit";
import {
  chatFrame, dialogForm, documentFor, FOUNDRY, hasChromium, openStage, THEMES, trackerFrame,
  windowFrame, type Stage, type Theme, type TrackerTurn,
} from "../support/browser";
import { attackDialogView } from "../../src/rulesets/action-points/play/views/attack-dialog";
import { rendererFor, root } from "../support/handlebars";

/**
 * action-points' screens as Foundry shows them, in real headless Chromium with Foundry v13's core
 * stylesheet and the built one, both themes: the character sheet out of combat, in combat (large
 * pools, the turn's actions with their costs and blockers) and in edit mode, an NPC, the weapon
 * and spell sheets, the attack card as it waits for a reaction (the defender's owner's buttons),
 * after a Riposte and once applied, and the tracker with each combatant's pools and marks.
 * `auditScreen` checks contrast, names, overflow and 24px targets and saves
 * test-results/action-points-*.png. Needs /usr/bin/chromium and a built dist/.
 */
const { render, t } = rendererFor("action-points");
const icon = (path: string) => (FOUNDRY ? `http://fray.test/foundry/${path}` : "");
type Source = Omit<ActorDocumentSource, "items"> & { img: string; items: {
  _id: string; name: string; img: string; type: string; system: Record<string, unknown>;
}[] };
const source = (pack: string, slug: string): Source => {
  const found = readPackSources(`action-points/${pack}`, join(root, "packs/_source"))
    .find((s) => s.file.endsWith(`${slug}.json`));
  if (!found) throw new Error(`${pack}/${slug} not in the packs`);
  return found.doc as unknown as Source;
};
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, order: 0, ...over });

const BODY = ["header", "pools", "actions", "skills", "weapons", "biography"];
function actorPage(src: Source, mode: "play" | "edit", combat: SheetInput["combat"], theme: Theme) {
  const isPC = src.type === "actionPointsCharacter";
  const system = withDefaults(isPC ? CHARACTER_SPEC : NPC_SPEC, src.system) as Record<string, unknown>;
  const block = statblockFromActor(src);
  const context = {
    ...sheetContext({
      block, hp: system.hp as { value: number; max: number }, health: "up",
      identity: isPC ? { calling: String(system.calling ?? ""), level: Number(system.level ?? 1) }
        : { role: String(system.role ?? "") },
      combat,
    }, t),
    isPC, sizes: { small: "Small", medium: "Medium", large: "Large", huge: "Huge" },
    actor: { name: src.name, img: icon(src.img) }, system, rootId: "ap-sheet",
    header: headerView({ name: src.name, img: icon(src.img) }, "actor", t),
    biographyHTML: String(system.biography ?? ""), editable: true, mode,
    editMode: mode === "edit", playMode: mode === "play",
  };
  const body = BODY.map((p) => render(`actor/${p}.hbs`, context)).join("");
  const classes = `fray action-points sheet actor fray-mode-${mode}`;
  return documentFor(windowFrame({ title: src.name, classes, width: 640, theme }, body), theme);
}

function itemPage(kind: "weapon" | "spell", src: Source["items"][number], mode: "play" | "edit",
  theme: Theme) {
  const spec = kind === "weapon" ? WEAPON_SPEC : SPELL_SPEC;
  const system = withDefaults(spec, src.system);
  const own = kind === "weapon" ? weaponSheetContext(weaponFromItem(src), null, t)
    : spellSheetContext(spellFromItem(src), t);
  const context = {
    ...own, item: { name: src.name, img: icon(src.img) }, system,
    descriptionHTML: String(system.description ?? ""),
    header: headerView({ name: src.name, img: icon(src.img) }, "item", t), rootId: "ap-item",
    editable: true, mode, editMode: mode === "edit", playMode: mode === "play",
  };
  const classes = `fray action-points sheet item fray-mode-${mode}`;
  return documentFor(windowFrame({ title: src.name, classes, width: 540, theme },
    render(`item/${kind}.hbs`, context)), theme);
}

// The attack card: Tamsin's sword against a bandit thug, who may Dodge, Parry, Block or Riposte.
const tamsinSrc = source("pregens", "tamsin-holt");
const thugSrc = source("npcs", "bandit-thug");
const tamsin = statblockFromActor(tamsinSrc);
const thug = statblockFromActor(thugSrc);
const sword = tamsin.weapons.find((w) => w.kind === "melee")!;
const card: ApCard = {
  actorUuid: "Actor.tamsin", itemId: sword.id, itemName: sword.name, tokenUuid: "Scene.s.Token.a",
  targetTokenUuid: "Scene.s.Token.b", targetName: thugSrc.name, combatId: "c", round: 2,
  disadvantages: [], advantages: [], reactionFor: "", maneuver: "", shove: { choice: "prone", both: false },
};
const verdict = sealAttack(card, "poster", {
  attacker: tamsin, with: { weapon: sword }, distance: 1, threateners: 2, grappling: false,
  combat: { kept: kept(), ownTurn: true, up: true },
}, [18]);
if (!verdict.ok) throw new Error(verdict.refused);
const seal = verdict.seal;
const context: ApWindowContext = windowContextOf(seal, { weapon: sword },
  { key: "A", block: tamsin, kept: kept() }, { key: "B", block: thug, kept: kept() }, []);
// An ally (C) who may Intercept the attack on the thug.
const withAlly: ApWindowContext = windowContextOf(seal, { weapon: sword },
  { key: "A", block: tamsin, kept: kept() }, { key: "B", block: thug, kept: kept() },
  [{ key: "C", block: thug, kept: kept() }]);
const play = (...events: object[]): ApWindowState => playOn(context, ...events);
const playOn = (ctx: ApWindowContext, ...events: object[]): ApWindowState => {
  let state = openWindow(AP_WINDOW, ctx).state;
  for (const e of events) {
    const r = stepWindow(AP_WINDOW, state, e);
    if (!r.ok) throw new Error(`${JSON.stringify(e)}: ${r.reason}`);
    state = r.state;
  }
  return state as ApWindowState;
};
const thugDice = thug.weapons[0]!.damage.dice;
const damage = (n: number) => ({ kind: "dice", results: Array<number>(n).fill(3) });
const CARDS: { name: string; ledger: CardLedger }[] = [
  { name: "awaiting", ledger: { window: play() } },
  {
    name: "riposte", ledger: { window: play(
      { kind: "answer", by: "B", answer: "riposte" }, { kind: "dice", results: [4] },
      { kind: "dice", results: [9] }, { kind: "pass", by: "A" }, damage(thugDice),
    ) },
  },
  {
    name: "hit-applied", ledger: {
      window: play({ kind: "pass", by: "B" }, damage(sword.damage.dice)), applied: true,
    },
  },
];
const names: Record<string, string> = { A: tamsinSrc.name, B: thugSrc.name, C: "Bryn Hale" };
// Bryn intercepts (an Agility check of 01 wins) and takes the hit: she may swap places.
const intercepted: CardLedger = { window: playOn(withAlly,
  { kind: "answer", by: "C", answer: "intercept" }, { kind: "dice", results: [1] },
  damage(sword.damage.dice)) };
// A Shove that knocked the thug prone and pushed it back (a Hard success against a Normal).
const shoveFacts = {
  actor: tamsin, target: thug, weapon: sword, kept: { actor: kept(), target: kept() },
  ids: { actor: "A", target: "B" }, ownTurn: true, up: true,
};
const shoveCheck = (skill: number, roll: number, level: "hard" | "normal") =>
  ({ plan: planCheck(skill), dice: [roll], roll, level });
const shoveSeal: ManeuverSeal = {
  maneuver: "shove", poster: "poster", actor: shoveCheck(tamsin.skills.athletics, 12, "hard"),
  target: shoveCheck(thug.skills.athletics, 30, "normal"),
  result: maneuverResult("shove", shoveFacts, "hard", "normal", { choice: "prone", both: true }),
  names: { actor: tamsinSrc.name, target: thugSrc.name },
};
const viewer = (over: Partial<CardViewer>): CardViewer => ({
  isGM: false, userId: "someone", acts: () => false, name: (k) => names[k] ?? "", ...over,
});
const cardPage = (ledger: CardLedger, who: CardViewer, theme: Theme) =>
  documentFor(chatFrame(render("chat/attack-card.hbs", {
    view: cardView(card, seal, ledger, who, t, null),
  })), theme);

// The attack dialog of a GM's off-hand attack with gang-up, after a won Feint.
const DIALOG_PLAN = planCheck(55, [{ source: "gangUp", value: 10 }, { source: "offHand", value: -10 }],
  [{ source: "feint", edge: 1 }]);
const dialogPage = (theme: Theme) => documentFor(windowFrame({
  title: t("FRAY.ActionPoints.Card.Title", { item: "Arming Sword", target: "Bandit Thug" }),
  classes: "dialog", width: 400, theme, tag: "div",
}, dialogForm(render("dialog/attack.hbs", { view: attackDialogView(DIALOG_PLAN, true, t) }))), theme);

// The tracker: Tamsin acting with 3 AP left, the thug in Total Defense.
const ENTRIES: PoolsEntry[] = [
  { id: "tamsintamsintams", name: tamsinSrc.name, isOwner: true, kept: kept({ ap: 3, flowState: true }),
    pools: tamsin.pools, surpriser: false },
  { id: "thugthugthugthug", name: thugSrc.name, isOwner: false, kept: kept({ rp: 3, totalDefense: true }),
    pools: thug.pools, surpriser: false },
];
const turns = (isGM: boolean): TrackerTurn[] => ENTRIES.map((e, i) => ({
  id: e.id, name: e.name, img: icon("icons/svg/mystery-man.svg"), initiative: 9 - i * 3,
  css: i === 0 ? "active" : "", isOwner: isGM || e.isOwner,
}));

describe.skipIf(!hasChromium)("action-points' screens in headless Chromium, both themes", () => {
  let stage: Stage;
  beforeAll(async () => { stage = await openStage({ width: 900, height: 1200 }); });
  afterAll(async () => stage?.browser.close());

  for (const theme of THEMES) {
    it(`Tamsin's sheet out of combat, in combat and in edit mode (${theme})`, async () => {
      await stage.show(actorPage(tamsinSrc, "play", null, theme));
      const tab = stage.tab;
      await expect(tab.locator(".ap-skill").first().innerText()).resolves.toMatch(/Critical ≤ \d+/);
      await expect(tab.locator(".ap-flow li").count()).resolves.toBeGreaterThan(0);
      await auditScreen(tab, ".fray.action-points.sheet", `action-points-sheet-play-${theme}`);
      await stage.show(actorPage(tamsinSrc, "play", {
        kept: kept({ ap: 2, step: true, flowState: true, readyTrigger: "the door opens",
          readyAction: "I strike whoever comes through" }), ownTurn: true, prone: true,
      }, theme));
      await expect(tab.locator(".ap-ready-text").innerText())
        .resolves.toBe("Readied: when the door opens, I strike whoever comes through.");
      await expect(tab.locator("[data-action=ready]").isDisabled()).resolves.toBe(true);
      await expect(tab.locator("[data-spend=standUp]").isDisabled()).resolves.toBe(false);
      await expect(tab.locator(".ap-pool-ap .value").innerText()).resolves.toBe("2");
      await expect(tab.locator(".ap-action-list .fray-blocked").allInnerTexts())
        .resolves.toEqual(["Once a round: used", "Needs 3 AP"]);
      await expect(tab.locator("[data-spend=totalDefense]").isDisabled()).resolves.toBe(true);
      await expect(tab.locator("[data-maneuver]").count()).resolves.toBe(5);
      await auditScreen(tab, ".fray.action-points.sheet", `action-points-sheet-combat-${theme}`);
      await stage.show(actorPage(tamsinSrc, "edit", null, theme));
      await expect(tab.locator("input[name='system.skills.melee']").count()).resolves.toBe(1);
      await auditScreen(tab, ".fray.action-points.sheet", `action-points-sheet-edit-${theme}`);
    });

    it(`an NPC, a weapon and a spell (${theme})`, async () => {
      await stage.show(actorPage(source("npcs", "ogre"), "play", null, theme));
      await expect(stage.tab.locator(".ap-subtitle").innerText()).resolves.toContain("Large");
      await auditScreen(stage.tab, ".fray.action-points.sheet", `action-points-sheet-npc-${theme}`);
      const weapon = tamsinSrc.items.find((i) => i.type === "actionPointsWeapon")!;
      for (const mode of ["play", "edit"] as const) {
        await stage.show(itemPage("weapon", weapon, mode, theme));
        await auditScreen(stage.tab, ".fray.action-points.sheet", `action-points-weapon-${mode}-${theme}`);
      }
      const spell = source("pregens", "oswin-clay").items.find((i) => i.type === "actionPointsSpell")!;
      await stage.show(itemPage("spell", spell, "play", theme));
      await auditScreen(stage.tab, ".fray.action-points.sheet", `action-points-spell-${theme}`);
    });

    it(`the attack card waiting, after a Riposte and applied (${theme})`, async () => {
      const owner = viewer({ acts: (k) => k === "B" });
      for (const { name, ledger } of CARDS) {
        for (const [who, v] of [["defender", owner], ["gm", viewer({ isGM: true })]] as const) {
          await stage.show(cardPage(ledger, v, theme));
          await auditScreen(stage.tab, ".fray-card", `action-points-card-${name}-${who}-${theme}`);
        }
      }
      await stage.show(cardPage(CARDS[0]!.ledger, owner, theme));
      const buttons = await stage.tab.locator("[data-fray-step=react]").allInnerTexts();
      expect(buttons.map((b) => b.trim())).toContain("Take the hit");
      expect(buttons.some((b) => b.includes("Riposte (2 RP)"))).toBe(true);
      await stage.show(cardPage(CARDS[0]!.ledger, viewer({}), theme));
      await expect(stage.tab.locator("[data-fray-step]").count()).resolves.toBe(0);
      // After a won Intercept, its owner may swap places with the thug.
      await stage.show(cardPage(intercepted, viewer({ acts: (k) => k === "C" }), theme));
      await expect(stage.tab.locator("[data-fray-step=swap]").innerText())
        .resolves.toContain("Bryn Hale: swap places");
      await auditScreen(stage.tab, ".fray-card", `action-points-card-intercepted-${theme}`);
    });

    it(`a Shove's card: both checks and what it did (${theme})`, async () => {
      const html = render("chat/attack-card.hbs", {
        view: cardView({ ...card, itemName: "Shove", maneuver: "shove" }, shoveSeal, {}, viewer({}), t, null),
      });
      await stage.show(documentFor(chatFrame(html), theme));
      await expect(stage.tab.locator(".ap-result").innerText()).resolves.toContain("knocked prone");
      await auditScreen(stage.tab, ".fray-card", `action-points-card-shove-${theme}`);
    });

    it(`the attack dialog: the check's terms, the roll and the edge choices (${theme})`, async () => {
      await stage.show(dialogPage(theme));
      const tab = stage.tab;
      await expect(tab.locator(".ap-check-terms li").allInnerTexts()).resolves.toEqual([
        "Skill 55%", "Gang-up +10", "Off hand −10", "Advantage: feint",
      ]);
      await expect(tab.locator(".ap-check-roll").innerText())
        .resolves.toBe("Roll two d100 under 55% and keep the better.");
      await expect(tab.getByLabel(/Take Disadvantage/).isChecked()).resolves.toBe(false);
      await expect(tab.getByLabel(/Give Advantage/).count()).resolves.toBe(1);
      await auditScreen(tab, ".application.dialog", `action-points-attack-dialog-${theme}`);
      await stage.show(documentFor(windowFrame({
        title: t("FRAY.ActionPoints.Action.ready"), classes: "dialog", width: 400, theme, tag: "div",
      }, dialogForm(render("dialog/ready.hbs", {}))), theme));
      await expect(tab.getByLabel("When this happens").getAttribute("maxlength")).resolves.toBe("200");
      await expect(tab.getByLabel("I do this").count()).resolves.toBe(1);
      await auditScreen(tab, ".application.dialog", `action-points-ready-dialog-${theme}`);
    });

    it(`the tracker's pools and marks (${theme})`, async () => {
      for (const isGM of [true, false]) {
        const input = {
          entries: ENTRIES, rendered: new Set(ENTRIES.map((e) => e.id)), round: 2, turn: 0,
          started: true, viewer: { isGM },
        };
        const inserts = trackerInserts(trackerView(AP_ROWS, input, { t, listOf: (n) => n.join(", ") }));
        const classes = "fray-combat fray-action-points-tracker";
        await stage.show(documentFor(trackerFrame(turns(isGM), { isGM, height: 400, classes }), theme));
        await stage.tab.evaluate(`(${spliceTracker.toString()})(document.querySelector(".combat-tracker"),
          ${JSON.stringify(inserts)})`);
        const row = stage.tab.locator('[data-combatant-id="tamsintamsintams"]');
        await expect(row.locator(".fray-pip").first().getAttribute("aria-label"))
          .resolves.toBe("Action Points: 3 of 5");
        await auditScreen(stage.tab, ".combat-tracker",
          `action-points-tracker-${isGM ? "gm" : "player"}-${theme}`);
      }
    });
  }
});
