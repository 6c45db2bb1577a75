// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAVE_FOUNDRY } from "./harness";
import { loadClient } from "./client";
import { KEPT_VERSION } from "../../src/shell/combat/kept";

/**
 * Issue 14 on Foundry v13's own client Combat and Combatant (client/documents/combat.mjs,
 * combatant.mjs; test/foundry/client.ts) with escalation's FrayCombat and FrayCombatant: the turns
 * Foundry sorts (`setupTurns` with the class's `_sortCombatants`) follow the band and order the GM
 * keeps in the Combat's flags, whatever a player wrote on its own Combatant; and since Foundry
 * re-sorts on a Combat update only when it names `combatants`, Fray re-sorts on the flags update
 * that carries a reorder, on every client, keeping the current combatant current.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

const GM = "gmgmgmgmgmgmgmgm";
const PLAYER = "plplplplplplplpl";
const MINE = "mmmmmmmmmmmmmmmm";
const ALLY = "aaaaaaaaaaaaaaaa";
const FOE = "ffffffffffffffff";

describe.skipIf(!HAVE_FOUNDRY)("escalation's turn order on Foundry's client Combat", () => {
  const g = globalThis as Record<string, Any>;
  let Combat: Any;

  /** A client's copy of the combat: the GM keeps Isolde (MINE) in Slow, behind the foe. */
  const combatOf = () => new Combat({
    _id: "cccccccccccccccc", round: 2, turn: 1,
    flags: { fray: { kept: {
      [MINE]: { band: "slow", order: 0 }, [ALLY]: { band: "fast", order: 0 }, [FOE]: { band: "medium" },
    } } },
    combatants: [
      // Each Combatant's own data says otherwise (what its owner may write): none of it is read.
      { _id: MINE, name: "Isolde", actorId: "actormine0000001", initiative: 99, system: { band: "veryFast", order: -1000 } },
      { _id: ALLY, name: "Anselm", actorId: "actorally0000001", initiative: 5, system: { band: "verySlow", order: 1000 } },
      { _id: FOE, name: "Gnoll", actorId: "actorfoe00000001", initiative: 50, system: { band: "veryFast" } },
    ],
  });
  const ids = (combat: Any) => combat.turns.map((t: Any) => t.id);

  /** A Combat update as every client receives it: the source changed, then `_onUpdate`. */
  const receive = (combat: Any, changes: object, options: object, userId: string) => {
    const diff = combat.updateSource(changes);
    combat._onUpdate(diff, options, userId);
  };

  beforeAll(async () => {
    const c = await loadClient();
    (await import("../../src/shell/setup/active-ruleset")).setActiveRuleset("escalation");
    const { FrayCombat } = await import("../../src/rulesets/escalation/foundry/documents/combat");
    const { FrayCombatant } = await import("../../src/rulesets/escalation/foundry/documents/combatant");
    const models = await import("../../src/rulesets/escalation/foundry/data/register");
    g.CONFIG.Combat.documentClass = FrayCombat;
    g.CONFIG.Combatant.documentClass = FrayCombatant;
    g.CONFIG.Combatant.dataModels = { ...models.COMBATANT_MODELS };
    Combat = FrayCombat;
    // The world is migrated to the store's version (`fray.keptEconomy`).
    const get = g.game.settings.get;
    g.game.settings.get = (scope: string, key: string) => (key === "keptEconomy" ? KEPT_VERSION : get(scope, key));
    g.ui.combat = { viewed: null, render: () => undefined };
    g.canvas = { ready: false };
    g.game.users = Object.assign([], { get: () => undefined });
    for (const [id, name, type] of [
      ["actormine0000001", "Isolde", "escalationCharacter"], ["actorally0000001", "Anselm", "escalationCharacter"],
      ["actorfoe00000001", "Gnoll", "escalationNpc"],
    ] as const) g.game.actors.set(id, new c.Actor({ _id: id, name, type, system: { band: "medium" } }));
  });

  beforeEach(() => {
    g.game.user = { ...g.game.user, id: GM, isGM: true, isActiveGM: false };
  });

  it("sorts by the kept band, side and order: the Combatants' own band, order and initiative are not read", () => {
    const combat = combatOf();
    expect(ids(combat)).toEqual([ALLY, FOE, MINE]);
    expect(combat.combatant.id).toBe(FOE);
  });

  it("a player's forged update of its own Combatant, through Foundry's handler, moves nothing", () => {
    const combat = combatOf();
    const mine = combat.combatants.get(MINE);
    for (const changes of [
      // (A `-=band` the server stores, test/foundry/escalation-order.test.ts; the client's model,
      // whose band is required, refuses it here.)
      { system: { band: "veryFast", order: -1000 } }, { initiative: 1000 }, { system: { order: 1000 } },
      { system: { "==band": "veryFast" } }, { initiative: null },
    ]) {
      mine.updateSource(changes);
      // client/documents/combat.mjs: a combatant's update re-sorts the turns (#onModifyCombatants).
      combat._onUpdateDescendantDocuments(combat, "combatants", [mine], [changes], {}, PLAYER);
      expect(ids(combat), JSON.stringify(changes)).toEqual([ALLY, FOE, MINE]);
      expect(combat.combatant.id).toBe(FOE);
    }
  });

  it("the GM's reorder re-sorts every client on the Combat's flags update, the current combatant kept", async () => {
    const gm = combatOf();
    const other = combatOf();
    const sent: { changes: Any; options: Any }[] = [];
    gm.update = async (changes: Any, options: Any = {}) => {
      sent.push({ changes, options });
      receive(gm, changes, options, GM);
      return gm;
    };
    // The GM readies Isolde's action on the foe's turn (§Readying an Action): Medium, before it.
    await gm.takeReadiedAction(MINE, FOE);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.options).toEqual({ turnEvents: false });
    expect(ids(gm)).toEqual([ALLY, MINE, FOE]);
    expect(gm.combatant.id).toBe(FOE);
    // Another client gets the same update: Foundry alone would not re-sort (no `combatants` key).
    receive(other, sent[0]!.changes, sent[0]!.options, GM);
    expect(ids(other)).toEqual([ALLY, MINE, FOE]);
    expect(other.combatant.id).toBe(FOE);
    expect(other.turn).toBe(2);
    // The number shown for its band follows, the GM's write (the client's stand-in backend).
    expect(gm.combatants.get(MINE).initiative).toBe(35);
  });

  it("a Delay on the delayer's own turn hands the turn to the next combatant on every client", async () => {
    const gm = combatOf();
    const other = combatOf();
    const sent: { changes: Any; options: Any }[] = [];
    gm.update = async (changes: Any, options: Any = {}) => {
      sent.push({ changes, options });
      receive(gm, changes, options, GM);
      return gm;
    };
    // The foe (current, Medium) delays to Very Slow: Isolde (Slow) is next and acts now.
    await gm.delayCombatant(FOE, "verySlow");
    expect(sent[0]!.options).toEqual({ turnEvents: true });
    receive(other, sent[0]!.changes, sent[0]!.options, GM);
    for (const combat of [gm, other]) {
      expect(ids(combat)).toEqual([ALLY, MINE, FOE]);
      expect(combat.combatant.id).toBe(MINE);
      expect(combat.previous.combatantId).toBe(FOE);
    }
  });
});

if (!HAVE_FOUNDRY) {
  describe("Foundry v13 tier: escalation's turn order on the client", () => {
    it.skip("skipped: set FOUNDRY_V13 to a Foundry v13 folder (see README) to run it", () => undefined);
  });
}
