import { actorSource, itemSource } from "../../../engine/schema/document-source";
import { describe, expect, it } from "vitest";
import { checkPack } from "../../../../scripts/lib/pack-check";
import { readPackSources, slugOf, type SourceFile } from "../../../../scripts/lib/sources";
import type { FieldSpec } from "../../../engine/schema/spec";
import { SIZES, WEAPON_CATEGORIES } from "../rules/constants";
import { DOCUMENT_SPECS } from "../rules/models";
import {
  reachWith, spellFromItem, statblockFromActor, weaponFromItem,
  type ActorDocumentSource, type Statblock, type Weapon,
} from "../rules/statblock";

/**
 * The action-points compendium sources (`packs/_source/action-points/<pack>/<slug>.json`): they
 * pass the build's own pack check, read as statblocks, and hold the content the encounter runner
 * and the GM are promised (four pregens in their roles, foes from Small to Huge, every weapon
 * category with a Flow action, spells, a primer). Until the ruleset is registered the build does
 * not read these files, so this test is what guards them.
 */
const ROOT = new URL("../../../../packs/_source/action-points/", import.meta.url).pathname;
const PACKS = {
  pregens: "Actor", npcs: "Actor", weapons: "Item", spells: "Item", rules: "JournalEntry",
} as const;
type Pack = keyof typeof PACKS;

const read = (pack: Pack): SourceFile[] => readPackSources(pack, ROOT);
const bySlug = (pack: Pack): Map<string, SourceFile> =>
  new Map(read(pack).map((s) => [slugOf(s.file), s]));
const asActor = (s: SourceFile) => actorSource(s.doc);
type ItemSource = NonNullable<ActorDocumentSource["items"]>[number];
const asItem = (s: SourceFile): ItemSource => itemSource(s.doc);

/** The statblocks of an actor pack, by slug. */
function blocks(pack: "pregens" | "npcs"): Map<string, Statblock> {
  return new Map([...bySlug(pack)].map(([slug, s]) => [slug, statblockFromActor(asActor(s))]));
}

/** Fields of `spec` that `value` leaves out (deep): pack content states every field itself. */
function missingFields(spec: FieldSpec, value: unknown, path = "system"): string[] {
  if (spec.kind !== "object") return [];
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.entries(spec.fields).flatMap(([k, f]) =>
    k in record ? missingFields(f, record[k], `${path}.${k}`) : [`${path}.${k}`]);
}

/** Every `_id` of the ruleset's sources (documents, embedded items, pages) and its file. */
function allIds(): [string, string][] {
  return (Object.keys(PACKS) as Pack[]).flatMap((pack) => read(pack).flatMap(({ file, doc }) => {
    const embedded = [...(doc.items ?? []) as { _id: string }[],
      ...(doc.pages ?? []) as { _id: string }[]];
    const own: [string, string] = [String(doc._id), file];
    return [own, ...embedded.map((e): [string, string] => [e._id, file])];
  }));
}

const avg = (w: Weapon): number => w.damage.dice * (w.damage.die + 1) / 2 + w.damage.bonus;

