import { describe, expect, it } from "vitest";
import { validate } from "../../src/engine/schema/spec";
import { NPC_SPEC } from "../../src/rulesets/escalation/rules/models";
import { statblockFromActor, StatblockError, type ActorDocumentSource } from "../../src/rulesets/escalation/rules/statblock";
import { checkPack } from "../../scripts/lib/pack-check";

/**
 * Keys named like Object.prototype members. Sources come from JSON.parse, which makes each of them
 * an own property (even `__proto__`), so they are built the same way here.
 */
const KEYS = ["constructor", "toString", "__proto__"] as const;
const parsed = (json: string) => JSON.parse(json) as Record<string, unknown>;

describe("field-spec validation reads own properties only", () => {
  for (const key of KEYS) {
    it(`reports "${key}" as an unknown field at the top level`, () => {
      const errors = validate(NPC_SPEC, parsed(`{"level": 2, "${key}": 1}`));
      expect(errors).toEqual([expect.objectContaining({ path: key, key: "FRAY.Validation.Unknown" })]);
    });

    it(`reports "${key}" as an unknown field in a nested object and in a list's element`, () => {
      const value = parsed(`{"hp": {"max": 9, "${key}": {}}, "resistances": [{"type": "fire", "threshold": 12, "${key}": "x"}]}`);
      const errors = validate(NPC_SPEC, value, "system");
      expect(errors.map((e) => [e.path, e.key])).toEqual([
        [`system.hp.${key}`, "FRAY.Validation.Unknown"],
        [`system.resistances.0.${key}`, "FRAY.Validation.Unknown"],
      ]);
    });

    it(`lets the pack check name the file and field of a source with "${key}" in its data`, () => {
      const doc = parsed(`{"_id": "AAAAAAAAAAAAAAAA", "_key": "!actors!AAAAAAAAAAAAAAAA", "name": "X", "type": "escalationNpc",
        "system": {"level": 2, "defenses": {"${key}": 3}}, "items": []}`);
      const problems = checkPack("Actor", [{ file: "monsters/x.json", doc }]);
      expect(problems).toEqual([expect.objectContaining({ file: "monsters/x.json", field: `system.defenses.${key}` })]);
    });
  }

  it("makes a statblock from such a source fail with its problems, not a TypeError", () => {
    const actor = parsed(`{"_id": "AAAAAAAAAAAAAAAA", "name": "X", "type": "escalationNpc", "system": {"toString": 1}, "items": []}`);
    expect(() => statblockFromActor(actor as unknown as ActorDocumentSource)).toThrow(StatblockError);
  });
});
