// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { FRESH_DEATH_TRACK } from "../../src/rulesets/escalation/rules/death-save";
import { NO_ACTIONS_USED } from "../../src/rulesets/escalation/rules/actions";
import {
  ESCALATION_ROWS, lifeMark, type EscalationEntry,
} from "../../src/rulesets/escalation/play/views/tracker-rows";
import { groupHeadings } from "../../src/engine/view/tracker/row-model";
import { spliceTracker } from "../../src/shell/applications/tracker/splice";
import { trackerView as shellView } from "../../src/shell/applications/tracker/view";
import { t } from "../support/handlebars";

/** escalation's band headings, as the shell's group headings over each row's band. */
const bandHeadings = (rows: readonly { id: string; band: string }[], rendered: ReadonlySet<string>) =>
  groupHeadings(rows.map((r) => ({ id: r.id, group: r.band })), rendered)
    .map((h) => ({ beforeId: h.beforeId, band: h.group }));

describe("combat tracker view", () => {
  it("puts a band heading before the first combatant of each band", () => {
    const rows = [
      { id: "a", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "b", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "c", band: "slow" as const, actions: NO_ACTIONS_USED },
    ];
    expect(bandHeadings(rows, new Set(["a", "b", "c"]))).toEqual([{ beforeId: "a", band: "fast" }, { beforeId: "c", band: "slow" }]);
    expect(bandHeadings([], new Set())).toEqual([]);
  });
  it("puts it before the first rendered combatant when the band's first is hidden from the viewer", () => {
    const rows = [
      { id: "a", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "b", band: "fast" as const, actions: NO_ACTIONS_USED },
      { id: "c", band: "slow" as const, actions: NO_ACTIONS_USED },
      { id: "d", band: "verySlow" as const, actions: NO_ACTIONS_USED },
    ];
    // A player's tracker without the hidden a and d: Fast starts at b; Very Slow shows nothing.
    expect(bandHeadings(rows, new Set(["b", "c"]))).toEqual([{ beforeId: "b", band: "fast" }, { beforeId: "c", band: "slow" }]);
  });
});

describe("life marks (§Dying and Death)", () => {
  it("marks Dying with failures, Stabilised, Last Gasp and dead; nothing for the healthy", () => {
    expect(lifeMark("healthy", FRESH_DEATH_TRACK, true)).toBeNull();
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, failures: 2 }, true)).toEqual({ kind: "dying", failures: 2 });
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, stabilized: true }, true)?.kind).toBe("stabilized");
    expect(lifeMark("staggered", { ...FRESH_DEATH_TRACK, lastGasp: true }, true)?.kind).toBe("lastGasp");
    expect(lifeMark("dying", { ...FRESH_DEATH_TRACK, failures: 4 }, true)?.kind).toBe("dead");
    expect(lifeMark("defeated", FRESH_DEATH_TRACK, false)?.kind).toBe("dead");
    expect(lifeMark("staggered", FRESH_DEATH_TRACK, false)).toBeNull();
  });
});

