import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readiedOrder, shiftedOrder, type OrderPatch } from "../../src/rulesets/escalation/play/combat/turn-order";
import { BANDS, type Band } from "../../src/rulesets/escalation/rules/constants";
import { compareBands, type BandEntry } from "../../src/rulesets/escalation/rules/initiative";

const e = (id: string, band: Band, isPC: boolean, order: number): BandEntry => ({ id, band, isPC, order });

/** The entries with the patches written, as the kept store would hold them after. */
function written(entries: readonly BandEntry[], patches: Record<string, OrderPatch>): BandEntry[] {
  return entries.map((x) => ({ ...x, ...patches[x.id] }));
}
const order = (entries: readonly BandEntry[]) => [...entries].sort(compareBands).map((x) => x.id);

describe("escalation reorders (play/combat/turn-order.ts)", () => {
  const table = [
    e("ana", "fast", true, 0), e("bo", "fast", true, 1), e("cy", "fast", true, 2),
    e("orc", "fast", false, 0), e("elf", "slow", true, 0),
  ];

  it("a readied action places the readier just before its trigger, in the trigger's band", () => {
    const patches = readiedOrder(table, "elf", "bo");
    expect(patches).toEqual({ ana: { order: 0 }, elf: { band: "fast", order: 1 }, bo: { order: 2 }, cy: { order: 3 } });
    expect(order(written(table, patches))).toEqual(["ana", "elf", "bo", "cy", "orc"]);
  });

  it("a trigger on the other side puts the readier last in its own side's group there", () => {
    const patches = readiedOrder(table, "elf", "orc");
    expect(patches.elf).toEqual({ band: "fast", order: 3 });
    expect(order(written(table, patches))).toEqual(["ana", "bo", "cy", "elf", "orc"]);
  });

  it("nothing for a missing combatant, a missing trigger or oneself", () => {
    expect(readiedOrder(table, "nobody", "bo")).toEqual({});
    expect(readiedOrder(table, "elf", "nobody")).toEqual({});
    expect(readiedOrder(table, "bo", "bo")).toEqual({});
  });

  it("shifting swaps neighbours in the group and numbers it again; nothing past either end", () => {
    expect(order(written(table, shiftedOrder(table, "bo", -1)))).toEqual(["bo", "ana", "cy", "orc", "elf"]);
    expect(shiftedOrder(table, "ana", -1)).toEqual({});
    expect(shiftedOrder(table, "cy", 1)).toEqual({});
    expect(shiftedOrder(table, "orc", 1)).toEqual({});
  });

  const entriesArb = fc.uniqueArray(
    fc.record({
      id: fc.stringMatching(/^[a-z]{1,6}$/), band: fc.constantFrom(...BANDS), isPC: fc.boolean(),
      order: fc.integer({ min: 0, max: 3 }),
    }),
    { selector: (x) => x.id, minLength: 1, maxLength: 12 },
  );

  it("a shift moves exactly one combatant one place in the whole order, or changes nothing", () => {
    fc.assert(fc.property(entriesArb, fc.nat(11), fc.constantFrom<-1 | 1>(-1, 1), (entries, i, dir) => {
      const id = entries[i % entries.length]!.id;
      const before = order(entries);
      const patches = shiftedOrder(entries, id, dir);
      if (!Object.keys(patches).length) return;
      const after = order(written(entries, patches));
      const from = before.indexOf(id);
      expect(after.indexOf(id)).toBe(from + dir);
      expect(after.filter((x) => x !== id)).toEqual(before.filter((x) => x !== id));
      // The group is numbered 0..n-1, so no two members tie.
      const orders = Object.values(patches).map((p) => p.order).sort((a, b) => a! - b!);
      expect(orders).toEqual(orders.map((_, k) => k));
    }));
  });

  it("after a readied action the readier acts right before the trigger when they share a side", () => {
    fc.assert(fc.property(entriesArb, fc.nat(11), fc.nat(11), (entries, i, j) => {
      const readier = entries[i % entries.length]!;
      const trigger = entries[j % entries.length]!;
      const after = written(entries, readiedOrder(entries, readier.id, trigger.id));
      if (readier === trigger) return;
      const ids = order(after);
      expect(after.find((x) => x.id === readier.id)!.band).toBe(trigger.band);
      if (readier.isPC === trigger.isPC) expect(ids.indexOf(readier.id)).toBe(ids.indexOf(trigger.id) - 1);
      // Everyone else keeps their relative order.
      const others = (xs: string[]) => xs.filter((x) => x !== readier.id);
      expect(others(ids)).toEqual(others(order(entries)));
    }));
  });
});