describe("action-points compendium sources (packs/_source/action-points)", () => {
  it("pass the build's pack check against the ruleset's specs, ids shared across packs", () => {
    const seen = new Map<string, string>();
    for (const [pack, type] of Object.entries(PACKS)) {
      expect(checkPack(type, read(pack as Pack), seen, DOCUMENT_SPECS), pack).toEqual([]);
    }
  });

  it("every id is `apt` + 13 hex digits and unique across the ruleset, pages included", () => {
    const ids = allIds();
    for (const [id, file] of ids) expect(id, file).toMatch(/^apt[0-9a-f]{13}$/);
    expect(new Set(ids.map(([id]) => id)).size).toBe(ids.length);
  });

  it("every actor and item states every field of its model (no silent defaults)", () => {
    const specs = { ...DOCUMENT_SPECS.Actor, ...DOCUMENT_SPECS.Item } as Record<string, FieldSpec>;
    for (const pack of ["pregens", "npcs", "weapons", "spells"] as const) {
      for (const { file, doc } of read(pack)) {
        const docs = [doc, ...(doc.items ?? []) as Record<string, unknown>[]];
        for (const d of docs) {
          const spec = specs[String(d.type)];
          expect(spec, `${file} ${String(d.name)}`).toBeDefined();
          if (spec) expect(missingFields(spec, d.system), `${file} ${String(d.name)}`).toEqual([]);
        }
      }
    }
  });

  it("every actor reads as a statblock and every item as a weapon or spell", () => {
    for (const pack of ["pregens", "npcs"] as const) {
      for (const s of read(pack)) {
        const b = statblockFromActor(asActor(s));
        expect(b.isPC, s.file).toBe(pack === "pregens");
        expect(b.weapons.length + b.spells.length, s.file).toBe(asActor(s).items?.length);
        expect(s.doc.prototypeToken, s.file).toMatchObject({ actorLink: pack === "pregens" });
      }
    }
    for (const s of read("weapons")) expect(weaponFromItem(asItem(s)).name).toBe(s.doc.name);
    for (const s of read("spells")) expect(spellFromItem(asItem(s)).name).toBe(s.doc.name);
  });

  it("pregens: the four roles the runner names, HP 18–30, each with its own skills", () => {
    const pcs = blocks("pregens");
    expect([...pcs.keys()].sort()).toEqual(["ivo-dask", "oswin-clay", "reyna-fell", "tamsin-holt"]);
    for (const b of pcs.values()) {
      expect(b.hpMax, b.name).toBeGreaterThanOrEqual(18);
      expect(b.hpMax, b.name).toBeLessThanOrEqual(30);
    }
    expect(new Set([...pcs.values()].map((b) => JSON.stringify(b.skills))).size).toBe(4);

    const tamsin = pcs.get("tamsin-holt")!;
    expect(tamsin.shield).toBe(true);
    expect(tamsin.weapons.map((w) => w.category)).toContain("sword");
    expect(tamsin.skills.endurance).toBeGreaterThanOrEqual(60);
    expect(tamsin.skills.melee).toBeGreaterThanOrEqual(60);

    const ivo = pcs.get("ivo-dask")!;
    const main = ivo.weapons.filter((w) => w.kind === "melee" && w.readied && !w.offHand);
    const off = ivo.weapons.filter((w) => w.kind === "melee" && w.readied && w.offHand);
    expect(main.map((w) => w.category)).toEqual(["axe"]);
    expect(off.map((w) => [w.category, w.finesse])).toEqual([["dagger", true]]);

    const reyna = pcs.get("reyna-fell")!;
    const bow = reyna.weapons.find((w) => w.category === "bow");
    expect(bow?.kind).toBe("ranged");
    expect(bow?.range).toBeGreaterThanOrEqual(6);
    expect(bow?.range).toBeLessThanOrEqual(10);
    expect(reyna.weapons.some((w) => w.category === "dagger")).toBe(true);
    expect(reyna.skills.ranged).toBeGreaterThan(reyna.skills.melee);

    const oswin = pcs.get("oswin-clay")!;
    const damaging = oswin.spells.filter((s) => s.damage.dice > 0);
    expect(damaging.length).toBeGreaterThanOrEqual(2);
    expect(damaging.some((s) => s.singleTarget)).toBe(true);
    expect(damaging.some((s) => !s.singleTarget)).toBe(true);
    expect(oswin.weapons.map((w) => w.category)).toContain("mace");
    expect(oswin.skills.arcana).toBeGreaterThan(oswin.skills.melee);
  });

  it("NPCs: the named foes and weapons, Small to Huge, reach from size and a pike", () => {
    const npcs = blocks("npcs");
    expect(npcs.size).toBeGreaterThanOrEqual(11);
    const expected: Record<string, [string, string[]]> = {
      "goblin-cutter": ["small", ["dagger"]],
      "goblin-slinger": ["small", ["thrown"]],
      "bandit-thug": ["medium", ["mace"]],
      "bandit-bowman": ["medium", ["crossbow"]],
      "bandit-captain": ["medium", ["sword"]],
      "hobgoblin-pikeman": ["medium", ["polearm"]],
      "dire-wolf": ["medium", ["brawl"]],
      "cultist-adept": ["medium", ["dagger"]],
      ogre: ["large", ["mace"]],
      troll: ["large", ["brawl"]],
      "hill-giant": ["huge", ["mace"]],
    };
    for (const [slug, [size, categories]] of Object.entries(expected)) {
      const b = npcs.get(slug);
      expect(b, slug).toBeDefined();
      expect(b?.size, slug).toBe(size);
      const held = b?.weapons.map((w) => w.category) ?? [];
      for (const c of categories) expect(held, slug).toContain(c);
    }
    expect(npcs.get("bandit-captain")?.shield).toBe(true);
    expect(npcs.get("cultist-adept")?.spells.length).toBeGreaterThanOrEqual(1);
    expect(new Set([...npcs.values()].map((b) => b.size))).toEqual(new Set(SIZES));

    const best = (b: Statblock) => Math.max(...b.weapons.map((w) => reachWith(b, w)));
    const pike = npcs.get("hobgoblin-pikeman")!;
    expect(pike.weapons.find((w) => w.category === "polearm")?.reach).toBe(2);
    expect(best(pike)).toBe(2);
    for (const slug of ["ogre", "troll"]) expect(best(npcs.get(slug)!), slug).toBe(2);
    expect(best(npcs.get("hill-giant")!)).toBe(3);
    for (const b of npcs.values()) expect(b.weapons.length, b.name).toBeGreaterThan(0);
  });

  it("NPCs grow with size: bigger foes have more HP and hit harder than every Small one", () => {
    const npcs = [...blocks("npcs").values()];
    const top = (b: Statblock) => Math.max(...b.weapons.map(avg));
    for (const big of npcs.filter((b) => b.size === "large" || b.size === "huge")) {
      for (const small of npcs.filter((b) => b.size === "small")) {
        expect(big.hpMax, `${big.name} vs ${small.name}`).toBeGreaterThan(2 * small.hpMax);
        expect(top(big), `${big.name} vs ${small.name}`).toBeGreaterThan(top(small));
      }
    }
    const giant = npcs.find((b) => b.size === "huge")!;
    for (const b of npcs) if (b !== giant) expect(giant.hpMax).toBeGreaterThan(b.hpMax);
  });

  it("weapons: every category, each weapon anywhere with a Flow action of 1–3 FP", () => {
    const weapons = read("weapons").map((s) => weaponFromItem(asItem(s)));
    expect(new Set(weapons.map((w) => w.category))).toEqual(new Set(WEAPON_CATEGORIES));
    const embedded = [...blocks("pregens").values(), ...blocks("npcs").values()]
      .flatMap((b) => b.weapons);
    for (const w of [...weapons, ...embedded]) {
      expect(w.flowActions.length, w.name).toBeGreaterThan(0);
      for (const f of w.flowActions) {
        expect(f.fp, `${w.name}: ${f.name}`).toBeGreaterThanOrEqual(1);
        expect(f.fp, `${w.name}: ${f.name}`).toBeLessThanOrEqual(3);
        expect(f.name.length, w.name).toBeGreaterThan(0);
        expect(f.effect.length, `${w.name}: ${f.name}`).toBeGreaterThan(30);
      }
      // Ranged weapons shoot out to a range; melee weapons have none (RULINGS.md §Grid).
      expect(w.range > 0, w.name).toBe(w.kind === "ranged");
    }
  });

  it("spells: four or more, ranged and touch, single- and multi-target, all damaging", () => {
    const spells = read("spells").map((s) => spellFromItem(asItem(s)));
    expect(spells.length).toBeGreaterThanOrEqual(4);
    expect(new Set(spells.map((s) => s.kind))).toEqual(new Set(["melee", "ranged"]));
    expect(new Set(spells.map((s) => s.singleTarget))).toEqual(new Set([true, false]));
    for (const s of spells) {
      expect(s.damage.dice, s.name).toBeGreaterThan(0);
      expect(s.ap, s.name).toBeGreaterThanOrEqual(2);
      expect(s.range, s.name).toBeGreaterThan(0);
    }
  });

  it("rules: one primer journal of text pages covering the ruleset", () => {
    const journals = read("rules");
    expect(journals.map((j) => j.doc.name)).toEqual(["Fray: Action Points Rules Primer"]);
    const primer = journals[0]!.doc;
    const pages = primer.pages as { _id: string; _key: string; type: string; name: string;
      text: { format: number; content: string } }[];
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const p of pages) {
      expect(p._key).toBe(`!journal.pages!${String(primer._id)}.${p._id}`);
      expect(p.type).toBe("text");
      expect(p.text.format).toBe(1);
      expect(p.text.content.length, p.name).toBeGreaterThan(300);
    }
    const text = pages.map((p) => p.text.content).join(" ");
    for (const topic of ["Action Points", "Reaction Points", "Flow Points", "Critical",
      "Dodge", "Parry", "Block", "Riposte", "Intercept", "Reaction Attack", "Take a Step",
      "Tumble Through", "Total Defense", "surprise round", "hexes"]) {
      expect(text, topic).toContain(topic);
    }
  });
});
