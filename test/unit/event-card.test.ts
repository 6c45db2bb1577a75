// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { postEvent } from "../../src/rulesets/escalation/foundry/chat/dice";
import { configureSpecialStatuses } from "../../src/rulesets/escalation/foundry/setup/status-effects";
import { frayStatusEffects } from "../../src/rulesets/escalation/play/views/status-effects";
import { eventLinesView, withResult } from "../../src/rulesets/escalation/play/views/card-event";
import { attackResult, badge } from "../../src/rulesets/escalation/play/views/card-badge";
import { render } from "../support/handlebars";

/** Foundry's globals, as far as postEvent touches them. */
function stubFoundry(rollMode: string, seen: unknown[] = []) {
  const create = vi.fn(async () => ({}));
  const renderTemplate = async (_path: string, context: unknown) => {
    seen.push(context);
    return "<div></div>";
  };
  vi.stubGlobal("foundry", { applications: { handlebars: { renderTemplate } } });
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

  it("lead each line that has a result with its badge (a word and an icon); plain lines have none", async () => {
    const seen: unknown[] = [];
    stubFoundry("roll", seen);
    await postEvent("Rally", ["Isolde heals 9.", withResult("Isolde shakes off Dazed.", "saved")]);
    const { lines } = seen[0] as { lines: ReturnType<typeof eventLinesView> };
    expect(lines[0]).toEqual({ text: "Isolde heals 9.", badge: null });
    expect(lines[1]?.badge).toEqual({ kind: "saved", tone: "hit", icon: "fa-shield-halved", labelKey: "FRAY.Card.Result.saved" });
    const html = render("chat/event-card.hbs", { title: "Rally", lines, buttons: [] });
    const line = new DOMParser().parseFromString(html, "text/html").querySelectorAll(".event-line")[1];
    const badge = line?.querySelector(".fray-badge");
    expect(badge?.className).toBe("fray-badge fray-badge--hit");
    expect(badge?.querySelector("i.fa-shield-halved")?.getAttribute("aria-hidden")).toBe("true");
    // The badge leads the line, a space apart from its words.
    expect(line?.textContent?.replace(/\s+/g, " ").trim()).toBe("Saved Isolde shakes off Dazed.");
  });

  it("show no badge for a result kind that does not exist, rather than a wrong one", () => {
    expect(eventLinesView([{ text: "x", result: "bogus" as never }])).toEqual([{ text: "x", badge: null }]);
  });
});

describe("attack result badges", () => {
  it("name the result by word and icon, never by colour alone", () => {
    const row = { invisibleFailed: false, crit: false, critFail: false, hit: false };
    expect(attackResult({ ...row, invisibleFailed: true, hit: true })).toBe("noAttack");
    expect(attackResult({ ...row, crit: true, hit: true })).toBe("crit");
    expect(attackResult({ ...row, critFail: true })).toBe("critFail");
    expect(attackResult({ ...row, hit: true })).toBe("hit");
    expect(attackResult(row)).toBe("miss");
    expect(badge("critFail")).toEqual({ kind: "critFail", tone: "fumble", icon: "fa-skull", labelKey: "FRAY.Card.Result.critFail" });
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
