import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { startServer, type ServerWorld } from "./server-update";
import { sampleCard } from "../support/fixtures";
import { sealAttack } from "../../src/rulesets/escalation/play/cards/card-seal";

/**
 * What a player can put under a card's records while it is still its author, through Foundry
 * v13's own server path (test/foundry/server-update.ts): why the GM trusts a card's records only
 * once the card is a GM's (`shell/cards/records.ts` `trustedRecords`), and why a card may reach
 * no GM's client when it is posted (a create with `broadcast: false`), so requests seal it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("records written by a card's own author, before a GM seals it", () => {
  let world: ServerWorld;
  let author: any;

  beforeAll(async () => {
    world = await startServer();
    await world.user("gamemastergamema", "GAMEMASTER");
    author = await world.user("player1player1aa", "PLAYER");
  });

  it("the author of an unsealed card writes a whole seal, ledger and poster: a card that looks sealed", async () => {
    const _id = "reviewforged0001";
    const created = await world.create(author, "ChatMessage",
      { _id, type: "escalationAttack", author: author.id, system: sampleCard });
    expect(created.ok).toBe(true);
    const forged = {
      ...sealAttack({ ...sampleCard, targets: sampleCard.targets.map((t) => ({ ...t, damage: 99 })) }, author.id),
      authorId: author.id,
    };
    const out = await world.update(author, `ChatMessage.${_id}`, {
      "system.==seal": forged, "system.==ledger": {}, "system.poster": author.id,
    });
    expect(out.ok).toBe(true);
    const source = await world.read(`ChatMessage.${_id}`);
    expect(source.author).toBe(author.id);
    expect(source.system.poster).toBe(author.id);
    expect(source.system.seal.targets[0].damage).toBe(99);
  });

  it("a player's create with `broadcast: false` reaches no other client, the active GM's included", async () => {
    // dist/database/backend/server-backend.mjs, the socket's modifyDocument listener: it answers the
    // sender, then broadcasts only when `operation.broadcast ?? true`.
    const backend = world.db.DatabaseBackend;
    let listener: ((request: unknown, ack: (r: unknown) => void) => Promise<void>) | null = null;
    const broadcast: unknown[] = [];
    const socket = {
      user: author,
      on: (event: string, fn: any) => { if (event === "modifyDocument") listener = fn; },
      broadcast: { emit: (...args: unknown[]) => broadcast.push(args) },
    };
    backend.socketListeners(socket);
    const _id = "reviewsilent0001";
    const request = {
      type: "ChatMessage", action: "create",
      operation: { data: [{ _id, type: "escalationAttack", author: author.id, system: sampleCard }], keepId: true, broadcast: false },
    };
    const answers: any[] = [];
    await listener!(JSON.parse(JSON.stringify(request)), (r) => answers.push(r));
    expect(answers[0]?.error).toBeUndefined();
    expect(broadcast).toEqual([]);
    expect((await world.read(`ChatMessage.${_id}`))?.author).toBe(author.id);
  });

  it("a client's own operation options reach every other client unchecked (`frayForced`, any `_movement`)", async () => {
    // What `shell/movement/watch.ts` trusts to skip judging a move comes from the mover's request.
    const backend = world.db.DatabaseBackend;
    let listener: ((request: unknown, ack: (r: unknown) => void) => Promise<void>) | null = null;
    const broadcast: any[] = [];
    backend.socketListeners({
      user: author,
      on: (event: string, fn: any) => { if (event === "modifyDocument") listener = fn; },
      broadcast: { emit: (...args: unknown[]) => broadcast.push(args) },
    });
    const _id = "reviewoptions001";
    expect((await world.create(author, "ChatMessage",
      { _id, type: "escalationAttack", author: author.id, system: sampleCard })).ok).toBe(true);
    const request = {
      type: "ChatMessage", action: "update",
      operation: { updates: [{ _id, flags: { fray: { x: 1 } } }], frayForced: true },
    };
    await listener!(JSON.parse(JSON.stringify(request)), () => undefined);
    expect(broadcast[0]?.[0]).toBe("modifyDocument");
    expect(broadcast[0]?.[1].operation.frayForced).toBe(true);
    expect(broadcast[0]?.[1].userId).toBe(author.id);
  });
});
