import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offerOnce } from "../../src/shell/offers/runtime";
import type { Recorder } from "../../src/shell/cards/recorder";

/**
 * The offer runtime's `offerOnce` (shell/offers/runtime.ts) on the GM's client: one prompt for
 * the responders not yet offered a part against the same provoker this turn, and, posted from a
 * card's seal, the prompt recorded so a seal that fails afterwards deletes it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe("offerOnce", () => {
  let messages: any[];
  beforeEach(() => {
    messages = [];
    vi.stubGlobal("game", { user: { isGM: true }, messages: { get contents() { return messages; } } });
    vi.stubGlobal("foundry", { applications: { handlebars: { renderTemplate: async () => "<p></p>" } } });
    vi.stubGlobal("ChatMessage", {
      create: async (data: any) => {
        // As Foundry stores it: the base type, authored by the GM (client/documents/chat-message.mjs).
        const m = { ...data, type: "base", uuid: `ChatMessage.m${messages.length}`, author: { isGM: true } };
        messages.push(m);
        return m;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const combat: any = {
    id: "combatcombatcomb", round: 2, turn: 1,
    combatants: { get: (id: string) => ({ name: id.toUpperCase() }) },
  };
  const provoker: any = { name: "Thug", token: { uuid: "Scene.s.Token.t" } };
  const text = { title: "Reaction attacks", line: "Thug moves.", button: (n: string) => n };

  it("posts one prompt and records it for the seal that posted it", async () => {
    const created: string[] = [];
    const recorder = { created: (doc: { uuid: string }) => created.push(doc.uuid) } as unknown as Recorder;
    await offerOnce(combat, provoker, ["a", "b"], "kind", "cast", text, recorder);
    expect(messages).toHaveLength(1);
    expect(messages[0].flags.fray.offer.responders.map((r: any) => r.combatantId)).toEqual(["a", "b"]);
    expect(created).toEqual(["ChatMessage.m0"]);
  });

  it("a hidden responder gets its own prompt, whispered to the GMs and its players", async () => {
    const actor = (owners: string[]) => ({ testUserPermission: (u: any) => owners.includes(u.id) });
    const people: Record<string, any> = {
      a: { name: "A", hidden: false, actor: actor(["p1"]) },
      b: { name: "B", hidden: true, actor: actor(["p2"]) },
      thug: { name: "Thug", hidden: false, token: { uuid: "Scene.s.Token.t" } },
    };
    const list = Object.values(people);
    const users = [{ id: "gm", isGM: true }, { id: "p1", isGM: false }, { id: "p2", isGM: false }];
    const seen: any = { ...combat, combatants: { get: (id: string) => people[id], find: (f: any) => list.find(f) } };
    Object.assign((globalThis as any).game, {
      combats: { get: () => seen }, users: { contents: users },
    });
    await offerOnce(seen, people.thug, ["a", "b"], "kind", "move", text);
    expect(messages.map((m) => [m.flags.fray.offer.responders.map((r: any) => r.combatantId), m.whisper]))
      .toEqual([[["a"], undefined], [["b"], ["gm", "p2"]]]);
    // Two hidden responders: a prompt each, neither's players told of the other.
    messages.length = 0;
    people.c = { name: "C", hidden: true, actor: actor(["p1"]) };
    await offerOnce(seen, people.thug, ["b", "c"], "kind", "cast", text);
    expect(messages.map((m) => m.whisper)).toEqual([["gm", "p2"], ["gm", "p1"]]);
    // A hidden provoker: every prompt against it is whispered, to the GMs and the responders' players.
    messages.length = 0;
    people.thug.hidden = true;
    await offerOnce(seen, people.thug, ["a"], "kind", "move", text);
    expect(messages.map((m) => m.whisper)).toEqual([["gm", "p1"]]);
  });

  it("offers nobody twice in a turn against the same provoker; posts nothing then", async () => {
    await offerOnce(combat, provoker, ["a"], "kind", "move", text);
    const created: string[] = [];
    const recorder = { created: (doc: { uuid: string }) => created.push(doc.uuid) } as unknown as Recorder;
    await offerOnce(combat, provoker, ["a"], "kind", "cast", text, recorder);
    expect(messages).toHaveLength(1);
    expect(created).toEqual([]);
  });
});
