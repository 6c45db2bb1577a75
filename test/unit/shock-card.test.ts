// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { rendererFor } from "../support/handlebars";
import { cardContext, rollText } from "../../src/rulesets/shock/play/cards/card-roll";
import { moraleOfferHtml, moraleResultHtml } from "../../src/rulesets/shock/play/cards/card-morale";
import { cardBadges } from "../../src/rulesets/shock/play/cards/card-badges";
import { SHOCK_ROWS, type ShockEntry, type ShockTrackerInput } from "../../src/rulesets/shock/play/views/tracker-rows";
import { groupHeadings } from "../../src/engine/view/tracker/row-model";
import { trackerInserts } from "../../src/shell/applications/tracker/row-html";
import { trackerView } from "../../src/shell/applications/tracker/view";
import { ACTIONS } from "../../src/rulesets/shock/rules/actions";
import { SITUATIONS, SITUATION_IDS } from "../../src/rulesets/shock/rules/situations";
import { cardView, type CardView, type Viewer } from "../../src/rulesets/shock/play/cards/card-view";
import {
  GONE, ledgerOf, phaseOf, refusalOf, sealCard, sealOf, swarmClaimHolds, SEAL_REFUSALS, type ShockLedger,
} from "../../src/rulesets/shock/play/cards/card-seal";
import { checkApply, checkManeuver, checkReact, parseApplyRequest, parseManeuverRequest, parseReactRequest } from "../../src/rulesets/shock/play/cards/relay-check";
import type { ShockCard } from "../../src/rulesets/shock/play/cards/card-spec";
import { mayActNext, rowBadges, type TrackerRow } from "../../src/rulesets/shock/play/views/tracker-view";
import { SHEET_ACTIONS } from "../../src/rulesets/shock/play/views/sheet-view";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { heldBy, TARGET, windowLedger } from "../support/shock-window";

/**
 * shock's attack card: the GM's seal and ledger, the checks of players' requests, what each viewer
 * sees (rendered with real Handlebars and shock's strings), and the tracker's pure parts.
 */
const { t, render } = rendererFor("shock");
const template = (context: { view: CardView }) =>
  render("chat/attack-card.hbs", cardContext(context.view, [], t));

const AUTHOR = "authorauthorauth";
const OWNER = "owneronwerowner1";
const card: ShockCard = {
  actorUuid: "Actor.attackerattacker", weaponId: "weaponweaponweap", weaponName: "Sabre", summary: "+4 vs AC · 1d6+2 · Shock 3/AC 13",
  tokenUuid: "Scene.s.Token.targettargettarg", targetName: "Bandit", combatId: "combatcombatcomb", round: 1, charge: false,
  snap: false, dualWield: false, swarmOthers: 0, inMelee: false, situations: ["halfCover"], formula: "1d20 + 2", snapFor: "", execution: false, nonLethal: false, natural: 12, total: 14,
};
const seal = sealCard(card, AUTHOR, { hit: true, targetCombatantId: "combatanttarget1", offers: ["totalDefense"] });
const viewer = (over: Partial<Viewer>): Viewer => ({ isGM: false, userId: "someoneelse00001", ownsTarget: false, ...over });
const player = { id: OWNER, isGM: false };
const gm = { id: "gamemastergamema", isGM: true };
/** The card waiting for its target's answer: Total Defense offered to it. */
const awaiting = windowLedger({ defenders: [TARGET] });
const result = { hit: true, amount: 5, kind: "hit" as const, swarm: false, damageFormula: "1d6", dice: [3] };

describe("the card's records", () => {
  it("the seal reads back; a refused or malformed one is none", () => {
    expect(sealOf(JSON.parse(JSON.stringify(seal)))).toEqual(seal);
    expect(sealOf({ kind: "refused" })).toBeNull();
    expect(sealOf({ ...seal, offers: ["screen"] })).toBeNull();
    expect(ledgerOf(null)).toEqual({});
  });

  it("goes from reactions to resolved to applied", () => {
    expect(phaseOf(null, {})).toBe("unsealed");
    expect(phaseOf(seal, awaiting)).toBe("reactions");
    expect(phaseOf(seal, { result })).toBe("resolved");
    expect(phaseOf(seal, { result, applied: { by: AUTHOR, dealt: 5, absorbedBy: null, hpBefore: 9, hpAfter: 4 } })).toBe("applied");
  });
});

