import { afterEach, describe, expect, it, vi } from "vitest";
import { postEvent } from "../../src/rulesets/escalation/foundry/chat/dice";
import { configureSpecialStatuses, frayStatusEffects } from "../../src/rulesets/escalation/foundry/setup/status-effects";

/** Foundry's globals, as far as postEvent touches them. */
function stubFoundry(rollMode: string) {
  const create = vi.fn(async () => ({}));
  vi.stubGlobal("foundry", { applications: { handlebars: { renderTemplate: async () => "<div></div>" } } });
  vi.stubGlobal("ChatMessage", { create, getSpeaker: () => ({}) });
  vi.stubGlobal("game", { settings: { get: (scope: string, key: string) => (scope === "core" && key === "rollMode" ? rollMode : null) } });
  return create;
}

afterEach(() => vi.unstubAllGlobals());

describe("event cards", () => {
  it("are posted in the poster's roll mode (death saves, saves, recoveries, disengage)", async () => {
    const create = stubFoundry("gmroll");
    await postEvent("Death save", ["line"], { rolls: [] });
    expect(create).toHaveBeenCalledWith(expect.anything(), { rollMode: "gmroll" });
  });
});

describe("status effects", () => {
  it("Fray's Invisible is not Foundry's canvas invisibility (players must see and target it)", () => {
    const special: Record<string, string> = { DEFEATED: "dead", INVISIBLE: "invisible" };
    configureSpecialStatuses(special);
    expect(special.INVISIBLE).not.toBe("invisible");
    expect(frayStatusEffects().map((s) => s.id)).not.toContain(special.INVISIBLE);
    expect(frayStatusEffects().map((s) => s.id)).toContain("invisible");
  });
});
