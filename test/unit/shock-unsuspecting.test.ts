import { beforeEach, describe, expect, it } from "vitest";
import { setStatusEffects } from "../../src/shell/setup/status-effects";
import { isUnsuspecting, notice, UNSUSPECTING_EFFECT } from "../../src/rulesets/shock/foundry/documents/unsuspecting";

const registerUnsuspectingStatus = () => setStatusEffects([UNSUSPECTING_EFFECT], false);

/**
 * The Unsuspecting status in Foundry on stand-ins for its globals: the status entry with its rule
 * as the effect's description, a player's client refusing to create it, the GM's mark read from
 * the server's stamp, and the notice that ends it. Source: `002_5e27cdf788b28f5f.txt` §Execution
 * Attacks.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;
const GM = { id: "gamemastergamema", isGM: true };
const PLAYER = { id: "playerplayerpla1", isGM: false };
let hooks: Record<string, Fn[]>;
let warned: string[];
let created: any[];

beforeEach(() => {
  hooks = {};
  warned = [];
  created = [];
  const users = new Map([[GM.id, GM], [PLAYER.id, PLAYER]]);
  g.game = {
    user: GM, users: { get: (id: string) => users.get(id), contents: [...users.values()] },
    i18n: { format: (k: string) => k, localize: (k: string) => k, has: () => true },
  };
  g.CONFIG = { statusEffects: [{ id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" }] };
  g.Hooks = {
    on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
    once: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
  };
  g.ui = { notifications: { warn: (text: string) => void warned.push(text) } };
  g.foundry = { utils: { escapeHTML: (s: string) => s } };
  g.ChatMessage = { create: async (data: any) => void created.push(data) };
});

const effect = (statuses: string[]) => ({ statuses: new Set(statuses), parent: { name: "Vask" } });
const call = (name: string, ...args: unknown[]) => (hooks[name] ?? []).map((fn) => fn(...args));

describe("the Unsuspecting status", () => {
  it("is a status effect beside Foundry's, carrying its rule once the strings are loaded", () => {
    registerUnsuspectingStatus();
    const entry = g.CONFIG.statusEffects.at(-1);
    expect(g.CONFIG.statusEffects.map((e: any) => e.id)).toEqual(["prone", "shockUnsuspecting"]);
    // Foundry's entry: its id, name and image, none of Fray's keys (copied into the effect).
    expect(entry).toEqual({ id: "shockUnsuspecting", name: "FRAY.Shock.Unsuspecting.Name", img: "icons/svg/sleep.svg" });
    expect(entry.description).toBeUndefined();
    call("i18nInit");
    expect(entry.description).toBe("<p>FRAY.Shock.Unsuspecting.Description</p>");
  });

  it("only a GM's client creates it; a player's is refused with the reason", () => {
    registerUnsuspectingStatus();
    expect(call("preCreateActiveEffect", effect(["shockUnsuspecting"]))).toEqual([undefined]);
    g.game.user = PLAYER;
    expect(call("preCreateActiveEffect", effect(["shockUnsuspecting"]))).toEqual([false]);
    expect(warned).toEqual(["FRAY.Shock.Unsuspecting.GMOnly"]);
    // Other statuses are the player's own business.
    expect(call("preCreateActiveEffect", effect(["prone"]))).toEqual([undefined]);
  });

  it("counts the mark a GM wrote; noticing removes it and tells the GMs", async () => {
    const actor: any = {
      name: "Vask", statuses: new Set(["shockUnsuspecting"]),
      effects: { contents: [{ statuses: new Set(["shockUnsuspecting"]), disabled: false, _stats: { lastModifiedBy: GM.id } }] },
      toggleStatusEffect: async (id: string, { active }: { active: boolean }) => {
        if (!active) actor.statuses.delete(id);
        actor.effects.contents = [];
      },
    };
    expect(isUnsuspecting(actor)).toBe(true);
    actor.effects.contents[0]._stats.lastModifiedBy = PLAYER.id;
    expect(isUnsuspecting(actor)).toBe(false);
    // Only the GM's client ends it.
    g.game.user = PLAYER;
    await notice(actor, "sideActs");
    expect(actor.statuses.has("shockUnsuspecting")).toBe(true);
    g.game.user = GM;
    await notice(actor, "sideActs");
    expect(actor.statuses.has("shockUnsuspecting")).toBe(false);
    expect(created).toEqual([expect.objectContaining({ whisper: [GM.id] })]);
    expect(created[0].content).toContain("FRAY.Shock.Unsuspecting.Noticed.sideActs");
    // Nothing to end: nothing written.
    await notice(actor, "attacked");
    expect(created).toHaveLength(1);
  });
});
