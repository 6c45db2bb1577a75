import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { REGISTRY } from "../../src/rulesets/registry";
import { join } from "node:path";
import {
  ABILITY_MISS, ABILITY_TYPES, ACTIONS, BANDS, BASIC_KINDS, DAMAGE_TYPES, DEFENSES, DURATIONS, FREQUENCIES, HEAL_KINDS, MISS_DAMAGE, STANCES,
} from "../../src/rulesets/escalation/rules/constants";
import { CONDITION_IDS } from "../../src/rulesets/escalation/rules/conditions";
import { frayStatusEffects } from "../../src/rulesets/escalation/play/views/status-effects";

/** Every `FRAY.` string the code and templates use exists in lang/en.json. */
const root = process.cwd();
const flat = new Map<string, string>();
const walk = (node: unknown, prefix: string): void => {
  if (typeof node === "string") flat.set(prefix, node);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
};
walk(JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")), "");
// Each ruleset may keep its own strings beside its code; Foundry loads them all (manifest.ts).
for (const id of readdirSync(join(root, "src/rulesets"))) {
  const own = join(root, "src/rulesets", id, "lang");
  if (!existsSync(own)) continue;
  for (const f of readdirSync(own).filter((n) => n.endsWith(".json"))) walk(JSON.parse(readFileSync(join(own, f), "utf8")), "");
}

const files = (dir: string, ext: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : []));

describe("lang/en.json", () => {
  it("defines every literal FRAY. key in src/ and templates/", () => {
    const missing: string[] = [];
    const sources = [...files(join(root, "src"), ".ts"), ...files(join(root, "src"), ".hbs")];
    for (const file of sources) {
      for (const [, key] of readFileSync(file, "utf8").matchAll(/["'`](FRAY\.[A-Za-z0-9.]+[A-Za-z0-9])["'`]/g)) {
        // A key may also name a namespace (a select's label prefix, a model's LOCALIZATION_PREFIXES).
        const known = flat.has(key as string) || [...flat.keys()].some((k) => k.startsWith(`${key as string}.`));
        if (!known) missing.push(`${file.slice(root.length + 1)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("defines a label for every value of every list the UI shows", () => {
    const lists: [string, readonly (string | number)[]][] = [
      ["FRAY.Band", BANDS], ["FRAY.Defense", [...DEFENSES, "none"]], ["FRAY.DamageType", DAMAGE_TYPES], ["FRAY.Action", ACTIONS],
      ["FRAY.Frequency", FREQUENCIES], ["FRAY.AbilityType", ABILITY_TYPES], ["FRAY.Stance", STANCES], ["FRAY.MissDamage", MISS_DAMAGE],
      ["FRAY.AbilityMiss", ABILITY_MISS], ["FRAY.Basic", BASIC_KINDS], ["FRAY.Duration", DURATIONS], ["FRAY.Heal", HEAL_KINDS], ["FRAY.Condition", CONDITION_IDS],
      ["FRAY.Health", ["healthy", "staggered", "dying", "defeated"]], ["FRAY.Side", ["party", "enemies", "draw"]],
      ["FRAY.Relay.Reason", [
        "badRequest", "badMessage", "unsealed", "notAuthor", "gmOnly", "notOnCard", "alreadyApplied", "notApplied", "notYours",
        "noTarget", "notOwner", "timeout", "failed", "notActiveGM", "hpChangedSince", "deathChangedSince", "notInCombat", "notYourTurn", "used",
      ]],
      ["FRAY.Use", ["Expended", "Escalation", "Hampered", "Power", "Grabbed"]],
    ];
    const missing = lists.flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`)).filter((k) => !flat.has(k));
    expect(missing).toEqual([]);
    for (const s of frayStatusEffects()) expect(flat.has(s.name), s.name).toBe(true);
  });

  it("names every ruleset, in full and short (a read-only sheet's note reads FRAY.Ruleset.Short.<id>)", () => {
    for (const { rules } of REGISTRY) {
      expect(flat.has(rules.label), rules.label).toBe(true);
      expect(flat.has(`FRAY.Ruleset.Short.${rules.id}`), rules.id).toBe(true);
    }
  });

  it("labels every document subtype Fray declares (Foundry's create dialogs read TYPES.<Document>.<type>)", () => {
    for (const [document, types] of REGISTRY.flatMap((e) => Object.entries(e.manifest.documentTypes))) {
      for (const type of Object.keys(types)) expect(flat.has(`TYPES.${document}.${type}`), `TYPES.${document}.${type}`).toBe(true);
    }
  });
});
