// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { onPress } from "../../src/shell/chat/press";

/**
 * A chat button running a user action (shell/chat/press.ts): disabled while it runs, enabled
 * again after, a refusal shown as a warning.
 */
let warnings: string[];

function button(): HTMLButtonElement {
  warnings = [];
  vi.stubGlobal("ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
  const b = document.createElement("button");
  b.type = "button";
  document.body.append(b);
  return b;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("onPress", () => {
  it("is disabled while its action runs, and enabled again once it ended", async () => {
    const b = button();
    let finish = () => {};
    const runs: boolean[] = [];
    onPress(b, () => new Promise<void>((resolve) => {
      runs.push(b.disabled);
      finish = resolve;
    }));
    b.click();
    expect(b.disabled).toBe(true);
    expect(runs).toEqual([true]);
    finish();
    await vi.waitFor(() => expect(b.disabled).toBe(false));
    expect(warnings).toEqual([]);
  });

  it("shows a refusal as a warning, and is pressable again", async () => {
    const b = button();
    onPress(b, async () => {
      throw new Error("Not your turn");
    });
    b.click();
    await vi.waitFor(() => expect(b.disabled).toBe(false));
    expect(warnings).toEqual(["Not your turn"]);
  });

  it("keeps the click from doing anything else", () => {
    const b = button();
    onPress(b, async () => {});
    const click = new MouseEvent("click", { cancelable: true });
    b.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });
});