describe("the tracker's rows for one viewer", () => {
  const row = (over: Partial<EscalationEntry>): EscalationEntry => ({
    id: "a", band: "fast", actions: NO_ACTIONS_USED, isOwner: false, health: "healthy",
    death: FRESH_DEATH_TRACK, isPC: true, ambusher: false, engaged: [], ...over,
  });
  const listOf = (names: readonly string[]) => names.join(" + ");
  /** escalation's declared rows for a viewer, the first row acting when `turn` is 0. */
  const trackerView = (entries: EscalationEntry[], rendered: ReadonlySet<string>,
    viewer: { isGM: boolean }, turn: number | null = null) =>
    shellView(ESCALATION_ROWS, { entries, rendered, viewer, round: 1, turn, started: true }, { t, listOf });

  it("gives each action a pip with its short word, its state and whether this viewer may flip it", () => {
    const rows = [row({ actions: { ...NO_ACTIONS_USED, quick: true } })];
    const gm = trackerView(rows, new Set(["a"]), { isGM: true }).rows[0]!;
    expect(gm.pips.map((p) => [p.id, p.used, p.label])).toEqual([
      ["standard", false, "Standard: available"], ["move", false, "Move: available"],
      ["quick", true, "Quick: used"], ["interrupt", false, "Interrupt: available"],
    ]);
    expect(gm.pips.every((p) => p.press === "toggle")).toBe(true);
    const player = trackerView(rows, new Set(["a"]), { isGM: false }).rows[0]!;
    expect(player.pips.every((p) => p.press === "report")).toBe(true);
  });

  it("marks the acting combatant, a Dying one and an ambusher, and lists who it is engaged with", () => {
    const view = trackerView([
      row({ id: "a", engaged: ["Gnoll", "Hag"] }),
      row({ id: "b", health: "dying", death: { ...FRESH_DEATH_TRACK, failures: 1 }, ambusher: true, isOwner: true }),
    ], new Set(["a", "b"]), { isGM: false }, 0);
    expect(view.rows[0]!.marks.map((m) => m.label)).toEqual([t("FRAY.Tracker.Acting")]);
    expect(view.rows[0]!.active).toBe(true);
    expect(view.rows[0]!.note).toBe(t("FRAY.Engagement.With", { names: "Gnoll + Hag" }));
    expect(view.rows[0]!.reorder).toEqual([]);
    expect(view.rows[1]!.marks.map((m) => m.label)).toEqual([
      t("FRAY.Life.dying", { failures: 1 }), t("FRAY.Surprise.Marker"),
    ]);
    expect(view.rows[1]!.note).toBeUndefined();
    expect(view.rows[1]!.reorder?.map((b) => b.data?.direction)).toEqual(["-1", "1"]);
    expect(view.rows[1]!.reorder?.map((b) => b.label)).toEqual([t("FRAY.Combat.MoveUp"), t("FRAY.Combat.MoveDown")]);
  });

  it("marks nobody acting before the combat starts", () => {
    const view = shellView(ESCALATION_ROWS, { entries: [row({})], rendered: new Set(["a"]),
      viewer: { isGM: true }, round: 0, turn: 0, started: false }, { t, listOf });
    expect(view.rows[0]!.active).toBe(false);
    expect(view.rows[0]!.marks).toEqual([]);
  });

  it("leaves out rows Foundry did not render, and heads each band at its first shown row", () => {
    const view = trackerView([row({ id: "a" }), row({ id: "b" }), row({ id: "c", band: "slow" })],
      new Set(["b", "c"]), { isGM: false });
    expect(view.rows.map((r) => r.id)).toEqual(["b", "c"]);
    expect(view.headings).toEqual([
      { beforeId: "b", group: "fast", look: "band", title: t("FRAY.Band.fast"), state: [] },
      { beforeId: "c", group: "slow", look: "band", title: t("FRAY.Band.slow"), state: [] },
    ]);
  });
});

describe("putting the additions into Foundry's tracker list", () => {
  // The shape of templates/sidebar/tabs/combat/tracker.hbs (Foundry v13), two rows.
  const list = () => {
    const ol = document.createElement("ol");
    ol.className = "combat-tracker";
    ol.innerHTML = ["a", "b"].map((id) => `<li class="combatant" data-combatant-id="${id}">
      <div class="token-name"><strong class="name">${id}</strong><div class="combatant-controls">
      <button class="toggle"></button><div class="token-effects"></div></div></div></li>`).join("");
    return ol;
  };
  const inserts = (active: string) => ({
    headings: [{ beforeId: "a", html: '<li class="fray-group-heading">Fast</li>' }],
    rows: ["a", "b"].map((id) => ({
      id, active: id === active, state: '<div class="fray-turn-state"></div>',
      reorder: id === "a" ? '<span class="fray-reorder"></span>' : null,
    })),
  });

  it("heads the band, puts arrows before the effect icons and the state under the name", () => {
    const ol = list();
    spliceTracker(ol, inserts("a"));
    expect(ol.firstElementChild?.className).toBe("fray-group-heading");
    const a = ol.querySelector('[data-combatant-id="a"]')!;
    expect(a.getAttribute("aria-current")).toBe("step");
    expect(a.querySelector(".token-effects")?.previousElementSibling?.className).toBe("fray-reorder");
    expect(a.querySelector(".token-name")?.lastElementChild?.className).toBe("fray-turn-state");
    // A row without a reorder slot (null) gets none.
    expect(ol.querySelector('[data-combatant-id="b"] .fray-reorder')).toBeNull();
  });

  it("replaces its earlier additions when run again, and moves the acting mark", () => {
    const ol = list();
    spliceTracker(ol, inserts("a"));
    spliceTracker(ol, inserts("b"));
    expect(ol.querySelectorAll(".fray-group-heading, .fray-turn-state, .fray-reorder").length).toBe(4);
    expect(ol.querySelector('[data-combatant-id="a"]')?.hasAttribute("aria-current")).toBe(false);
    expect(ol.querySelector('[data-combatant-id="b"]')?.getAttribute("aria-current")).toBe("step");
  });
});
