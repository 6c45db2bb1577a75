// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bindRelativeInputs, parseRelativeEntry } from "../../src/shell/applications/relative-input";

describe("relative number entry (shell/applications/relative-input)", () => {
  it("takes away, adds, sets and clamps", () => {
    expect(parseRelativeEntry("-7", 30)).toEqual({ ok: true, value: 23 });
    expect(parseRelativeEntry("+5", 30)).toEqual({ ok: true, value: 35 });
    expect(parseRelativeEntry(" = 12 ", 30)).toEqual({ ok: true, value: 12 });
    expect(parseRelativeEntry("12", 30)).toEqual({ ok: true, value: 12 });
    expect(parseRelativeEntry("+50", 30, { max: 36 })).toEqual({ ok: true, value: 36 });
    expect(parseRelativeEntry("-50", 30, { min: -18 })).toEqual({ ok: true, value: -18 });
  });

  it("refuses what is not a whole-number entry", () => {
    for (const text of ["", "abc", "1.5", "+-3", "--2", "5-", "1e3"]) {
      expect(parseRelativeEntry(text, 30), text).toEqual({ ok: false, error: "notNumber" });
    }
  });

  it("a delta then its opposite returns to the start (unclamped)", () => {
    fc.assert(fc.property(fc.integer({ min: -500, max: 500 }), fc.nat(500), (current, delta) => {
      const down = parseRelativeEntry(`-${delta}`, current);
      expect(down.ok && parseRelativeEntry(`+${delta}`, down.value)).toEqual({ ok: true, value: current });
    }));
  });

  it("rewrites the input before the form sees it, and restores a bad entry", () => {
    document.body.innerHTML = `<form><input name="system.hp.value" data-relative data-value="30"
      data-max="36"></form>`;
    const form = document.querySelector("form")!;
    const input = form.querySelector("input")!;
    const errors: string[] = [];
    const seenByForm: string[] = [];
    form.addEventListener("change", () => seenByForm.push(input.value));
    bindRelativeInputs(form, (text) => errors.push(text));
    input.value = "-7";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    input.value = "lots";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(seenByForm).toEqual(["23", "30"]);
    expect(errors).toEqual(["lots"]);
  });
});
