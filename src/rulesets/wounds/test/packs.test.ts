import { describe, expect, it } from "vitest";
import { checkPack } from "../../../../scripts/lib/pack-check";
import { readPackSources, slugOf, type SourceFile } from "../../../../scripts/lib/sources";
import type { FieldSpec } from "../../../engine/schema/spec";
import { hasFeat } from "../rules/feats";
import { DOCUMENT_SPECS } from "../rules/models";
import { statblockFromSource, type Statblock } from "../rules/statblock";
import { summonSlots } from "../rules/summons";
import { NPC_SLUGS, PREGEN_SLUGS, packStatblock } from "./pack-statblocks";

/**
 * The wounds compendium sources (`packs/_source/wounds/<pack>/<slug>.json`): they pass the
 * build's own pack check, read as statblocks, and hold what the encounter runner is promised
 * (four pregens — a sneak with Sneak Attack, a summoner with Legion Leader, a Reach fighter, an
 * archer — and at least ten foes with armor and varied Agility, weapons, spells and summonable
 * units). The build checks them too; the rules primer and the items pack are checked in
 * `content-packs.test.ts`.
 */
const ROOT = new URL("../../../../packs/_source/wounds/", import.meta.url).pathname;
const PACKS = { pregens: "Actor", npcs: "Actor" } as const;
const read = (pack: string): SourceFile[] => readPackSources(pack, ROOT);

function blocks(pack: "pregens" | "npcs"): Map<string, Statblock> {
  return new Map(read(pack).map((s) => [slugOf(s.file), statblockFromSource(s.doc)]));
}

function missingFields(spec: FieldSpec, value: unknown, path = "system"): string[] {
  if (spec.kind !== "object") return [];
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.entries(spec.fields).flatMap(([k, f]) =>
    k in record ? missingFields(f, record[k], `${path}.${k}`) : [`${path}.${k}`]);
}

describe("wounds compendium sources (packs/_source/wounds)", () => {
  it("pass the build's pack check with wounds' document specs, ids shared", () => {
    const seen = new Map<string, string>();
    for (const [pack, type] of Object.entries(PACKS)) {
      expect(checkPack(type, read(pack), seen, DOCUMENT_SPECS), pack).toEqual([]);
    }
    expect(seen.size).toBe(PREGEN_SLUGS.length + NPC_SLUGS.length);
  });

  it("every id is `wnd` + 13 hex digits and unique, embedded items included", () => {
    const ids = Object.keys(PACKS).flatMap((pack) => read(pack).flatMap(({ doc }) =>
      [String(doc._id), ...((doc.items ?? []) as { _id: string }[]).map((i) => i._id)]));
    for (const id of ids) expect(id).toMatch(/^wnd[0-9a-f]{13}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every actor and item states every field of its model; tokens set", () => {
    const specs = { ...DOCUMENT_SPECS.Actor, ...DOCUMENT_SPECS.Item } as Record<string, FieldSpec>;
    for (const pack of ["pregens", "npcs"] as const) {
      for (const { file, doc } of read(pack)) {
        for (const d of [doc, ...(doc.items ?? []) as Record<string, unknown>[]]) {
          expect(missingFields(specs[String(d.type)]!, d.system), `${file} ${String(d.name)}`)
            .toEqual([]);
        }
        const b = packStatblock(pack, slugOf(file));
        expect(b.isPC, file).toBe(pack === "pregens");
        expect([b.hp, b.mp], file).toEqual([b.hpMax, b.mpMax]);
        expect(b.weapons.length + b.spells.length + b.feats.length, file)
          .toBe((doc.items as unknown[]).length);
        expect(doc.prototypeToken, file).toMatchObject({
          actorLink: pack === "pregens", disposition: pack === "pregens" ? 1 : -1,
          bar1: { attribute: "hp" }, name: doc.name,
        });
      }
    }
  });

  it("pregens: a sneak, a summoner with Legion Leader, a Reach fighter, an archer", () => {
    const pcs = blocks("pregens");
    expect([...pcs.keys()]).toEqual([...PREGEN_SLUGS]);
    const npcs = blocks("npcs");
    const names = new Set([...npcs.values()].flatMap((b) => [b.name, b.id]));
    const wren = pcs.get("wren-ashby")!;
    expect(hasFeat(wren.feats, "sneakAttack")).toBe(true);
    const orla = pcs.get("orla-venn")!;
    expect(hasFeat(orla.feats, "legionLeader")).toBe(true);
    expect(summonSlots(orla.level, orla.feats)).toBe(5);
    expect(orla.spells.filter((s) => s.summon).every((s) => names.has(s.summon))).toBe(true);
    expect(orla.spells.some((s) => s.damage !== null)).toBe(true);
    expect(hasFeat(pcs.get("garrick-holt")!.feats, "reach")).toBe(true);
    const tamsin = pcs.get("tamsin-reed")!;
    expect(tamsin.weapons[0]).toMatchObject({ kind: "ranged", name: "Longbow" });
  });

  it("foes: at least ten, armor and Agility varied, weapons, spells, summonable units", () => {
    const npcs = blocks("npcs");
    expect([...npcs.keys()]).toEqual([...NPC_SLUGS]);
    const all = [...npcs.values()];
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.map((b) => b.agility)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((b) => b.armor)).size).toBeGreaterThanOrEqual(4);
    for (const b of all) expect(b.weapons.length, b.name).toBeGreaterThan(0);
    expect(all.some((b) => b.weapons.some((w) => w.kind === "ranged"))).toBe(true);
    const names = new Set(all.map((b) => b.name));
    const summons = all.flatMap((b) => b.spells.filter((s) => s.summon).map((s) => s.summon));
    expect(summons.length).toBeGreaterThan(0);
    for (const s of summons) expect(names.has(s), s).toBe(true);
    expect(all.some((b) => hasFeat(b.feats, "reach"))).toBe(true);
    expect(all.some((b) => hasFeat(b.feats, "sneakAttack"))).toBe(true);
  });
});
