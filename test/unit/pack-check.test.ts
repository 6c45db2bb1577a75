import { describe, expect, it } from "vitest";
import { checkPack } from "../../scripts/lib/pack-check";
import { declaredPacks } from "../../scripts/lib/packs";
import { readPackSources } from "../../scripts/lib/sources";
import { validate, withDefaults, initialOf } from "../../src/rules/schema/spec";
import { NPC_SPEC } from "../../src/rules/escalation/models";

const npc = (over: Record<string, unknown> = {}) => ({
  file: "packs/_source/monsters/x.json",
  doc: { _id: "AAAAAAAAAAAAAAAA", _key: "!actors!AAAAAAAAAAAAAAAA", name: "X", type: "npc", system: { level: 2 }, items: [], ...over },
});

describe("pack source checks", () => {
  it("every shipped pack source passes", () => {
    const seen = new Map<string, string>();
    for (const pack of declaredPacks()) expect(checkPack(pack.type, readPackSources(pack.name), seen)).toEqual([]);
  });
  it("ships the content the foundation promises", () => {
    const pregens = readPackSources("pregens").map((s) => s.doc.system as Record<string, unknown>);
    const monsters = readPackSources("monsters").map((s) => s.doc.system as Record<string, unknown>);
    const abilities = readPackSources("abilities").map((s) => s.doc.system as Record<string, string>);
    expect(pregens.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pregens.map((p) => p.className)).size).toBe(pregens.length);
    expect(new Set(pregens.map((p) => (p.stance as { mode: string }).mode))).toEqual(new Set(["melee", "ranged"]));
    expect(new Set(pregens.map((p) => p.missDamage))).toEqual(new Set(["none", "level"]));
    expect(monsters.length).toBeGreaterThanOrEqual(12);
    const levels = monsters.map((m) => m.level as number);
    expect(Math.min(...levels)).toBe(1);
    expect(Math.max(...levels)).toBe(5);
    expect(abilities.length).toBeGreaterThanOrEqual(12);
    expect(new Set(abilities.map((a) => a.frequency))).toEqual(new Set(["atWill", "encounter", "daily", "recharge"]));
    expect(new Set(abilities.map((a) => a.action))).toEqual(new Set(["standard", "move", "quick", "free", "interrupt"]));
  });
  it("names the file and field of a source without _key (which the CLI would skip silently)", () => {
    const problems = checkPack("Actor", [npc({ _key: undefined })]);
    expect(problems).toEqual([expect.objectContaining({ file: "packs/_source/monsters/x.json", field: "_key" })]);
  });
  it("rejects a duplicate _id across files", () => {
    const problems = checkPack("Actor", [npc(), { ...npc(), file: "y.json" }]);
    expect(problems).toEqual([expect.objectContaining({ file: "y.json", field: "_id", message: expect.stringContaining("x.json") })]);
  });
  it("rejects a document that does not fit its data model", () => {
    const problems = checkPack("Actor", [npc({ system: { level: 2, band: "ludicrous", hp: { value: 3, max: 0 }, colour: "red" } })]);
    expect(problems.map((p) => p.field).sort()).toEqual(["system.band", "system.colour", "system.hp.max"]);
  });
  it("checks embedded items and their keys", () => {
    const item = { _id: "BBBBBBBBBBBBBBBB", _key: "!items!BBBBBBBBBBBBBBBB", name: "Bite", type: "ability", system: { defense: "xx" } };
    const problems = checkPack("Actor", [npc({ items: [item] })]);
    expect(problems.map((p) => p.field).sort()).toEqual(["items.0._key", "items.0.system.defense"]);
  });
});

describe("field specs", () => {
  it("every problem carries a FRAY.Validation key that lang/en.json defines", async () => {
    const { localizerFor } = await import("../../src/encounter/i18n");
    const { readFileSync } = await import("node:fs");
    const t = localizerFor(JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>);
    const errors = validate(NPC_SPEC, { level: 1.5, band: "x", hp: { max: 0 }, usesEscalation: "yes", resistances: {}, defenses: [], extra: 1, role: 3 });
    expect(errors.length).toBe(8);
    for (const e of errors) {
      expect(t(e.key, e.data)).not.toBe(e.key);
      expect(t(e.key, e.data)).toContain(e.path);
    }
  });
  it("fills defaults deeply and keeps given values", () => {
    const s = withDefaults(NPC_SPEC, { level: 4, hp: { value: 7 } });
    expect(s.level).toBe(4);
    expect(s.hp).toEqual({ value: 7, max: 20 });
    expect(s.defenses).toEqual({ ac: 10, pd: 10, md: 10 });
    expect(validate(NPC_SPEC, initialOf(NPC_SPEC))).toEqual([]);
  });
});
