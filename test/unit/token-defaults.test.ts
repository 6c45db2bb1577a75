import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { prototypeTokenDefaults } from "../../src/shell/data/token-defaults";
import { barAttributeFits, generateManifest, sharedBarAttribute, type RulesetManifest } from "../../src/shell/manifest";
import { REGISTRY } from "../../src/rulesets/registry";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A new actor's prototype token follows its subtype (the rulesets' manifests): characters are
 * linked and friendly (as dnd5e's Actor `_preCreate` makes them), and each bar shows an attribute
 * the subtype has; what the creator set is kept. system.json names a bar attribute only when
 * every subtype shows it there (Foundry gives every new token `secondaryTokenAttribute`,
 * common/documents/token.mjs).
 */
// Foundry's CONST.TOKEN_DISPOSITIONS (common/constants.mjs).
const DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;
const manifests = REGISTRY.map((e) => e.manifest);
const tokensOf = (type: string) => {
  for (const m of manifests) if (m.tokens?.[type]) return m.tokens[type];
  throw new Error(`no token defaults for ${type}`);
};

describe("prototype token defaults of a new actor", () => {
  it("a character created in the world is linked, friendly, with its HP and recoveries as bars", () => {
    expect(prototypeTokenDefaults(tokensOf("escalationCharacter"), { name: "Vel", type: "escalationCharacter" }, DISPOSITIONS))
      .toEqual({ actorLink: true, disposition: 1, bar1: { attribute: "hp" }, bar2: { attribute: "recoveries" } });
    expect(prototypeTokenDefaults(tokensOf("shockCharacter"), { name: "Ada" }, DISPOSITIONS))
      .toEqual({ actorLink: true, disposition: 1, bar1: { attribute: "hp" }, bar2: { attribute: null } });
  });

  it("an NPC keeps Foundry's unlinked hostile token and gets no second bar", () => {
    for (const type of ["escalationNpc", "shockNpc"]) {
      expect(prototypeTokenDefaults(tokensOf(type), {}, DISPOSITIONS), type)
        .toEqual({ bar1: { attribute: "hp" }, bar2: { attribute: null } });
    }
  });

  it("keeps what the creator set, even false or null (an imported compendium actor brings its token)", () => {
    const given = { prototypeToken: { actorLink: false, disposition: -1, bar2: { attribute: null } } };
    expect(prototypeTokenDefaults(tokensOf("escalationCharacter"), given, DISPOSITIONS))
      .toEqual({ bar1: { attribute: "hp" } });
  });

  it("sets exactly the defaults the creator left out, for any mix of given keys", () => {
    const defaults = tokensOf("escalationCharacter");
    const keys = ["actorLink", "disposition", "bar1", "bar2"] as const;
    fc.assert(fc.property(fc.subarray([...keys]), fc.constantFrom(true, false, null, 0, "x"), (given, value) => {
      const token: Record<string, unknown> = {};
      for (const k of given) token[k] = k.startsWith("bar") ? { attribute: value } : value;
      const out = prototypeTokenDefaults(defaults, { prototypeToken: token }, DISPOSITIONS);
      expect(Object.keys(out).sort()).toEqual(keys.filter((k) => !given.includes(k)).sort());
    }));
  });
});

describe("token bars in the manifests", () => {
  it("every subtype's bars show an attribute its data has (a number or a value/max pair)", () => {
    for (const m of manifests) {
      for (const type of Object.keys(m.documentTypes.Actor ?? {})) {
        const bars = m.tokens?.[type]?.bars;
        expect(bars, `${type} token defaults`).toBeDefined();
        const spec = m.documentSpecs.Actor?.[type];
        for (const attribute of bars ?? []) if (attribute) expect(barAttributeFits(spec!, attribute), `${type} ${attribute}`).toBe(true);
      }
    }
  });

  it("reads a spec path as a bar only for a number or a value/max pair", () => {
    const spec = manifests[0]!.documentSpecs.Actor!.escalationCharacter!;
    expect(barAttributeFits(spec, "hp")).toBe(true);
    expect(barAttributeFits(spec, "recoveries")).toBe(true);
    expect(barAttributeFits(spec, "level")).toBe(true);
    expect(barAttributeFits(spec, "className")).toBe(false);
    expect(barAttributeFits(spec, "hp.nope")).toBe(false);
    expect(barAttributeFits(spec, "toString")).toBe(false);
  });

  it("system.json names HP for bar 1 (every subtype's) and no attribute for bar 2", () => {
    const base = JSON.parse(readFileSync(join(process.cwd(), "system.json"), "utf8")) as Record<string, unknown>;
    const m = generateManifest(base, manifests);
    expect(m.primaryTokenAttribute).toBe("hp");
    expect("secondaryTokenAttribute" in m).toBe(false);
    expect(() => generateManifest({ ...base, secondaryTokenAttribute: "recoveries" }, manifests))
      .toThrow('must not declare "secondaryTokenAttribute"');
  });

  it("shares an attribute only when every subtype of every ruleset shows it in that bar", () => {
    const r = (id: string, bars: Record<string, [string | null, string | null]>): RulesetManifest => ({
      id, folder: id, color: "#000000", packs: [], documentSpecs: {}, lang: false,
      documentTypes: { Actor: Object.fromEntries(Object.keys(bars).map((t) => [t, {}])) },
      tokens: Object.fromEntries(Object.entries(bars).map(([t, b]) => [t, { bars: b }])),
    });
    expect(sharedBarAttribute([r("a", { aPc: ["hp", "mp"], aNpc: ["hp", "mp"] })], 1)).toBe("mp");
    expect(sharedBarAttribute([r("a", { aPc: ["hp", "mp"] }), r("b", { bNpc: ["hp", null] })], 1)).toBeNull();
    expect(sharedBarAttribute([r("a", { aPc: ["hp", null] })], 1)).toBeNull();
    expect(sharedBarAttribute([r("a", { aPc: ["hp", null] }), { ...r("b", {}), documentTypes: { Actor: { bX: {} } } }], 0)).toBeNull();
  });
});
