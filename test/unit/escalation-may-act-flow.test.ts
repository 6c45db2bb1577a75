import { beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { mayAct } from "../../src/rulesets/escalation/rules/death-save";
import { healthState } from "../../src/rulesets/escalation/rules/health";
import { pairKey } from "../../src/rulesets/escalation/rules/engagement";
import { actRefusal, mayActNow } from "../../src/rulesets/escalation/play/actors/may-act";
import { deathAfterHpChange } from "../../src/rulesets/escalation/play/actors/death-track";
import { offerOpportunityAttacks } from "../../src/rulesets/escalation/foundry/chat/opportunity";
import { useAbility } from "../../src/rulesets/escalation/foundry/chat/use-ability";
import { rollDeathSave } from "../../src/rulesets/escalation/foundry/chat/death-save";
import { healWithActorRecovery } from "../../src/rulesets/escalation/foundry/chat/recovery";
import { rally } from "../../src/rulesets/escalation/foundry/chat/rally";
import { registerCombatRequests } from "../../src/rulesets/escalation/foundry/gm/combat-requests";
import { startRelay } from "../../src/shell/relay/gm-relay";
import { applyUpdate, getProperty, gmUser } from "../support/stand-ins";
import { escalationActor as actor, death } from "../support/escalation-stand-ins";

/**
 * escalation's Foundry layer follows the rules' one test of who may act (`rules/death-save.ts`
 * mayAct) and the die of a basic attack's own stance (`rules/stance.ts`), as the runner does:
 * opportunity offers, ability uses, Rally, death saves and heals, attack rolls. Run on stand-ins
 * for Foundry's globals and documents (data only; test/support/stand-ins.ts merges updates as
 * Foundry's client does). Source: `000_c2dc3d650823e22d.txt` §Dying and Death, §Last Gasp Saves,
 * §Opportunity Attacks, §Basic Attacks.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const posted = vi.hoisted(() => [] as { title: string; lines: readonly unknown[]; options: any }[]);
/** Dice the stand-in pools and rolls hand out, in order. */
const script = vi.hoisted(() => ({ dice: [] as number[][] }));
/** Offers the GM's client posts through the shell's offer runtime. */
const offers = vi.hoisted(() => [] as any[]);
// The shell posts one offer against the mover to the combatants named (offer-once.test.ts).
vi.mock("../../src/shell/offers/runtime", () => ({
  offerAgainst: async (_combat: unknown, provoker: any, ids: readonly string[], kind: string, cause: string) =>
    void offers.push({ provoker: provoker.id, ids, kind, cause }),
}));
vi.mock("../../src/rulesets/escalation/foundry/chat/dice", () => ({
  postEvent: async (title: string, lines: readonly unknown[], options: unknown = {}) =>
    void posted.push({ title, lines, options }),
}));
vi.mock("../../src/shell/dice/pool-roll", () => ({
  rollPool: async () => {
    const dice = script.dice.shift();
    if (!dice) throw new Error("no scripted pool");
    return { roll: { dice }, dice };
  },
  allDice: (roll: { scripted: number[] }) => roll.scripted,
}));

/** Foundry's Roll as the attack roll uses it: the formula kept, scripted dice, a total. */
const formulas: string[] = [];
class FakeRoll {
  scripted: number[] = [];
  total = 0;
  constructor(readonly formula: string) {
    formulas.push(formula);
  }
  async evaluate() {
    this.scripted = script.dice.shift() ?? [];
    this.total = this.scripted.reduce((a, b) => a + b, 0);
    return this;
  }
}

let warnings: string[];
beforeEach(() => {
  posted.length = 0;
  formulas.length = 0;
  script.dice = [];
  warnings = [];
  vi.stubGlobal("game", {
    i18n: { localize: (k: string) => k, format: (k: string) => k },
    combat: null,
    user: { targets: new Set() },
  });
  vi.stubGlobal("ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
  vi.stubGlobal("Roll", FakeRoll);
});

describe("who may act, read from an actor (mayAct)", () => {
  it("a Healthy PC making Last Gasp saves may not; nor one back up until its next turn; nor the Dying or dead", () => {
    expect(mayActNow(actor("Up"))).toBe(true);
    expect(actRefusal(actor("Up"))).toBeNull();
    const gasping = actor("Gasping", death({ lastGasp: true }));
    expect(gasping.health).toBe("healthy");
    expect([mayActNow(gasping), actRefusal(gasping)]).toEqual([false, "FRAY.Use.LastGasp"]);
    expect(actRefusal(actor("Back", death({ upNextTurn: true })))).toBe("FRAY.Use.UpNextTurn");
    expect(actRefusal(actor("Dying", { hp: { value: -3, max: 52 } }))).toBe("FRAY.Use.Down");
    expect(actRefusal(actor("Dead", { hp: { value: -3, max: 52 }, ...death({ failures: 4 }) }))).toBe("FRAY.Use.Down");
    expect(actRefusal(actor("Goblin", { hp: { value: 0, max: 10 } }, false))).toBe("FRAY.Use.Down");
    expect(mayActNow(actor("Goblin", { hp: { value: 4, max: 10 } }, false))).toBe(true);
  });

  it("property: the actor's answer is the rules' mayAct, and a refusal is given exactly when it may not act", () => {
    fc.assert(fc.property(
      fc.integer({ min: -30, max: 52 }), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 4 }), fc.boolean(),
      (hp, lastGasp, upNextTurn, failures, isPC) => {
        const a = isPC
          ? actor("A", { hp: { value: hp, max: 52 }, ...death({ lastGasp, upNextTurn, failures }) })
          : actor("N", { hp: { value: Math.max(0, hp), max: 52 } }, false);
        const expected = isPC
          ? mayAct(healthState(hp, 52, true), lastGasp, upNextTurn, failures >= 4)
          : mayAct(healthState(Math.max(0, hp), 52, false), false, false, hp <= 0);
        expect(mayActNow(a)).toBe(expected);
        expect(actRefusal(a) === null).toBe(expected);
      },
    ));
  });
});

