import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * When a combatant is out of the fight, the effects it held "until the end of its next turn" end
 * (RULINGS.md §escalation Instances), whatever put it out. The hooks are Foundry v13's
 * `updateActor` (also fired for synthetic token actors, client/documents/actor-delta.mjs) and
 * `updateCombatant`; here a stand-in `Hooks` records them, and the chat card is a spy.
 */
const posted = vi.hoisted(() => [] as { title: string; lines: readonly string[] }[]);
vi.mock("../../src/rulesets/escalation/foundry/chat/dice", () => ({
  postEvent: async (title: string, lines: readonly string[]) => void posted.push({ title, lines }),
}));
vi.mock("../../src/shell/dice/pool-roll", () => ({
  rollPool: async () => ({ roll: null, dice: [] }),
}));

type Fn = (...args: unknown[]) => unknown;
const hooks = new Map<string, Fn[]>();

interface FakeEffect { id: string; statuses: Set<string>; flags: unknown }
function effect(id: string, condition: string, duration: string, source: string): FakeEffect {
  const timing = { duration, save: 11, amount: 0, damageType: "weapon", source, armed: true, ability: "" };
  return { id, statuses: new Set([condition]), flags: { fray: { timing } } };
}

function fakeActor(name: string, effects: FakeEffect[], dead = false) {
  const byId = new Map(effects.map((e) => [e.id, e]));
  return {
    name, uuid: `Actor.${name}`, dead, deleted: [] as string[][],
    get timedEffects() {
      return [...byId.values()];
    },
    async deleteEmbeddedDocuments(_type: string, ids: string[]) {
      // Foundry throws when an id no longer exists; a double delete must never reach it.
      for (const id of ids) if (!byId.delete(id)) throw new Error(`ActiveEffect ${id} does not exist`);
      this.deleted.push(ids);
    },
  };
}

let isActiveGM = true;
let combats: unknown[] = [];

beforeEach(() => {
  hooks.clear();
  posted.length = 0;
  isActiveGM = true;
  vi.stubGlobal("Hooks", { on: (name: string, fn: Fn) => hooks.set(name, [...(hooks.get(name) ?? []), fn]) });
  vi.stubGlobal("game", {
    get user() {
      return { isActiveGM };
    },
    // Foundry's CombatEncounters, as the shell reads it (shell/combat/located.ts: `contents`).
    get combats() {
      return { contents: combats };
    },
    i18n: { localize: (k: string) => k, format: (k: string, d: Record<string, string>) => `${k}${JSON.stringify(d)}` },
  });
});

async function fight() {
  const { registerSourceDown } = await import("../../src/rulesets/escalation/foundry/gm/source-down");
  const hag = fakeActor("Hag", []);
  const fighter = fakeActor("Fighter", [
    effect("e1", "stuck", "endOfSourceNextTurn", "c-hag"),
    effect("e2", "dazed", "saveEnds", "c-hag"),
    effect("e3", "weakened", "endOfSourceNextTurn", "c-imp"),
  ]);
  const rogue = fakeActor("Rogue", [effect("e4", "vulnerable", "endOfSourceNextTurn", "c-hag")]);
  const combatants = [
    { id: "c-hag", name: "Hag", actor: hag },
    { id: "c-fighter", name: "Fighter", actor: fighter },
    { id: "c-rogue", name: "Rogue", actor: rogue },
  ];
  const combat = { started: true, combatants };
  for (const c of combatants) Object.assign(c, { combat });
  combats = [combat];
  registerSourceDown();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const fire = async (name: string, ...args: unknown[]) => {
    for (const fn of hooks.get(name) ?? []) fn(...args);
    await settle();
  };
  return { hag, fighter, rogue, combatants, fire };
}

describe("effects whose source is out of the fight", () => {
  it("end when the source is defeated, on every bearer, and only those of that source lasting to its next turn", async () => {
    const { hag, fighter, rogue, fire } = await fight();
    hag.dead = true;
    await fire("updateActor", hag, { system: { hp: { value: 0 } } });
    expect(fighter.deleted).toEqual([["e1"]]);
    expect(rogue.deleted).toEqual([["e4"]]);
    expect(fighter.timedEffects.map((e) => e.id)).toEqual(["e2", "e3"]);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.title).toBe('FRAY.Turn.SourceDownTitle{"name":"Hag"}');
    expect(posted[0]!.lines).toHaveLength(2);
  });

  it("do nothing while the source is still up, or on a client that is not the active GM", async () => {
    const { hag, fighter, fire } = await fight();
    await fire("updateActor", hag, {});
    isActiveGM = false;
    hag.dead = true;
    await fire("updateActor", hag, {});
    expect(fighter.deleted).toEqual([]);
    expect(posted).toEqual([]);
  });

  it("end once however many updates arrive at once (the queue runs them one at a time)", async () => {
    const { hag, fighter, rogue, combatants, fire } = await fight();
    hag.dead = true;
    for (const fn of hooks.get("updateActor") ?? []) for (let i = 0; i < 3; i++) fn(hag, {});
    await fire("updateCombatant", combatants[0], { defeated: true });
    expect(fighter.deleted).toEqual([["e1"]]);
    expect(rogue.deleted).toEqual([["e4"]]);
    expect(posted).toHaveLength(1);
  });

  it("end when the GM marks the source defeated in the tracker", async () => {
    const { combatants, fighter, fire } = await fight();
    await fire("updateCombatant", combatants[0], { defeated: false });
    expect(fighter.deleted).toEqual([]);
    await fire("updateCombatant", combatants[0], { defeated: true });
    expect(fighter.deleted).toEqual([["e1"]]);
  });
});
