import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { keptRecord, migrationChanges } from "../../src/shell/combat/kept-record";
import { KEPT_SINCE, KEPT_SPEC, type KeptSource } from "../../src/rulesets/escalation/rules/models";
import { BANDS, type Band } from "../../src/rulesets/escalation/rules/constants";
import { orderByBands } from "../../src/rulesets/escalation/rules/initiative";
import { applyUpdate } from "../support/stand-ins";
import { turnOrder } from "../../src/rulesets/escalation/play/combat/turn-order";
import V2 from "./fixtures/escalation-combat-v2.json";

/**
 * Version 3 of the kept store (shell/combat/kept.ts) moves escalation's band and order in the
 * band off the Combatant, which its player may write, onto the Combat (`KEPT_SINCE`). The
 * migration (`migrationChanges`, run once by `kept-migration.ts`) copies each combatant's band and
 * order from its `system` as version 2 stored it (the fixture: a combat mid-round, two entries
 * with the actions the GM kept, one entry of a combatant gone, three combatants with none), leaves
 * every kept action alone, keeps the turn order exactly, and is a no-op the second time.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Combatant = { _id: string; system: { band: Band; order: number } };

// Who is a PC in the fixture (its actor's type; not stored on the Combatant).
const PCS = new Set(["combatantisolde1", "combatantanselm1"]);

/** The turn order version 2 sorted by: the Combatant's own band and order. */
const orderBefore = (combatants: readonly Combatant[]) => orderByBands(combatants.map((c) => ({
  id: c._id, band: c.system.band, isPC: PCS.has(c._id), order: c.system.order,
}))).map((e) => e.id);

/** The turn order from the store, as FrayCombatant#turnEntry reads it (`play/turn-order.ts`). */
const orderAfter = (combat: any, byDocuments: Band = "medium") => turnOrder(combat.combatants.map(
  (c: Combatant) => ({
    id: c._id, kept: keptRecord(KEPT_SPEC, combat.flags.fray.kept[c._id]) as KeptSource,
    byDocuments, isPC: PCS.has(c._id),
  }),
));

const legacyOf = (combat: any) => combat.combatants.map((c: Combatant) => ({ id: c._id, legacy: c.system }));

describe("moving escalation's band and order onto the kept store (version 3)", () => {
  it("copies today's band and order, leaves the kept actions and a gone combatant's entry alone", () => {
    const combat = structuredClone(V2) as any;
    const changes = migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), {
      done: 2, since: KEPT_SINCE,
    });
    expect(changes).toEqual({
      "flags.fray.kept.combatantisolde1.band": "fast", "flags.fray.kept.combatantisolde1.order": 1,
      "flags.fray.kept.combatantanselm1.band": "fast", "flags.fray.kept.combatantanselm1.order": 0,
      // No entry yet: only what version 3 adds (its actions read their defaults since version 1).
      "flags.fray.kept.combatantgnoll01": { band: "medium", order: 0 },
      "flags.fray.kept.combatanthag0001": { band: "slow", order: 2 },
      "flags.fray.kept.combatantsentry1": { band: "slow", order: 1 },
    });
    applyUpdate(combat, changes!);
    expect(combat.flags.fray.kept.combatantisolde1).toEqual({ ...V2.flags.fray.kept.combatantisolde1, band: "fast", order: 1 });
    expect(combat.flags.fray.kept.combatantgone001).toEqual(V2.flags.fray.kept.combatantgone001);
    expect(orderAfter(combat)).toEqual(orderBefore(V2.combatants as Combatant[]));
    expect(orderAfter(combat)).toEqual([
      "combatantanselm1", "combatantisolde1", "combatantgnoll01", "combatantsentry1", "combatanthag0001",
    ]);
  });

  it("is idempotent, and once done reads nothing of a Combatant again", () => {
    const combat = structuredClone(V2) as any;
    applyUpdate(combat, migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), {
      done: 2, since: KEPT_SINCE,
    })!);
    expect(migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), { done: 2, since: KEPT_SINCE }))
      .toBeNull();
    // A player forges its Combatant afterwards: version 3 is done, nothing is copied.
    combat.combatants[0].system = { band: "veryFast", order: -1000 };
    expect(migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), { done: 3, since: KEPT_SINCE }))
      .toBeNull();
    expect(migrationChanges(KEPT_SPEC, {}, legacyOf(combat), { done: 3, since: KEPT_SINCE })).toBeNull();
  });

  it("keeps any version 2 combat's turn order and kept actions, and runs once", () => {
    const actions = fc.record({ standard: fc.boolean(), move: fc.boolean(), quick: fc.boolean(), interrupt: fc.boolean() });
    const combatant = fc.record({
      system: fc.record({ band: fc.constantFrom(...BANDS), order: fc.integer({ min: -1000, max: 1000 }) }),
      entry: fc.option(fc.record({ actions }), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(combatant, { maxLength: 8 }), (list) => {
      const combatants = list.map((c, i) => ({ _id: `combatant${String(i).padStart(7, "0")}`, system: c.system }));
      const kept = Object.fromEntries(list.flatMap((c, i) => (c.entry ? [[combatants[i]!._id, c.entry]] : [])));
      const combat: any = { flags: { fray: { kept: structuredClone(kept) } }, combatants };
      const changes = migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), { done: 2, since: KEPT_SINCE });
      if (changes) applyUpdate(combat, changes);
      expect(orderAfter(combat)).toEqual(orderBefore(combatants));
      for (const [id, entry] of Object.entries(kept)) expect(combat.flags.fray.kept[id].actions).toEqual(entry.actions);
      expect(migrationChanges(KEPT_SPEC, combat.flags.fray.kept, legacyOf(combat), { done: 2, since: KEPT_SINCE }))
        .toBeNull();
    }));
  });
});