describe("opportunity attacks (§Opportunity Attacks)", () => {
  it("are not offered to a PC making Last Gasp saves (HP kept), nor to one back up until its next turn", async () => {
    const combatant = (id: string, a: any) => ({ id, name: a.name, actor: a, token: { uuid: `Scene.s.Token.${id}` } });
    const mover = combatant("mover", actor("Goblin", { hp: { value: 10, max: 10 } }, false));
    const foes = [
      combatant("able", actor("Brann")),
      combatant("gasping", actor("Tam", death({ lastGasp: true }))),
      combatant("back", actor("Oriel", death({ upNextTurn: true }))),
    ];
    const all = [mover, ...foes];
    const combat: any = { id: "combat1", combatants: { contents: all, get: (id: string) => all.find((c) => c.id === id) } };
    const pairs = new Set(foes.map((f) => pairKey("mover", f.id)));
    await offerOpportunityAttacks(combat, mover as any, "move", pairs);
    expect(offers).toEqual([
      { provoker: "mover", ids: ["able"], kind: "escalationOpportunity", cause: "move" },
    ]);
  });
});

describe("using an ability while making Last Gasp saves", () => {
  it("is refused with its localized reason, and nothing is paid, rolled or posted", async () => {
    const a = actor("Brann", death({ lastGasp: true }));
    const item = a.items.contents.find((i: any) => i.name === "Hold the Line");
    expect(await useAbility(item)).toBeNull();
    expect(warnings).toEqual(["FRAY.Use.LastGasp"]);
    expect(a.updates).toEqual([]);
    expect(posted).toEqual([]);
    expect(formulas).toEqual([]);
  });

  it("Rally too: it is an action", async () => {
    const a = actor("Brann", death({ lastGasp: true }));
    await expect(rally(a, null, "average")).rejects.toThrow("FRAY.Use.LastGasp");
    expect(a.updates).toEqual([]);
  });
});

