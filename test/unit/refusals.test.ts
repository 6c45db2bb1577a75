import { afterEach, describe, expect, it, vi } from "vitest";
import { warnIfRefused } from "../../src/shell/applications/refusals";

/** A user action's refusal shown as a warning (shell/applications/refusals.ts). */
afterEach(() => vi.unstubAllGlobals());

describe("warnIfRefused", () => {
  const warned: string[] = [];
  const stubUi = () => {
    warned.length = 0;
    vi.stubGlobal("ui", { notifications: { warn: (m: string) => warned.push(m) } });
  };

  it("says true and warns nothing when the action runs", async () => {
    stubUi();
    let ran = 0;
    expect(await warnIfRefused(async () => { ran += 1; })).toBe(true);
    expect(ran).toBe(1);
    expect(warned).toEqual([]);
  });

  it("says false and shows the refusal's message once (a thrown non-Error as text)", async () => {
    stubUi();
    expect(await warnIfRefused(() => Promise.reject(new Error("No action left")))).toBe(false);
    expect(await warnIfRefused(() => Promise.reject("notInCombat"))).toBe(false);
    expect(warned).toEqual(["No action left", "notInCombat"]);
  });
});