describe("the GM's checks of players' requests", () => {
  it("only the target's owners (or the GM) react, once, with an offered Instant or none", () => {
    const react = parseReactRequest({ choice: "totalDefense" });
    if (!react) throw new Error("parse");
    expect(parseReactRequest({ choice: "screen" })).toBeNull();
    expect(parseReactRequest({ choice: "screen:../x" })).toBeNull();
    expect(checkReact(react, seal, awaiting, player, true)).toEqual({ ok: true });
    expect(checkReact(react, seal, awaiting, player, false)).toEqual({ ok: false, reason: "notOwner" });
    expect(checkReact(react, seal, awaiting, gm, false)).toEqual({ ok: true });
    expect(checkReact(react, seal, { ...awaiting, result }, player, true)).toEqual({ ok: false, reason: "alreadyApplied" });
    // Its Main was spent when the window opened: only "no reaction" (which settles it).
    const spent = windowLedger({ defenders: [] });
    expect(checkReact(react, seal, spent, player, true)).toEqual({ ok: false, reason: "notOffered" });
    expect(checkReact({ ...react, choice: "none" }, seal, spent, player, true)).toEqual({ ok: true });
    expect(checkReact(react, null, awaiting, gm, true)).toEqual({ ok: false, reason: "unsealed" });
    // Against the state the answerer saw: a request made on an older one is refused.
    expect(parseReactRequest({ choice: "none", seq: -1 })).toBeNull();
    expect(checkReact({ ...react, seq: 0 }, seal, awaiting, player, true)).toEqual({ ok: true });
    expect(checkReact({ ...react, seq: 3 }, seal, awaiting, player, true)).toEqual({ ok: false, reason: "stale" });
    // A card sealed before its window was stored cannot be answered.
    expect(checkReact(react, seal, {}, gm, true)).toEqual({ ok: false, reason: "noWindow" });
  });

  it("the author (or the GM) applies a settled result once", () => {
    expect(parseApplyRequest(null)).toBeNull();
    const author = { id: AUTHOR, isGM: false };
    expect(checkApply(seal, {}, author)).toEqual({ ok: false, reason: "notResolved" });
    expect(checkApply(seal, { result }, author)).toEqual({ ok: true });
    expect(checkApply(seal, { result }, player)).toEqual({ ok: false, reason: "notAuthor" });
    expect(checkApply(seal, { result }, gm)).toEqual({ ok: true });
    expect(checkApply(seal, { result: { ...result, kind: "none", amount: 0 } }, gm)).toEqual({ ok: false, reason: "nothingToApply" });
    const applied: ShockLedger = { result, applied: { by: AUTHOR, dealt: 5, absorbedBy: null, hpBefore: 9, hpAfter: 4 } };
    expect(checkApply(seal, applied, author)).toEqual({ ok: false, reason: "alreadyApplied" });
  });
});

describe("what each viewer sees", () => {
  it("the target's owner is offered Total Defense or no reaction before damage; others wait", () => {
    const owner = template({ view: cardView(card, viewer({ ownsTarget: true }), seal, awaiting) });
    const react = (choice: string) =>
      `data-fray-step="react"\n      data-fray-args="{&quot;choice&quot;:&quot;${choice}&quot;,&quot;seq&quot;:0}"`;
    expect(owner).toContain(react("totalDefense"));
    expect(owner).toContain(react("none"));
    expect(owner).not.toContain('data-fray-step="apply"');
    const other = template({ view: cardView(card, viewer({ userId: AUTHOR }), seal, awaiting) });
    expect(other).not.toContain('data-fray-step="react"');
    expect(other).toContain("Waiting for Bandit");
    // The GM may answer for an absent player.
    expect(template({ view: cardView(card, viewer({ isGM: true }), seal, awaiting) })).toContain(react("totalDefense"));
  });

  it("once settled the author applies; the Shock of a miss has its own button", () => {
    const passed = windowLedger({ defenders: [TARGET] }, { kind: "pass", by: TARGET });
    const hit = template({ view: cardView(card, viewer({ userId: AUTHOR }), seal, { ...passed, result }) });
    expect(hit).toContain("Apply 5 damage");
    expect(hit).toContain("Bandit did not react.");
    const shock = { ...result, hit: false, kind: "shock" as const, amount: 3, damageFormula: "", dice: [] };
    expect(template({ view: cardView(card, viewer({ userId: AUTHOR }), seal, { result: shock }) })).toContain("Apply Shock 3");
    expect(template({ view: cardView(card, viewer({ ownsTarget: true }), seal, { result }) })).not.toContain('data-fray-step="apply"');
  });

  it("after applying: what was dealt or absorbed; HP only for the GM and the target's owners", () => {
    const ledger = { result, applied: { by: AUTHOR, dealt: 0, absorbedBy: "shield" as const, hpBefore: 9, hpAfter: 9 } };
    const author = template({ view: cardView(card, viewer({ userId: AUTHOR }), seal, ledger) });
    expect(author).toContain("shield turned the Shock aside.");
    expect(author).not.toContain("9 → 9");
    expect(template({ view: cardView(card, viewer({ isGM: true }), seal, ledger) })).toContain("9 → 9");
  });
});

