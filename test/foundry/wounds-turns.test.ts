// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat, type DrivenCombat } from "./combat-client";

/**
 * wounds' slots on Foundry v13's own client Combat (client/documents/combat.mjs: `startCombat`,
 * `nextTurn`, `previousTurn`, and `_onUpdate` → `_manageTurnEvents` → `#triggerTurnEvents`, run
 * on the active GM's client), with WoundsCombat and its combatants: every slot filled as the
 * fight starts (Free Hit Slots from Agility), the turn's Attack, Move and Bonus Actions back at
 * the combatant's own turn start and its Free Hit Slots at each round's, once per edge whatever
 * the GM does with the turn controls; a player's action ruled and paid from them; a weakening
 * wound taking a Bonus Action from the next turn on. Each update is applied on the client as the
 * server would send it back, then `_onUpdate` runs as on every client.
 * Source: `001_dbc5fcc02a99a518.txt` §Attack Action, §Move Action, §Bonus Actions, §Free Hits.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const WREN = "wrenwrenwrenwren";
const BRUTE = "brutebrutebrute1";
const pack = woundsPack;

describe.skipIf(!HAVE_FOUNDRY)("wounds' slots on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  let Actor: Any;
  /** The combat the running test drives (`combat-client.ts` `drivenCombat`). */
  let driven: DrivenCombat;

  const combatOf = () => {
    driven = drivenCombat(Combat, {
      _id: "cccccccccccccccc", round: 0, turn: null,
      flags: { fray: { kept: { [WREN]: { order: 0 }, [BRUTE]: { order: 1 } } } },
      combatants: [
        { _id: WREN, name: "Wren", actorId: "actorwren0000001", initiative: 3 },
        { _id: BRUTE, name: "Brute", actorId: "actorbrute000001", initiative: -1 },
      ],
    }, GM);
    return driven.combat;
  };
  const settle = () => driven.settle();
  const run = (_combat: Any, control: string) => driven.run(control);
  const slots = (combat: Any, id: string) => {
    const k = combat.keptOf(id);
    return [k.attack, k.move, k.bonus, k.freeHit];
  };

  beforeAll(async () => {
    const { Combat: WoundsCombat, Actor: WoundsActor } = await woundsClient();
    Combat = WoundsCombat;
    Actor = WoundsActor;
  });

  beforeEach(() => {
    g.game.user = activeGM(GM);
    // Each test's own actors: one test's wounds are not another's.
    for (const [id, src] of [["actorwren0000001", pack("pregens/wren-ashby")],
      ["actorbrute000001", pack("npcs/orc-brute")]] as const) {
      g.game.actors.set(id, new Actor({ ...src, _id: id }));
    }
  });

  it("fills every slot as the fight starts; refills each at its own edge, once", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    expect(combat.combatant.id).toBe(WREN);
    // Wren: Agility 3, so 4 Free Hit Slots; the brute's Agility −1 gives none.
    expect(slots(combat, WREN)).toEqual([1, 1, 2, 4]);
    expect(slots(combat, BRUTE)).toEqual([1, 1, 2, 0]);
    const wren = combat.combatants.get(WREN);
    await combat.spendKept(wren, { action: "buyToHit" });
    await combat.spendKept(wren, { action: "move" });
    await settle();
    expect(slots(combat, WREN)).toEqual([1, 0, 1, 4]);
    expect(combat.keptOf(WREN).purchases).toEqual([{ kind: "toHit", round: 1 }]);
    await expect(combat.spendKept(wren, { action: "move" })).rejects.toThrow();
    expect(slots(combat, WREN)).toEqual([1, 0, 1, 4]);
    await combat.keep({ [WREN]: { freeHit: 2 } });
    await run(combat, "nextTurn");
    // Stepping back and forward again refills nothing twice.
    await run(combat, "previousTurn");
    await run(combat, "nextTurn");
    expect(slots(combat, WREN)).toEqual([1, 0, 1, 2]);
    // A new round: the Free Hit Slots come back, then Wren's own turn gives back her actions;
    // the bought +1 to hit, unused, carries on.
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(slots(combat, WREN)).toEqual([1, 1, 2, 4]);
    expect(combat.keptOf(WREN).purchases).toEqual([{ kind: "toHit", round: 1 }]);
  });

  it("a player's Combatant operation carrying another turn is put back, its turn events unrun", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    const wren = combat.combatants.get(WREN);
    await combat.spendKept(wren, { action: "move" });
    const ledger = () => (combat.getFlag("fray", "turnLedger") ?? []).join(" ");
    const before = ledger();
    // A player's hand-sent update of its own Combatant with `combatTurn`: the server sets the
    // Combat's turn from it (dist/database/documents/combatant.mjs) and every client follows.
    const PLAYER = "playerplayerpla1";
    const users = g.game.users;
    g.game.users = Object.assign([], {
      get: (id: string) => (id === PLAYER ? { isGM: false, name: "Pat" } : undefined),
    });
    const warn = g.ui.notifications.warn;
    const warned: string[] = [];
    g.ui.notifications.warn = (text: string) => void warned.push(text);
    try {
      const brute = combat.combatants.get(BRUTE);
      combat._onUpdateDescendantDocuments(combat, "combatants", [brute], [{ _id: BRUTE }],
        { combatTurn: 1 }, PLAYER);
      await settle();
      expect(combat.combatant.id).toBe(WREN);
      // Wren's turn did not end (her Move Action stays spent) and the brute's did not start.
      expect(slots(combat, WREN)).toEqual([1, 0, 2, 4]);
      expect(ledger()).toBe(before);
      // Foundry's own client keeps the current combatant current: that passes.
      combat._onUpdateDescendantDocuments(combat, "combatants", [brute], [{ _id: BRUTE }],
        { combatTurn: 0 }, PLAYER);
      await settle();
      expect(combat.combatant.id).toBe(WREN);
      // A turn past the last wraps into the next round on every client (Foundry's setupTurns):
      // a round no player may start. It is put back, and no round's edges run.
      combat._onUpdateDescendantDocuments(combat, "combatants", [brute], [{ _id: BRUTE }],
        { combatTurn: combat.turns.length }, PLAYER);
      await settle();
      expect([combat.round, combat.combatant.id]).toEqual([1, WREN]);
      expect(slots(combat, WREN)).toEqual([1, 0, 2, 4]);
      expect(ledger()).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 0));
      // The GM is told, without blaming a hand-sent update: a lagging tracker sends one too.
      expect(warned).toHaveLength(2);
      expect(warned[0]).toContain("Pat");
      expect(warned[0]).toContain("a tracker that was behind");
    } finally {
      g.game.users = users;
      g.ui.notifications.warn = warn;
    }
  });

  it("an edge adds its entry to the ledger as it stands once claimed, keeping a write meanwhile", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    // While the GM's User records the next edge's claim, another write of the ledger lands (a
    // unit taking its turns back under a new id, `kept-lifecycle.ts`).
    const user = g.game.user;
    const update = user.update.bind(user);
    let landed = false;
    user.update = async (changes: Any, options?: Any) => {
      if (!landed) {
        landed = true;
        const ledger = combat.getFlag("fray", "turnLedger") ?? [];
        await combat.update({ "flags.fray.turnLedger": [...ledger, "start:1:combatantcomeback"] });
      }
      return update(changes, options);
    };
    try {
      await run(combat, "nextTurn");
    } finally {
      user.update = update;
    }
    const ledger: string[] = combat.getFlag("fray", "turnLedger");
    expect(ledger).toContain("start:1:combatantcomeback");
    expect(ledger).toEqual(expect.arrayContaining([`1@turns:${WREN}`, `start:1@turns:${BRUTE}`]));
  });

  it("bought movement and a Disengage end with the turn", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    const wren = combat.combatants.get(WREN);
    await combat.spendKept(wren, { action: "buyMovement" });
    await combat.spendKept(wren, { action: "disengage" });
    expect(combat.keptOf(WREN)).toMatchObject({
      disengaged: 1, purchases: [{ kind: "movement", round: 1 }],
    });
    await run(combat, "nextTurn");
    expect(combat.keptOf(WREN)).toMatchObject({ disengaged: 0, purchases: [] });
  });

  it("a weakening wound takes a Bonus Action from the next turn on", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    const actor = g.game.actors.get("actorwren0000001");
    actor.updateSource({ effects: [{
      _id: "woundwoundwound1", name: "Weakening wound", statuses: ["wounds.wound"],
      flags: { fray: { wound: { aim: "weakening", combat: combat.id, round: 1, dealt: 1 } } },
    }] });
    actor.reset();
    expect(actor.unit.derived.bonusActions).toBe(1);
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    expect(slots(combat, WREN)).toEqual([1, 1, 1, 4]);
  });

  it("down as its turn starts, a PC healed during it acts again from its next turn", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    const actor = g.game.actors.get("actorwren0000001");
    actor.update = async (changes: Any) => actor.updateSource(changes);
    await actor.update({ "system.hp.value": 0 });
    expect(actor.health).toBe("down");
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    // Round 2, her turn: down as it starts, it gives her nothing.
    expect([combat.round, combat.combatant.id]).toEqual([2, WREN]);
    expect(slots(combat, WREN).slice(0, 3)).toEqual([0, 0, 0]);
    const healed = await actor.heal(5);
    expect(healed.hp).toBe(5);
    expect(actor.health).toBe("up");
    const wren = combat.combatants.get(WREN);
    await expect(combat.spendKept(wren, { action: "move" })).rejects.toThrow();
    await run(combat, "nextTurn");
    await run(combat, "nextTurn");
    expect(slots(combat, WREN).slice(0, 3)).toEqual([1, 1, 2]);
    await combat.spendKept(wren, { action: "move" });
    expect(slots(combat, WREN)[1]).toBe(0);
  });

  it("a heal of 6 or more removes the newest wound, a smaller one none", async () => {
    const actor = g.game.actors.get("actorwren0000001");
    actor.update = async (changes: Any) => actor.updateSource(changes);
    const wound = (id: string, aim: string, dealt: number) => ({
      _id: id, name: `${aim} wound`, statuses: ["wounds.wound"],
      flags: { fray: { wound: { aim, combat: "", round: 1, dealt } } },
    });
    actor.updateSource({ "system.hp.value": 2, effects: [
      wound("woundolder000001", "slowing", 1), wound("woundnewer000001", "weakening", 2),
    ] });
    actor.reset();
    expect((await actor.heal(5)).removed).toBeNull();
    expect(actor.effects.size).toBe(2);
    const healed = await actor.heal(6);
    expect(healed.removed?.id).toBe("woundnewer000001");
    expect([...actor.effects.keys()]).toEqual(["woundolder000001"]);
    expect(actor.system.hp.value).toBe(Math.min(13, actor.system.hp.max));
  });

  it("a Delay puts the turn after another's for the round only; the next one starts at once", async () => {
    const combat = combatOf();
    await run(combat, "startCombat");
    const wren = combat.combatants.get(WREN);
    await expect(combat.spendKept(wren, { action: "delay", after: WREN })).rejects.toThrow();
    await combat.spendKept(wren, { action: "move" });
    await combat.spendKept(wren, { action: "delay", after: BRUTE });
    await settle();
    expect(combat.turns.map((c: Any) => c.id)).toEqual([BRUTE, WREN]);
    expect(combat.combatant.id).toBe(BRUTE);
    // Her turn comes back after the brute's: what she spent stays spent, nothing refilled twice.
    await run(combat, "nextTurn");
    expect(combat.combatant.id).toBe(WREN);
    expect(slots(combat, WREN)).toEqual([1, 0, 2, 4]);
    await expect(combat.spendKept(wren, { action: "delay", after: BRUTE })).rejects.toThrow();
    // The next round starts from the battle's order again.
    await run(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(combat.turns.map((c: Any) => c.id)).toEqual([WREN, BRUTE]);
    expect(combat.combatant.id).toBe(WREN);
    expect(slots(combat, WREN)).toEqual([1, 1, 2, 4]);
  });
});
