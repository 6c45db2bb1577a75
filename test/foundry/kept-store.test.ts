import { beforeAll, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { startServer, type ServerWorld } from "./server-update";
import { keptChanges, migrationChanges } from "../../src/shell/combat/kept-record";
import {
  KEPT_SPEC as SHOCK_KEPT, KEPT_SINCE as SHOCK_SINCE, keptLegacy as shockLegacy,
} from "../../src/rulesets/shock/play/data/combatant-spec";
import { KEPT_SPEC as ESCALATION_KEPT } from "../../src/rulesets/escalation/rules/models";

/**
 * The kept store (src/shell/combat/kept.ts) through Foundry v13's server update path: what the GM
 * trusts of each combatant lives in its Combat's `flags.fray.kept`, which no player can write,
 * delete or forge by any key, nested, dotted, `==` or `-=` (common/documents/combat.mjs
 * `#canUpdate` checks the update's top-level keys before anything else), nor by creating a Combat;
 * the GM writes it with the very changes Fray's GM client sends (`keptChanges`). Its own Combatant
 * a player can still write by any key: the reason nothing the GM decides is read there.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(!HAVE_FOUNDRY)("the kept store through Foundry's server", () => {
  let world: ServerWorld;
  let gm: any;
  let player: any;
  const COMBAT = "Combat.combatkeptstore1";
  const MINE = "combatantmine001";
  const OWNER = 3;

  beforeAll(async () => {
    world = await startServer();
    gm = await world.user("gamemastergamema", "GAMEMASTER");
    player = await world.user("player1player1aa", "PLAYER");
    await world.seed("Actor", {
      _id: "actorkeptmine001", name: "Wenna", type: "shockCharacter",
      ownership: { default: 0, [player.id]: OWNER },
    });
    await world.seed("Combat", {
      _id: "combatkeptstore1", round: 2, turn: 0,
      combatants: [
        { _id: MINE, actorId: "actorkeptmine001" },
        { _id: "combatantfoe0001", actorId: "" },
      ],
    });
  });

  /** The GM's write of kept fields, as `writeKept` sends it. */
  async function keep(patch: Record<string, unknown>): Promise<any> {
    const out = await world.update(gm, COMBAT, keptChanges(SHOCK_KEPT, { [MINE]: patch }));
    if (!out.ok) throw new Error(`refused at ${out.step}: ${out.message}`);
    return out.source;
  }

  it("the GM writes the store, field by field, and reads back exactly what it wrote", async () => {
    const source = await keep({ main: true, totalDefense: false, shieldUsed: true, grappledBy: ["combatantfoe0001"] });
    expect(source.flags.fray.kept[MINE]).toEqual({
      main: true, totalDefense: false, shieldUsed: true, grappledBy: ["combatantfoe0001"],
    });
    // A later write of other fields leaves these (one dotted key per field).
    const later = await keep({ moves: 1 });
    expect(later.flags.fray.kept[MINE]).toMatchObject({ main: true, shieldUsed: true, moves: 1 });
    expect(later._stats.lastModifiedBy).toBe(gm.id);
  });

  it("a player cannot write, delete or forge it, by any key, even for its own combatant", async () => {
    await keep({ main: true, totalDefense: false, shieldUsed: true, grappledBy: ["combatantfoe0001"] });
    const stored = await world.read(COMBAT);
    const forms: Record<string, unknown>[] = [
      { [`flags.fray.kept.${MINE}.totalDefense`]: true },
      { [`flags.fray.kept.${MINE}.shieldUsed`]: false },
      { [`flags.fray.kept.${MINE}.main`]: false },
      { [`flags.fray.kept.${MINE}.grappledBy`]: [] },
      { [`flags.fray.kept.${MINE}`]: { totalDefense: true } },
      { [`flags.fray.kept.==${MINE}`]: {} },
      { [`flags.fray.kept.-=${MINE}`]: null },
      { "flags.fray.-=kept": null },
      { "flags.fray.==kept": {} },
      { "flags.-=fray": null },
      { "==flags": {} },
      { flags: { fray: { kept: { [MINE]: { totalDefense: true } } } } },
      { flags: { fray: { "-=kept": null } } },
      { [`flags.fray.keptReceipts.${MINE}`]: { by: player.id, at: Date.now(), before: { main: false }, after: {} } },
      // What a combatant leaves behind in a started fight (`kept-lifecycle.ts`), by its actor.
      { "flags.fray.keptLeft.actorkeptmine001": { main: false } },
      { "flags.fray.keptLeft.-=actorkeptmine001": null },
      // Whom each combatant stands for, and the rolled scores newcomers rank against.
      { [`flags.fray.keptKeys.${MINE}`]: { key: "actorkeptother01", born: 0 } },
      { [`flags.fray.rankedScores.${MINE}`]: 30 },
      { "flags.fray.-=rankedScores": null },
      // With the keys a player may send: the turn, or its combatants, never the combat's flags.
      { turn: 1, [`flags.fray.kept.${MINE}.main`]: false },
      { combatants: [{ _id: MINE }], flags: { fray: { kept: {} } } },
    ];
    for (const changes of forms) {
      const out = await world.update(player, COMBAT, changes);
      expect(out, JSON.stringify(changes)).toMatchObject({ ok: false, step: "canUserModify" });
    }
    expect(await world.delete(player, COMBAT)).toMatchObject({ ok: false, step: "canUserModify" });
    expect(await world.read(COMBAT)).toEqual(stored);
  });

  it("a player may delete its own Combatant and create it again: why the GM keeps what it left", async () => {
    // Foundry's default permissions (common/documents/combatant.mjs: create and delete "OWNER").
    await world.seed("Combat", {
      _id: "combatreaddmine1", round: 2, turn: 0,
      combatants: [{ _id: "combatantreadd01", actorId: "actorkeptmine001" }],
    });
    const gone = await world.delete(player, "Combat.combatreaddmine1.Combatant.combatantreadd01");
    expect(gone.ok).toBe(true);
    const again = { _id: "combatantreadd02", actorId: "actorkeptmine001" };
    const made = await world.create(player, "Combatant", again, "Combat.combatreaddmine1");
    expect(made.ok ? "" : `${made.step}: ${made.message}`).toBe("");
  });

  it("the GM leaves an entry behind and takes it back, as the lifecycle writes them", async () => {
    const entry = (await world.read(COMBAT)).flags.fray.kept[MINE];
    const left = await world.update(gm, COMBAT, {
      [`flags.fray.kept.-=${MINE}`]: null, "flags.fray.keptLeft.actorkeptmine001": entry,
    });
    expect(left.ok && left.source.flags.fray.keptLeft).toEqual({ actorkeptmine001: entry });
    expect(left.ok && left.source.flags.fray.kept[MINE]).toBeUndefined();
    const back = await world.update(gm, COMBAT, {
      ...keptChanges(SHOCK_KEPT, { [MINE]: entry }),
      "flags.fray.keptLeft.-=actorkeptmine001": null,
    });
    expect(back.ok && back.source.flags.fray.keptLeft).toEqual({});
    expect(back.ok && back.source.flags.fray.kept[MINE]).toEqual(entry);
  });

  it("a player cannot create a combat with a store of its own", async () => {
    const forged = {
      _id: "combatforgedkept", flags: { fray: { kept: { [MINE]: { totalDefense: true } } } },
    };
    expect(await world.create(player, "Combat", forged)).toMatchObject({ ok: false, step: "canUserModify" });
    expect(await world.read("Combat.combatforgedkept")).toBeNull();
  });

  it("its own Combatant a player still writes by any key: nothing kept is read from there", async () => {
    const uuid = `${COMBAT}.Combatant.${MINE}`;
    // (Combatant#canUpdate checks the update's top-level keys, so a raw dotted `system.x` key is
    // refused there; a nested one, as Foundry's client sends after expanding, is the owner's.)
    for (const changes of [
      { system: { totalDefense: true } }, { system: { shieldUsed: false, grappledBy: [] } },
      { system: { "==main": false } }, { system: { "-=fellRound": null } },
    ]) {
      const out = await world.update(player, uuid, changes);
      expect(out.ok, `${JSON.stringify(changes)} ${JSON.stringify(out).slice(0, 300)}`).toBe(true);
    }
    const mine = (await world.read(COMBAT)).flags.fray.kept[MINE];
    expect(mine).toMatchObject({ totalDefense: false, shieldUsed: true, main: true, grappledBy: ["combatantfoe0001"] });
  });

  it("the migration's write of today's Combatant data is the GM's, and only the GM's", async () => {
    const combatants = [{ id: "combatantesca001", legacy: { band: "fast", order: 0, actions: { standard: true } } }];
    await world.seed("Combat", { _id: "combatmigration1", combatants: [{ _id: "combatantesca001", actorId: "" }] });
    const changes = migrationChanges(ESCALATION_KEPT, undefined, combatants)!;
    expect(await world.update(player, "Combat.combatmigration1", changes)).toMatchObject({ ok: false, step: "canUserModify" });
    const out = await world.update(gm, "Combat.combatmigration1", changes);
    expect(out.ok && out.source.flags.fray.kept.combatantesca001).toEqual({
      actions: { standard: true, move: false, quick: false, interrupt: false }, band: "fast", order: 0,
    });
  });
});

