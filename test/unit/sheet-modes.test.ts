// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { withSheetModes } from "../../src/shell/applications/sheet-modes";

/**
 * A stand-in for Foundry's AppV2 document sheet with the members the mixin uses: `_renderFrame`
 * builds a frame whose header ends with the close button (client/applications/api/application.mjs),
 * `render` re-runs `_prepareContext` and `_onRender`.
 */
class FakeSheet {
  isEditable = true;
  element = document.createElement("form");
  window: { close: HTMLElement | null } = { close: null };
  renders = 0;
  lastContext: Record<string, unknown> = {};
  async _renderFrame(_options: unknown): Promise<HTMLElement> {
    this.element.innerHTML = `<header class="window-header"><button data-action="close"></button></header>`;
    this.window.close = this.element.querySelector("[data-action=close]");
    return this.element;
  }
  async _prepareContext(_options: unknown): Promise<Record<string, unknown>> {
    return { editable: this.isEditable };
  }
  async _onRender(_context: Record<string, unknown>, _options: unknown): Promise<void> {}
  async render(): Promise<unknown> {
    this.renders += 1;
    this.lastContext = await this._prepareContext({});
    await this._onRender(this.lastContext, {});
    return this;
  }
}

const Sheet = withSheetModes(FakeSheet, () => ({ toEdit: "Edit mode", toPlay: "Play mode" }));

describe("play and edit modes (shell/applications/sheet-modes)", () => {
  it("opens in play mode and the header toggle switches to edit mode and back", async () => {
    const sheet = new (Sheet as unknown as new () => FakeSheet & { sheetMode: string })();
    await sheet._renderFrame({});
    await sheet.render();
    const toggle = sheet.element.querySelector<HTMLButtonElement>(".fray-mode-toggle")!;
    expect(toggle.nextElementSibling?.getAttribute("data-action")).toBe("close");
    expect(sheet.lastContext).toMatchObject({ mode: "play", editMode: false, playMode: true, editable: true });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(toggle.getAttribute("aria-label")).toBe("Edit mode");
    expect(sheet.element.classList.contains("fray-mode-play")).toBe(true);
    toggle.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sheet.lastContext).toMatchObject({ mode: "edit", editMode: true, playMode: false });
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Play mode");
    expect(sheet.element.classList.contains("fray-mode-edit")).toBe(true);
  });

  it("a sheet the user cannot edit has no toggle and never reports edit mode", async () => {
    const sheet = new (Sheet as unknown as new () => FakeSheet & { sheetMode: string })();
    sheet.isEditable = false;
    sheet.sheetMode = "edit";
    await sheet._renderFrame({});
    await sheet.render();
    expect(sheet.element.querySelector(".fray-mode-toggle")).toBeNull();
    expect(sheet.lastContext).toMatchObject({ editMode: false, playMode: true });
  });
});
