import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isDelta, setDeltas, toJson, type Delta, type FieldRef, type Json,
} from "../../src/engine/deltas/delta";
import { planInverse, type Write, type WorldReading } from "../../src/engine/deltas/inverse";

/** A toy world: documents by uuid, each a flat map of field paths to values. */
type World = Map<string, Map<string, Json>>;

const reading = (world: World): WorldReading => ({
  read: (ref: FieldRef) => world.get(ref.uuid)?.get(ref.path),
  exists: (uuid) => world.has(uuid),
});

function apply(world: World, writes: readonly Write[]): void {
  for (const w of writes) {
    if (w.kind === "update") world.get(w.uuid)?.set(w.path, w.value);
    else if (w.kind === "delete") world.delete(w.uuid);
    else {
      world.set(w.uuid, new Map(Object.entries(w.data as Record<string, Json>)));
    }
  }
}

const snapshot = (world: World) =>
  Object.fromEntries([...world].map(([k, v]) => [k, Object.fromEntries(v)]));

/** One change a step makes in the toy world, recorded as the shell's recorder would. */
type Op =
  | { kind: "set"; doc: number; path: number; value: number }
  | { kind: "add"; doc: number; amount: number }
  | { kind: "create"; id: number }
  | { kind: "delete"; doc: number };

const DOCS = ["A", "B", "C"];
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const), doc: fc.nat(2), path: fc.nat(2), value: fc.integer(),
  }),
  fc.record({ kind: fc.constant("add" as const), doc: fc.nat(2), amount: fc.integer({ min: -20, max: 20 }) }),
  fc.record({ kind: fc.constant("create" as const), id: fc.nat(5) }),
  fc.record({ kind: fc.constant("delete" as const), doc: fc.nat(2) }),
);

function world(): World {
  return new Map(DOCS.map((d) => [d, new Map<string, Json>([
    ["f0", 0], ["f1", "x"], ["f2", null], ["hp", 30],
  ])]));
}

/** Runs a step's ops on the world and returns its deltas. */
function step(w: World, ops: readonly Op[], serial: { n: number }): Delta[] {
  const deltas: Delta[] = [];
  for (const o of ops) {
    if (o.kind === "set") {
      const uuid = DOCS[o.doc]!;
      const doc = w.get(uuid);
      if (!doc) continue;
      const path = `f${o.path}`;
      const before = { [path]: doc.get(path) ?? null };
      doc.set(path, o.value);
      deltas.push(...setDeltas(uuid, [path], before, { [path]: o.value }));
    } else if (o.kind === "add") {
      const uuid = DOCS[o.doc]!;
      const doc = w.get(uuid);
      if (!doc) continue;
      doc.set("hp", (doc.get("hp") as number) + o.amount);
      deltas.push({ kind: "add", uuid, path: "hp", amount: o.amount });
    } else if (o.kind === "create") {
      const uuid = `E${serial.n++}`;
      w.set(uuid, new Map([["v", o.id]]));
      deltas.push({ kind: "create", uuid });
    } else {
      const uuid = DOCS[o.doc]!;
      const doc = w.get(uuid);
      if (!doc) continue;
      w.delete(uuid);
      const data = toJson(Object.fromEntries(doc));
      deltas.push({ kind: "delete", uuid, parentUuid: "", documentName: "Doc", data });
    }
  }
  return deltas;
}