/**
 * What version 2 moved (shock's side and fled mark) and what stayed on the Combatant (its order,
 * Foundry's `defeated`), through the same server path.
 */
describe.skipIf(!HAVE_FOUNDRY)("what moved into the kept store, through Foundry's server", () => {
  let world: ServerWorld;
  let gm: any;
  let player: any;
  const COMBAT = "Combat.combatkeptside01";
  const MINE = "combatantmyside1";
  const FOE = "combatantfoeside";
  const OWNER = 3;

  beforeAll(async () => {
    world = await startServer();
    gm = await world.user("gamemastergamema", "GAMEMASTER");
    player = await world.user("player1player1aa", "PLAYER");
    await world.seed("Actor", {
      _id: "actorkeptside001", name: "Wenna", type: "shockCharacter",
      ownership: { default: 0, [player.id]: OWNER },
    });
    await world.seed("Actor", { _id: "actorkeptfoe0001", name: "Vask", type: "shockNpc" });
    await world.seed("Combat", {
      _id: "combatkeptside01", round: 1, turn: 0,
      // Today's data: the side on each Combatant's system, the fled mark in its flags.
      combatants: [
        { _id: MINE, actorId: "actorkeptside001", type: "base", system: { side: "party", order: 0 } },
        { _id: FOE, actorId: "actorkeptfoe0001", type: "base", system: { side: "foes" },
          flags: { fray: { fled: true } } },
      ],
    });
  });

  it("the GM's migration and join write the side and the fled mark; a player can forge neither", async () => {
    const legacy = (await world.read(COMBAT)).combatants.map((c: any) =>
      ({ id: c._id, legacy: shockLegacy(c) }));
    const changes = migrationChanges(SHOCK_KEPT, {}, legacy, { done: 1, since: SHOCK_SINCE })!;
    expect(await world.update(player, COMBAT, changes)).toMatchObject({ ok: false, step: "canUserModify" });
    const out = await world.update(gm, COMBAT, changes);
    expect(out.ok && out.source.flags.fray.kept).toEqual({
      [MINE]: { side: "party", fled: false }, [FOE]: { side: "foes", fled: true },
    });
    const stored = await world.read(COMBAT);
    for (const forged of [
      { [`flags.fray.kept.${MINE}.side`]: "foes" },
      { [`flags.fray.kept.${FOE}.side`]: "party" },
      { [`flags.fray.kept.${FOE}.fled`]: false },
      { [`flags.fray.kept.${FOE}.-=fled`]: null },
      { flags: { fray: { kept: { [MINE]: { side: "foes" } } } } },
      { combatants: [{ _id: MINE, system: { side: "foes" } }], [`flags.fray.kept.${MINE}.side`]: "foes" },
    ]) {
      const refused = await world.update(player, COMBAT, forged);
      expect(refused, JSON.stringify(forged)).toMatchObject({ ok: false, step: "canUserModify" });
    }
    expect(await world.read(COMBAT)).toEqual(stored);
  });

  it("its own Combatant's old side and order a player still writes; the store does not change", async () => {
    const before = (await world.read(COMBAT)).flags.fray.kept;
    const uuid = `${COMBAT}.Combatant.${MINE}`;
    for (const changes of [{ system: { side: "foes" } }, { system: { order: 3 } }, { flags: { fray: { fled: true } } }]) {
      const out = await world.update(player, uuid, changes);
      expect(out.ok, JSON.stringify(changes)).toBe(true);
    }
    expect((await world.read(COMBAT)).flags.fray.kept).toEqual(before);
    // Another's Combatant (the foe's, the GM's) it cannot touch.
    const foe = await world.update(player, `${COMBAT}.Combatant.${FOE}`, { system: { side: "party" } });
    expect(foe).toMatchObject({ ok: false, step: "canUserModify" });
  });

  it("Foundry's defeated is its owner's to write, like its actor: trusted only to take it out", async () => {
    // Common/documents/combatant.mjs #canUpdate lists `defeated` among a player's keys.
    const mine = await world.update(player, `${COMBAT}.Combatant.${MINE}`, { defeated: true });
    expect(mine.ok && mine.source.defeated).toBe(true);
    const foe = await world.update(player, `${COMBAT}.Combatant.${FOE}`, { defeated: false });
    expect(foe).toMatchObject({ ok: false, step: "canUserModify" });
  });

  it("a gone combatant's entry and receipt the GM prunes; a player cannot", async () => {
    const prune = { [`flags.fray.kept.-=${FOE}`]: null, [`flags.fray.keptReceipts.-=${FOE}`]: null };
    expect(await world.update(player, COMBAT, prune)).toMatchObject({ ok: false, step: "canUserModify" });
    expect(await world.delete(gm, `${COMBAT}.Combatant.${FOE}`)).toMatchObject({ ok: true });
    const out = await world.update(gm, COMBAT, prune);
    expect(out.ok && Object.keys(out.source.flags.fray.kept)).toEqual([MINE]);
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: the kept store", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
