import { actorSource, itemSource } from "../../../engine/schema/document-source";
import { describe, expect, it } from "vitest";
import { checkPack } from "../../../../scripts/lib/pack-check";
import { readPackSources, slugOf, type SourceFile } from "../../../../scripts/lib/sources";
import type { FieldSpec } from "../../../engine/schema/spec";
import { PHASES_MANIFEST } from "../manifest";
import { hitChance } from "../rules/attack";
import { BATTLE_ACTIONS, CONDITION_IDS, DURATIONS, type ConditionId } from "../rules/constants";
import { DOCUMENT_SPECS } from "../rules/models";
import { DEFAULT_MOVEMENT_KINDS, DEFAULT_MOVEMENT_POWERS } from "../rules/movement-powers";
import {
  activatableFromItem, attackFromItem, movementFromItem, movementPowersOf, opportunityAttackOf,
  statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../rules/statblock";
import EN from "../lang/en.json";
import { NPC_SLUGS, PREGEN_SLUGS, packStatblock } from "./pack-statblocks";

/**
 * The phases compendium sources (`packs/_source/phases/<pack>/<slug>.json`): they pass the
 * build's own pack check, read as statblocks, and hold what the GM and the encounter runner are
 * promised (four pregens and eleven foes of tiers 1 to 4, every condition and duration, the six
 * movement powers with RULINGS.md's defaults, a primer). Until the ruleset is registered the build
 * does not read these files, so this test is what guards them.
 */
const ROOT = new URL("../../../../packs/_source/phases/", import.meta.url).pathname;
const PACKS = Object.fromEntries(PHASES_MANIFEST.packs.map((p) => [p.name, p.type]));

const read = (pack: string): SourceFile[] => readPackSources(pack, ROOT);
const asActor = (s: SourceFile) => actorSource(s.doc);
type ItemSource = NonNullable<ActorDocumentSource["items"]>[number];
const asItem = (s: SourceFile): ItemSource => itemSource(s.doc);

/** The statblocks of an actor pack, by slug. */
function blocks(pack: "pregens" | "npcs"): Map<string, Statblock> {
  return new Map(read(pack).map((s) => [slugOf(s.file), statblockFromActor(asActor(s))]));
}
const all = (): Statblock[] => [...blocks("pregens").values(), ...blocks("npcs").values()];

/** Fields of `spec` that `value` leaves out (deep): pack content states every field itself. */
function missingFields(spec: FieldSpec, value: unknown, path = "system"): string[] {
  if (spec.kind !== "object") return [];
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.entries(spec.fields).flatMap(([k, f]) =>
    k in record ? missingFields(f, record[k], `${path}.${k}`) : [`${path}.${k}`]);
}

/** Every `_id` of the ruleset's sources (documents, embedded items, pages) and its file. */
function allIds(): [string, string][] {
  return Object.keys(PACKS).flatMap((pack) => read(pack).flatMap(({ file, doc }) => {
    const embedded = [...(doc.items ?? []) as { _id: string }[],
      ...(doc.pages ?? []) as { _id: string }[]];
    const own: [string, string] = [String(doc._id), file];
    return [own, ...embedded.map((e): [string, string] => [e._id, file])];
  }));
}

const chance = (atk: number, def: number) => {
  const { hits, total } = hitChance(0, atk - def);
  return hits / total;
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const withoutDescription = <T extends { description: string }>(s: T): Partial<T> => {
  const rest: Partial<T> = { ...s };
  delete rest.description;
  return rest;
};

describe("phases compendium sources (packs/_source/phases)", () => {
  it("hold exactly the manifest's packs, each passing the build's pack check, ids shared", () => {
    expect(Object.keys(PACKS).sort()).toEqual(["items", "npcs", "powers", "pregens", "rules"]);
    const seen = new Map<string, string>();
    for (const [pack, type] of Object.entries(PACKS)) {
      expect(read(pack).length, pack).toBeGreaterThan(0);
      expect(checkPack(type, read(pack), seen, DOCUMENT_SPECS), pack).toEqual([]);
    }
    // The shared map caught every top-level document once: a copy in another pack would clash.
    expect(seen.size).toBe(Object.keys(PACKS).reduce((n, p) => n + read(p).length, 0));
  });

  it("every id is `phs` + 13 hex digits and unique across the ruleset, pages included", () => {
    const ids = allIds();
    for (const [id, file] of ids) expect(id, file).toMatch(/^phs[0-9a-f]{13}$/);
    expect(new Set(ids.map(([id]) => id)).size).toBe(ids.length);
  });

  it("every actor and item states every field of its model (no silent defaults)", () => {
    const specs = { ...DOCUMENT_SPECS.Actor, ...DOCUMENT_SPECS.Item } as Record<string, FieldSpec>;
    for (const pack of ["pregens", "npcs", "powers", "items"]) {
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

  it("every actor reads through statblockFromActor, every item of it counted, tokens set", () => {
    for (const pack of ["pregens", "npcs"] as const) {
      for (const s of read(pack)) {
        const b = statblockFromActor(asActor(s));
        expect(b.isPC, s.file).toBe(pack === "pregens");
        expect(b.hp, s.file).toBe(b.hpMax);
        const counted = b.attacks.length + b.movements.length + b.activatables.length;
        expect(counted, s.file).toBe(asActor(s).items?.length);
        expect(s.doc.prototypeToken, s.file).toMatchObject({
          actorLink: pack === "pregens", disposition: pack === "pregens" ? 1 : -1,
          bar1: { attribute: "hp" }, name: s.doc.name,
        });
        expect(packStatblock(pack, slugOf(s.file))).toEqual(b);
      }
    }
  });

  it("pregens: the four slugs, tiers and callings asked for", () => {
    const pcs = blocks("pregens");
    expect([...pcs.keys()]).toEqual([...PREGEN_SLUGS]);
    const callings = Object.fromEntries(read("pregens").map((s) =>
      [slugOf(s.file), (s.doc.system as { calling: string }).calling]));
    expect(callings).toEqual({
      "brakka-stone": "Shield Warden", "lysa-vell": "Skirmisher", "odo-marsh": "Archer",
      "senna-quill": "Evoker",
    });
    const tiers = Object.fromEntries([...pcs].map(([slug, b]) => [slug, b.tier]));
    expect(tiers).toEqual({ "brakka-stone": 2, "lysa-vell": 1, "odo-marsh": 1, "senna-quill": 3 });
    for (const b of pcs.values()) {
      expect(b.attacks.some((a) => a.basic), b.name).toBe(true);
      expect(b.attacks.some((a) => a.effects.length > 0), b.name).toBe(true);
      expect(b.activatables.length, b.name).toBeGreaterThanOrEqual(1);
      expect(b.activatables.length, b.name).toBeLessThanOrEqual(2);
      // Each can answer a foe leaving its square (RULINGS.md §phases Opportunity attack).
      expect(opportunityAttackOf(b)?.basic, b.name).toBe(true);
    }
    const durations = new Set([...pcs.values()].flatMap((b) =>
      b.attacks.flatMap((a) => a.effects.map((e) => e.duration))));
    expect(durations).toContain("sustained");
    expect(durations).toContain("saveEnds");
    expect(pcs.get("odo-marsh")!.attacks.find((a) => a.basic && a.kind === "ranged")).toBeDefined();
    expect(pcs.get("senna-quill")!.attacks.some((a) => a.targets > 1)).toBe(true);
  });

  it("NPCs: the eleven slugs at their tiers, each with a basic attack, some moving their own way",
    () => {
      const npcs = blocks("npcs");
      expect([...npcs.keys()]).toEqual([...NPC_SLUGS]);
      const tiers = Object.fromEntries([...npcs].map(([slug, b]) => [slug, b.tier]));
      expect(tiers).toEqual({
        "bog-goblin": 1, "goblin-archer": 1, "cave-spider": 1, "skeleton-guard": 1,
        "orc-raider": 2, "orc-shaman": 2, "dire-boar": 2, ghoul: 2,
        "ogre-brute": 3, "wight-captain": 3, "young-dragon": 4,
      });
      for (const b of npcs.values()) {
        expect(b.attacks.some((a) => a.basic), b.name).toBe(true);
        expect(opportunityAttackOf(b), b.name).not.toBeNull();
        expect(b.attacks.length, b.name).toBeGreaterThanOrEqual(2);
      }
      const ownMoves = [...npcs.values()].filter((b) => b.movements.some((m) => m.kind === "other"));
      expect(ownMoves.length).toBeGreaterThanOrEqual(3);
      const ranges = new Set([...npcs.values()].flatMap((b) => b.attacks.map((a) => a.range)));
      expect(ranges.size).toBeGreaterThanOrEqual(4);
      // The raider's own Charge replaces the default one (movement-powers.ts).
      const raider = movementPowersOf(npcs.get("orc-raider")!);
      expect(raider.find((m) => m.kind === "charge")?.name).toBe("Bloodrage Charge");
      expect(raider.filter((m) => m.kind === "charge")).toHaveLength(1);
    });

  it("tiers 1–3 are each met by a pregen and a foe, and one foe is of tier 4", () => {
    const pcs = [...blocks("pregens").values()];
    const npcs = [...blocks("npcs").values()];
    for (const tier of [1, 2, 3]) {
      expect(pcs.some((b) => b.tier === tier), `pregen ${tier}`).toBe(true);
      expect(npcs.some((b) => b.tier === tier), `npc ${tier}`).toBe(true);
    }
    expect(npcs.filter((b) => b.tier === 4).map((b) => b.name)).toEqual(["Young Dragon"]);
    expect(pcs.some((b) => b.tier === 4)).toBe(false);
  });

  it("grow with tier: every foe of a higher tier has more HP and a harder best attack", () => {
    const npcs = [...blocks("npcs").values()];
    const avg = (b: Statblock) => Math.max(...b.attacks.map((a) =>
      a.damage.dice * (a.damage.die + 1) / 2 + a.damage.bonus));
    for (const hi of npcs) {
      for (const lo of npcs.filter((b) => b.tier < hi.tier)) {
        expect(hi.hpMax, `${hi.name} vs ${lo.name}`).toBeGreaterThan(lo.hpMax);
        expect(avg(hi), `${hi.name} vs ${lo.name}`).toBeGreaterThan(avg(lo));
        expect(hi.atk, `${hi.name} vs ${lo.name}`).toBeGreaterThanOrEqual(lo.atk);
      }
    }
  });

  it("same-tier basic attacks hit 55–70% on average (exact odds), no pairing beyond 5/12–13/18",
    () => {
      const pcs = [...blocks("pregens").values()];
      const npcs = [...blocks("npcs").values()];
      for (const tier of [1, 2, 3]) {
        const mine = pcs.filter((b) => b.tier === tier);
        const theirs = npcs.filter((b) => b.tier === tier);
        const pairs = [
          ...mine.flatMap((p) => theirs.map((n) => chance(p.atk, n.def))),
          ...theirs.flatMap((n) => mine.map((p) => chance(n.atk, p.def))),
        ];
        expect(mean(pairs), `tier ${tier}`).toBeGreaterThanOrEqual(0.55);
        expect(mean(pairs), `tier ${tier}`).toBeLessThanOrEqual(0.7);
        for (const c of pairs) {
          expect(c, `tier ${tier}`).toBeGreaterThanOrEqual(15 / 36);
          expect(c, `tier ${tier}`).toBeLessThanOrEqual(26 / 36);
        }
      }
      // The text's own numbers: 2d6 ≥ 7 is 21 of 36.
      expect(chance(4, 11)).toBe(21 / 36);
    });

  it("every condition and every duration is inflicted somewhere, and ended by some item", () => {
    const effects = all().flatMap((b) => b.attacks.flatMap((a) => a.effects));
    expect(new Set(effects.map((e) => e.condition))).toEqual(new Set(CONDITION_IDS));
    expect(new Set(effects.map((e) => e.duration))).toEqual(new Set(DURATIONS));
    expect(effects.some((e) => e.onMiss)).toBe(true);
    const ended = new Set<ConditionId>([
      ...all().flatMap((b) => b.activatables.flatMap((i) => i.ends)),
      ...read("items").flatMap((s) => activatableFromItem(asItem(s)).ends),
    ]);
    expect(ended).toEqual(new Set(CONDITION_IDS));
    const misses = new Set(all().flatMap((b) => b.attacks.map((a) => a.miss)));
    expect(misses).toEqual(new Set(["none", "half"]));
  });

  it("no Slowed or Immobilised lasts only to the round's end: it would end before anyone moves",
    () => {
      // Attacks come in the Battle phase, after the round's movement; an end-of-round hold on
      // movement would expire in the same round's End phase, doing nothing (durations.ts).
      const standalone = read("powers").filter((s) => s.doc.type === "phasesAttack")
        .map((s) => attackFromItem(asItem(s)));
      for (const a of [...all().flatMap((b) => b.attacks), ...standalone]) {
        for (const e of a.effects) {
          if (e.condition === "slowed" || e.condition === "immobilised") {
            expect(e.duration, `${a.name}: ${e.condition}`).not.toBe("endOfRound");
          }
        }
      }
    });

  it("melee powers reach the adjacent square; every document says what it is in prose", () => {
    const standalone = read("powers").filter((s) => s.doc.type === "phasesAttack")
      .map((s) => attackFromItem(asItem(s)));
    for (const a of [...all().flatMap((b) => b.attacks), ...standalone]) {
      if (a.kind === "melee") expect(a.range, a.name).toBe(1);
      else expect(a.range, a.name).toBeGreaterThanOrEqual(4);
    }
    for (const pack of ["pregens", "npcs", "powers", "items"]) {
      for (const { file, doc } of read(pack)) {
        const docs = [doc, ...(doc.items ?? []) as Record<string, unknown>[]];
        for (const d of docs) {
          const system = d.system as { biography?: string; description?: string };
          const prose = system.biography ?? system.description ?? "";
          expect(prose, `${file} ${String(d.name)}`).toMatch(/^<p>.{30,}<\/p>$/s);
        }
      }
    }
  });

  it("powers: the six movement powers with RULINGS.md's defaults, named as the lang names them",
    () => {
      const lang = EN.FRAY.Phases.MovementKind;
      const moves = read("powers").filter((s) => s.doc.type === "phasesMovement");
      expect(moves.map((s) => slugOf(s.file)).sort()).toEqual([...DEFAULT_MOVEMENT_KINDS].sort());
      for (const s of moves) {
        const kind = slugOf(s.file) as (typeof DEFAULT_MOVEMENT_KINDS)[number];
        const system = s.doc.system as (typeof DEFAULT_MOVEMENT_POWERS)[typeof kind];
        expect(withoutDescription(system), kind).toEqual(
          withoutDescription(DEFAULT_MOVEMENT_POWERS[kind]));
        expect(system.description.length, kind).toBeGreaterThan(40);
        const m = movementFromItem(asItem(s));
        expect(m.name).toBe(lang[kind]);
        expect(m.kind).toBe(kind);
      }
    });

  it("powers and items: standalone attack powers and activatable items read as such", () => {
    const attacks = read("powers").filter((s) => s.doc.type === "phasesAttack")
      .map((s) => attackFromItem(asItem(s)));
    expect(attacks.length).toBeGreaterThanOrEqual(4);
    expect(new Set(attacks.map((a) => a.kind))).toEqual(new Set(["melee", "ranged"]));
    expect(new Set(attacks.flatMap((a) => a.effects.map((e) => e.condition))))
      .toEqual(new Set(CONDITION_IDS));
    const items = read("items").map((s) => activatableFromItem(asItem(s)));
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const i of [...items, ...all().flatMap((b) => b.activatables)]) {
      expect(i.uses.max, i.name).toBeGreaterThanOrEqual(1);
      expect(i.uses.value, i.name).toBe(i.uses.max);
      // Activating it does something: heals, ends a condition, or both.
      expect(i.heal.dice + i.heal.bonus > 0 || i.ends.length > 0, i.name).toBe(true);
    }
  });

  it("rules: one primer journal of text pages, covering each phase and the rules around them",
    () => {
      const journals = read("rules");
      expect(journals.map((j) => j.doc.name)).toEqual(["Fray: Phases Rules Primer"]);
      const primer = journals[0]!.doc;
      const pages = primer.pages as { _id: string; _key: string; type: string; name: string;
        text: { format: number; content: string } }[];
      expect(pages.length).toBeGreaterThanOrEqual(6);
      for (const p of pages) {
        expect(p._key).toBe(`!journal.pages!${String(primer._id)}.${p._id}`);
        expect(p.type).toBe("text");
        expect(p.text.format).toBe(1);
        expect(p.text.content.length, p.name).toBeGreaterThan(300);
      }
      const text = pages.map((p) => p.text.content).join(" ");
      const topics = [
        "Initiative phase", "Movement phase", "Battle phase", "End phase", "seize the initiative",
        "2d6 + INT + AGI", "2d6 + ATK", "DEF", "Advantage", "Disadvantage", "d6", "d8", "d10",
        "d12", "tier", "Shift", "Walk", "Hustle", "Run", "Charge", "Disengage", "difficult terrain",
        "opportunity attack", "Attack", "Activate Item", "Delay", "Defend", "Slowed", "Dazed",
        "Exposed", "Immobilised", "sustained", "7 or more", "down", "defeated",
      ];
      for (const topic of topics) expect(text, topic).toContain(topic);
      for (const a of BATTLE_ACTIONS) expect(text, a).toContain(EN.FRAY.Phases.BattleAction[a]);
      for (const c of CONDITION_IDS) expect(text, c).toContain(EN.FRAY.Phases.Condition[c]);
    });
});
