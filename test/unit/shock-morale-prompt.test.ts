// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerPromptListeners } from "../../src/rulesets/shock/foundry/chat/prompt-listeners";
import { moraleOfferHtml } from "../../src/rulesets/shock/play/cards/card-morale";

/**
 * The morale prompt as a GM's chat log renders it (`renderChatMessageHTML`): the score a roll would
 * use now and where it comes from, the Roll and Set buttons for GMs only, none once rolled; and a
 * group's Morale set on any GM's client re-renders that combat's open prompts (`updateCombat`).
 * Stand-ins for Foundry's hooks, game and chat log. RULINGS.md §shock Morale.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
let hooks: Record<string, Fn[]>;
let rerendered: string[];
let user: { id: string; isGM: boolean };
let combat: any;

const t = (k: string, d?: Record<string, unknown>) => (d ? `${k}${JSON.stringify(d)}` : k);

function captain(morale: number, up = true) {
  return {
    isDefeated: !up,
    actor: { type: "shockNpc", health: up ? "up" : "defeated", statblock: { group: "Bandits", morale, fearless: false } },
  };
}

function prompt(id: string, combatId: string, taken = false) {
  const flags: any = { fray: { shockMorale: { combatId, group: "Bandits", triggers: ["firstDown"] } } };
  if (taken) flags.fray.taken = { gm: true };
  return {
    id, type: "base", author: { isGM: true }, flags,
    getFlag: (scope: string, key: string) => flags[scope]?.[key],
  };
}

function render(message: any): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = moraleOfferHtml("offer", t);
  for (const fn of hooks.renderChatMessageHTML ?? []) fn(message, html);
  return html;
}

beforeEach(() => {
  hooks = {};
  rerendered = [];
  user = { id: "gm", isGM: true };
  combat = {
    id: "combat1", shockCombatants: [captain(7, false), captain(9), captain(5)], flags: {},
    getFlag: (scope: string, key: string) => combat.flags[scope]?.[key],
  };
  const messages = [prompt("open", "combat1"), prompt("rolled", "combat1", true), prompt("other", "combat2")];
  vi.stubGlobal("Hooks", { on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn) });
  vi.stubGlobal("game", {
    get user() { return user; },
    combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
    messages: { contents: messages },
    i18n: { localize: (k: string) => k, format: (k: string, d: Record<string, string>) => t(k, d) },
  });
  vi.stubGlobal("ui", {
    chat: { updateMessage: async (m: any) => void rerendered.push(m.id) },
    notifications: { warn: () => undefined },
  });
  vi.stubGlobal("foundry", {
    utils: { hasProperty: (o: any, path: string) => path.split(".").reduce((x, k) => x?.[k], o) !== undefined },
  });
  registerPromptListeners();
});

describe("the morale prompt on the GM's client", () => {
  it("says the score a roll now uses (the highest still in the fight, not the fallen's) and keeps both buttons", () => {
    const html = render(prompt("open", "combat1"));
    expect(html.querySelector(".shock-morale-score")?.textContent)
      .toBe('FRAY.Shock.Morale.ScoreNow{"score":"9","source":"FRAY.Shock.Morale.ScoreFrom.highestInFight"}');
    expect(html.querySelectorAll("button[data-shock-morale]")).toHaveLength(2);
  });

  it("says the GM's score once set", () => {
    combat.flags = { fray: { moraleScores: [{ group: "Bandits", score: 4 }] } };
    expect(render(prompt("open", "combat1")).querySelector(".shock-morale-score")?.textContent)
      .toBe('FRAY.Shock.Morale.ScoreNow{"score":"4","source":"FRAY.Shock.Morale.ScoreFrom.set"}');
  });

  it("a player sees no buttons and no score; once rolled, nobody sees the buttons", () => {
    user = { id: "player", isGM: false };
    const html = render(prompt("open", "combat1"));
    expect(html.querySelectorAll("button")).toHaveLength(0);
    expect(html.querySelector(".shock-morale-score")).toBeNull();
    user = { id: "gm", isGM: true };
    expect(render(prompt("rolled", "combat1", true)).querySelectorAll("button")).toHaveLength(0);
  });

  it("a group's Morale set re-renders that combat's open prompts, on GM clients only", () => {
    const update = (changes: object) => {
      for (const fn of hooks.updateCombat ?? []) fn(combat, changes);
    };
    update({ round: 2 });
    expect(rerendered).toEqual([]);
    update({ flags: { fray: { moraleScores: [{ group: "Bandits", score: 4 }] } } });
    expect(rerendered).toEqual(["open"]);
    user = { id: "player", isGM: false };
    update({ flags: { fray: { moraleScores: [] } } });
    expect(rerendered).toEqual(["open"]);
  });
});
