import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialOf } from "../../src/engine/schema/spec";
import { KEPT_SPEC } from "../../src/rulesets/shock/play/data/combatant-spec";
import { applyUpdate, gmUser } from "../support/stand-ins";
import { KEPT_VERSION } from "../../src/shell/combat/kept";

/**
 * ShockCombat's spends on the kept store, with the real class on a stand-in for Foundry's Combat:
 * a player's sheet or attack dialog sends only the action and the combatant a screen or swarm
 * names; the active GM's handler runs `spendPatch` on what it keeps (the side acting, the budget,
 * the holds) and writes the store, or refuses in words and changes nothing. What the player wrote
 * on its own Combatant is never read.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
vi.hoisted(() => {
  class Combat {
    flags: Record<string, unknown> = {};
    async update(changes: Record<string, unknown>) {
      for (const [key, value] of Object.entries(changes)) {
        const path = key.split(".");
        let at = this as any;
        for (const k of path.slice(0, -1)) at = at[k] ??= {};
        const last = path.at(-1)!;
        if (last.startsWith("-=")) delete at[last.slice(2)];
        else at[last] = value;
      }
      return this;
    }
  }
  class Combatant {}
  Object.assign(globalThis, { Combat, Combatant });
});

const { ShockCombat } = await import("../../src/rulesets/shock/foundry/documents/combat");
const { ShockCombatant } = await import("../../src/rulesets/shock/foundry/documents/combatant");
const { performSpend, registerKeptRequests } = await import("../../src/shell/combat/kept-spend");

const GM = { id: "gamemastergamema", isGM: true };
const PLAYER = { id: "playerplayerpla1", isGM: false };

/**
 * A ShockCombatant in `combat`: its own `system` (which its player may have forged: it names the
 * other side), its actor and token (a party member's token friendly, a foe's hostile).
 */
function member(combat: any, id: string, side: string, owner: string, system: object = {}) {
  const c = Object.create(ShockCombatant.prototype);
  const forged = side === "party" ? "foes" : "party";
  Object.defineProperties(c, {
    id: { value: id }, name: { value: id }, parent: { value: combat }, isDefeated: { value: false },
    system: { value: { side: forged, order: 0, ...system } },
    actor: { value: { name: id, type: "shockNpc", health: "up", statuses: new Set() } },
    token: { value: { disposition: side === "party" ? 1 : -1 } },
  });
  c.testUserPermission = (u: any) => u.isGM || u.id === owner;
  c.update = vi.fn();
  return c;
}

let combat: any;
let asked: any[];
beforeEach(() => {
  asked = [];
  combat = Object.create(ShockCombat.prototype);
  Object.assign(combat, { id: "combatcombatcomb", flags: {}, round: 1 });
  const list = [
    // What a player could have written on its own Combatant: Total Defense, a fresh shield, free.
    member(combat, "combatantwenna01", "party", PLAYER.id, { totalDefense: true, shieldUsed: false, grappledBy: [] }),
    member(combat, "combatantally001", "party", "someoneelseelse1"),
    member(combat, "combatantfoe0001", "foes", ""),
  ];
  Object.defineProperties(combat, {
    started: { value: true },
    combatants: { value: Object.assign(new Map(list.map((c) => [c.id, c])), { contents: list }) },
    combatant: { get: () => list[0], configurable: true },
    inSurpriseRound: { value: false },
  });
  const gm = gmUser(GM);
  const users = new Map<string, any>([[GM.id, gm], [PLAYER.id, PLAYER]]);
  vi.stubGlobal("game", {
    user: PLAYER, users: { get: (id: string) => users.get(id), activeGM: {
      isSelf: false,
      async query(_name: string, data: any) {
        asked.push(data);
        (globalThis as any).game.user = gm;
        try { return await performSpend(data, { id: PLAYER.id, isGM: false }); }
        finally { (globalThis as any).game.user = PLAYER; }
      },
    } },
    combats: { get: () => combat }, messages: { contents: [] }, settings: { get: () => KEPT_VERSION },
    i18n: { localize: (k: string) => k, format: (k: string) => k, has: () => false },
  });
  vi.stubGlobal("CONFIG", { queries: {} });
  vi.stubGlobal("foundry", { utils: { randomID: () => Math.random().toString(36).slice(2) } });
  registerKeptRequests();
});
afterEach(() => vi.unstubAllGlobals());

const wenna = () => combat.combatants.get("combatantwenna01");

