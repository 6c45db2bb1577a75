import { describe, expect, it } from "vitest";
import { legacyDeltas } from "../../src/rulesets/escalation/play/cards/legacy-deltas";
import type { ApplyRecord } from "../../src/rulesets/escalation/play/cards/card-seal";
import { FRESH_DEATH_TRACK, type DeathTrack } from "../../src/rulesets/escalation/rules/death-save";
import { planInverse, type InversePlan } from "../../src/engine/deltas/inverse";
import type { Json } from "../../src/engine/deltas/delta";

/**
 * Undoing an escalation card's apply: what the card runtime records (an HP change later hits may
 * stay on top of, never undone past the maximum or, for an NPC, below 0; a character's death track
 * as the hit left it), judged by the engine's planner. The cases are those the card's own planner
 * had before the runtime; cards applied then are migrated to the same deltas (`legacyDeltas`).
 */
const step = (hpChange: number, extra: Partial<ApplyRecord> = {}): ApplyRecord => ({
  op: 0, by: "p", mode: "apply", hpChange, deathBefore: null, deathAfter: null, addedEffects: [],
  lastGasp: false, selfDamage: 0, ...extra,
});

function plan(record: ApplyRecord, now: { hp: number; hpMax: number; isPC: boolean; death: DeathTrack | null }): InversePlan {
  const world: Record<string, Record<string, Json>> = {
    "Actor.t": { "system.hp.value": now.hp, "system.hp.max": now.hpMax, "system.death": now.death as Json },
  };
  const deltas = legacyDeltas(record, { actorUuid: "Actor.t", isPC: now.isPC, attackerUuid: null });
  return planInverse(deltas, {
    read: (ref) => world[ref.uuid]?.[ref.path], exists: (uuid) => uuid in world,
  });
}
const hpTo = (value: number, death?: DeathTrack) => ({
  ok: true,
  writes: [
    ...(death ? [{ kind: "update", uuid: "Actor.t", path: "system.death", value: death }] : []),
    { kind: "update", uuid: "Actor.t", path: "system.hp.value", value },
  ],
});

describe("Undo reverses the recorded change, exactly or not at all", () => {
  it("gives back the damage dealt, keeping hits taken since", () => {
    // 30 → 18 by this card, then 5 more from another hit: undo gives 12 back, not 30.
    expect(plan(step(-12), { hp: 13, hpMax: 30, isPC: false, death: null })).toEqual(hpTo(25));
  });
  it("an NPC dropped to 0 gets back what it had left", () => {
    expect(plan(step(-7), { hp: 0, hpMax: 30, isPC: false, death: null })).toEqual(hpTo(7));
  });
  it("refuses when reversing would pass the maximum (healed since)", () => {
    expect(plan(step(-12), { hp: 25, hpMax: 30, isPC: false, death: null }))
      .toMatchObject({ ok: false, reason: "outOfBounds", at: { path: "system.hp.value" } });
  });
  it("restores a character's death track, unless a death save moved it since", () => {
    const dying = { ...FRESH_DEATH_TRACK, hardFirstSave: true };
    const rec = step(-20, { deathBefore: FRESH_DEATH_TRACK, deathAfter: dying });
    expect(plan(rec, { hp: -5, hpMax: 30, isPC: true, death: dying }))
      .toEqual(hpTo(15, FRESH_DEATH_TRACK));
    const saved = { ...dying, failures: 1 };
    expect(plan(rec, { hp: -5, hpMax: 30, isPC: true, death: saved }))
      .toMatchObject({ ok: false, reason: "changedSince", at: { path: "system.death" } });
  });
  it("undoes healing too: a character may go below 0, an NPC may not", () => {
    expect(plan(step(8, { mode: "heal" }), { hp: 3, hpMax: 30, isPC: true, death: null })).toEqual(hpTo(-5));
    expect(plan(step(8, { mode: "heal" }), { hp: 3, hpMax: 30, isPC: false, death: null }))
      .toMatchObject({ ok: false, reason: "outOfBounds" });
  });
  it("deletes the effects the apply added that are still there, and gives self-damage back", () => {
    const rec = step(-4, { addedEffects: ["e1", "e2"], selfDamage: 3 });
    const world: Record<string, Record<string, Json>> = {
      "Actor.t": { "system.hp.value": 10, "system.hp.max": 30 },
      "Actor.t.ActiveEffect.e2": {},
      "Actor.a": { "system.hp.value": 5, "system.hp.max": 20 },
    };
    const deltas = legacyDeltas(rec, { actorUuid: "Actor.t", isPC: false, attackerUuid: "Actor.a" });
    expect(planInverse(deltas, { read: (r) => world[r.uuid]?.[r.path], exists: (u) => u in world }))
      .toEqual({
        ok: true,
        writes: [
          { kind: "update", uuid: "Actor.a", path: "system.hp.value", value: 8 },
          { kind: "delete", uuid: "Actor.t.ActiveEffect.e2" },
          { kind: "update", uuid: "Actor.t", path: "system.hp.value", value: 14 },
        ],
      });
  });
});
