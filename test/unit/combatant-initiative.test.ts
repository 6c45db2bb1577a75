import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { bandEntry } from "../../src/rulesets/escalation/play/combat/turn-order";
import { bandInitiative } from "../../src/rulesets/escalation/rules/initiative";
import { BANDS } from "../../src/rulesets/escalation/rules/constants";

/**
 * An initiative number typed in the tracker moves the combatant: Foundry v13's tracker writes only
 * `initiative` (client/applications/sidebar/tabs/combat-tracker.mjs `_onUpdateInitiative`), and
 * `Combatant#_preUpdate` may add to the change before it is sent. FrayCombatant runs here on a
 * stand-in for Foundry's Combatant that has only the two hooks it overrides.
 */
vi.hoisted(() => {
  class Combatant {
    async _preCreate() {}
    async _preUpdate() {}
    _onUpdate() {}
  }
  Object.assign(globalThis, { Combatant });
});

const { FrayCombatant } = await import("../../src/rulesets/escalation/foundry/documents/combatant");
const { bandEdit, bandOfInitiative } = await import("../../src/rulesets/escalation/play/combat/turn-order");

describe("the band an initiative number stands for", () => {
  it("inverts bandInitiative for both sides", () => {
    for (const band of BANDS) {
      expect(bandOfInitiative(bandInitiative(band, true))).toBe(band);
      expect(bandOfInitiative(bandInitiative(band, false))).toBe(band);
    }
  });
  it("puts any typed number in a band, higher never later", () => {
    expect(bandOfInitiative(99)).toBe("veryFast");
    expect(bandOfInitiative(37)).toBe("medium");
    expect(bandOfInitiative(0)).toBe("verySlow");
    expect(bandOfInitiative(-4)).toBe("verySlow");
  });
  it("leaves changes that clear the number or have none; a band in the change moves nothing", () => {
    expect(bandEdit({ initiative: null }, true)).toBeNull();
    expect(bandEdit({ initiative: Number.NaN }, true)).toBeNull();
    const orderOnly: { initiative?: unknown; system: object } = { system: { order: 2 } };
    expect(bandEdit(orderOnly, true)).toBeNull();
    expect(bandEdit({ initiative: 42 }, false)).toEqual({ band: "fast", initiative: 40 });
    // The Combatant's own `system.band` is no longer where the band lives: the number decides.
    const stale = { initiative: 20, system: { band: "fast" } };
    expect(bandEdit(stale, true)).toEqual({ band: "slow", initiative: 25 });
  });
});

describe("a combatant's place in the turn order", () => {
  it("is the GM's kept band and order; a kept band not written yet reads the documents' band", () => {
    expect(bandEntry("a", { band: "slow", order: 2 }, "fast", true))
      .toEqual({ id: "a", band: "slow", isPC: true, order: 2 });
    expect(bandEntry("a", { band: "", order: 0 }, "fast", false))
      .toEqual({ id: "a", band: "fast", isPC: false, order: 0 });
    expect(bandEntry("a", null, "verySlow", true)).toEqual({ id: "a", band: "verySlow", isPC: true, order: 0 });
  });

  it("reads nothing of the Combatant's own system or initiative, whatever its owner wrote there", () => {
    fc.assert(fc.property(
      fc.constantFrom(...BANDS), fc.integer({ min: -1000, max: 1000 }),
      fc.anything(), fc.anything(), fc.double(),
      (band, order, forgedBand, forgedOrder, forgedInitiative) => {
        const c = combatantIn({ band, order }, { band: forgedBand, order: forgedOrder });
        Object.assign(c, { initiative: forgedInitiative });
        expect(c.turnEntry).toEqual({ id: "mine", band, isPC: true, order });
        expect(c.shownInitiative).toBe(bandInitiative(band, true));
      },
    ));
  });
});

