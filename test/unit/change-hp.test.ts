import { describe, expect, it, vi } from "vitest";
import { escalationActor } from "../support/escalation-stand-ins";

/**
 * FrayActor#changeHp on a character: a heal that brings it back up from Dying ends Dying "as if
 * they had succeeded at a Death Save", so it acts from its next turn (`upNextTurn`); a hit or a
 * heal that leaves it up keeps the mark as it was. Source: `000_c2dc3d650823e22d.txt` §Dying and
 * Death. The document class is loaded over a stand-in for Foundry's Actor.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
vi.hoisted(() => {
  (globalThis as any).Actor = class {};
});
const { FrayActor } = await import("../../src/rulesets/escalation/foundry/documents/actor");

function character(hp: number, death: object = {}) {
  const data = escalationActor("Tam", { hp: { value: hp, max: 30 } });
  Object.assign(data.system.death, death);
  const actor = Object.create(FrayActor.prototype);
  for (const key of ["system", "updates", "statuses", "update", "syncHealthStatuses", "isPC"])
    Object.defineProperty(actor, key, { value: data[key], writable: true });
  Object.defineProperty(actor, "hp", { get: () => data.system.hp });
  return { actor, data };
}

describe("changing a character's HP", () => {
  it("a heal back up from Dying acts from its next turn", async () => {
    const { actor, data } = character(-3);
    await actor.changeHp(8);
    expect(data.system.hp.value).toBe(8);
    expect(data.system.death.upNextTurn).toBe(true);
  });
  it("a heal of one already up, and a hit, keep the mark as it was", async () => {
    const up = character(10);
    await up.actor.changeHp(5);
    expect(up.data.system.death.upNextTurn).toBe(false);
    const hit = character(10, { upNextTurn: true });
    await hit.actor.changeHp(-4);
    expect(hit.data.system.death.upNextTurn).toBe(true);
  });
});