describe("the roll's line and tooltip", () => {
  const terms = [{ source: "attackBonus", value: 1 }, { source: "skill:stab", value: 2 }, { source: "situation:halfCover", value: -2 }];
  it("the GM reads the AC; players read 'vs AC'; the terms by source are its tooltip and name", () => {
    const gmRoll = rollText(cardView(card, viewer({ isGM: true, ac: 13 }), seal, {}), terms, t);
    expect(gmRoll.versus).toBe("14 vs AC 13");
    expect(gmRoll.natural).toBe("d20 12");
    expect(gmRoll.detail).toBe("1d20 + 2: Attack bonus +1 · Stab +2 · Half cover −2");
    expect(gmRoll.label).toContain(gmRoll.detail);
    // A player's viewer never carries the AC, and one that did would not show it.
    expect(rollText(cardView(card, viewer({ ac: 13 }), seal, {}), terms, t).versus).toBe("14 vs AC");
    expect(rollText(cardView(card, viewer({}), seal, {}), [], t).detail).toBe("1d20 + 2");
  });

  it("an execution's total is not set against an AC it need not beat (§Execution Attacks)", () => {
    const execution = { ...card, execution: true };
    const gm = rollText(cardView(execution, viewer({ isGM: true, ac: 16 }), seal, {}), terms, t);
    expect(gm.versus).toBe("14: an execution lands");
  });

  it("the morale cards escape what they are given and say hold or break in a badge", () => {
    const offer = moraleOfferHtml("<b>Bandits</b>", t);
    expect(offer).toContain("&lt;b&gt;Bandits&lt;/b&gt;");
    expect(offer).toContain('data-shock-morale="roll"');
    expect(offer).toContain('data-shock-morale="set"');
    expect(moraleResultHtml(true, "x", t)).toContain("fray-badge--miss");
    expect(moraleResultHtml(false, "x", t)).toContain("They hold");
  });
});

describe("a held screen offered on the card", () => {
  const helper = { combatantId: "combatantoskar01", name: "Oskar", tokenUuid: "Scene.s.Token.oskar" };
  const offered = sealCard(card, AUTHOR, { hit: true, targetCombatantId: TARGET, offers: ["totalDefense", "screen:combatantoskar01"], helpers: [helper] });
  const choice = "screen:combatantoskar01" as const;
  const open = { defenders: [TARGET], holders: [heldBy("combatantoskar01")] };
  const screen = { kind: "answer" as const, by: "combatantoskar01", answer: "screen" };
  // Both sides 2d6 with no modifiers: the attacker's dice first, then the screener's.
  const lost = windowLedger(open, screen, { kind: "dice", results: [5, 5, 1, 2] });
  const won = windowLedger(open, screen, { kind: "dice", results: [3, 3, 4, 5] });

  it("only the screener's owners (or the GM) take it, once", () => {
    const waiting = windowLedger(open);
    expect(checkReact({ choice }, offered, waiting, player, false)).toEqual({ ok: false, reason: "notOwner" });
    expect(checkReact({ choice }, offered, waiting, player, true)).toEqual({ ok: true });
    expect(checkReact({ choice }, offered, lost, gm, true)).toEqual({ ok: false, reason: "notOffered" });
    // After a failed screen the target still answers for itself.
    expect(checkReact({ choice: "totalDefense" }, offered, lost, player, true)).toEqual({ ok: true });
  });

  it("each viewer sees its own buttons; a won screen makes the screener the target", () => {
    const waiting = windowLedger(open);
    const screenerView = cardView(card, viewer({ ownedCombatants: ["combatantoskar01"] }), offered, waiting);
    expect(screenerView.reactions.map((r) => r.choice)).toEqual([choice]);
    expect(template({ view: screenerView })).toContain("Oskar screens (held action)");
    expect(cardView(card, viewer({ ownsTarget: true }), offered, waiting).reactions.map((r) => r.choice)).toEqual(["totalDefense", "none"]);
    // Won, with nothing left to offer: the window settled on Oskar.
    const html = template({ view: cardView(card, viewer({ isGM: true }), offered, { ...won, result }) });
    expect(html).toContain("Sabre → Oskar");
    expect(html).toContain("Oskar screens with a held action: 9 against 6, and takes the attack.");
    expect(html).toContain("The attack was screened.");
    const failed = template({ view: cardView(card, viewer({ isGM: true }), offered, lost) });
    expect(failed).toContain("Oskar tries to screen with a held action: 3 against 10, and fails.");
    expect(failed).toContain("Sabre → Bandit");
  });
});

