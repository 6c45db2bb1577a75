// @vitest-environment happy-dom
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pressAction } from "../../src/shell/applications/tracker/app";
import type { MenuEntryDeclaration } from "../../src/shell/applications/tracker/declaration";
import { declaredEntries } from "../../src/shell/applications/tracker/menu";
import { rowStateHtml, trackerInserts } from "../../src/shell/applications/tracker/row-html";
import type {
  TrackerEntry, TrackerInput, TrackerRowsDeclaration,
} from "../../src/engine/view/tracker/rows-declaration";
import { trackerView } from "../../src/shell/applications/tracker/view";
import {
  futureWords as words, PHASE_ROWS, POOL_ROWS, SLOT_ROWS, type PlacedEntry,
} from "../support/future-trackers";

/**
 * The shell's tracker declaration (shell/applications/tracker/) holds the three rulesets still to
 * come, declared as each would (test/support/future-trackers.ts): action-points' AP, RP and FP
 * pools, wounds' AA, MA and two BA slots, a phases round's phase heading with each row's places in
 * the Movement and Battle orders side by side. Then the shell's part, for any declaration: which
 * rows, headings, the acting mark, who flips a pip, who gets reorder controls; the gating of a
 * declared button and of menu entries.
 */
const { t } = words;

interface Entry extends TrackerEntry {
  readonly group: string;
  readonly name: string;
}
const input = <E extends TrackerEntry>(entries: E[], over: Partial<TrackerInput<E>> = {}): TrackerInput<E> => ({
  entries, rendered: new Set(entries.map((e) => e.id)), round: 1, turn: 0, started: true,
  viewer: { isGM: false }, ...over,
});

describe("action-points: AP, RP and FP as pools", () => {
  it("each pool's word shows its points, its name reads them of its maximum; an empty one reads spent", () => {
    const view = trackerView(POOL_ROWS, input([{ id: "a", isOwner: true, ap: 3, rp: 2, fp: 0 }]), words);
    expect(view.rows[0]!.pips.map((p) => [p.word, p.label, p.used, p.icon])).toEqual([
      ["AP 3", "Action Points: 3 of 5", false, "fa-coins"],
      ["RP 2", "Reaction Points: 2 of 2", false, "fa-coins"],
      ["FP 0", "Flow Points: 0 of 2", true, "fa-circle"],
    ]);
    expect(view.rows[0]!.pipsLabel).toBe("Economy");
  });

  it("a pool is never flipped: the GM's pips report too", () => {
    const gm = trackerView(POOL_ROWS, input([{ id: "a", isOwner: true, ap: 1, rp: 1, fp: 1 }], { viewer: { isGM: true } }), words);
    expect(gm.rows[0]!.pips.map((p) => p.press)).toEqual(["report", "report", "report"]);
    const images = trackerView({ ...POOL_ROWS, economy: { ...POOL_ROWS.economy!, flip: "none" } },
      input([{ id: "a", isOwner: true, ap: 1, rp: 1, fp: 1 }]), words);
    expect(images.rows[0]!.pips.every((p) => p.press === "image")).toBe(true);
  });
});

describe("wounds: AA, MA and two BA slots", () => {
  it("two slots of one kind are two pips with one word, each flipped by its own id", () => {
    const view = trackerView(SLOT_ROWS, input([{ id: "a", isOwner: false, used: ["ba2"] }], { viewer: { isGM: true } }), words);
    const pips = view.rows[0]!.pips;
    expect(pips.map((p) => [p.id, p.word, p.label])).toEqual([
      ["aa", "AA", "Attack action: ready"], ["ma", "MA", "Move action: ready"],
      ["ba1", "BA", "Bonus action: ready"], ["ba2", "BA", "Bonus action: spent"],
    ]);
    const html = rowStateHtml(view.rows[0]!, view.pipAction);
    expect(html).toContain('data-action="frayTogglePip" data-pip="ba2"');
    expect(html).toContain('data-action="frayTogglePip" data-pip="ba1"');
  });
});

describe("phases: the phase as one heading, two orders side by side", () => {
  const entries: PlacedEntry[] = [
    { id: "a", isOwner: false, movement: 1, battle: 3 },
    { id: "b", isOwner: false, movement: 2, battle: 2 },
    { id: "c", isOwner: false, movement: 3, battle: 1 },
  ];

  it("one heading over the first shown row names the phase", () => {
    const view = trackerView(PHASE_ROWS, { ...input(entries), phase: "movement", rendered: new Set(["b", "c"]) }, words);
    expect(view.headings).toEqual([{
      beforeId: "b", group: "movement", look: "side", title: "Movement phase", state: [{ text: "lowest first" }],
    }]);
  });

  it("each row's two places sit side by side before its pips, the phase being played marked", () => {
    const view = trackerView(PHASE_ROWS, { ...input(entries), phase: "battle" }, words);
    const html = trackerInserts(view).rows[0]!.state;
    expect(html).toContain('<span class="fray-orders"><span class="fray-order" role="img" '
      + 'aria-label="Movement order: 1" data-tooltip="Movement order: 1" data-order="movement">Mv 1</span>'
      + '<span class="fray-order current" role="img" aria-label="Battle order: 3" data-tooltip="Battle order: 3" '
      + 'data-order="battle">Bt 3</span></span>');
    expect(view.rows.map((r) => r.orders?.map((o) => o.text))).toEqual([["Mv 1", "Bt 3"], ["Mv 2", "Bt 2"], ["Mv 3", "Bt 1"]]);
  });
});