describe("a use whose card cannot be posted (use-ability.ts pay, shell/cards/recorder.ts)", () => {
  it("puts back the daily mark it wrote, warns, and posts nothing", async () => {
    const a = actor("Brann");
    const item = a.items.contents.find((i: any) => i.name === "Second Wind");
    const docs: Record<string, any> = { "Actor.brann": a, "Actor.brann.Item.sw": item };
    Object.assign(a, { uuid: "Actor.brann", get _source() { return { system: a.system }; } });
    Object.assign(item, {
      uuid: "Actor.brann.Item.sw", updates: [] as unknown[],
      get _source() { return { system: item.system }; },
      async update(changes: Record<string, unknown>) {
        item.updates.push(structuredClone(changes));
        applyUpdate(item, changes);
      },
    });
    vi.stubGlobal("fromUuidSync", (uuid: string) => docs[uuid] ?? null);
    vi.stubGlobal("foundry", {
      utils: { getProperty },
      applications: { handlebars: { renderTemplate: async () => "<div></div>" } },
    });
    vi.stubGlobal("ChatMessage", {
      getSpeaker: () => ({}),
      create: async () => {
        throw new Error("the server refused the card");
      },
    });
    (globalThis as any).game.settings = { get: () => "publicroll" };
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await useAbility(item)).toBeNull();
    expect(item.updates).toEqual([{ system: { used: true } }, { "system.used": false }]);
    expect(item.system.used).toBe(false);
    expect(warnings).toEqual(["FRAY.Use.CardFailed"]);
  });
});

describe("back up, acting from its next turn (§Dying and Death, §Last Gasp Saves)", () => {
  // 3d6, 13+: [4, 4, 5] is a plain success, [6, 6, 5] a natural 17 (a crit), [1, 2, 3] a failure.
  it("a passed Last Gasp save: HP kept, Last Gasp ended, acts from its next turn", async () => {
    const a = actor("Brann", { hp: { value: 30, max: 52 }, ...death({ lastGasp: true }) });
    script.dice = [[4, 4, 5]];
    expect(await rollDeathSave(a)).toBe(false);
    expect(a.system.hp.value).toBe(30);
    expect(a.system.death).toMatchObject({ lastGasp: false, upNextTurn: true });
    expect(mayActNow(a)).toBe(false);
  });

  it("a natural 17+ on a Last Gasp save acts at once", async () => {
    const a = actor("Brann", { hp: { value: 30, max: 52 }, ...death({ lastGasp: true }) });
    script.dice = [[6, 6, 5]];
    expect(await rollDeathSave(a)).toBe(true);
    expect(a.system.death).toMatchObject({ lastGasp: false, upNextTurn: false });
    expect(mayActNow(a)).toBe(true);
  });

  it("a death save's plain success heals from 0 and acts from its next turn; a crit's heal acts at once", async () => {
    const plain = actor("Brann", { hp: { value: -5, max: 52 } });
    script.dice = [[4, 4, 5]];
    await rollDeathSave(plain);
    // The averaged recovery: 3d10 + 3 → 3 × 5 + 3 = 18 from 0.
    expect(plain.system.hp.value).toBe(18);
    expect(plain.system.death.upNextTurn).toBe(true);
    const crit = actor("Brann", { hp: { value: -5, max: 52 } });
    script.dice = [[6, 6, 5]];
    await rollDeathSave(crit);
    expect(crit.system.hp.value).toBe(18);
    expect(crit.system.death.upNextTurn).toBe(false);
    expect(mayActNow(crit)).toBe(true);
  });

  it("a failure marks no such thing", async () => {
    const a = actor("Brann", { hp: { value: -5, max: 52 } });
    script.dice = [[1, 2, 3]];
    await rollDeathSave(a);
    expect(a.system.death).toMatchObject({ failures: 1, upNextTurn: false });
  });

  it("a heal from Dying is a death save's success: back up, acting from its next turn", async () => {
    const a = actor("Brann", { hp: { value: -5, max: 52 } });
    await healWithActorRecovery(a, 10);
    expect(a.system.hp.value).toBe(10);
    expect(a.system.death.upNextTurn).toBe(true);
    expect(mayActNow(a)).toBe(false);
    // A heal of one already up marks nothing.
    const up = actor("Brann", { hp: { value: 5, max: 52 } });
    await healWithActorRecovery(up, 10);
    expect(up.system.death.upNextTurn).toBe(false);
  });

  it("deathAfterHpChange: the mark only on a change from 0 or below to above 0; a drop keeps it", () => {
    const track = death({}).death;
    const change = (before: number, after: number, actsNow = false) =>
      deathAfterHpChange(track, { before, after, hpMax: 52 }, actsNow).upNextTurn;
    expect([change(-5, 10), change(0, 1), change(-5, 10, true), change(5, 10), change(-5, 0), change(10, -5)])
      .toEqual([true, true, false, false, false, false]);
    expect(deathAfterHpChange({ ...track, upNextTurn: true }, { before: 10, after: -5, hpMax: 52 }))
      .toMatchObject({ upNextTurn: true, hardFirstSave: false });
  });
});

