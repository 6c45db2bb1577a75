// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { partsToReplace, partsWithOpenEditor } from "../../src/shell/applications/editor-guard";
import { combatRefreshParts } from "../../src/shell/applications/combat-refresh";
import { takesItem } from "../../src/shell/applications/item-drops";
import { rulesetNoteHtml } from "../../src/shell/applications/ruleset-view";

/**
 * The shell's sheet parts (the Foundry tier renders them in Foundry's own AppV2 classes,
 * test/foundry/sheets.test.ts): which parts a render may replace while an editor is open, when a
 * combat change redraws the combat parts, which dropped items a sheet takes.
 */
describe("the editor guard (shell/applications/editor-guard)", () => {
  const sheet = () => {
    const root = document.createElement("form");
    root.innerHTML = `<section data-application-part="header"><input name="name"></section>
      <section data-application-part="biography"><prose-mirror class="editor active"></prose-mirror></section>
      <section data-application-part="notes"><prose-mirror class="editor inactive"></prose-mirror></section>`;
    return root;
  };

  it("finds the parts holding an editor that is open now (prosemirror-editor.mjs marks it active)", () => {
    expect(partsWithOpenEditor(sheet())).toEqual(new Set(["biography"]));
    expect(partsWithOpenEditor(document.createElement("div"))).toEqual(new Set());
  });

  it("holds those parts back from a render Foundry or Fray triggers, never from the user's own", () => {
    const open = new Set(["biography"]);
    const parts = ["header", "biography", "notes"];
    expect(partsToReplace({ parts, renderContext: "updateActor" }, open))
      .toEqual({ render: ["header", "notes"], held: ["biography"] });
    expect(partsToReplace({ parts }, open)).toEqual({ render: parts, held: [] });
    expect(partsToReplace({ parts, renderContext: "updateActor", isFirstRender: true }, open))
      .toEqual({ render: parts, held: [] });
  });

  it("splits any render into the parts it replaces and those it holds, losing none", () => {
    const ids = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"));
    fc.assert(fc.property(ids, ids, fc.option(fc.string()), (parts, open, context) => {
      const { render, held } = partsToReplace({ parts, renderContext: context ?? undefined }, new Set(open));
      expect([...render, ...held].sort()).toEqual([...parts].sort());
      for (const p of render) if (context) expect(open).not.toContain(p);
    }));
  });
});

describe("combat refreshes (shell/applications/combat-refresh)", () => {
  it("redraws the combat parts only when what they show changed", () => {
    expect(combatRefreshParts('{"round":1}', '{"round":2}', ["turn", "abilities"])).toEqual(["turn", "abilities"]);
    expect(combatRefreshParts('{"round":2}', '{"round":2}', ["turn"])).toBeNull();
    expect(combatRefreshParts(null, "null", ["turn"])).toEqual(["turn"]);
    expect(combatRefreshParts("a", "b", [])).toBeNull();
  });
});

describe("dropped items (shell/applications/item-drops)", () => {
  it("a sheet takes its own ruleset's item subtypes only", () => {
    const own = ["escalationWeapon", "escalationAbility"];
    expect(takesItem(own, { type: "escalationAbility" })).toBe(true);
    expect(takesItem(own, { type: "shockWeapon" })).toBe(false);
    expect(takesItem(own, { type: undefined })).toBe(false);
    expect(takesItem(own, null)).toBe(false);
  });
});

describe("an inactive ruleset's note (shell/applications/ruleset-view)", () => {
  it("is one note element with its text escaped", () => {
    expect(rulesetNoteHtml('a <b> & "c"')).toBe(
      '<p class="fray-ruleset-note fray-note" role="note">a &#60;b&#62; &#38; &#34;c&#34;</p>');
  });
});