describe("what the shell does for every declaration", () => {
  const rows: TrackerRowsDeclaration<Entry, TrackerInput<Entry>> = {
    layout: "stacked",
    groups: { key: (e) => e.group, heading: (g) => ({ look: "band", title: g, state: [] }) },
    acting: { label: "FRAY.Test.Acting", icon: "fa-play", tone: "info", look: "badge" },
    economy: {
      pips: () => [{ id: "s", word: "FRAY.Test.AA", name: "FRAY.Test.AttackAction", used: false }],
      states: { used: "FRAY.Test.Used", left: "FRAY.Test.Left" }, icons: { used: "fa-xmark", left: "fa-check" },
      flip: "gm",
    },
    reorder: { action: "shift", earlier: "FRAY.Test.Movement", later: "FRAY.Test.Battle" },
  };
  const entry = fc.record({ group: fc.constantFrom("x", "y", "z"), isOwner: fc.boolean(), name: fc.string() });
  const scene = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 8 }).chain((ids) => fc.record({
    entries: fc.tuple(...ids.map((id) => entry.map((e): Entry => ({ ...e, id })))),
    shown: fc.subarray(ids), turn: fc.option(fc.nat(9), { nil: null }), started: fc.boolean(), isGM: fc.boolean(),
  }));

  it("rows are the rendered entries in turn order; one heading per run of a group; one acting row at most", () => {
    fc.assert(fc.property(scene, ({ entries, shown, turn, started, isGM }) => {
      const rendered = new Set(shown);
      const view = trackerView(rows, { entries, rendered, turn, started, round: 1, viewer: { isGM } }, words);
      const drawn = entries.filter((e) => rendered.has(e.id));
      expect(view.rows.map((r) => r.id)).toEqual(drawn.map((e) => e.id));
      const runs = drawn.filter((e, i) => i === 0 || drawn[i - 1]!.group !== e.group);
      expect(view.headings.map((h) => [h.beforeId, h.group])).toEqual(runs.map((e) => [e.id, e.group]));
      const acting = started && turn !== null ? entries[turn] : undefined;
      const expected = acting && rendered.has(acting.id) ? [acting.id] : [];
      expect(view.rows.filter((r) => r.active).map((r) => r.id)).toEqual(expected);
      for (const r of view.rows) {
        expect(r.marks.some((m) => m.label === "Acting")).toBe(r.active);
        const owner = entries.find((e) => e.id === r.id)!.isOwner;
        expect(r.reorder?.length).toBe(owner ? 2 : 0);
        expect(r.pips.every((p) => p.press === (isGM ? "toggle" : "report"))).toBe(true);
      }
    }));
  });

  it("names reach the HTML escaped", () => {
    fc.assert(fc.property(fc.string(), (name) => {
      const view = trackerView({ ...rows, note: (e) => e.name }, input([{ id: "a", group: "x", isOwner: true, name }]), words);
      const html = trackerInserts(view).rows[0]!.state;
      expect(html.includes("<script")).toBe(false);
      if (name) expect(new DOMParser().parseFromString(html, "text/html").querySelector(".fray-row-note")?.textContent).toBe(name);
    }));
  });

  it("no reorder declared: no slot among Foundry's controls", () => {
    const view = trackerView({ ...rows, reorder: undefined }, input([{ id: "a", group: "x", isOwner: true, name: "" }]), words);
    expect(view.rows[0]!.reorder).toBeNull();
  });
});

describe("gating what a viewer presses", () => {
  const g = globalThis as Record<string, unknown>;
  const warnings: string[] = [];
  const as = (isGM: boolean) => {
    g.game = { user: { isGM, targets: new Set() } };
    g.ui = { notifications: { warn: (m: string) => void warnings.push(m) } };
  };
  afterEach(() => {
    delete g.game;
    delete g.ui;
    warnings.length = 0;
  });
  const row = (id?: string) => {
    const li = document.createElement("li");
    if (id) li.dataset.combatantId = id;
    const button = document.createElement("button");
    li.append(button);
    return { li, button };
  };

  it("a GM-only button does nothing for a player; a row's nothing outside a row or without a combat", async () => {
    const run = vi.fn(async () => undefined);
    as(false);
    await pressAction({ gm: true, run }, {}, row("a").button);
    expect(run).not.toHaveBeenCalled();
    as(true);
    await pressAction({ gm: true, row: true, run }, {}, row().button);
    await pressAction({ gm: true, run }, null, row("a").button);
    expect(run).not.toHaveBeenCalled();
    const { button } = row("a");
    await pressAction({ gm: true, row: true, run }, { id: "c" }, button);
    expect(run).toHaveBeenCalledWith({ combat: { id: "c" }, target: button, combatantId: "a" });
    as(false);
    await pressAction({ row: true, run }, { id: "c" }, button);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("menu entries: named from lang keys, shown per row and viewer, a refusal a warning", async () => {
    const combatant = { id: "a", isOwner: true };
    const combat = { combatants: { get: (id: string) => (id === "a" ? combatant : undefined) } } as unknown as Combat.Implementation;
    const declared: MenuEntryDeclaration<Combat.Implementation>[] = [
      { name: "FRAY.Test.Phase", data: { phase: "FRAY.Test.Battle" }, icon: "fa-bolt",
        shown: (r) => r.isGM && r.combatant !== undefined, run: async () => { throw new Error("no"); } },
    ];
    const [entry] = declaredEntries(declared, () => combat, t);
    expect(entry!.name).toBe("Battle phase");
    expect(entry!.icon).toBe('<i class="fa-solid fa-bolt"></i>');
    as(false);
    expect(entry!.condition!(row("a").li)).toBe(false);
    as(true);
    expect(entry!.condition!(row("a").li)).toBe(true);
    expect(entry!.condition!(row("b").li)).toBe(false);
    expect(declaredEntries(declared, () => null, t)[0]!.condition!(row("a").li)).toBe(false);
    await entry!.callback(row("a").li);
    expect(warnings).toEqual(["no"]);
  });
});
