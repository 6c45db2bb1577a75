import { describe, expect, it, vi } from "vitest";
import { attackWith } from "../../src/rulesets/shock/foundry/chat/attack";

/**
 * A shock attack needs the GM's client to settle its card (reactions, damage): with no GM online
 * the attack says so and stops before its dialog, its action or its roll, so nothing is paid for
 * a card nobody could resolve.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe("a shock attack with no GM online", () => {
  it("is refused, saying why, before anything is paid", async () => {
    const warn = vi.fn();
    const create = vi.fn();
    const spend = vi.fn();
    vi.stubGlobal("game", { users: { activeGM: null }, combat: { started: true, spend } });
    vi.stubGlobal("ui", { notifications: { warn } });
    vi.stubGlobal("ChatMessage", { create });
    const actor = { name: "Corvin", health: "up", statblock: {} } as any;
    await attackWith(actor, { toObject: () => ({}) } as any);
    expect(warn).toHaveBeenCalledWith("FRAY.Relay.NoGM", { localize: true });
    expect(create).not.toHaveBeenCalled();
    expect(spend).not.toHaveBeenCalled();
  });
});