describe("a readied action, asked of the GM (§Readying an Action)", () => {
  const GM = { id: "gamemastergamema", isGM: true };
  const OWNER = { id: "owneronwerowner1", isGM: false };
  let socketFn: (...args: unknown[]) => void;
  let queries = 0;
  /** A request as the owner's client sends it: the server stamps the sender, then the GM's query runs. */
  async function request(user: { id: string }, name: string, payload: Record<string, unknown>) {
    const data = structuredClone(payload);
    socketFn(user.id, `q${queries++}`, `fray.${name}`, data);
    return (globalThis as any).CONFIG.queries[`fray.${name}`](data);
  }

  it("is refused to a readier making Last Gasp saves, and nothing moves; taken by one who may act", async () => {
    const users = new Map([[GM.id, GM], [OWNER.id, OWNER]]);
    vi.stubGlobal("game", {
      i18n: { localize: (k: string) => k, format: (k: string) => k },
      user: gmUser(GM), users: { get: (id: string) => users.get(id) },
      socket: { on: (_e: string, fn: (...args: unknown[]) => void) => (socketFn = fn) },
      combats: { get: (id: string) => (id === combat.id ? combat : undefined) },
    });
    vi.stubGlobal("CONFIG", { queries: {} });
    vi.stubGlobal("foundry", { utils: { randomID: () => Math.random().toString(36).slice(2), getProperty } });
    const readier = actor("Brann", death({ lastGasp: true }));
    const combatant = (id: string, a: any) => ({
      id, name: a.name, actor: a, testUserPermission: (u: { id: string; isGM: boolean }) => u.isGM || u.id === OWNER.id,
    });
    const all = [combatant("readier", readier), combatant("trigger", actor("Goblin", { hp: { value: 9, max: 9 } }, false))];
    const taken: string[][] = [];
    const combat: any = {
      id: "combat1", started: true, combatant: all[1],
      combatants: { get: (id: string) => all.find((c) => c.id === id) },
      takeReadiedAction: async (id: string, trigger: string) => void taken.push([id, trigger]),
    };
    registerCombatRequests();
    startRelay();
    const payload = { combatId: "combat1", combatantId: "readier" };
    expect(await request(OWNER, "ready", payload)).toEqual({ ok: false, reason: "FRAY.Use.LastGasp" });
    expect(taken).toEqual([]);
    readier.system.death.lastGasp = false;
    expect(await request(OWNER, "ready", payload)).toEqual({ ok: true });
    expect(taken).toEqual([["readier", "trigger"]]);
  });
});
