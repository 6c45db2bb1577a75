import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  allMarks, markToken, marksOn, registerTokenMarks,
} from "../../src/shell/documents/token-marks";
import { applyUpdate, getProperty, gmUser } from "../support/stand-ins";

/**
 * The GM's marks on a Scene's tokens (shell/documents/token-marks.ts): written whole or deleted
 * by a GM's client only, read only for tokens still on the scene, and deleted with their token by
 * the active GM.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const GM = { id: "gamemastergamema" };

function sceneOf(tokens: string[], marks: Record<string, unknown> = {}): any {
  const scene: any = {
    id: "scenemarks000001", flags: { fray: { tokenMarks: structuredClone(marks) } },
    tokens: { get: (id: string) => (tokens.includes(id) ? { id } : undefined) },
    update: vi.fn(async (changes: Record<string, unknown>) => applyUpdate(scene, changes)),
  };
  return scene;
}

beforeEach(() => {
  vi.stubGlobal("game", { user: gmUser(GM), scenes: { contents: [] } });
  vi.stubGlobal("foundry", { utils: { getProperty } });
});
afterEach(() => vi.unstubAllGlobals());

describe("token marks", () => {
  it("a GM writes a mark whole and deletes it; only marks of tokens still there are read", async () => {
    const scene = sceneOf(["tokenaaaaaaaaaa1", "tokenbbbbbbbbbb1"], { tokengone0000001: { a: 1 } });
    await markToken(scene, "tokenaaaaaaaaaa1", { summon: { thrall: false } });
    await markToken(scene, "tokenaaaaaaaaaa1", { summon: { thrall: true } });
    expect(marksOn(scene)).toEqual([
      { scene, tokenId: "tokenaaaaaaaaaa1", mark: { summon: { thrall: true } } },
    ]);
    (globalThis as any).game.scenes.contents = [scene, sceneOf([])];
    expect(allMarks().map((m) => m.tokenId)).toEqual(["tokenaaaaaaaaaa1"]);
    await markToken(scene, "tokenaaaaaaaaaa1", null);
    expect(marksOn(scene)).toEqual([]);
    expect(scene.update.mock.calls.at(-1)[0]).toEqual({ "flags.fray.tokenMarks.-=tokenaaaaaaaaaa1": null });
  });

  it("a mark copied with a duplicated scene is not that scene's", async () => {
    const scene = sceneOf(["tokenaaaaaaaaaa1"]);
    await markToken(scene, "tokenaaaaaaaaaa1", { thrall: true });
    const copy = sceneOf(["tokenaaaaaaaaaa1"], structuredClone(scene.flags.fray.tokenMarks));
    copy.id = "sceneduplicated1";
    expect(marksOn(scene).map((m) => m.mark)).toEqual([{ thrall: true }]);
    expect(marksOn(copy)).toEqual([]);
  });

  it("a player's client, or a path for an id, writes nothing", async () => {
    const scene = sceneOf(["tokenaaaaaaaaaa1"]);
    await expect(markToken(scene, "a.b", {})).rejects.toThrow();
    (globalThis as any).game.user = { id: "playerplayerpla1", isGM: false, isActiveGM: false };
    await expect(markToken(scene, "tokenaaaaaaaaaa1", {})).rejects.toThrow();
    expect(scene.update).not.toHaveBeenCalled();
  });

  it("a deleted token's mark goes with it, on the active GM", async () => {
    const hooks: Record<string, (...a: any[]) => unknown> = {};
    vi.stubGlobal("Hooks", { on: (name: string, fn: any) => void (hooks[name] = fn) });
    registerTokenMarks();
    const scene = sceneOf([], { tokenaaaaaaaaaa1: { a: 1 } });
    hooks.deleteToken!({ id: "tokenaaaaaaaaaa1", parent: scene });
    await vi.waitFor(() => expect(scene.flags.fray.tokenMarks).toEqual({}));
    // An unmarked token's deletion writes nothing.
    hooks.deleteToken!({ id: "tokenbbbbbbbbbb1", parent: scene });
    expect(scene.update).toHaveBeenCalledTimes(1);
  });
});
