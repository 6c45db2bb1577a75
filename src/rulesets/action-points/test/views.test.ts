import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { trackerView } from "../../../shell/applications/tracker/view";
import { statblockFromActor, type ActorDocumentSource } from "../rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { sheetContext, sheetInput, type SheetInput } from "../play/views/sheet-context";
import { spellSheetContext, weaponSheetContext } from "../play/views/item-view";
import { AP_ROWS, type PoolsEntry } from "../play/views/tracker-rows";

/**
 * What action-points' sheets and tracker rows show, from a pregen of its pack: skills with their
 * success levels' highest rolls, pools out of and in combat, weapons with Flow actions, the turn's
 * actions with their costs and blockers (the GM's own rule), and the tracker's pools and marks.
 * Source: `004_2cc57162401858c9.txt` §Action Economy, §Special Actions; RULINGS.md §Checks.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("action-points"), "action-points"));
const source = (slug: string) => JSON.parse(readFileSync(
  `packs/_source/action-points/pregens/${slug}.json`, "utf8",
)) as ActorDocumentSource;
const tamsin = statblockFromActor(source("tamsin-holt"));
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { ap: 5, rp: 2, fp: 2, order: 0, ...over });
const input = (over: Partial<SheetInput> = {}): SheetInput => ({
  block: tamsin, hp: { value: 20, max: tamsin.hpMax }, health: "up",
  identity: { calling: "Warden", level: 1 }, combat: null, ...over,
});

describe("the actor sheet's context", () => {
  it("reads its input from the actor's own data: statblock, HP, health and identity", () => {
    const src = source("tamsin-holt");
    const system = src.system as { calling: string; level: number; hp: { value: number } };
    const read = sheetInput(src, null);
    expect(read).toEqual({
      block: tamsin, hp: { value: system.hp.value, max: tamsin.hpMax }, health: "up",
      identity: { calling: system.calling, level: system.level }, combat: null,
    });
    const npc = JSON.parse(readFileSync("packs/_source/action-points/npcs/bandit-thug.json",
      "utf8")) as ActorDocumentSource;
    const down = { ...npc, system: { ...(npc.system as object), hp: { value: 0, max: 9 } } };
    const combat = { kept: kept(), ownTurn: true };
    expect(sheetInput(down, combat)).toMatchObject({
      identity: { role: (npc.system as { role: string }).role }, health: "defeated",
      hp: { value: 0, max: 9 }, combat,
    });
  });

  it("shows skills as percentages with each level's highest roll, in the world's words", () => {
    const c = sheetContext(input(), t);
    const melee = c.skills.find((s) => s.id === "melee");
    expect(melee?.text).toBe(`${tamsin.skills.melee}%`);
    const m = tamsin.skills.melee;
    expect(melee?.levels).toEqual([
      `Critical ≤ ${Math.max(1, Math.floor(m / 10))}`, `Major ≤ ${Math.floor(m / 5)}`,
      `Hard ≤ ${Math.floor(m / 2)}`, `Normal ≤ ${m}`,
    ]);
    expect(c.subtitle).toBe("Warden, level 1");
    expect(c.inCombat).toBe(false);
    expect(c.actions).toEqual([]);
    expect(c.pools.map((p) => p.label)).toEqual([
      "Action Points: 5 of 5", "Reaction Points: 2 of 2", "Flow Points: 2 of 2",
    ]);
  });

  it("in combat: the kept pools and marks, and each action's cost and what blocks it", () => {
    const c = sheetContext(input({
      combat: { kept: kept({ ap: 2, step: true, flowState: true }), ownTurn: true },
    }), t);
    expect(c.pools.map((p) => [p.id, p.value])).toEqual([["ap", 2], ["rp", 2], ["fp", 2]]);
    expect(c.marks).toEqual(["Flow State"]);
    expect(c.actions.map((a) => [a.id, a.cost, a.blocked])).toEqual([
      ["move", "1 AP", null], ["step", "1 AP", "Once a round: used"], ["draw", "1 AP", null],
      ["flowState", "1 AP", null], ["totalDefense", "3 AP", "Needs 3 AP"],
    ]);
    const offTurn = sheetContext(input({ combat: { kept: kept(), ownTurn: false } }), t);
    expect(new Set(offTurn.actions.map((a) => a.blocked))).toEqual(new Set(["Not your turn"]));
    // Total Defense ended the turn: nothing more is taken in it.
    const over = sheetContext(input({
      combat: { kept: kept({ totalDefense: true }), ownTurn: true },
    }), t);
    expect(over.marks).toEqual(["Total Defense"]);
    expect(new Set(over.actions.map((a) => a.blocked))).toEqual(new Set(["Turn over"]));
    // Ready in its own turn; once readied, Act Now waits for another's turn.
    expect(c.ready).toMatchObject({ readied: false, label: "Ready", blocked: null, text: null });
    const waiting = sheetContext(input({ combat: {
      kept: kept({ readyTrigger: "an orc comes", readyAction: "I shoot it" }), ownTurn: false,
    } }), t);
    expect(waiting.ready).toEqual({
      readied: true, label: "Act now", blocked: null,
      text: "Readied: when an orc comes, I shoot it.",
    });
    expect(offTurn.ready).toMatchObject({ readied: false, blocked: "Not your turn" });
    // Lying prone, Stand Up comes first.
    const prone = sheetContext(input({ combat: { kept: kept(), ownTurn: true, prone: true } }), t);
    expect(prone.actions[0]).toMatchObject({ id: "standUp", label: "Stand Up", cost: "1 AP", blocked: null });
  });

  it("weapons show damage, reach with the wielder's size, tags and Flow actions with FP", () => {
    const c = sheetContext(input(), t);
    const sword = c.weapons[0];
    expect(sword?.tags).toContain("Reach 1");
    expect(sword?.flow.length).toBeGreaterThan(0);
    expect(sword?.flow[0]?.cost).toMatch(/^\d FP$/);
    expect(sword?.damage).toMatch(/^\dd\d+([+−]\d+)?$/);
  });

  it("the item sheets: a weapon's row, edit choices and Flow rows; a spell's tags", () => {
    const w = tamsin.weapons[0]!;
    const ctx = weaponSheetContext(w, null, t);
    expect(ctx.flowRows.map((f) => f.n)).toEqual(w.flowActions.map((_, i) => i + 1));
    expect(ctx.categories.polearm).toBe("Polearm");
    expect(ctx.dice["8"]).toBe("d8");
    const oswin = statblockFromActor(source("oswin-clay"));
    const spell = spellSheetContext(oswin.spells[0]!, t);
    expect(spell.view.tags[0]).toMatch(/^\d AP$/);
  });
});

describe("the tracker's rows", () => {
  const entry = (id: string, over: Partial<PoolsEntry> = {}): PoolsEntry => ({
    id, isOwner: true, kept: kept(), pools: { ap: 5, rp: 2, fp: 2 }, surpriser: false, name: id,
    ...over,
  });
  const view = (entries: PoolsEntry[], over: object = {}) => trackerView(AP_ROWS, {
    entries, rendered: new Set(entries.map((e) => e.id)), round: 1, turn: 0, started: true,
    viewer: { isGM: true }, ...over,
  }, { t, listOf: (n) => n.join(", ") });

  it("show each combatant's pools and marks once started", () => {
    const v = view([
      entry("a", { kept: kept({ ap: 3, totalDefense: true }) }),
      entry("b", { kept: kept({ fp: 4 }) }),
    ]);
    const [a, b] = v.rows;
    expect(a?.pips.map((p) => p.label)).toEqual([
      "Action Points: 3 of 5", "Reaction Points: 2 of 2", "Flow Points: 2 of 2",
    ]);
    expect(a?.marks.map((m) => m.label)).toEqual(["Acting now", "Total Defense"]);
    expect(b?.pips.map((p) => p.label)).toContain("Flow Points: 4 of 4");
  });

  it("before the start: no pools, and the GM's surpriser toggle on each row", () => {
    const v = view([entry("a", { surpriser: true }), entry("b")], { started: false, turn: null });
    expect(v.rows[0]?.pips).toEqual([]);
    expect(v.rows[0]?.marks.map((m) => m.label)).toEqual(["Surpriser"]);
    expect(v.rows.map((r) => r.buttons[0]?.label)).toEqual([
      "a is a surpriser: unmark", "Mark b as a surpriser",
    ]);
    const player = view([entry("a")], { started: false, turn: null, viewer: { isGM: false } });
    expect(player.rows[0]?.buttons).toEqual([]);
  });
});
