import { beforeEach, describe, expect, it } from "vitest";
import { registerMovementRules, type Move } from "../../src/shell/movement/watch";
import { combatOfToken, sceneOf } from "../../src/shell/combat/located";
import { getProperty, gmUser } from "../support/stand-ins";

/**
 * The shell's one movement watch on stand-ins for Foundry's globals: which moves are judged, in
 * which encounter (the token's own, linked to a scene or not, whichever one this client views),
 * and that the active GM judges each move once even from two tabs (client/documents/token.mjs
 * `preMoveToken`/`moveToken`; common/documents/combatant.mjs `sceneId`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Fn = (...args: any[]) => any;
const g = globalThis as any;
let hooks: Record<string, Fn[]>;

const scene = { id: "scenescenescene1", grid: { type: 1, size: 100 } };
function token(id: string) {
  return {
    id, uuid: `Scene.${scene.id}.Token.${id}`, x: 0, y: 0, parent: scene, name: id, actor: null,
    _source: { _movementHistory: [] as object[] },
  };
}
function combatant(id: string, t: any) {
  return { id, tokenId: t.id, token: t, actor: null };
}
function combat(id: string, members: any[], linked: boolean, started = true) {
  return {
    id, started, scene: linked ? scene : null,
    combatants: Object.assign([...members], { contents: members }),
  };
}

const GM = { id: "gamemastergamema" };
const GM_MOVER = { id: GM.id, isGM: true };
const PLAYER = { id: "playerplayerplay", isGM: false };
let after: Move[];
let user: any;

beforeEach(() => {
  hooks = {};
  after = [];
  user = gmUser(GM);
  g.Hooks = {
    on: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
    once: (name: string, fn: Fn) => (hooks[name] ??= []).push(fn),
  };
  g.foundry = { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty } };
  g.ui = { notifications: { warn: () => undefined } };
});

const moved = { id: "movementmovement", origin: { x: 0, y: 0 }, destination: { x: 100, y: 0 } };
const fire = (
  name: string, doc: any, movement: object, options: object = {}, mover: object = GM_MOVER,
) => (hooks[name] ?? []).map((fn) => fn(doc, movement, options, mover));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the shell's movement watch", () => {
  it("judges a move in the token's own encounter, unlinked from any scene, not the one viewed", async () => {
    const a = token("tokena");
    const fight = combat("combatunlinked01", [combatant("ca", a)], false);
    const other = combat("combatviewedone1", [combatant("cb", token("tokenb"))], true);
    g.game = { user, combat: other, combats: { contents: [other, fight] } };
    registerMovementRules({ after: async (m) => void after.push(m) });
    fire("moveToken", a, { ...moved, method: "dragging" });
    await settle();
    expect(after.map((m) => m.combat.id)).toEqual(["combatunlinked01"]);
    expect(after[0]?.path).toEqual([moved.destination]);
    expect(sceneOf(fight as any)?.id).toBe(scene.id);
    expect(combatOfToken(token("nobody") as any)).toBeNull();
  });

  it("names the waypoints entered through difficult terrain, as v13 regionalizes the path", async () => {
    const a = token("tokena");
    const fight = combat("combatunlinked01", [combatant("ca", a)], true);
    g.game = { user, combat: fight, combats: { contents: [fight] } };
    registerMovementRules({ after: async (m) => void after.push(m) });
    // client/documents/token.mjs createTerrainMovementPath: each passed waypoint's terrain.
    const rough = { x: 200, y: 0, terrain: { difficulty: 2 } };
    const road = { x: 300, y: 0, terrain: { difficulty: 0.5 } };
    const waypoints = [{ x: 100, y: 0, terrain: null }, rough, road];
    fire("moveToken", a, { ...moved, destination: road, passed: { waypoints }, method: "dragging" });
    await settle();
    expect(after[0]?.path).toEqual(waypoints);
    expect(after[0]?.difficult).toEqual([rough]);
  });

  it("not an undo, a place set in the token's configuration, a rule's move, or no change of place", async () => {
    const a = token("tokena");
    g.game = { user, combat: null, combats: { contents: [combat("combatlinked0001", [combatant("ca", a)], true)] } };
    registerMovementRules({ after: async (m) => void after.push(m) });
    fire("moveToken", a, { ...moved, method: "undo" });
    fire("moveToken", a, { ...moved, method: "config" });
    fire("moveToken", a, { ...moved, method: "api" }, { frayForced: true });
    fire("moveToken", a, { ...moved, destination: { x: 0, y: 0 }, method: "dragging" });
    await settle();
    expect(after).toEqual([]);
  });

  it("a player's move called an undo, a config edit or a rule's move is judged, unless the "
    + "token's recorded history bears the undo out", async () => {
    const a = token("tokena");
    g.game = { user, combat: null, combats: { contents: [combat("combatlinked0001", [combatant("ca", a)], true)] } };
    registerMovementRules({ after: async (m) => void after.push(m) });
    const step = (x: number, id: string) => ({ x, y: 0, movementId: id });
    // A recorded drag from 0 to 100, then one from 100 to 200.
    a._source._movementHistory = [step(0, "m1"), step(100, "m1")];
    a.x = 100;
    fire("moveToken", a, { ...moved, id: "move0000000001", method: "dragging" }, {}, PLAYER);
    a._source._movementHistory.push(step(200, "m2"));
    a.x = 200;
    const second = { origin: { x: 100, y: 0 }, destination: { x: 200, y: 0 } };
    fire("moveToken", a, { ...second, id: "move0000000002", method: "dragging" }, {}, PLAYER);
    // Forged: no history was cut, or the token is not where the undone movement began.
    a.x = 300;
    const forged = { origin: { x: 200, y: 0 }, destination: { x: 300, y: 0 } };
    fire("moveToken", a, { ...forged, id: "move0000000003", method: "undo" }, {}, PLAYER);
    fire("moveToken", a, { ...forged, id: "move0000000004", method: "config" }, {}, PLAYER);
    fire("moveToken", a, { ...forged, id: "move0000000005", method: "api" }, { frayForced: true }, PLAYER);
    await settle();
    expect(after).toHaveLength(5);
    // A real Ctrl+Z of the drag to 300? None was recorded: put back to 200 and cut nothing.
    a.x = 200;
    const back = { origin: { x: 300, y: 0 }, destination: { x: 200, y: 0 } };
    fire("moveToken", a, { ...back, id: "move0000000006", method: "undo" }, {}, PLAYER);
    await settle();
    expect(after).toHaveLength(6);
    // Undoing the drag m2 cuts it from the history and puts the token where it began: believed.
    a._source._movementHistory = [step(0, "m1"), step(100, "m1")];
    a.x = 100;
    const undo = { origin: { x: 200, y: 0 }, destination: { x: 100, y: 0 } };
    fire("moveToken", a, { ...undo, id: "move0000000007", method: "undo" }, {}, PLAYER);
    await settle();
    expect(after).toHaveLength(6);
  });

  it("not outside a started encounter, and only on the active GM", async () => {
    const a = token("tokena");
    g.game = { user, combat: null, combats: { contents: [combat("combatnotstarted", [combatant("ca", a)], true, false)] } };
    registerMovementRules({ after: async (m) => void after.push(m) });
    fire("moveToken", a, { ...moved, method: "dragging" });
    g.game.combats.contents[0].started = true;
    g.game.user = { ...GM, isActiveGM: false };
    fire("moveToken", a, { ...moved, method: "dragging" });
    await settle();
    expect(after).toEqual([]);
  });

  it("a GM's two tabs judge a move once", async () => {
    const a = token("tokena");
    g.game = { user, combat: null, combats: { contents: [combat("combatlinked0001", [combatant("ca", a)], true)] } };
    // Both tabs registered the watch and both receive the same movement.
    registerMovementRules({ after: async (m) => void after.push(m) });
    registerMovementRules({ after: async (m) => void after.push(m) });
    fire("moveToken", a, { ...moved, method: "keyboard" });
    await settle();
    await settle();
    expect(after).toHaveLength(1);
  });

  it("before a move, on the moving client: false cancels it", () => {
    const a = token("tokena");
    g.game = { user, combat: null, combats: { contents: [combat("combatlinked0001", [combatant("ca", a)], true)] } };
    registerMovementRules({ before: (m) => m.combatant.id !== "ca" });
    expect(fire("preMoveToken", a, { ...moved, method: "dragging" })).toEqual([false]);
    expect(fire("preMoveToken", a, { ...moved, method: "undo" })).toEqual([undefined]);
  });
});
