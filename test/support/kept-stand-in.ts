import type { ObjectSpec } from "../../src/engine/schema/spec";
import { keptChanges, keptRecord } from "../../src/shell/combat/kept-record";
import { applyUpdate } from "./stand-ins";

/**
 * The kept store (`shell/combat/kept.ts`) on stand-in combats, for GM flows run in Node: the
 * combat's `flags.fray.kept` written by `keep` (the same dotted changes `writeKept` sends) and by
 * `update` (undo's writes), read by `keptOf`; its class's `kept` spec, so recorded Combatant paths
 * of earlier releases are redirected as in Foundry. Stand-in combatants read their kept fields
 * from it (`keptFields`), and refuse a kept field written to their own `system`, so a flow that
 * still wrote there fails.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export function withKeptStore<T extends Record<string, any>>(combat: T, spec: ObjectSpec): T {
  const c = combat as any;
  c.flags ??= {};
  c.flags.fray ??= {};
  c.flags.fray.kept ??= {};
  Object.defineProperty(c, "constructor", { value: { kept: spec }, enumerable: false });
  c.keptOf = (id: string) => keptRecord(spec, c.flags.fray.kept[id]);
  c.update ??= async (changes: Record<string, unknown>) => {
    applyUpdate(c, changes);
    return c;
  };
  c.keep = async (patches: Record<string, Record<string, unknown>>) => {
    await c.update(keptChanges(spec, patches));
  };
  return combat;
}

/** Sets kept fields at once (a test's setup), as the GM's `keep` would. */
export function setKept(combat: any, id: string, patch: Record<string, unknown>): void {
  applyUpdate(combat, keptChanges(combat.constructor.kept, { [id]: patch }));
}

const BUDGET = ["main", "moves", "disengaged", "holding"] as const;

/**
 * Makes a stand-in shock combatant read its kept fields from `combat` (`ShockCombatant#data`,
 * `budget`, `hold`), seeding the store from what it held (`data`, `budget`, `system`, `hold`).
 * Assigning `budget` writes the store; its `update` refuses kept fields under `system`.
 */
export function keptFields(combat: any, c: any): any {
  const spec: ObjectSpec = combat.constructor.kept;
  const seed: Record<string, unknown> = {};
  for (const from of [c.system, c.data, c.budget, c.hold]) {
    for (const [k, v] of Object.entries(from ?? {})) if (Object.hasOwn(spec.fields, k)) seed[k] = v;
  }
  const own = Object.fromEntries(Object.entries(c.system ?? {})
    .filter(([k]) => !Object.hasOwn(spec.fields, k)));
  setKept(combat, c.id, seed);
  for (const key of ["data", "budget", "hold", "system"]) delete c[key];
  c.system = own;
  Object.defineProperties(c, {
    data: { get: () => ({ ...c.system, ...combat.keptOf(c.id) }), configurable: true },
    budget: {
      get: () => Object.fromEntries(BUDGET.map((k) => [k, c.data[k]])),
      set: (b: Record<string, unknown>) => setKept(combat, c.id, b),
      configurable: true,
    },
    hold: {
      get: () => ({ grappling: c.data.grappling, grappledBy: c.data.grappledBy }),
      set: (h: Record<string, unknown>) => setKept(combat, c.id, h),
      configurable: true,
    },
  });
  const update = c.update;
  c.update = async (changes: Record<string, unknown>) => {
    const system = (changes.system ?? {}) as Record<string, unknown>;
    const dotted = Object.keys(changes).filter((k) => k.startsWith("system."))
      .map((k) => k.slice(7).split(".")[0]!);
    const kept = [...Object.keys(system), ...dotted].filter((k) => Object.hasOwn(spec.fields, k));
    if (kept.length) throw new Error(`kept fields written to the Combatant: ${kept.join(", ")}`);
    return update ? update.call(c, changes) : applyUpdate(c, changes);
  };
  return c;
}
