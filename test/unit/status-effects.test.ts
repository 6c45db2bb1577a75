import { beforeEach, describe, expect, it } from "vitest";
import { setStatusEffects, statusEntries, type StatusEntry } from "../../src/shell/setup/status-effects";

/**
 * A ruleset's status effects put in Foundry's CONFIG (stand-ins for its globals): replaced whole
 * or added after Foundry's own, as Foundry's entries (id, name, image), each description localized
 * once the strings load, and a GM's own status refused on a player's client.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;
let hooks: Record<string, Fn[]>;
let warned: string[];
const PRONE = { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" };

beforeEach(() => {
  hooks = {};
  warned = [];
  g.game = { user: { isGM: false }, i18n: { format: (k: string) => `${k}!`, localize: (k: string) => `${k}.` } };
  g.CONFIG = { statusEffects: [PRONE] };
  g.Hooks = {
    on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
    once: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
  };
  g.ui = { notifications: { warn: (text: string) => void warned.push(text) } };
  g.foundry = { utils: { escapeHTML: (s: string) => s.replaceAll("<", "&lt;") } };
});

const call = (name: string, ...args: unknown[]) => (hooks[name] ?? []).map((fn) => fn(...args));
const entries: StatusEntry[] = [
  { id: "a", name: "A", img: "a.svg" },
  { id: "b", name: "B", img: "b.svg", descriptionKey: "<B>", gmOnlyWarning: "NoB" },
];

describe("a ruleset's status effects", () => {
  it("are built from each one's icon, in its order, with their name and description keys", () => {
    const entries = statusEntries({ channeling: "icons/svg/aura.svg", disarmed: "icons/svg/sword.svg" },
      { idOf: (id) => `wounds.${id}`, names: "FRAY.Wounds.Status", hints: "FRAY.Wounds.StatusHint" });
    expect(entries).toEqual([
      { id: "wounds.channeling", name: "FRAY.Wounds.Status.channeling", img: "icons/svg/aura.svg",
        descriptionKey: "FRAY.Wounds.StatusHint.channeling" },
      { id: "wounds.disarmed", name: "FRAY.Wounds.Status.disarmed", img: "icons/svg/sword.svg",
        descriptionKey: "FRAY.Wounds.StatusHint.disarmed" },
    ]);
  });

  it("replace Foundry's, or follow them; plain entries register no hook", () => {
    setStatusEffects([entries[0]!], true);
    expect(g.CONFIG.statusEffects).toEqual([{ id: "a", name: "A", img: "a.svg" }]);
    expect(hooks).toEqual({});
    setStatusEffects(entries, false);
    expect(g.CONFIG.statusEffects.map((e: any) => e.id)).toEqual(["a", "a", "b"]);
  });

  it("a description is localized and escaped once the strings load, into Foundry's entry only", () => {
    setStatusEffects(entries, false);
    const [, a, b] = g.CONFIG.statusEffects;
    expect(b).toEqual({ id: "b", name: "B", img: "b.svg" });
    call("i18nInit");
    expect(b.description).toBe("<p>&lt;B>.</p>");
    expect(a.description).toBeUndefined();
  });

  it("a GM's own status is refused on a player's client, with its warning; a GM's is let through", () => {
    setStatusEffects(entries, false);
    const effect = (...statuses: string[]) => ({ statuses: new Set(statuses), parent: { name: "Vask" } });
    expect(call("preCreateActiveEffect", effect("b"))).toEqual([false]);
    expect(call("preCreateActiveEffect", effect("a", "prone"))).toEqual([undefined]);
    expect(warned).toEqual(["NoB!"]);
    g.game.user = { isGM: true };
    expect(call("preCreateActiveEffect", effect("b"))).toEqual([undefined]);
  });
});