describe("a refused card", () => {
  it("says why, and offers nothing", () => {
    expect(refusalOf({ kind: "refused", reason: "swarm" })).toBe("swarm");
    expect(refusalOf({ kind: "refused" })).toBe("gone");
    expect(refusalOf(seal)).toBeNull();
    expect(phaseOf(null, {}, true)).toBe("refused");
    const html = template({ view: cardView(card, viewer({ isGM: true }), null, {}, "total") });
    expect(html).toContain("the total is not the d20 plus");
    expect(html).not.toContain("<button");
    for (const r of SEAL_REFUSALS) expect(t(`FRAY.Shock.Card.Refused.${r}`)).not.toContain("FRAY.");
  });

  it("a swarm may claim only the allies who swarmed the target this round, four at most", () => {
    expect(swarmClaimHolds(2, 2)).toBe(true);
    expect(swarmClaimHolds(3, 2)).toBe(false);
    expect(swarmClaimHolds(4, 6)).toBe(true);
  });
});

describe("a card the GM closed because what it needs is gone", () => {
  it("says why, offers nothing and is done; every reason has its words", () => {
    const closed = { ...awaiting, closed: { by: gm.id, gone: "target" as const } };
    expect(phaseOf(seal, closed)).toBe("closed");
    const view = cardView(card, viewer({ isGM: true }), seal, closed);
    expect(view).toMatchObject({ closedKey: "FRAY.Shock.Card.ClosedWhy.target", reactions: [], canApply: false, waiting: false });
    expect(view.badges.map((b) => b.key)).toContain("FRAY.Shock.Card.Badge.closed");
    const html = template({ view });
    expect(html).toContain("Closed by the GM without a result: the attack&#x27;s target (its token or actor) no longer exists.");
    expect(html).not.toContain("<button");
    expect(checkApply(seal, { ...closed, result }, gm)).toEqual({ ok: false, reason: "closed" });
    expect(checkReact({ choice: "none" }, seal, closed, gm, true)).toEqual({ ok: false, reason: "closed" });
    for (const g of GONE) {
      expect(t(`FRAY.Shock.Card.ClosedWhy.${g}`)).not.toContain("FRAY.");
      expect(t(`FRAY.Relay.Reason.shockGone.${g}`)).not.toContain("FRAY.");
    }
  });
});

describe("a screened attack", () => {
  it("shows each screener's check, and the screener who took the attack becomes the target", () => {
    const screen = { ward: "Bandit", attackerTotal: 7, takenBy: "Oskar", screeners: [{ name: "Oskar", total: 9, won: true }] };
    const screened = sealCard(card, AUTHOR, {
      hit: false, targetCombatantId: "combatantoskar01", offers: [], screen, screenerToken: { uuid: "Scene.s.Token.oskar", name: "Oskar" },
    });
    expect(screened.tokenUuid).toBe("Scene.s.Token.oskar");
    expect(sealOf(JSON.parse(JSON.stringify(screened)))?.screen).toEqual(screen);
    const html = template({ view: cardView(card, viewer({ isGM: true }), screened, {}) });
    expect(html).toContain("Sabre → Oskar");
    expect(html).toContain("Oskar takes the attack.");
    expect(html).toContain('<li class="fray-tag won">Oskar: 9</li>');
  });
});

