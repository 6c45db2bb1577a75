import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { trackerView } from "../../../shell/applications/tracker/view";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import { PHASES_ROWS, placesOf, type PhasesEntry } from "../play/views/tracker-rows";

/**
 * phases' tracker rows (`play/views/tracker-rows.ts`) as the shell builds them: the phase's
 * heading with the round's four phases, each row's places in the Movement and Battle orders side
 * by side, the round's movement power and Battle action, the seizer's mark, and the owner's seize
 * button in the Initiative phase only. Source: `003_d18720f6cd315cc2.txt` §Combat Round,
 * §Initiative Phase, §Movement Phase.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("phases"), "phases"));
const kept = (k: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, k as Record<string, unknown>);
const entry = (id: string, over: Partial<PhasesEntry> = {}): PhasesEntry => ({
  id, isOwner: true, name: id, kept: kept(), seized: false, movement: 1, battle: 2, ...over,
});
const view = (entries: PhasesEntry[], over: object = {}) => trackerView(PHASES_ROWS, {
  entries, rendered: new Set(entries.map((e) => e.id)), round: 2, turn: 0, started: true,
  viewer: { isGM: false }, step: "movement", ...over,
}, { t, listOf: (n) => n.join(", ") });

describe("phases' tracker rows", () => {
  it("head the list with the phase and the round's four phases, the current one marked", () => {
    const v = view([entry("a"), entry("b")]);
    expect(v.headings.length).toBe(1);
    const h = v.headings[0]!;
    expect(h.title).toBe("Round 2: Movement phase");
    expect(h.state.map((s) => ("text" in s ? s.text : `[${s.label}]`)))
      .toEqual(["Initiative", "[Movement]", "Battle", "End"]);
  });

  it("show each row's places in both orders side by side, the current phase's marked", () => {
    const v = view([entry("a", { movement: 1, battle: 3 })], { step: "battle" });
    expect(v.rows[0]?.orders).toEqual([
      { id: "movement", text: "Mv 1", label: "Movement order: 1", current: false },
      { id: "battle", text: "Bt 3", label: "Battle order: 3", current: true },
    ]);
  });

  it("show the round's movement power and Battle action, used or not", () => {
    const v = view([entry("a", { kept: kept({ movement: 1 }) })]);
    expect(v.rows[0]?.pips.map((p) => p.label)).toEqual([
      "Movement power: used", "Battle action: available",
    ]);
  });

  it("mark a seizer; offer its owner the seize button only in the Initiative phase", () => {
    const init = view([entry("a", { seized: true }), entry("b"), entry("c", { isOwner: false })], {
      step: "initiative", turn: null,
    });
    expect(init.rows[0]?.marks.map((m) => m.label)).toEqual(["Seized the initiative"]);
    expect(init.rows.map((r) => r.buttons.map((b) => b.label))).toEqual([
      ["Give up a's seizure"], ["Seize the initiative for b"], [],
    ]);
    expect(view([entry("b")]).rows[0]?.buttons).toEqual([]);
    // Not rolled yet this round: nothing to seize after.
    const unrolled = view([entry("b", { movement: null, battle: null })], { step: "initiative" });
    expect(unrolled.rows[0]?.buttons).toEqual([]);
    expect(unrolled.rows[0]?.orders ?? []).toEqual([]);
  });

  it("before the start: no phase strip, no pips", () => {
    const v = view([entry("a")], { started: false, turn: null, step: null });
    expect(v.headings[0]?.title).toBe("Not started");
    expect(v.headings[0]?.state).toEqual([]);
    expect(v.rows[0]?.pips).toEqual([]);
  });

  it("number the places in both orders; a player's count leaves hidden combatants out", () => {
    const turns = ["c", "h", "a", "a", "h", "c"].map((id) => ({ id, hidden: id === "h" }));
    expect(Object.fromEntries(placesOf(turns, 3, true))).toEqual({
      c: { movement: 1, battle: 3 }, h: { movement: 2, battle: 2 }, a: { movement: 3, battle: 1 },
    });
    expect(Object.fromEntries(placesOf(turns, 3, false))).toEqual({
      c: { movement: 1, battle: 2 }, a: { movement: 2, battle: 1 },
    });
  });
});
