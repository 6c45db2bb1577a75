import { describe, expect, it, vi } from "vitest";
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
  }
  Object.assign(globalThis, { Combatant });
});

const { FrayCombatant, bandEdit, bandOfInitiative } = await import("../../src/rulesets/escalation/foundry/documents/combatant");

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
  it("leaves changes that set a band, clear the number or have none", () => {
    expect(bandEdit({ initiative: 20, system: { band: "fast" } }, true)).toBeNull();
    expect(bandEdit({ initiative: null }, true)).toBeNull();
    const orderOnly = { system: { order: 2 } };
    expect(bandEdit(orderOnly, true)).toBeNull();
    expect(bandEdit({ initiative: 42 }, false)).toEqual({ band: "fast", initiative: 40 });
  });
});

describe("a GM typing an initiative in the tracker", () => {
  it("moves the combatant to that band, showing the band's number for its side", async () => {
    const pc = Object.create(FrayCombatant.prototype) as InstanceType<typeof FrayCombatant>;
    Object.defineProperty(pc, "actor", { value: { type: "escalationCharacter", hasPlayerOwner: true } });
    const changed: Record<string, unknown> = { initiative: 22 };
    type PreUpdate = { _preUpdate(c: unknown, o: unknown, u: unknown): Promise<unknown> };
    await (pc as unknown as PreUpdate)._preUpdate(changed, {}, {});
    expect(changed).toEqual({ initiative: 25, system: { band: "slow" } });
  });
});
