import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../src/rulesets/escalation/rules/models";
import { isDead } from "../../src/rulesets/escalation/rules/death-save";
import { healthState } from "../../src/rulesets/escalation/rules/health";
import { applyUpdate } from "./stand-ins";

/**
 * An escalation actor as its Foundry layer reads it, for tests that run that layer in Node: a
 * character built on Brann Tallow's pack source (his abilities and weapons as items), or an NPC
 * without items; `health`, `dead` and `death` from the rules, updates merged as Foundry's client
 * merges them (`stand-ins.ts`) and kept in `updates`. Data only: no permissions.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const root = join(import.meta.dirname, "../..");
const brann = JSON.parse(readFileSync(join(root, "packs/_source/escalation/pregens/brann-tallow.json"), "utf8"));

/** @param over the character's (or NPC's) data that differs from Brann's (or the NPC defaults). */
export function escalationActor(name: string, over: Record<string, unknown> = {}, isPC = true): any {
  const system: any = withDefaults(isPC ? CHARACTER_SPEC : NPC_SPEC, isPC ? { ...brann.system, ...over } : over);
  const items = brann.items.map((i: any) => ({
    id: i._id, name: i.name, type: i.type,
    system: withDefaults(i.type === "escalationWeapon" ? WEAPON_SPEC : ABILITY_SPEC, i.system),
  }));
  const a: any = {
    name, isPC, system, updates: [] as unknown[], statuses: new Set<string>(), recoveryPenalty: 0,
    effects: { contents: [] }, timedEffects: [], type: isPC ? "escalationCharacter" : "escalationNpc",
    items: { contents: isPC ? items : [], get: (id: string) => items.find((i: any) => i.id === id) },
    get hp() { return a.system.hp; },
    get health() { return healthState(a.system.hp.value, a.system.hp.max, isPC); },
    get death() { return a.system.death; },
    get dead() { return isPC ? isDead(a.system.death) : a.health === "defeated"; },
    async update(changes: Record<string, unknown>) {
      a.updates.push(structuredClone(changes));
      applyUpdate(a, changes);
    },
    async syncHealthStatuses() {},
  };
  for (const i of items) i.parent = a;
  return a;
}

/** A character's death track (as `escalationActor`'s `over`), fresh but for `over`. */
export const death = (over: Record<string, unknown>) => ({
  death: { failures: 0, stabilized: false, hardFirstSave: false, lastGasp: false, upNextTurn: false, ...over },
});