describe("the delta ledger's inverse", () => {
  it("undoing a step right after it puts the world back exactly", () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 12 }), (ops) => {
      const w = world();
      const before = snapshot(w);
      const deltas = step(w, ops, { n: 0 });
      expect(deltas.every(isDelta)).toBe(true);
      const plan = planInverse(JSON.parse(JSON.stringify(deltas)) as Delta[], reading(w));
      expect(plan.ok).toBe(true);
      if (plan.ok) apply(w, plan.writes);
      expect(snapshot(w)).toEqual(before);
    }));
  });

  it("a later step's adds stay when an earlier step is undone", () => {
    const adds = fc.array(
      fc.record({ kind: fc.constant("add" as const), doc: fc.nat(2), amount: fc.integer({ min: -20, max: 20 }) }),
      { maxLength: 8 },
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 8 }), adds, (first, second) => {
      const w = world();
      const start = snapshot(w);
      const serial = { n: 0 };
      const d1 = step(w, first, serial);
      step(w, second, serial);
      const plan = planInverse(d1, reading(w));
      expect(plan.ok).toBe(true);
      if (plan.ok) apply(w, plan.writes);
      const later = (doc: string) => second.filter((o) => DOCS[o.doc] === doc)
        .reduce((sum, o) => sum + o.amount, 0);
      for (const doc of DOCS) {
        expect({ ...start[doc], hp: null }).toEqual({ ...snapshot(w)[doc], hp: null });
        const hp = snapshot(w)[doc]?.hp as number;
        // A document the first step deleted took none of the later adds.
        const existedForSecond = !first.some((o) => o.kind === "delete" && DOCS[o.doc] === doc);
        expect(hp).toBe(existedForSecond ? 30 + later(doc) : 30);
      }
    }));
  });

  it("a field a later step set otherwise makes the undo refuse", () => {
    fc.assert(fc.property(fc.nat(2), fc.nat(2), fc.integer(), fc.integer(), (doc, path, a, b) => {
      fc.pre(a !== b && a !== 0 && !(path === 1) && !(path === 2));
      const w = world();
      const d1 = step(w, [{ kind: "set", doc, path, value: a }], { n: 0 });
      step(w, [{ kind: "set", doc, path, value: b }], { n: 0 });
      expect(planInverse(d1, reading(w))).toMatchObject({ ok: false, reason: "changedSince" });
    }));
  });

  it("refuses a set field changed since, naming it", () => {
    const w = world();
    const d = step(w, [{ kind: "set", doc: 0, path: 0, value: 5 }], { n: 0 });
    w.get("A")?.set("f0", 6);
    expect(planInverse(d, reading(w))).toEqual({
      ok: false, reason: "changedSince", at: expect.objectContaining({ uuid: "A", path: "f0" }),
    });
  });

  it("keeps an add's undone value within its bounds (fields read now) and its nowMin", () => {
    const w = world();
    w.get("A")?.set("max", 30);
    const hit: Delta = { kind: "add", uuid: "A", path: "hp", amount: -10, min: 0,
      max: { uuid: "A", path: "max" }, nowMin: 1 };
    w.get("A")?.set("hp", 20);
    expect(planInverse([hit], reading(w))).toEqual({
      ok: true, writes: [{ kind: "update", uuid: "A", path: "hp", value: 30 }],
    });
    w.get("A")?.set("max", 25);
    expect(planInverse([hit], reading(w))).toMatchObject({ ok: false, reason: "outOfBounds" });
    w.get("A")?.set("max", 30);
    w.get("A")?.set("hp", 0);
    expect(planInverse([hit], reading(w))).toMatchObject({ ok: false, reason: "changedSince" });
  });

  it("skips a guarded set whose guard no longer holds (a shield owed only in its round)", () => {
    const w = world();
    w.set("Combat", new Map<string, Json>([["round", 3]]));
    const spent: Delta = { kind: "set", uuid: "B", path: "f2", before: false, after: true,
      guard: { uuid: "Combat", path: "round", equals: 3 } };
    w.get("B")?.set("f2", true);
    expect(planInverse([spent], reading(w))).toEqual({
      ok: true, writes: [{ kind: "update", uuid: "B", path: "f2", value: false }],
    });
    w.get("Combat")?.set("round", 4);
    w.get("B")?.set("f2", false);
    expect(planInverse([spent], reading(w))).toEqual({ ok: true, writes: [] });
  });

  it("a created document already gone is owed nothing; a deleted one comes back once", () => {
    const w = world();
    const d = step(w, [{ kind: "create", id: 1 }, { kind: "delete", doc: 2 }], { n: 0 });
    w.delete("E0");
    const plan = planInverse(d, reading(w));
    expect(plan.ok && plan.writes.map((x) => x.kind)).toEqual(["create"]);
    if (plan.ok) apply(w, plan.writes);
    expect(planInverse(d, reading(w))).toEqual({ ok: true, writes: [] });
  });

  it("rejects malformed stored deltas", () => {
    for (const bad of [null, 3, {}, { kind: "set", uuid: "A" }, { kind: "add", uuid: "A", path: "p" },
      { kind: "delete", uuid: "A", parentUuid: "P" }, { kind: "nope", uuid: "A" }])
      expect(isDelta(bad)).toBe(false);
  });
});
