import { languageFor } from "../../scripts/lib/lang";
import { afterEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPack } from "../../scripts/lib/pack-check";
import { buildPacks, declaredPacks } from "../../scripts/lib/packs";
import { readPackSources, SOURCE_ROOT, SourceReadError } from "../../scripts/lib/sources";
import { validate, withDefaults, initialOf } from "../../src/engine/schema/spec";
import { NPC_SPEC } from "../../src/rulesets/escalation/rules/models";

const npc = (over: Record<string, unknown> = {}) => ({
  file: "packs/_source/monsters/x.json",
  doc: { _id: "AAAAAAAAAAAAAAAA", _key: "!actors!AAAAAAAAAAAAAAAA", name: "X", type: "escalationNpc", system: { level: 2 }, items: [], ...over },
});

describe("pack source checks", () => {
  it("every shipped pack source passes", () => {
    const seen = new Map<string, string>();
    for (const pack of declaredPacks()) expect(checkPack(pack.type, readPackSources(pack.source), seen, pack.specs)).toEqual([]);
  });
  it("ships the content the foundation promises", () => {
    const pregens = readPackSources("escalation/pregens").map((s) => s.doc.system as Record<string, unknown>);
    const monsters = readPackSources("escalation/monsters").map((s) => s.doc.system as Record<string, unknown>);
    const abilities = readPackSources("escalation/abilities").map((s) => s.doc.system as Record<string, string>);
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
  it("rejects a token bar showing an attribute its subtype lacks (a bar that never draws)", () => {
    const token = (bar2: unknown) => ({ prototypeToken: { bar1: { attribute: "hp" }, bar2: { attribute: bar2 } } });
    expect(checkPack("Actor", [npc(token("recoveries"))])).toEqual([expect.objectContaining({
      field: "prototypeToken.bar2.attribute", message: expect.stringContaining("escalationNpc"),
    })]);
    expect(checkPack("Actor", [npc(token(null))])).toEqual([]);
    expect(checkPack("Actor", [npc(token("level"))])).toEqual([]);
    expect(checkPack("Actor", [npc(token("biography"))])).toHaveLength(1);
  });
  it("checks embedded items and their keys", () => {
    const item = { _id: "BBBBBBBBBBBBBBBB", _key: "!items!BBBBBBBBBBBBBBBB", name: "Bite", type: "escalationAbility", system: { defense: "xx" } };
    const problems = checkPack("Actor", [npc({ items: [item] })]);
    expect(problems.map((p) => p.field).sort()).toEqual(["items.0._key", "items.0.system.defense"]);
  });
});

describe("unreadable sources fail naming the file (temp folders)", () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** A temp source root holding one pack folder with the given files (name → text). */
  function packWith(pack: string, files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), "fray-packs-"));
    temps.push(root);
    mkdirSync(join(root, pack));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, pack, name), text);
    return root;
  }
  const good = JSON.stringify(npc().doc);
  const readError = (fn: () => unknown): SourceReadError => {
    try {
      fn();
    } catch (err) {
      return err as SourceReadError;
    }
    throw new Error("expected readPackSources to throw");
  };

  it("truncated JSON: the error names the file", () => {
    const root = packWith("monsters", { "a.json": good, "b.json": good.slice(0, 40) });
    const err = readError(() => readPackSources("monsters", root));
    expect(err).toBeInstanceOf(SourceReadError);
    expect(err.problems).toEqual([{ file: join(root, "monsters", "b.json"), message: expect.stringMatching(/^is not valid JSON \(/) }]);
    expect(err.message).toContain(join(root, "monsters", "b.json"));
  });

  it("a null source (or a list, or a bare value): the error names each file", () => {
    const root = packWith("monsters", { "a.json": "null", "b.json": "[]", "c.json": "7", "d.json": good });
    const err = readError(() => readPackSources("monsters", root));
    expect(err.problems.map((p) => [p.file.replace(/^.*\//, ""), p.message])).toEqual([
      ["a.json", "must hold one document (a JSON object), got null"],
      ["b.json", "must hold one document (a JSON object), got a list"],
      ["c.json", "must hold one document (a JSON object), got number"],
    ]);
  });

  it("a non-list items, or an item that is not an object, names the file and field", () => {
    const root = packWith("monsters", {
      "a.json": JSON.stringify({ ...npc().doc, items: { bite: {} } }),
      "b.json": JSON.stringify({ ...npc().doc, _id: "BBBBBBBBBBBBBBBB", _key: "!actors!BBBBBBBBBBBBBBBB", items: null }),
      "c.json": JSON.stringify({ ...npc().doc, _id: "CCCCCCCCCCCCCCCC", _key: "!actors!CCCCCCCCCCCCCCCC", items: [null] }),
    });
    const problems = checkPack("Actor", readPackSources("monsters", root));
    expect(problems.map((p) => [p.file.replace(/^.*\//, ""), p.field])).toEqual([["a.json", "items"], ["b.json", "items"], ["c.json", "items.0"]]);
  });

  it("a non-list pages names the file and field", () => {
    const entry = { _id: "JJJJJJJJJJJJJJJJ", _key: "!journal!JJJJJJJJJJJJJJJJ", name: "Primer", pages: "one page" };
    const root = packWith("rules", { "primer.json": JSON.stringify(entry) });
    expect(checkPack("JournalEntry", readPackSources("rules", root))).toEqual([
      { file: join(root, "rules", "primer.json"), field: "pages", message: 'must be a list, got "one page"' },
    ]);
  });

  it("the pack build stops, compiling nothing, with a message naming the broken file", async () => {
    const root = mkdtempSync(join(tmpdir(), "fray-build-"));
    temps.push(root);
    const sources = join(root, "sources");
    cpSync(SOURCE_ROOT, sources, { recursive: true });
    const [first] = readPackSources("escalation/monsters", sources);
    const cases: [string, string][] = [["truncated", good.slice(0, 30)], ["null", "null"], ["items", JSON.stringify({ ...first!.doc, items: 3 })]];
    for (const [label, text] of cases) {
      writeFileSync(first!.file, text);
      const out = join(root, `out-${label}`);
      await expect(buildPacks(out, sources), label).rejects.toThrow(first!.file);
      expect(existsSync(out), label).toBe(false);
    }
  });
});

describe("field specs", () => {
  it("every problem carries a FRAY.Validation key that lang/en.json defines", async () => {
    const { localizerFor } = await import("../../src/engine/i18n");
    const t = localizerFor(languageFor("escalation"));
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
