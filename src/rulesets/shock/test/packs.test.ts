import { describe, expect, it } from "vitest";
import { readPackSources } from "../../../../scripts/lib/sources";
import { validate } from "../../../engine/schema/spec";
import { DOCUMENT_SPECS, WEAPON_SPEC } from "../rules/models";
import { defaultSave, dualWields, weaponFromItem } from "../rules/statblock";
import { packBlocks, SHOCK_ROOT } from "./fixtures";

const ID = /^[A-Za-z0-9]{16}$/;

describe("shock compendium sources (packs/_source/shock)", () => {
  it("every actor fits its spec, with ruleset-prefixed types and valid ids and keys", () => {
    for (const pack of ["pregens", "npcs"]) {
      for (const { file, doc } of readPackSources(pack, SHOCK_ROOT)) {
        expect(doc._id, file).toMatch(ID);
        expect(doc._key, file).toBe(`!actors!${String(doc._id)}`);
        const type = doc.type as keyof typeof DOCUMENT_SPECS.Actor;
        expect(["shockCharacter", "shockNpc"], file).toContain(type);
        expect(validate(DOCUMENT_SPECS.Actor[type], doc.system), file).toEqual([]);
        for (const item of doc.items as {
          _id: string;
          _key: string;
          type: string;
          system: unknown;
        }[]) {
          expect(item._id).toMatch(ID);
          expect(item._key).toBe(`!actors.items!${String(doc._id)}.${item._id}`);
          expect(item.type).toBe("shockWeapon");
          expect(validate(WEAPON_SPEC, item.system), `${file} ${item._id}`).toEqual([]);
        }
      }
    }
    const ids = ["pregens", "npcs", "weapons", "rules"].flatMap((p) =>
      readPackSources(p, SHOCK_ROOT).map((s) => s.doc._id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("pregens: four or more, with a shield user, a dual wielder, "
    + "a ranged character and Shock weapons", () => {
    const { pregens } = packBlocks();
    expect(pregens.length).toBeGreaterThanOrEqual(4);
    expect(pregens.some((b) => b.shield)).toBe(true);
    expect(pregens.some((b) => dualWields(b))).toBe(true);
    expect(pregens.some((b) => b.weapons.some((w) => w.kind === "ranged"))).toBe(true);
    expect(pregens.flatMap((b) => b.weapons).some((w) => w.shock.amount > 0)).toBe(true);
    for (const b of pregens) expect(b.save).toBe(defaultSave(true, b.hitDice));
  });

  it("NPCs: ten or more in three or more groups, with HD, AC, Morale, training and weapons; "
    + "saves per RULINGS", () => {
    const { npcs } = packBlocks();
    expect(npcs.length).toBeGreaterThanOrEqual(10);
    expect(new Set(npcs.map((b) => b.group)).size).toBeGreaterThanOrEqual(3);
    for (const b of npcs) {
      expect(b.weapons.length, b.name).toBeGreaterThan(0);
      expect(b.save, b.name).toBe(defaultSave(false, b.hitDice));
      expect(b.attackBonus, b.name).toBeGreaterThanOrEqual(b.hitDice);
    }
    expect(npcs.some((b) => b.fearless)).toBe(true);
    expect(npcs.some((b) => b.snapAttack)).toBe(true);
    expect(npcs.some((b) => b.weapons.some((w) => w.shock.anyAc))).toBe(true);
  });

  it("weapons pack: Items of type shockWeapon that fit the spec", () => {
    const weapons = readPackSources("weapons", SHOCK_ROOT);
    expect(weapons.length).toBeGreaterThanOrEqual(8);
    for (const { file, doc } of weapons) {
      expect(doc.type, file).toBe("shockWeapon");
      expect(doc._key).toBe(`!items!${String(doc._id)}`);
      const w = weaponFromItem(
        doc as { _id: string; name: string; system: Record<string, unknown> },
      );
      if (w.kind === "ranged") expect(w.range.normal, file).toBeGreaterThan(0);
    }
  });

  it("rules: a JournalEntry primer with text pages", () => {
    const [primer] = readPackSources("rules", SHOCK_ROOT);
    expect(primer?.doc._key).toBe(`!journal!${String(primer?.doc._id)}`);
    const pages = primer?.doc.pages as { _key: string; type: string; text: { content: string } }[];
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const p of pages) {
      expect(p.type).toBe("text");
      expect(p._key.startsWith(`!journal.pages!${String(primer?.doc._id)}.`)).toBe(true);
      expect(p.text.content.length).toBeGreaterThan(200);
    }
  });
});