/** A PC's FrayCombatant in a combat that keeps `kept` for it, with its own `system`. */
function combatantIn(kept: Record<string, unknown>, system: unknown) {
  const moves: unknown[] = [];
  const combat = {
    keptOf: (id: string) => (id === "mine" ? { actions: {}, ...kept } : {}),
    async moveBands(patches: unknown, options: unknown) {
      moves.push([patches, options]);
    },
  };
  const c = Object.create(FrayCombatant.prototype) as InstanceType<typeof FrayCombatant>;
  Object.defineProperties(c, {
    id: { value: "mine" }, parent: { value: combat }, system: { value: system },
    actor: { value: { type: "escalationCharacter", hasPlayerOwner: true, system: { band: "veryFast" } } },
  });
  return Object.assign(c, { moves });
}

type PreUpdate = { _preUpdate(c: unknown, o: unknown, u: unknown): Promise<unknown> };

describe("an initiative typed in the tracker", () => {
  const as = (isGM: boolean) => Object.assign(globalThis, { game: { user: { isGM } } });

  it("the GM's moves the combatant to that band in the store, showing the band's number", async () => {
    as(true);
    const c = combatantIn({ band: "fast", order: 1 }, {});
    const changed: Record<string, unknown> = { initiative: 22 };
    await (c as unknown as PreUpdate)._preUpdate(changed, {}, {});
    expect(changed).toEqual({ initiative: 25 });
    expect(c.moves).toEqual([[{ mine: { band: "slow" } }, { show: false }]]);
  });

  it("the GM's number in the band it keeps moves nothing", async () => {
    as(true);
    const c = combatantIn({ band: "slow", order: 1 }, {});
    const changed: Record<string, unknown> = { initiative: 29 };
    await (c as unknown as PreUpdate)._preUpdate(changed, {}, {});
    expect(changed).toEqual({ initiative: 25 });
    expect(c.moves).toEqual([]);
  });

  it("a player's moves nothing and is sent as its kept band's number", async () => {
    as(false);
    for (const typed of [99, 0, 35, -7]) {
      const c = combatantIn({ band: "medium", order: 0 }, {});
      const changed: Record<string, unknown> = { initiative: typed };
      await (c as unknown as PreUpdate)._preUpdate(changed, {}, {});
      expect(changed).toEqual({ initiative: bandInitiative("medium", true) });
      expect(c.moves).toEqual([]);
    }
  });
});

describe("an initiative a player wrote on its own Combatant", () => {
  type OnUpdate = { _onUpdate(c: unknown, o: unknown, u: string): void };
  const users = new Map([["gamemastergamema", { isGM: true }], ["playerplayerpla1", { isGM: false }]]);

  /** The combatant after an update by `userId` left `initiative` on it, on the active GM's client. */
  function updatedBy(userId: string, initiative: unknown, changed: object = { initiative }) {
    Object.assign(globalThis, { game: { user: { isGM: true, isActiveGM: true }, users } });
    const c = combatantIn({ band: "slow", order: 0 }, {});
    const writes: unknown[] = [];
    Object.assign(c, { initiative, update: async (data: unknown) => void writes.push(data) });
    (c as unknown as OnUpdate)._onUpdate(changed, {}, userId);
    return writes;
  }

  it("is put back to its kept band's number by the active GM", () => {
    expect(updatedBy("playerplayerpla1", 99)).toEqual([{ initiative: bandInitiative("slow", true) }]);
    expect(updatedBy("playerplayerpla1", null)).toEqual([{ initiative: bandInitiative("slow", true) }]);
  });

  it("is left when it already is that number, when a GM wrote it, or when it was not changed", () => {
    expect(updatedBy("playerplayerpla1", bandInitiative("slow", true))).toEqual([]);
    expect(updatedBy("gamemastergamema", 99)).toEqual([]);
    expect(updatedBy("playerplayerpla1", 99, { system: { band: "veryFast" } })).toEqual([]);
  });
});