describe("a shock player's spend, kept on the combat", () => {
  it("reads nothing its player wrote on the Combatant", () => {
    expect(wenna().data).toMatchObject({ side: "party", totalDefense: false, shieldUsed: false });
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.shieldUsed": true });
    expect(wenna().data.shieldUsed).toBe(true);
    expect(wenna().hold).toEqual({ grappling: "", grappledBy: [] });
  });

  it("its side is the GM's: kept when written, else its documents, never its forged `system`", () => {
    // Every member's `system.side` names the other side; nobody reads it.
    expect(combat.combatants.contents.map((c: any) => c.side)).toEqual(["party", "party", "foes"]);
    // The GM's word (written when it joined, or changed since) is what counts.
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.side": "foes" });
    expect(wenna().side).toBe("foes");
    expect(combat.turnStateOf(wenna()).side).toBe("foes");
    // A stored side that is not text reads as not written: the documents again.
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.side": 7 });
    expect(wenna().side).toBe("party");
    expect(combat.keptOnJoin(wenna())).toEqual({ side: "party" });
  });

  it("a screen's ward is judged on the kept sides", async () => {
    // The ally is on the party's side by its documents; the GM moved it to the foes.
    applyUpdate(combat, { "flags.fray.kept.combatantally001.side": "foes" });
    await expect(combat.spend(wenna(), "screen", { screening: "combatantally001" }))
      .rejects.toThrow("FRAY.Shock.Refuse.NoWard");
    applyUpdate(combat, { "flags.fray.kept.combatantfoe0001.side": "party" });
    expect(await combat.spend(wenna(), "screen", { screening: "combatantfoe0001" })).toBe(true);
    expect(combat.flags.fray.kept.combatantwenna01).toMatchObject({ screening: "combatantfoe0001" });
  });

  it("Total Defense from the sheet: the GM sets the mark and spends the Main", async () => {
    expect(await combat.spend(wenna(), "totalDefense", { totalDefense: true })).toBe(true);
    expect(asked).toEqual([{ combatId: "combatcombatcomb", combatantId: "combatantwenna01",
      args: { action: "totalDefense", extra: { totalDefense: true } } }]);
    expect(combat.flags.fray.kept.combatantwenna01).toMatchObject({ main: true, totalDefense: true });
    expect(wenna().update).not.toHaveBeenCalled();
    // The Main is spent: a second attack is refused in words, and nothing changes.
    const before = structuredClone(combat.flags);
    await expect(combat.spend(wenna(), "meleeAttack")).rejects.toThrow("FRAY.Shock.Refuse.Spent.meleeAttack");
    expect(combat.flags).toEqual(before);
  });

  it("a forged mark, a ward on the other side, another's combatant, or a grappled run is refused", async () => {
    await expect(combat.spend(wenna(), "meleeAttack", { shieldUsed: false })).rejects.toThrow("badRequest");
    await expect(combat.spend(wenna(), "screen", { screening: "combatantfoe0001" })).rejects.toThrow("FRAY.Shock.Refuse.NoWard");
    await expect(combat.spend(combat.combatants.get("combatantally001"), "meleeAttack")).rejects.toThrow("notOwner");
    applyUpdate(combat, { "flags.fray.kept.combatantwenna01.grappledBy": ["combatantfoe0001"] });
    await expect(combat.spend(wenna(), "run")).rejects.toThrow("FRAY.Shock.Refuse.Held");
    expect(combat.flags.fray.kept.combatantwenna01).toEqual({ grappledBy: ["combatantfoe0001"] });
  });

  it("on the other side's turn only Instants are taken", async () => {
    Object.defineProperty(combat, "combatant", { get: () => combat.combatants.get("combatantfoe0001") });
    await expect(combat.spend(wenna(), "meleeAttack")).rejects.toThrow("FRAY.Shock.Refuse.NotYourSide");
    expect(await combat.spend(wenna(), "totalDefense")).toBe(true);
  });

  it("a round's start refills the budget in the store (the turn scheme's reset)", () => {
    const fresh = (combat as any).freshEconomy("roundStart");
    expect(Object.keys(fresh).every((k) => Object.hasOwn(KEPT_SPEC.fields, k))).toBe(true);
    expect(fresh).toMatchObject({ main: false, moves: 0, shieldUsed: false });
    expect({ ...initialOf(KEPT_SPEC), ...fresh }).toMatchObject(initialOf(KEPT_SPEC));
  });
});
