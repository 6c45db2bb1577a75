import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPackSources } from "../../scripts/lib/sources";
import { FRESH_BUDGET, take } from "../../src/rulesets/shock/rules/actions";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";
import { attributeRows, skillRows } from "../../src/rulesets/shock/play/views/sheet-view";
import { attackBlock, weaponSheetRows, weaponSummary } from "../../src/rulesets/shock/play/views/sheet-weapon";
import { roundActionGroups, roundConditions, roundPips } from "../../src/rulesets/shock/play/views/sheet-round";
import { hpView, npcIdentity } from "../../src/rulesets/shock/play/views/sheet-header";
import { sheetRound, sheetStatuses } from "../../src/rulesets/shock/play/views/sheet-context";
import { rendererFor } from "../support/handlebars";

/**
 * shock's sheets from the pack's pregens and NPCs: each weapon row says in one line what it does,
 * built from localized pieces, and says why its Attack is blocked; the round shows what is left in
 * words, the conditions with their durations and the round's actions grouped with their reasons
 * (rendered with real Handlebars and shock's strings). Source: `002_5e27cdf788b28f5f.txt`
 * §Attack Rolls, §Damage, §Shock, §Combat Action Types, §Grappling, §Total Defense.
 */
const root = process.cwd();
const { render, renderShell, hb, t } = rendererFor("shock");
const block = (pack: string, name: string) => {
  const source = readPackSources(`shock/${pack}`, join(root, "packs/_source")).find((s) => s.doc.name === name);
  if (!source) throw new Error(name);
  return statblockFromActor(source.doc as unknown as ActorDocumentSource);
};
const turn = { actingSide: "party", side: "party", holding: false, surprised: false };
const gate = { health: "up" as const, turn, held: false, grappled: false, canScreen: true };

