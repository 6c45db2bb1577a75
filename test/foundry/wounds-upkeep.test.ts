// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { woundsClient, woundsPack } from "./wounds-client";
import { activeGM, drivenCombat } from "./combat-client";

/**
 * A spell kept up on Foundry v13's own client Combat (client/documents/combat.mjs: its turn
 * events on the active GM) with WoundsCombat: Orla's Barkskin (from her pack source) cast on her
 * turn is kept up, her channeling status on and its ward in her derived armor; its upkeep paid
 * from her MP as each of her later turns starts (`onTurnEdge` → `gm/cast.ts` `payUpkeep`); a
 * Bonus Action toggles it off and on; End ends it; too few MP end it with a note to the table.
 * The actor's own writes are applied where the server would send them back.
 * Source: `001_dbc5fcc02a99a518.txt` §Channeling, §Bonus Actions; `rules/silent.ts`.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const ORLA = "orlaorlaorlaorla";
const BRUTE = "brutebrutebrute1";
const CHANNELING = "wounds.channeling";
const RITE = "spelllongrite001";

describe.skipIf(!HAVE_FOUNDRY)("a spell kept up on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;
  let orla: Any;
  let bark: string;
  let posted: Any[];

  beforeAll(async () => {
    const { Combat: WoundsCombat, Actor: WoundsActor } = await woundsClient();
    const { afterCast, payUpkeep } = await import("../../src/rulesets/wounds/foundry/gm/cast");
    WoundsCombat.castWork = afterCast;
    WoundsCombat.upkeepWork = payUpkeep;
    Combat = WoundsCombat;
    const source = woundsPack("pregens/orla-venn");
    const rite = {
      _id: RITE, name: "Long Rite", type: "woundsSpell",
      system: { castTime: 3, mp: 2, upkeep: 0, damage: { dice: 0, die: "6", bonus: 0 }, summon: "" },
    };
    orla = new WoundsActor({ ...source, _id: ORLA, items: [...source.items, rite] });
    bark = orla.items.find((i: Any) => i.name === "Barkskin").id;
    orla.update = async (changes: Any) => orla.updateSource(changes);
    orla.toggleStatusEffect = async (id: string, { active }: { active: boolean }) => {
      if (active) orla.statuses.add(id);
      else orla.statuses.delete(id);
    };
    g.game.actors.set(ORLA, orla);
    g.game.actors.set(BRUTE, new WoundsActor({ ...woundsPack("npcs/orc-brute"), _id: BRUTE }));
    g.ChatMessage.create = async (data: Any) => void posted.push(data);
  });

  beforeEach(() => {
    g.game.user = activeGM(GM);
    orla.updateSource({ "system.mp.value": 10 });
    orla.statuses.delete(CHANNELING);
    posted = [];
  });

  const driven = () => {
    const d = drivenCombat(Combat, {
      _id: "woundscombat0009", round: 0, turn: null,
      flags: { fray: { kept: { [ORLA]: { order: 0 }, [BRUTE]: { order: 1 } } } },
      combatants: [
        { _id: ORLA, name: "Orla", actorId: ORLA }, { _id: BRUTE, name: "Brute", actorId: BRUTE },
      ],
    }, GM);
    g.game.combats = { contents: [d.combat], get: (id: string) => (id === d.combat.id ? d.combat : undefined) };
    return d;
  };
  /** Round on round to Orla's next turn (the brute's turn between). */
  const toOrla = async (d: ReturnType<typeof driven>) => {
    await d.run("nextTurn");
    await d.run("nextTurn");
    expect(d.combat.combatant.id).toBe(ORLA);
  };

  /** A started battle, Orla's turn: she casts Barkskin. */
  const castBarkskin = async () => {
    const d = driven();
    await d.run("startCombat");
    const c = d.combat.combatants.get(ORLA);
    const armor = orla.unit.derived.armor;
    await d.combat.spendKept(c, { action: "cast", spellId: bark });
    return { d, combat: d.combat, run: d.run, c, armor };
  };

  it("kept up once cast: channeling, +2 armor, its upkeep paid as each later turn starts", async () => {
    const { d, combat, c, armor } = await castBarkskin();
    expect(combat.keptOf(ORLA)).toMatchObject({ upkept: bark, upkeptOff: false, attack: 0 });
    expect(orla.system.mp.value).toBe(7);
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    expect(orla.unit.derived.armor).toBe(armor + 2);
    await toOrla(d);
    expect(orla.system.mp.value).toBe(6);
    await toOrla(d);
    expect(orla.system.mp.value).toBe(5);
    // One at a time: the same spell again is refused, nothing changes.
    await expect(combat.spendKept(c, { action: "cast", spellId: bark })).rejects.toThrow();
    expect(orla.system.mp.value).toBe(5);
  });

  it("a Bonus Action toggles it off (no ward, no channeling, no upkeep) and on again", async () => {
    const { d, combat, run, c, armor } = await castBarkskin();
    await combat.spendKept(c, { action: "toggleSpell" });
    expect(combat.keptOf(ORLA)).toMatchObject({ upkeptOff: true, bonus: 1 });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.unit.derived.armor).toBe(armor);
    await toOrla(d);
    expect(orla.system.mp.value).toBe(7);
    await combat.spendKept(c, { action: "toggleSpell" });
    expect(combat.keptOf(ORLA)).toMatchObject({ upkeptOff: false });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    expect(orla.unit.derived.armor).toBe(armor + 2);
    // Off her turn a toggle is refused; End is not.
    await run("nextTurn");
    await expect(combat.spendKept(c, { action: "toggleSpell" })).rejects.toThrow();
    expect(combat.keptOf(ORLA).upkeptOff).toBe(false);
    await combat.spendKept(c, { action: "endSpell" });
    expect(combat.keptOf(ORLA)).toMatchObject({ upkept: "", upkeptOff: false });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.unit.derived.armor).toBe(armor);
    await expect(combat.spendKept(c, { action: "endSpell" })).rejects.toThrow();
  });

  it("too few MP for the upkeep: the spell ends as her turn starts, and the table is told", async () => {
    const d = driven();
    const { combat, run } = d;
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    orla.updateSource({ "system.mp.value": 3 });
    await combat.spendKept(c, { action: "cast", spellId: bark });
    expect(orla.system.mp.value).toBe(0);
    await toOrla(d);
    expect(combat.keptOf(ORLA)).toMatchObject({ upkept: "" });
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    expect(orla.system.mp.value).toBe(0);
    expect(posted).toHaveLength(1);
    expect(posted[0].content).toContain("Orla Venn has too few MP for the upkeep of Barkskin");
  });

  it("ending it leaves a cast under way channeling", async () => {
    const d = driven();
    const { combat, run } = d;
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    await combat.spendKept(c, { action: "cast", spellId: bark });
    await combat.spendKept(c, { action: "cast", spellId: RITE });
    expect(combat.keptOf(ORLA)).toMatchObject({ casting: RITE, castPaid: 1, castChanneling: true });
    await combat.spendKept(c, { action: "endSpell" });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
  });

  it("Barkskin and the rite with 5 MP: none left for the upkeep; the rite still channels", async () => {
    const again = driven();
    await again.run("startCombat");
    const c2 = again.combat.combatants.get(ORLA);
    orla.updateSource({ "system.mp.value": 5 });
    await again.combat.spendKept(c2, { action: "cast", spellId: bark });
    await again.combat.spendKept(c2, { action: "cast", spellId: RITE });
    await toOrla(again);
    expect(again.combat.keptOf(ORLA)).toMatchObject({ upkept: "", casting: RITE, castChanneling: true });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    expect(posted.map((m) => m.content)).toEqual([expect.stringContaining("too few MP")]);
  });

  it("an attack on her reads channeling and the ward from the GM's store, not her statuses", async () => {
    const { factsOf } = await import("../../src/rulesets/wounds/foundry/cards/reading");
    const { combat, run } = driven();
    await run("startCombat");
    const c = combat.combatants.get(ORLA);
    await combat.spendKept(c, { action: "cast", spellId: bark });
    // Her owner takes the channeling status off by hand (a token HUD click): nothing changes.
    orla.statuses.delete(CHANNELING);
    const brute = combat.combatants.get(BRUTE);
    const noGrid = { parent: null };
    const facts = factsOf({
      attacker: brute.actor, target: orla, combat, attackerCombatant: brute, targetCombatant: c,
      attackerToken: noGrid, targetToken: noGrid,
    } as Any, brute.actor.items.contents[0].id, true, false);
    expect(facts.targetStates.flatFooted).toContain("channeling");
    expect(facts.targetDerived.armor).toBe(orla.statblock.armor + 2);
  });

  describe("prone and disarmed as the GM keeps them (shell/combat/kept-statuses.ts)", () => {
    const PLAYER = "playerplayerplay";
    let users: Any;
    beforeAll(async () => {
      const { registerKeptStatuses } = await import("../../src/shell/combat/kept-statuses");
      registerKeptStatuses();
    });
    beforeEach(() => {
      users = g.game.users;
      g.game.users = { get: (id: string) => ({ id, isGM: id === GM }), contents: [] };
      orla.statuses.delete("prone");
    });
    afterEach(() => {
      g.game.users = users;
      orla.statuses.delete("prone");
    });
    /**
     * Orla's prone effect changed by `userId`, as Foundry's hooks report it after the change (the
     * effect carries the status it had).
     */
    const changed = (hook: string, userId: string) => {
      const effect = { parent: orla, statuses: new Set(["prone"]) };
      if (hook === "updateActiveEffect") g.Hooks.callAll(hook, effect, { disabled: true }, {}, userId);
      else g.Hooks.callAll(hook, effect, {}, userId);
    };
    // The watch rules each change in the relay's queue: a few turns of the event loop.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

    it("kept as the battle begins; a player's removal is put back, a GM's stands", async () => {
      orla.statuses.add("prone");
      const { combat, run } = driven();
      await run("startCombat");
      expect(combat.keptOf(ORLA).prone).toBe(true);
      // Her owner deletes the status by hand (or edits its effect): the GM puts it back.
      orla.statuses.delete("prone");
      expect(combat.spendFacts(combat.combatants.get(ORLA)).prone).toBe(true);
      changed("deleteActiveEffect", PLAYER);
      await settled();
      expect(orla.statuses.has("prone")).toBe(true);
      orla.statuses.delete("prone");
      changed("updateActiveEffect", PLAYER);
      await settled();
      expect(orla.statuses.has("prone")).toBe(true);
      // A GM takes it off: it stays off, and the GM's record follows.
      orla.statuses.delete("prone");
      changed("deleteActiveEffect", GM);
      await settled();
      expect(orla.statuses.has("prone")).toBe(false);
      expect(combat.keptOf(ORLA).prone).toBe(false);
    });

    it("a status a player adds is kept; standing up (paid) ends it", async () => {
      const { combat, run } = driven();
      await run("startCombat");
      orla.statuses.add("prone");
      changed("createActiveEffect", PLAYER);
      await settled();
      expect(combat.keptOf(ORLA).prone).toBe(true);
      await combat.spendKept(combat.combatants.get(ORLA), { action: "standUp" });
      expect(combat.keptOf(ORLA).prone).toBe(false);
      expect(orla.statuses.has("prone")).toBe(false);
    });
  });

  it("the battle's end ends it: channeling off, the kept store gone with the Combat", async () => {
    const { endBattle } = await import("../../src/rulesets/wounds/foundry/gm/battle-end");
    const { combat, run } = driven();
    await run("startCombat");
    await combat.spendKept(combat.combatants.get(ORLA), { action: "cast", spellId: bark });
    expect(orla.statuses.has(CHANNELING)).toBe(true);
    await endBattle(combat);
    expect(orla.statuses.has(CHANNELING)).toBe(false);
    g.game.combats = { contents: [], get: () => undefined };
    expect(orla.unit.derived.armor).toBe(orla.statblock.armor);
  });
});
