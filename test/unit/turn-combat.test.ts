import { beforeEach, describe, expect, it, vi } from "vitest";
import { getProperty, gmUser } from "../support/stand-ins";
import type { PointsEconomy, PointsState } from "../../src/engine/economy/points";
import { endTurn, startCombat, startRound, startTurn } from "../../src/engine/economy/points";
import type { TurnScheme } from "../../src/engine/turns/scheme";

/**
 * The shell's turn-scheme Combat base (shell/combat/turn-combat.ts) with a scheme of point pools,
 * as action-points would declare them (004 §Actions/Turn Cheat Sheet: AP 5 back at the own turn's
 * start and lost at its end, FP −1 at the turn's end, once-a-round limits back at the round's start)
 * and a surprise round its marked group sits out. The stand-in keeps only what the base reads of
 * Foundry's Combat (client/documents/combat.mjs): `turns` sorted by `_sortCombatants`, flags,
 * `update`/`updateEmbeddedDocuments`, a `nextTurn` firing `combatTurn`. Foundry's dispatch is not
 * modelled: the tests call the lifecycle methods as it does.
 */
vi.hoisted(() => {
  type Fn = (...args: unknown[]) => void;
  const registered = new Map<number, { name: string; fn: Fn }>();
  let nextId = 1;
  const Hooks = {
    on: (name: string, fn: Fn) => (registered.set(nextId, { name, fn }), nextId++),
    off: (_name: string, id: number) => void registered.delete(id),
    callAll: (name: string, ...args: unknown[]) => {
      for (const h of [...registered.values()]) if (h.name === name) h.fn(...args);
    },
  };
  class Combat {
    round = 0;
    turn: number | null = null;
    flags: Record<string, unknown> = {};
    list: { id: string; system: Record<string, unknown> }[] = [];
    updates: { data: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    get combatants() {
      const list = this.list;
      // Foundry's Collection: a Map, iterated by value, with an Array's find
      // (common/utils/collection.mjs).
      return { contents: [...list], get: (id: string) => list.find((c) => c.id === id),
        find: (test: (c: unknown) => boolean) => list.find(test),
        [Symbol.iterator]: () => list.values() };
    }
    get turns() {
      const sorter = this as unknown as { _sortCombatants(a: unknown, b: unknown): number };
      return [...this.list].sort((a, b) => sorter._sortCombatants(a, b));
    }
    get combatant() {
      return this.turn === null ? null : this.turns[this.turn];
    }
    get started() {
      return this.round > 0;
    }
    getFlag(_scope: string, key: string) {
      return this.flags[key];
    }
    async setFlag(_scope: string, key: string, value: unknown) {
      this.flags[key] = value;
    }
    async update(data: Record<string, unknown>, options: Record<string, unknown> = {}) {
      this.updates.push({ data, options });
      Object.assign(this, data);
      return this;
    }
    async updateEmbeddedDocuments(_n: string, updates: { _id: string; system: object }[]) {
      for (const u of updates) {
        const c = this.list.find((x) => x.id === u._id);
        if (c) c.system = { ...c.system, ...u.system };
      }
    }
    getTimeDelta() {
      return 0;
    }
    async nextTurn() {
      const data = { round: this.round, turn: (this.turn ?? -1) + 1 };
      const options = { direction: 1 };
      Hooks.callAll("combatTurn", this, data, options);
      return this.update(data, options);
    }
    async nextRound() {
      return this.update({ round: this.round + 1, turn: 0 });
    }
    async _onStartTurn() {}
    async _onEndTurn() {}
    async _onStartRound() {}
    async _onEndRound() {}
  }
  Object.assign(globalThis, { Combat, Hooks });
});

const { FrayTurnCombat } = await import("../../src/shell/combat/turn-combat");

const POOLS: PointsEconomy = {
  pools: {
    ap: { full: 5, atCombatStart: 5, atTurnStart: "refill", atTurnEnd: "lose" },
    fp: { full: 2, atCombatStart: 2, atTurnStart: "keep", atTurnEnd: "decay", decay: 1 },
  },
  caps: {}, limits: { takeAStep: { max: 1, per: "round" } },
};
interface Entry { readonly score: number; readonly id: string }
const SCHEME: TurnScheme<Entry> = {
  initiative: { by: "combatant", reroll: "never" },
  compare: (a, b) => b.score - a.score || a.id.localeCompare(b.id),
  steps: [{ id: "turns", order: "initiative" }],
  economy: { kind: "points", points: POOLS },
  groups: { kind: "none", names: [] },
  surprise: { marks: "sittersOut", unit: "group" },
};

type Fighter = { id: string; system: { pools: PointsState; group: string; score: number };
  readonly turnEntry: Entry; update(d: { system: object }): Promise<void> };
const fighter = (id: string, score: number, group: string): Fighter => {
  const c: Fighter = {
    id, system: { pools: startCombat(POOLS), group, score },
    get turnEntry() {
      return { score: c.system.score, id };
    },
    async update(d) {
      c.system = { ...c.system, ...d.system };
    },
  };
  return c;
};

const work: string[] = [];
class PointsCombat extends FrayTurnCombat<Entry> {
  static override scheme = SCHEME;
  static override edges = ["roundEnd"] as const;
  override get surpriseMarks(): readonly string[] {
    return ["ambushed"];
  }
  override surpriseGroupOf(c: Combatant.Implementation): string {
    return (c as unknown as Fighter).system.group;
  }
  protected override freshEconomy(edge: string, c: Combatant.Implementation) {
    const pools = (c as unknown as Fighter).system.pools;
    if (edge === "turnStart") return { pools: startTurn(POOLS, pools) };
    if (edge === "turnEnd") return { pools: endTurn(POOLS, pools) };
    return edge === "roundStart" ? { pools: startRound(pools) } : null;
  }
  protected override async onRoundEdge(edge: string, context: { round: number }) {
    work.push(`${edge}:${context.round}`);
  }
}

type Lifecycle = {
  _onStartTurn(c: unknown, ctx: { round: number; turn: number; skipped: boolean }): Promise<void>;
  _onEndTurn(c: unknown, ctx: { round: number; turn: number; skipped: boolean }): Promise<void>;
  _onStartRound(ctx: { round: number; skipped: boolean }): Promise<void>;
  _onEndRound(ctx: { round: number; skipped: boolean }): Promise<void>;
};

function combatOf(fighters: Fighter[], round: number) {
  const combat = new PointsCombat() as unknown as PointsCombat & Lifecycle
    & { list: Fighter[]; flags: Record<string, unknown>; round: number; turn: number | null;
      updates: { data: Record<string, unknown> }[] };
  Object.assign(combat, { id: "combatcombatcomb", list: fighters, round, turn: 0 });
  return combat;
}

beforeEach(() => {
  work.length = 0;
  vi.stubGlobal("game", { user: gmUser({ id: "gamemastergamema" }) });
  vi.stubGlobal("foundry", { utils: { getProperty, randomID: () => Math.random().toString(36).slice(2) } });
});

describe("a points economy run by the Combat base", () => {
  it("sorts by the scheme's compare", () => {
    const combat = combatOf([fighter("b", 3, "party"), fighter("a", 9, "party")], 1);
    expect(combat.turns.map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("AP back at the turn's start and lost at its end, FP decaying, each once per turn", async () => {
    const a = fighter("a", 9, "party");
    const combat = combatOf([a], 1);
    a.system.pools = { ...a.system.pools, pools: { ap: 1, fp: 2 } };
    await combat._onStartTurn(a, { round: 1, turn: 0, skipped: false });
    expect(a.system.pools.pools).toEqual({ ap: 5, fp: 2 });
    a.system.pools = { ...a.system.pools, pools: { ap: 2, fp: 2 } };
    // The GM steps back and forward: the same start is not processed again.
    await combat._onStartTurn(a, { round: 1, turn: 0, skipped: false });
    expect(a.system.pools.pools).toEqual({ ap: 2, fp: 2 });
    combat.round = 2;
    await combat._onEndTurn(a, { round: 1, turn: 0, skipped: false });
    await combat._onEndTurn(a, { round: 1, turn: 0, skipped: false });
    expect(a.system.pools.pools).toEqual({ ap: 0, fp: 1 });
    expect(combat.flags.turnLedger).toEqual(["start:1:a", "1:a"]);
  });

  it("round tallies reset at the round's start for everyone, once; each round edge's work once", async () => {
    const [a, b] = [fighter("a", 9, "party"), fighter("b", 1, "party")];
    const combat = combatOf([a, b], 2);
    const used = { ...a.system.pools, tallies: { turn: {}, round: { takeAStep: { amount: 1, uses: 1 } } } };
    a.system.pools = used;
    await Promise.all([combat._onStartRound({ round: 2, skipped: false }),
      combat._onStartRound({ round: 2, skipped: false })]);
    expect(a.system.pools.tallies.round).toEqual({});
    await combat._onEndRound({ round: 2, skipped: false });
    await combat._onEndRound({ round: 2, skipped: false });
    expect(work).toEqual(["roundStart:2", "roundEnd:2"]);
    expect(combat.flags.turnLedger).toEqual(["round:2", "roundEnd:2"]);
  });
});

describe("a surprise round a marked group sits out", () => {
  it("opens on the first combatant who acts, and nextTurn skips the others", async () => {
    const fighters = [fighter("x", 9, "ambushed"), fighter("y", 5, "party"), fighter("z", 1, "ambushed"),
      fighter("w", 0, "party")];
    const combat = combatOf(fighters, 1);
    combat.round = 0;
    expect(combat.openingTurn).toBe(1);
    combat.round = 1;
    combat.turn = 1;
    await combat.nextTurn();
    expect(combat.updates.at(-1)?.data).toEqual({ round: 1, turn: 3 });
    await combat.nextTurn();
    expect(combat.updates.at(-1)?.data).toEqual({ round: 2, turn: 0 });
  });
});

describe("combatantOf: whose combatant an actor's sheet reads", () => {
  const entry = (id: string, actorId: string, tokenId: string, actorLink: boolean | null) =>
    Object.assign(fighter(id, 0, "party"), {
      actorId, tokenId, token: actorLink === null ? null : { actorLink },
    });
  const actor = (id: string, tokenId: string | null) =>
    ({ id, token: tokenId ? { id: tokenId } : null }) as unknown as Actor.Implementation;

  it("a linked character's, by its actor", () => {
    const combat = combatOf([entry("hero", "actorhero", "tokenhero", true)], 1);
    expect(combat.combatantOf(actor("actorhero", null))?.id).toBe("hero");
  });

  it("an unlinked token's by its token; the base actor of unlinked tokens is none of them", () => {
    const combat = combatOf([entry("g1", "goblin", "token1", false),
      entry("g2", "goblin", "token2", false)], 1);
    expect(combat.combatantOf(actor("goblin", "token2"))?.id).toBe("g2");
    expect(combat.combatantOf(actor("goblin", null))).toBeUndefined();
  });

  it("an unlinked token's on its own scene, not its copy's on a duplicated scene", () => {
    const onScene = (id: string, scene: string) => Object.assign(entry(id, "goblin", "token1", false),
      { token: { actorLink: false, parent: { id: scene } } });
    const combat = combatOf([onScene("copy", "sceneB"), onScene("real", "sceneA")], 1);
    const goblin = { id: "goblin", token: { id: "token1", parent: { id: "sceneA" } } };
    expect(combat.combatantOf(goblin as unknown as Actor.Implementation)?.id).toBe("real");
  });

  it("a combatant whose token is gone counts as linked", () => {
    const combat = combatOf([entry("lost", "actorlost", "tokenlost", null)], 1);
    expect(combat.combatantOf(actor("actorlost", null))?.id).toBe("lost");
  });
});