describe("shock's weapon rows", () => {
  it("Corvin Ash's weapons, each in one line", () => {
    const rows = weaponSheetRows(block("pregens", "Corvin Ash"), { health: "up", combat: null }, t);
    expect(rows.map((r) => `${r.name}: ${r.line}`)).toEqual([
      "Sabre: +4 vs AC · 1d6+2 · Shock 3/AC 13",
      "Hand Axe: +4 vs AC · 1d6+2 · Shock 3/AC 15",
    ]);
    expect(rows[0]?.labels).toMatchObject({ edit: "Edit Sabre", remove: "Delete Sabre", ready: "Stow Sabre" });
    const html = render("actor/weapons.hbs", { weapons: rows, isPC: true, editable: true, rootId: "s" });
    expect(html).toContain('<span class="fray-line">+4 vs AC · 1d6+2 · Shock 3/AC 13</span>');
    expect(html.match(/data-action="attack"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Delete Hand Axe"');
    expect(html).not.toContain("disabled");
  });

  it("every pack weapon row states a bonus and a damage formula", () => {
    for (const pack of ["pregens", "npcs"]) {
      for (const s of readPackSources(`shock/${pack}`, join(root, "packs/_source"))) {
        const b = statblockFromActor(s.doc as unknown as ActorDocumentSource);
        for (const w of b.weapons) {
          expect(weaponSummary(b, w, t), `${s.doc.name} ${w.name}`)
            .toMatch(/^[+−]\d+ vs AC · \d+d\d+([+−]\d+)?( · Shock \d+\/(AC \d+|-))?$/);
        }
      }
    }
  });

  it("a blocked Attack says why: stowed, unarmed only while grappled, Main spent, down", () => {
    const corvin = block("pregens", "Corvin Ash");
    const sabre = corvin.weapons[0]!;
    const fight = { mainSpent: false, held: false, surprised: false, offTurn: false };
    expect(attackBlock({ ...sabre, readied: false }, { health: "up", combat: null }, true)).toBe("FRAY.Shock.Sheets.Blocked.stowed");
    expect(attackBlock(sabre, { health: "up", combat: { ...fight, held: true } }, true)).toBe("FRAY.Shock.Sheets.Blocked.unarmedOnly");
    expect(attackBlock(sabre, { health: "up", combat: { ...fight, mainSpent: true } }, true)).toBe("FRAY.Shock.Sheets.Blocked.mainSpent");
    expect(attackBlock(sabre, { health: "mortallyInjured", combat: null }, true)).toBe("FRAY.Shock.Sheets.Blocked.cannotAct");
    // Off its side's turn only a Snap Attack is possible: PCs and disciplined NPCs may make one.
    expect(attackBlock(sabre, { health: "up", combat: { ...fight, offTurn: true } }, true)).toBeNull();
    expect(attackBlock(sabre, { health: "up", combat: { ...fight, offTurn: true } }, false)).toBe("FRAY.Shock.Sheets.Blocked.notYourSide");
    const rows = weaponSheetRows(corvin, { health: "up", combat: { ...fight, mainSpent: true } }, t);
    const html = render("actor/weapons.hbs", { weapons: rows, isPC: true, editable: false, rootId: "s" });
    expect(html).toContain('<span class="fray-blocked">Main spent</span>');
    expect(html).not.toContain('data-action="deleteItem"');
  });
});

describe("shock's round on the sheet", () => {
  it("pips say Main and Move with their state in words", () => {
    expect(roundPips(FRESH_BUDGET, t).map((p) => p.text)).toEqual(["Main: left", "Move: left"]);
    expect(roundPips(take(FRESH_BUDGET, "run"), t).map((p) => [p.text, p.used]))
      .toEqual([["Main: left", false], ["Move: used", true]]);
  });

  it("conditions carry their durations, the fall first", () => {
    const state = {
      budget: { ...FRESH_BUDGET, disengaged: true }, totalDefense: true, charging: false, hasShield: true,
      shieldUsed: true, screening: "", grappling: "", grappledBy: [], health: "mortallyInjured" as const,
      fellRound: 2, round: 4, statuses: [{ name: "Prone", duration: "" }],
    };
    expect(roundConditions(state, t).map((c) => `${c.text} ${c.duration}`.trim())).toEqual([
      "Mortally Injured (down for 2 rounds)",
      "Total Defense: +2 AC, immune to Shock (until its next turn)",
      "Shield used this round",
      "Disengaged: no Attacks of Opportunity (until the round ends)",
      "Prone",
    ]);
    // Knocked out by a non-lethal execution: a PC reads "stabilised" (not dying); the sheet says why.
    const out = { ...state, health: "stabilised" as const, knockedOut: true, statuses: [] };
    expect(roundConditions(out, t)[0]).toMatchObject({
      id: "knockedOut", text: "Knocked out: unconscious, not dying", duration: "(down for 2 rounds)", harmful: true,
    });
    expect(roundConditions({ ...out, knockedOut: false }, t)[0]?.text).toBe("Stabilised at 0 HP");
  });

  it("actions are grouped by type; a reason the whole group shares is said once", () => {
    const spent = take(FRESH_BUDGET, "totalDefense");
    const groups = roundActionGroups(spent, gate, t);
    expect(groups.map((g) => [g.heading, g.blocked])).toEqual([
      ["Main actions", "Main spent"], ["Move actions", ""], ["Instant actions", "Main spent"],
    ]);
    expect(groups[0]?.actions.every((a) => a.blocked === "")).toBe(true);
    const held = roundActionGroups(FRESH_BUDGET, { ...gate, held: true, grappled: true }, t);
    const moves = held.find((g) => g.type === "move")!.actions;
    expect(moves.find((a) => a.id === "run")?.blocked).toBe("grappled");
    expect(moves.find((a) => a.id === "holdAction")?.blocked).toBe("");
    const other = roundActionGroups(FRESH_BUDGET, { ...gate, turn: { ...turn, actingSide: "foes" } }, t);
    expect(other.find((g) => g.type === "main")?.blocked).toBe("not your side's turn");
    expect(other.find((g) => g.type === "instant")?.blocked).toBe("");
    const html = render("actor/actions.hbs", { round: { pips: roundPips(spent, t), groups }, conditions: [], rootId: "s" });
    expect(html).toMatch(/data-shock-action="disengage"\s+data-tooltip="Main action"\s+disabled/);
    expect(html).toContain('<span class="fray-blocked">Main spent</span>');
    const out = render("actor/actions.hbs", { round: null, conditions: [], rootId: "s" });
    expect(out).toContain("Not in a started combat");
    expect(out).not.toContain("takeAction");
  });
});

describe("shock's sheet header and stats", () => {
  it("HP takes relative entry and shows its bar", () => {
    const hp = hpView({ value: 5, max: 12 }, t);
    expect(hp).toMatchObject({ low: 3, high: 6, text: "5 / 12", min: 0, hasMin: true, name: "system.hp.value" });
    const html = renderShell("sheet/resource-bar.hbs", { ...hp, editMode: false, rootId: "s", editable: true });
    expect(html).toContain("data-relative");
    expect(html).toContain('name="system.hp.value"');
    expect(html).toContain('<span class="fray-hp-max">/ 12</span>');
    expect(html).not.toContain("disabled");
    const edit = hb.compile('{{> "systems/fray/templates/shell/sheet/resource-bar.hbs" hp}}')({ hp, editMode: true, rootId: "s", editable: false });
    expect(edit).toContain('name="system.hp.max"');
    expect(edit).toMatch(/data-max="12" aria-label="Hit points: [^"]*" data-tooltip="[^"]*" disabled \/>/);
  });

  it("an NPC's identity: HD, training, attack bonus, Morale or fearless, its group", () => {
    const npc = { hitDice: 3, training: 1, morale: 9, fearless: false, disciplined: true, group: "Bandits", role: "" };
    expect(npcIdentity(npc, t).map((p) => `${p.label} ${p.value}`))
      .toEqual(["Hit Dice 3", "Training +1", "Attack bonus +4", "Morale 9", "Morale group Bandits"]);
    expect(npcIdentity({ ...npc, fearless: true }, t)[3]?.value).toBe("fearless");
  });

  it("attributes and skills rows name every value", () => {
    const b = block("pregens", "Corvin Ash");
    expect(attributeRows(b).find((r) => r.id === "dex")).toEqual({ id: "dex", labelKey: "FRAY.Shock.Attribute.dex", value: 2 });
    expect(skillRows(b).map((r) => t(r.labelKey))).toContain("Stab");
  });
});

describe("the sheet's round input from the kept marks", () => {
  const turn = { actingSide: "party", side: "party", holding: false, surprised: false };
  const kept = {
    totalDefense: true, charging: false, shieldUsed: true, screening: "w", grappling: "",
    grappledBy: ["g1", "g2"], fellRound: 0,
  };
  const names: Record<string, string> = { w: "Wren", g1: "Mire Thrall" };

  it("names each combatant id; none stays \"\", one gone reads as \"\"", () => {
    const asked: string[] = [];
    const got = sheetRound(kept, { budget: FRESH_BUDGET, turn, round: 3 }, (id) => {
      asked.push(id);
      return names[id] ?? "";
    });
    expect(got).toEqual({
      budget: FRESH_BUDGET, turn, round: 3, totalDefense: true, charging: false,
      shieldUsed: true, screening: "Wren", grappling: "", grappledBy: ["Mire Thrall", ""],
      fellRound: 0,
    });
    // No name is looked up for "none".
    expect(asked).toEqual(["w", "g1", "g2"]);
  });
});

describe("the statuses the sheet lists", () => {
  const effect = (name: string, statuses: string[], label?: string) => ({
    name, statuses: new Set(statuses),
    duration: label === undefined ? { type: "none" } : { type: "turns", label },
  });
  const effects = [
    effect("Mortally Injured", ["shockMortal"]), effect("Dead", ["dead"]),
    effect("Unconscious", ["unconscious"]), effect("Blessed", ["bless"], "2 rounds"),
  ];

  it("leaves out what the health condition shows: the Mortally Injured marker and dead", () => {
    const shown = sheetStatuses(effects, "up", new Set(["bless", "unconscious"]));
    expect(shown).toEqual({
      statuses: [{ name: "Unconscious", duration: "" }, { name: "Blessed", duration: "2 rounds" }],
      knockedOut: false,
    });
  });

  it("down and unconscious is knocked out, shown as the fall: its status left out too", () => {
    const shown = sheetStatuses(effects, "defeated", new Set(["unconscious"]));
    expect(shown).toEqual({ statuses: [{ name: "Blessed", duration: "2 rounds" }], knockedOut: true });
    // Down without the status: a plain fall, nothing knocked out.
    expect(sheetStatuses(effects, "mortallyInjured", new Set()).knockedOut).toBe(false);
  });
});
