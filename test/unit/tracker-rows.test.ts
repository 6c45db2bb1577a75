import { describe, expect, it } from "vitest";
import {
  headingHtml, reorderHtml, rowStateHtml, trackerInserts,
} from "../../src/shell/applications/tracker/row-html";
import type { TrackerRowView } from "../../src/engine/view/tracker/row-model";

/**
 * The shell's one tracker row model as HTML (shell/applications/tracker/row-html.ts): pips as buttons
 * the GM flips, buttons that only report, or named images; marks as badges or named icons (a
 * leading one before an inline row's pips); the status line always there; the reorder slot.
 */
const row = (over: Partial<TrackerRowView> = {}): TrackerRowView => ({
  id: "a", active: false, layout: "stacked", marks: [], buttons: [], reorder: null,
  pips: [{ id: "move", word: "Mv", label: "Move: used", used: true, icon: "fa-xmark", press: "toggle" }],
  ...over,
});

describe("a row's state block", () => {
  it("a pip the viewer flips is a pressed button running the tracker's action", () => {
    const html = rowStateHtml(row(), "frayToggleAction");
    expect(html).toContain('<button type="button" class="fray-pip used" aria-pressed="true" '
      + 'data-tooltip="Move: used" data-action="frayToggleAction" data-pip="move">');
    expect(html).toContain('<span class="fray-sr-only">Move: used</span>');
  });

  it("a reporting pip is a disabled button; an image pip is named by its label", () => {
    const report = rowStateHtml(row({ pips: [{ ...row().pips[0]!, press: "report" }] }));
    expect(report).toContain('aria-disabled="true"');
    expect(report).not.toContain("data-action");
    const image = rowStateHtml(row({ pips: [{ ...row().pips[0]!, press: "image" }] }));
    expect(image).toContain('<span class="fray-pip used" role="img" aria-label="Move: used"');
    expect(image).not.toContain("<button");
  });

  it("keeps the status line when it is empty, and leaves out an empty pip group", () => {
    expect(rowStateHtml(row({ pips: [] }))).toBe(
      '<div class="fray-turn-state fray-turn-state--stacked"><div class="fray-status-line"></div></div>');
  });

  it("an inline row puts its leading marks before the pips; a stacked row keeps them in the line", () => {
    const acting = { label: "Acting", icon: "fa-play", tone: "crit", look: "icon", lead: true } as const;
    const inline = rowStateHtml(row({ layout: "inline", marks: [acting] }));
    expect(inline.indexOf("fray-mark--crit")).toBeLessThan(inline.indexOf("fray-pips"));
    const stacked = rowStateHtml(row({ marks: [acting] }));
    expect(stacked.indexOf("fray-mark--crit")).toBeGreaterThan(stacked.indexOf("fray-status-line"));
  });

  it("escapes every string and names the note in the line's tooltip", () => {
    const html = rowStateHtml(row({ note: 'Engaged: "Ash" & <Bo>' }));
    expect(html).toContain('data-tooltip="Engaged: &quot;Ash&quot; &amp; &lt;Bo&gt;"');
    expect(html).not.toContain("<Bo>");
  });
});

describe("reorder slots and headings", () => {
  it("null puts no slot among Foundry's controls; an empty list an empty slot", () => {
    expect(reorderHtml(row())).toBeNull();
    expect(reorderHtml(row({ reorder: [] }))).toBe('<span class="fray-reorder"></span>');
    const up = { action: "frayShift", icon: "fa-caret-up", label: "Earlier", data: { direction: "-1" } };
    expect(reorderHtml(row({ reorder: [up] }))).toContain('data-action="frayShift" data-direction="-1"');
  });

  it("a heading holds its title, and its state only when it has one", () => {
    const band = headingHtml({ beforeId: "a", group: "fast", look: "band", title: "Fast", state: [] });
    expect(band).toBe('<li class="fray-group-heading fray-group-heading--band" data-group="fast">'
      + '<h4 class="fray-group-name">Fast</h4></li>');
    const side = headingHtml({ beforeId: "a", group: "party", look: "side", title: "the party",
      state: [{ text: "d8 5 + 2" }] });
    expect(side).toContain('<div class="fray-group-state"><span class="fray-group-detail">d8 5 + 2</span></div>');
  });

  it("inserts carry each row's activity, state and reorder slot", () => {
    const inserts = trackerInserts({ headings: [], rows: [row({ active: true })], pipAction: "x" });
    expect(inserts.rows[0]).toMatchObject({ id: "a", active: true, reorder: null });
    expect(inserts.rows[0]!.state).toContain('data-action="x"');
  });
});
