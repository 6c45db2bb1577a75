import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageFor, mergeLang } from "../../../../scripts/lib/lang";
import type { FieldSpec } from "../../../engine/schema/spec";
import { generateManifest } from "../../../shell/manifest";
import { PHASES_MANIFEST } from "../manifest";
import { BATTLE_ACTIONS, CONDITION_IDS, MOVEMENT_KINDS } from "../rules/constants";
import { DOCUMENT_SPECS } from "../rules/models";
import { PHASE_STEPS } from "../rules/turn-scheme";

/**
 * phases' manifest and strings: the manifest declares exactly the subtypes its specs describe and
 * the packs its sources hold, fits beside every registered ruleset's, and the lang files
 * (`src/rulesets/phases/lang/*.json`, merged as the build merges them) label every choice of every
 * spec, each phase, condition, movement power and Battle action, and every subtype. The i18n test
 * (`test/unit/i18n.test.ts`) reads these files too, registered or not.
 */
const ROOT = process.cwd();
const flat = new Map<string, string>();
const walk = (node: unknown, prefix: string): void => {
  if (typeof node === "string") flat.set(prefix, node);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  }
};
walk(languageFor("phases"), "");

/** Every `labels` prefix in a spec with the choices it labels. */
function labelled(spec: FieldSpec, path: string): [string, string, readonly string[]][] {
  switch (spec.kind) {
    case "string":
      return spec.labels && spec.choices ? [[path, spec.labels, spec.choices]] : [];
    case "object":
      return Object.entries(spec.fields).flatMap(([k, f]) => labelled(f, `${path}.${k}`));
    case "array":
      return labelled(spec.element, `${path}[]`);
    default:
      return [];
  }
}

describe("phases manifest", () => {
  it("declares the subtypes of its document specs and a token for each Actor subtype", () => {
    for (const doc of ["Actor", "Item"] as const) {
      expect(Object.keys(PHASES_MANIFEST.documentTypes[doc] ?? {}).sort(), doc)
        .toEqual(Object.keys(DOCUMENT_SPECS[doc]).sort());
    }
    expect(PHASES_MANIFEST.documentSpecs).toBe(DOCUMENT_SPECS);
    expect(Object.keys(PHASES_MANIFEST.tokens ?? {}).sort())
      .toEqual(Object.keys(DOCUMENT_SPECS.Actor).sort());
    expect(PHASES_MANIFEST.tokens?.phasesCharacter)
      .toMatchObject({ actorLink: true, disposition: "FRIENDLY" });
  });

  it("lists exactly the pack folders of packs/_source/phases; only the foes are GM-only", () => {
    const folders = readdirSync(join(ROOT, "packs/_source/phases")).sort();
    expect(PHASES_MANIFEST.packs.map((p) => p.name).sort()).toEqual(folders);
    for (const p of PHASES_MANIFEST.packs) {
      expect(p.players, p.name).toBe(p.name === "npcs" ? "NONE" : "OBSERVER");
    }
  });

  // That it clashes with no registered ruleset is test/unit/phases-manifest.test.ts' (a ruleset
  // never imports the registry).
  it("generates its packs and language file into system.json", () => {
    const base = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as
      Record<string, unknown>;
    const m = generateManifest(base, [PHASES_MANIFEST]) as {
      packs: { name: string }[]; languages: { path: string }[];
    };
    for (const p of PHASES_MANIFEST.packs) {
      expect(m.packs.map((q) => q.name)).toContain(`phases-${p.name}`);
    }
    expect(m.languages.map((l) => l.path)).toContain("lang/phases.en.json");
  });
});

describe("phases strings (src/rulesets/phases/lang)", () => {
  it("merge with the shared strings without defining any twice", () => {
    const files = readdirSync(join(ROOT, "src/rulesets/phases/lang")).filter((f) =>
      f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    const into = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as
      Record<string, unknown>;
    for (const f of files) {
      const path = join(ROOT, "src/rulesets/phases/lang", f);
      expect(() => mergeLang(into, JSON.parse(readFileSync(path, "utf8")) as
        Record<string, unknown>, path)).not.toThrow();
    }
  });

  it("label every value of every choice the specs show, under FRAY.Phases", () => {
    const specs = { ...DOCUMENT_SPECS.Actor, ...DOCUMENT_SPECS.Item } as Record<string, FieldSpec>;
    const lists = Object.entries(specs).flatMap(([type, spec]) => labelled(spec, type));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const missing = lists.flatMap(([path, prefix, choices]) => {
      expect(prefix, path).toMatch(/^FRAY\.Phases\./);
      return choices.map((c) => `${prefix}.${c}`).filter((k) => !flat.has(k));
    });
    expect(missing).toEqual([]);
  });

  it("name each phase, condition, movement power, Battle action and stat, and each subtype", () => {
    const keys = [
      "FRAY.Phases.Ruleset",
      ...PHASE_STEPS.map((s) => `FRAY.Phases.Phase.${s.id}`),
      ...CONDITION_IDS.flatMap((c) => [`FRAY.Phases.Condition.${c}`,
        `FRAY.Phases.ConditionHint.${c}`]),
      ...MOVEMENT_KINDS.map((k) => `FRAY.Phases.MovementKind.${k}`),
      ...BATTLE_ACTIONS.map((a) => `FRAY.Phases.BattleAction.${a}`),
      ...["hp", "atk", "def", "int", "agi", "speed", "tier"].flatMap((s) =>
        [`FRAY.Phases.Stat.${s}`, `FRAY.Phases.StatName.${s}`]),
      ...(["Actor", "Item"] as const).flatMap((d) =>
        Object.keys(PHASES_MANIFEST.documentTypes[d] ?? {}).map((t) => `TYPES.${d}.${t}`)),
    ];
    expect(keys.filter((k) => !flat.has(k))).toEqual([]);
    expect(flat.get("FRAY.Phases.Phase.battle")).toBe("Battle Phase");
    expect(flat.get("FRAY.Phases.Condition.immobilised")).toBe("Immobilised");
  });
});