describe("shock's strings cover every value the code builds a key from", () => {
  const has = (key: string) => t(key) !== key;
  it("refusals, reactions, results, situations, actions", () => {
    const keys = [
      ...Object.keys(ACTIONS).filter((a) => ACTIONS[a as keyof typeof ACTIONS].type !== "free").map((a) => `FRAY.Shock.Refuse.Spent.${a}`),
      ...SITUATION_IDS.filter((s) => SITUATIONS[s] === null).map((s) => `FRAY.Shock.Refuse.Forbidden.${s}`),
      ...SITUATION_IDS.map((s) => `FRAY.Shock.Situation.${s}`),
      ...["totalDefense", "none"].flatMap((r) => [`FRAY.Shock.Card.React.${r}`, `FRAY.Shock.Card.Reacted.${r}`]),
      ...["hit", "shock", "none"].map((k) => `FRAY.Shock.Card.Result.${k}`),
      ...["shield", "totalDefense", "immunity"].map((k) => `FRAY.Shock.Card.Absorbed.${k}`),
      ...SHEET_ACTIONS.map((a) => `FRAY.Shock.Action.${a}`),
      ...SHEET_ACTIONS.map((a) => `FRAY.Shock.Sheet.ActionType.${ACTIONS[a].type}`),
      ...["Left", "Used"].map((k) => `FRAY.Shock.Combat.Pip${k}`),
      ...["Won", "Lost"].flatMap((w) => [`FRAY.Shock.Card.Badge.grapple${w}`, `FRAY.Shock.Card.Badge.shove${w}`]),
      ...["attackBonus", "magic", "charge", "snap", "swarm", "dualWield"].map((k) => `FRAY.Shock.Card.Source.${k}`),
      // Every refusal of the card's steps (relay-check.ts) says why.
      ...["unsealed", "notAuthor", "notOwner", "notOffered", "alreadyApplied", "notResolved", "nothingToApply", "notHit",
        "notApplied", "nothingToUndo", "snapPending", "attackerFell", "noWindow", "stale"].map((r) => `FRAY.Relay.Reason.${r}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
});

/** shock's additions as the HTML the tracker splices in (the shell's renderer over shock's view). */
const trackerExtras = (state: ShockTrackerInput, t: (k: string, d?: Record<string, string | number>) => string) => {
  const inserts = trackerInserts(trackerView(SHOCK_ROWS, state, { t, listOf: (n) => n.join(", ") }));
  return { headings: inserts.headings, rows: inserts.rows.map((r) => ({ id: r.id, html: r.state })) };
};
/** Side headings: the shell's group headings over each row's side. */
const sideHeadings = (rows: readonly TrackerRow[], rendered: ReadonlySet<string>) =>
  groupHeadings(rows.map((r) => ({ id: r.id, group: r.side })), rendered)
    .map((h) => ({ beforeId: h.beforeId, side: h.group }));

describe("the tracker's pure parts", () => {
  const row = (id: string, side: string, over: Partial<TrackerRow> = {}): TrackerRow =>
    ({ id, side, budget: FRESH_BUDGET, totalDefense: false, fellRound: 0, ...over });
  const rows = [row("a", "party"), row("b", "party"), row("c", "foes"), row("d", "foes")];

  it("a heading before each side's first shown combatant", () => {
    expect(sideHeadings(rows, new Set(["a", "b", "c", "d"]))).toEqual([{ beforeId: "a", side: "party" }, { beforeId: "c", side: "foes" }]);
    expect(sideHeadings(rows, new Set(["b", "d"]))).toEqual([{ beforeId: "b", side: "party" }, { beforeId: "d", side: "foes" }]);
  });

  it("what is left and how long a PC has been down", () => {
    const spent = rowBadges(row("a", "party", { budget: { ...FRESH_BUDGET, main: true, moves: 1 }, totalDefense: true, fellRound: 2 }), 4);
    expect(spent.left.map((l) => l.left)).toEqual([false, false, true]);
    expect(spent.downFor).toBe(2);
  });

  it("the rows' state lines and the side headings, as HTML the tracker splices in", () => {
    const entry = (r: TrackerRow, over: Partial<ShockEntry> = {}): ShockEntry =>
      ({ ...r, name: `Name ${r.id}`, isPC: r.side === "party", isOwner: true, ...over });
    const entries = [
      entry(row("a", "party", { budget: { ...FRESH_BUDGET, main: true } })),
      entry(row("b", "party")), entry(row("c", "party", { fellRound: 1 })),
      entry(row("d", "foes"), { isOwner: false }),
    ];
    const extras = trackerExtras({
      entries, rendered: new Set(["a", "b", "c", "d"]), round: 2, turn: 0, started: true,
      viewer: { isGM: false }, sides: [
        { id: "party", name: "the party", roll: { die: 5, bonus: 2, result: 7 }, surprised: false },
        { id: "foes", name: "the foes", roll: { die: 4, bonus: 0, result: 4 }, surprised: true },
      ],
    }, t);
    expect(extras.headings.map((h) => h.beforeId)).toEqual(["a", "d"]);
    expect(extras.headings[0]!.html).toContain("Initiative 7");
    expect(extras.headings[0]!.html).toContain("d8 5 + 2");
    expect(extras.headings[1]!.html).toContain("surprised");
    const [a, b, c, d] = extras.rows.map((r) => r.html);
    expect(a).toContain('aria-label="Main: used"');
    expect(a).toContain('aria-label="Move: left"');
    expect(a).toContain("Acting");
    expect(b).toContain('aria-label="Act next: Name b"');
    expect(c).toContain("Down 1");
    expect(c).not.toContain("fray-pip");
    expect(d).not.toContain("shockActNext");
  });

  it("a card's badges lead with the result, then Shock, the reaction and the state", () => {
    const words = (l: ShockLedger, c = card) => cardBadges(c, seal, l, phaseOf(seal, l)).map((b) => b.key.split(".").at(-1));
    expect(words(awaiting)).toEqual(["hit", "awaiting"]);
    const shock = { ...result, hit: false, kind: "shock" as const, amount: 2 };
    const defended = windowLedger({ defenders: [TARGET] }, { kind: "answer", by: TARGET, answer: "totalDefense" });
    expect(words({ ...defended, result: shock })).toEqual(["miss", "shock", "totalDefense"]);
    expect(words({ result }, { ...card, natural: 20 })).toEqual(["natural20"]);
    expect(cardBadges(card, null, {}, "refused").map((b) => b.variant)).toEqual(["miss"]);
  });

  it("act next: only for the acting side's combatants still to act", () => {
    expect(mayActNext(rows, 1, 0, true)).toBe(true);
    expect(mayActNext(rows, 2, 0, true)).toBe(false);
    expect(mayActNext(rows, 0, 0, true)).toBe(false);
    expect(mayActNext(rows, 1, 0, false)).toBe(false);
  });
});

describe("shove and grapple on the card", () => {
  const hit: ShockLedger = {
    result: { hit: true, amount: 3, kind: "hit", swarm: false, damageFormula: "1d2", dice: [1] },
  };
  const author = { isGM: false, userId: AUTHOR, ownsTarget: false, maneuvers: ["grapple", "shove"] as const };

  it("a settled hit offers the weapon's maneuvers to the author, in lieu of damage", () => {
    const view = cardView(card, author, seal, hit);
    expect(view.maneuvers.map((m) => m.kind)).toEqual(["grapple", "shove"]);
    expect(cardView(card, { ...author, userId: "someoneelseelsee" }, seal, hit).maneuvers).toEqual([]);
    const miss: ShockLedger = { result: { ...hit.result!, hit: false, kind: "shock" } };
    expect(cardView(card, author, seal, miss).maneuvers).toEqual([]);
  });

  it("a maneuver taken ends the card (no damage to apply) and says who won", () => {
    const done: ShockLedger = { ...hit, maneuver: { kind: "grapple", by: AUTHOR, attackerTotal: 9, defenderTotal: 5, won: true } };
    expect(phaseOf(seal, done)).toBe("applied");
    const view = cardView(card, author, seal, done);
    expect(view.canApply).toBe(false);
    expect(view.maneuvers).toEqual([]);
    expect(view.maneuver).toEqual({ key: "FRAY.Shock.Card.Maneuvered.grapple.won", attackerTotal: 9, defenderTotal: 5 });
    expect(checkManeuver(seal, done, { id: AUTHOR, isGM: false })).toEqual({ ok: false, reason: "alreadyApplied" });
    expect(checkManeuver(seal, hit, { id: AUTHOR, isGM: false })).toEqual({ ok: true });
    expect(checkManeuver(seal, hit, { id: "someoneelseelsee", isGM: false })).toEqual({ ok: false, reason: "notAuthor" });
    expect(parseManeuverRequest({ maneuver: "trip" })).toBeNull();
  });
});
