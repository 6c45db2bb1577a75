// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY, loadFoundry } from "./harness";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat } from "./combat-client";

/**
 * wounds' free hits offered by the active GM (`foundry/gm/free-hits.ts`), on Foundry v13's client
 * Combat (WoundsCombat, started, its slots kept) and its own square grid (common/grid/square.mjs,
 * each token's offset by common/documents/token.mjs `_positionToGridOffset`): a move out of an
 * enemy's melee zone, or more than 2 spaces inside it, offers that enemy a free hit while it has
 * a slot, once a turn, none after a Disengage; Reach widens the zone; a natural 1 offers its
 * target one, a tragedy's even with no slot left. The scene and tokens are stand-ins (no canvas
 * here). Source: `001_dbc5fcc02a99a518.txt` §Free Hits, §Disengage, §Combat specific
 * Fails/Criticals.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const WREN = "combatantwren001";
const CUTTER = "combatantcutter1";
const GARRICK = "combatantgarrick";
const pack = woundsPack;

describe.skipIf(!HAVE_FOUNDRY)("wounds' free hits offered on Foundry's grid and Combat", () => {
  const g = globalThis as Record<string, Any>;
  let f: Any;
  let Combat: Any;
  let posted: Any[];
  let scene: Any;
  let afterMove: (move: Any) => Promise<void>;
  let offerFumbleFreeHit: (...args: Any[]) => Promise<void>;
  let client: Any;

  beforeAll(async () => {
    f = await loadFoundry();
    const { client: loaded, Combat: WoundsCombat, Actor: WoundsActor } = await woundsClient();
    client = loaded;
    Combat = WoundsCombat;
    ({ afterMove, offerFumbleFreeHit } = await import("../../src/rulesets/wounds/foundry/gm/free-hits"));
    for (const [id, path] of [["actorwren0000001", "pregens/wren-ashby"],
      ["actorcutter00001", "npcs/goblin-cutter"], ["actorgarrick0001", "pregens/garrick-holt"]]) {
      g.game.actors.set(id, new WoundsActor({ ...pack(path!), _id: id }));
    }
    g.ChatMessage.create = async (data: Any) => {
      // As the server stores the GM's: of the base type (common/documents/chat-message.mjs).
      const message = { type: "base", ...data, id: `message${posted.length}`, author: { isGM: true } };
      posted.push(message);
      return message;
    };
  });

  /** A stand-in token on the scene's grid at space (i, j), its offset as Foundry computes it. */
  function tokenAt(id: string, actorId: string, disposition: number, i: number, j: number): Any {
    const at = scene.grid.getTopLeftPoint({ i, j });
    const token: Any = {
      id, uuid: `Scene.${scene.id}.Token.${id}`, documentName: "Token", parent: scene, x: at.x,
      y: at.y, elevation: 0, width: 1, height: 1, shape: 4, disposition, hidden: false,
      actor: g.game.actors.get(actorId), name: id, texture: { src: "" },
      regions: new Set(), clearMovementHistory: async () => undefined,
    };
    const proto = f.documents.BaseToken.prototype;
    token._positionToGridOffset = (d: object = {}) => proto._positionToGridOffset.call(token, d);
    scene.tokens.contents.push(token);
    return token;
  }

  beforeEach(() => {
    g.game.user = activeGM(GM);
    posted = [];
    g.game.messages = { contents: posted, get: (id: string) => posted.find((m) => m.id === id) };
    scene = {
      id: "scenefreehits001", grid: new f.grid.SquareGrid({ size: 100, distance: 5 }),
      tokens: { contents: [] as Any[], get: (id: string) => scene.tokens.contents.find((t: Any) => t.id === id) },
    };
    g.game.scenes = { contents: [scene], get: (id: string) => (id === scene.id ? scene : undefined) };
  });

  /** A started battle: Wren (party) at (5, 5), the goblin cutter (foes) beside her at (5, 6). */
  async function battle(more: Any[] = []): Promise<Any> {
    const tokens = [tokenAt("tokenwren0000001", "actorwren0000001", 1, 5, 5),
      tokenAt("tokencutter00001", "actorcutter00001", -1, 5, 6)];
    const { combat, run } = drivenCombat(Combat, {
      _id: "woundscombat0007", round: 0, turn: null,
      flags: { fray: { kept: { [WREN]: { order: 0 }, [CUTTER]: { order: 1 }, [GARRICK]: { order: 2 } } } },
      combatants: [
        { _id: WREN, name: "Wren", actorId: "actorwren0000001", tokenId: tokens[0].id, sceneId: scene.id },
        { _id: CUTTER, name: "Cutter", actorId: "actorcutter00001", tokenId: tokens[1].id, sceneId: scene.id },
        ...more,
      ],
    }, GM);
    await run("startCombat");
    g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
    return combat;
  }

  /** Wren's move through spaces `path` (the last where she stands now), as the watch reports it. */
  async function wrenWalks(combat: Any, path: [number, number][]): Promise<void> {
    const token = scene.tokens.get("tokenwren0000001");
    const origin = { x: token.x, y: token.y };
    const points = path.map(([i, j]) => scene.grid.getTopLeftPoint({ i, j }));
    Object.assign(token, points.at(-1));
    await afterMove({ combat, combatant: combat.combatants.get(WREN), token, origin, path: points, difficult: [] });
  }
  const offers = () => posted.map((m) => m.flags.fray.offer);

  it("leaving the cutter's melee zone offers it a free hit, once this turn", async () => {
    const combat = await battle();
    await wrenWalks(combat, [[5, 4], [5, 3]]);
    expect(offers()).toMatchObject([{
      kind: "woundsFreeHit", combatId: combat.id, round: 1, cause: "move",
      targetTokenUuid: "Scene.scenefreehits001.Token.tokenwren0000001",
      responders: [{ combatantId: CUTTER }],
    }]);
    // Back in and out again the same turn: no second offer.
    await wrenWalks(combat, [[5, 4], [5, 5], [4, 5], [3, 5]]);
    expect(posted).toHaveLength(1);
  });

  it("two spaces inside the zone is no trigger, three are", async () => {
    const combat = await battle();
    // Around the cutter at (5,6), staying beside it: two spaces, then three more.
    await wrenWalks(combat, [[4, 5], [4, 6]]);
    expect(posted).toEqual([]);
    await wrenWalks(combat, [[4, 7], [5, 7], [6, 7]]);
    expect(offers()).toMatchObject([{ responders: [{ combatantId: CUTTER }] }]);
  });

  it("after a Disengage this round, or with no slot left, leaving gives none", async () => {
    const combat = await battle();
    await combat.keep({ [WREN]: { disengaged: combat.round } });
    await wrenWalks(combat, [[5, 4], [5, 3]]);
    expect(posted).toEqual([]);
    await combat.keep({ [WREN]: { disengaged: 0 }, [CUTTER]: { freeHit: 0 } });
    await wrenWalks(combat, [[5, 4], [5, 5]]);
    await wrenWalks(combat, [[5, 4], [5, 3]]);
    expect(posted).toEqual([]);
  });

  it("Reach: Garrick's zone is two spaces, so a step to two away is still inside it", async () => {
    const garrick = tokenAt("tokengarrick0001", "actorgarrick0001", -1, 5, 7);
    const combat = await battle([
      { _id: GARRICK, name: "Garrick", actorId: "actorgarrick0001", tokenId: garrick.id, sceneId: scene.id },
    ]);
    // Wren at (5,5) is two from Garrick at (5,7); she steps to (5,4): out of the cutter's zone
    // and of his.
    await wrenWalks(combat, [[5, 4]]);
    const responders = offers().flatMap((o: Any) => o.responders.map((r: Any) => r.combatantId));
    expect(responders.sort()).toEqual([CUTTER, GARRICK].sort());
  });

  it("a natural 1 offers its target a free hit while it has a slot; a tragedy's even with none", async () => {
    const combat = await battle();
    const [wren, cutter] = [combat.combatants.get(WREN), combat.combatants.get(CUTTER)];
    await offerFumbleFreeHit(combat, wren, cutter, "freeHit");
    expect(offers()).toMatchObject([{ kind: "woundsFreeHit", cause: "fumble" }]);
    await combat.keep({ [CUTTER]: { freeHit: 0 } });
    await offerFumbleFreeHit(combat, wren, cutter, "freeHit");
    expect(posted).toHaveLength(1);
    await offerFumbleFreeHit(combat, wren, cutter, "criticalFreeHit");
    expect(offers()[1]).toMatchObject({ kind: "woundsCriticalFreeHit", cause: "tragedy" });
  });

  describe("a drag paid from the Move Action (the shell's judgedMovement)", () => {
    let rules: Any;
    let movedBack: Any[];
    beforeAll(async () => {
      const { judgedMovement } = await import("../../src/shell/movement/judged");
      const { judgeDrag } = await import("../../src/rulesets/wounds/foundry/gm/free-hits");
      rules = judgedMovement({ judge: judgeDrag, putBack: "FRAY.Wounds.Moves.PutBack", after: afterMove });
    });
    /** Wren's drag through `path` by a player (or the GM), before and after it is made. */
    async function drag(combat: Any, path: [number, number][], byGM = false): Promise<boolean> {
      const token = scene.tokens.get("tokenwren0000001");
      token.move = async (to: Any) => void movedBack.push(to);
      const origin = { x: token.x, y: token.y };
      const points = path.map(([i, j]) => scene.grid.getTopLeftPoint({ i, j }));
      const move = { combat, combatant: combat.combatants.get(WREN), token, origin, path: points,
        difficult: [], byGM };
      if (!rules.before(move)) return false;
      Object.assign(token, points.at(-1));
      await rules.after(move);
      return true;
    }
    beforeEach(() => { movedBack = []; });

    it("the first drag pays the Move Action; drags walk within its 6 spaces, no further", async () => {
      const combat = await battle();
      // Away from the cutter, beyond its zone: 2 spaces (its free hit offered as ever).
      expect(await drag(combat, [[5, 4], [5, 3]])).toBe(true);
      expect(combat.keptOf(WREN)).toMatchObject({ move: 0, walking: true, walked: 2 });
      expect(await drag(combat, [[5, 2], [5, 1], [5, 0], [4, 0]])).toBe(true);
      expect(combat.keptOf(WREN).walked).toBe(6);
      // A seventh space: refused on her client before it is sent, nothing paid or moved.
      expect(await drag(combat, [[3, 0]])).toBe(false);
      expect(combat.keptOf(WREN).walked).toBe(6);
      expect(client.notes.at(-1)).toEqual({
        level: "warn", text: "Wren has 0 spaces of movement left this turn; that move is 1.",
      });
    });

    it("a refused drag that got past the player's client is put back by the GM", async () => {
      const combat = await battle();
      await combat.keep({ [WREN]: { move: 0, walking: true, walked: 6 } });
      const move = {
        combat, combatant: combat.combatants.get(WREN), token: scene.tokens.get("tokenwren0000001"),
        origin: scene.grid.getTopLeftPoint({ i: 5, j: 5 }), path: [scene.grid.getTopLeftPoint({ i: 4, j: 5 })],
        difficult: [], byGM: false,
      };
      move.token.move = async (to: Any) => void movedBack.push(to);
      await rules.after(move);
      expect(movedBack).toEqual([{ x: move.origin.x, y: move.origin.y }]);
      // It left the cutter's zone, but never happened: no free hit.
      expect(posted).toEqual([]);
      expect(client.notes.at(-1)?.text).toBe("Wren's move was put back: "
        + "Wren has 0 spaces of movement left this turn; that move is 1.");
      expect(combat.keptOf(WREN).walked).toBe(6);
    });

    it("the GM's drag on her turn stands and pays her Move Action, however far", async () => {
      const combat = await battle();
      expect(await drag(combat, [[5, 4], [5, 3], [5, 2], [5, 1], [5, 0], [4, 0], [3, 0]], true))
        .toBe(true);
      expect(combat.keptOf(WREN)).toMatchObject({ move: 0, walking: true, walked: 7 });
      expect(movedBack).toEqual([]);
    });

    it("off her turn a player's drag is refused; the GM's stands, unpaid", async () => {
      const combat = await battle();
      await combat.nextTurn();
      expect(combat.combatant.id).not.toBe(WREN);
      expect(await drag(combat, [[4, 5]])).toBe(false);
      expect(await drag(combat, [[4, 5]], true)).toBe(true);
      expect(combat.keptOf(WREN)).toMatchObject({ walking: false, walked: 0 });
      expect(movedBack).toEqual([]);
    });
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */
