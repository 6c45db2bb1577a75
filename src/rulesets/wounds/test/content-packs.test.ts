import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkPack } from "../../../../scripts/lib/pack-check";
import { readPackSources, type SourceFile } from "../../../../scripts/lib/sources";
import { itemSource } from "../../../engine/schema/document-source";
import type { FieldSpec } from "../../../engine/schema/spec";
import { runFromPool } from "../../../engine/dice/plan";
import { defenseOf, hitOdds, planAttack, type DefenseState } from "../rules/attack";
import { chainOutcome, chainStepOdds } from "../rules/chains";
import { ATTACK_FACES, FEAT_IDS } from "../rules/constants";
import { damageDice, resolveDamage, type DamageTerms } from "../rules/damage";
import { derive } from "../rules/derived";
import { sneakDice } from "../rules/feats";
import { initiativePlan, type InitiativeEntry } from "../rules/initiative";
import { DOCUMENT_SPECS } from "../rules/models";
import { movementSpaces } from "../rules/movement";
import {
  featFromItem, spellFromItem, weaponFromItem, type Statblock,
} from "../rules/statblock";
import { summoningSick, summonSlots } from "../rules/summons";
import { packStatblock } from "./pack-statblocks";

/**
 * The wounds content packs (`packs/_source/wounds/rules` and `items`) beside the pregens and
 * NPCs: the build's pack check over all four with their ids shared (and no id used anywhere else
 * in packs/_source), items a sheet can take (every feat, weapons of each kind, the spells, their
 * summons in the npcs pack, the same data as the copies the actors carry), and a primer whose
 * worked examples are what the rules compute for the pack's own units.
 */
const SOURCES = new URL("../../../../packs/_source/", import.meta.url).pathname;
const PACKS = { pregens: "Actor", npcs: "Actor", rules: "JournalEntry", items: "Item" } as const;
const read = (pack: string, ruleset = "wounds"): SourceFile[] =>
  readPackSources(pack, `${SOURCES}${ruleset}/`);

type Doc = Record<string, unknown> & { _id: string; name: string; type: string };
const docs = (pack: string): Doc[] => read(pack).map((s) => s.doc as Doc);
const items = (): Doc[] => docs("items");
const systemOf = (d: Doc) => d.system as Record<string, unknown>;

/** Every `_id` of a source document: its own, its embedded items' and its pages'. */
function idsOf(doc: Record<string, unknown>): string[] {
  const embedded = [...(doc.items ?? []) as { _id: string }[],
    ...(doc.pages ?? []) as { _id: string }[]];
  return [String(doc._id), ...embedded.map((e) => e._id)];
}

function missingFields(spec: FieldSpec, value: unknown, path = "system"): string[] {
  if (spec.kind !== "object") return [];
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.entries(spec.fields).flatMap(([k, f]) =>
    k in record ? missingFields(f, record[k], `${path}.${k}`) : [`${path}.${k}`]);
}

const withoutDescription = (system: Record<string, unknown>) => {
  const rest = { ...system };
  delete rest.description;
  return rest;
};

describe("wounds content packs: pack check and ids", () => {
  it("the rules and items packs pass the build's pack check with pregens and npcs", () => {
    const seen = new Map<string, string>();
    for (const [pack, type] of Object.entries(PACKS)) {
      expect(read(pack).length, pack).toBeGreaterThan(0);
      expect(checkPack(type, read(pack), seen, DOCUMENT_SPECS), pack).toEqual([]);
    }
    expect(seen.size).toBe(Object.keys(PACKS).reduce((n, p) => n + read(p).length, 0));
  });

  it("every id is `wnd` + 13 hex digits, and no id is used twice in all of packs/_source", () => {
    for (const pack of ["rules", "items"]) {
      for (const { file, doc } of read(pack)) {
        for (const id of idsOf(doc)) expect(id, file).toMatch(/^wnd[0-9a-f]{13}$/);
      }
    }
    const all = readdirSync(SOURCES).flatMap((ruleset) =>
      readdirSync(`${SOURCES}${ruleset}`).flatMap((pack) =>
        read(pack, ruleset).flatMap(({ doc }) => idsOf(doc))));
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
  });
});

describe("wounds items pack", () => {
  it("each item states every field of its model, reads as the rules read it, one per name", () => {
    const specs = DOCUMENT_SPECS.Item as Record<string, FieldSpec>;
    const readers = { woundsWeapon: weaponFromItem, woundsSpell: spellFromItem,
      woundsFeat: featFromItem } as Record<string, (i: ReturnType<typeof itemSource>) => unknown>;
    for (const d of items()) {
      expect(missingFields(specs[d.type]!, d.system), d.name).toEqual([]);
      expect(() => readers[d.type]!(itemSource(d)), d.name).not.toThrow();
      expect(d.img, d.name).toMatch(/^icons\/[a-z]+\/[a-z0-9/-]+\.webp$/);
      expect(String(systemOf(d).description), d.name).toMatch(/^<p>.{40,}<\/p>$/);
      expect(d).toMatchObject({ effects: [], flags: {}, folder: null });
    }
    const names = items().map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("every feat id has an item; Weapon Focus names no weapon until a user names some", () => {
    const feats = items().filter((d) => d.type === "woundsFeat").map((d) => systemOf(d));
    expect(feats.map((f) => f.feat).sort()).toEqual([...FEAT_IDS].sort());
    for (const f of feats) expect(f.weapons).toEqual([]);
  });

  it("weapons of each kind, the Reach polearms, damage spells and summons found in npcs", () => {
    const weapons = items().filter((d) => d.type === "woundsWeapon").map((d) => itemSource(d));
    const kinds = weapons.map((w) => weaponFromItem(w).kind);
    expect(kinds.filter((k) => k === "melee").length).toBeGreaterThanOrEqual(5);
    expect(kinds.filter((k) => k === "ranged").length).toBeGreaterThanOrEqual(5);
    expect(weapons.map((w) => w.name)).toEqual(expect.arrayContaining(["Halberd", "Spear"]));
    const spells = items().filter((d) => d.type === "woundsSpell")
      .map((d) => spellFromItem(itemSource(d)));
    expect(spells.filter((s) => s.damage !== null).length).toBeGreaterThanOrEqual(2);
    const summons = spells.filter((s) => s.summon !== "");
    expect(summons.length).toBeGreaterThanOrEqual(2);
    const npcs = new Set(docs("npcs").map((d) => d.name));
    for (const s of summons) expect(npcs.has(s.summon), `${s.name} → ${s.summon}`).toBe(true);
    for (const s of spells) expect(s.summon !== "" && s.damage !== null, s.name).toBe(false);
  });

  it("holds every weapon, spell and feat the actors carry, with the same data but two", () => {
    const byName = new Map(items().map((d) => [d.name, d]));
    const differing: string[] = [];
    for (const actor of [...docs("pregens"), ...docs("npcs")]) {
      for (const carried of actor.items as Doc[]) {
        const item = byName.get(carried.name);
        expect(item?.type, `${actor.name} / ${carried.name}`).toBe(carried.type);
        if (JSON.stringify(withoutDescription(systemOf(item!)))
          !== JSON.stringify(withoutDescription(systemOf(carried))))
          differing.push(`${actor.name} / ${carried.name}`);
      }
    }
    // The goblin cutter's knife is kept sharper (+1), and each actor's Weapon Focus names its own
    // weapons: the pack's copies are the plain knife and an unnamed focus.
    expect(differing.sort()).toEqual([
      "Garrick Holt / Weapon Focus", "Goblin Cutter / Rusty Knife",
      "Orc Warchief / Weapon Focus", "Tamsin Reed / Weapon Focus",
    ]);
  });
});

interface Page { _id: string; _key: string; name: string; type: string;
  text: { format: number; content: string } }

function primer(): { doc: Doc; pages: Page[]; text: string } {
  const journals = docs("rules");
  expect(journals.map((j) => j.name)).toEqual(["Fray: Wounds Rules Primer"]);
  const doc = journals[0]!;
  const pages = doc.pages as Page[];
  return { doc, pages, text: pages.map((p) => p.text.content).join(" ") };
}

describe("wounds rules primer", () => {
  it("one journal of text pages shaped as phases' primer, the GM's page last", () => {
    const { doc, pages } = primer();
    expect(doc).toMatchObject({ folder: null, sort: 0, flags: {}, ownership: { default: 2 } });
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const p of pages) {
      expect(p._key).toBe(`!journal.pages!${doc._id}.${p._id}`);
      expect([p.type, p.text.format]).toEqual(["text", 1]);
      expect(p.text.content.length, p.name).toBeGreaterThan(300);
    }
    expect(pages.at(-1)!.name).toBe("For the GM: this compendium");
  });

  it("covers every topic of the turn, the attack, wounds, chains, states, spells and feats", () => {
    const { text } = primer();
    const topics = [
      "Agility modifier", "d20", "Delay", "goes last", "Attack Action", "Move Action",
      "Bonus Action", "extra attack", "Disengage", "+1 melee damage", "+1 to hit", "+1 dodge",
      "+2 spaces", "10 + the target's Agility modifier", "Flat-footed", "Prone", "Disarmed",
      "Center mass", "Fatal", "Slowing", "Weakening", "Disrupting", "6 or more", "most recent",
      "critical hit", "super critical", "decisive blow", "tragedy", "fatal blow", "Strength",
      "armor", "Sneak damage", "free hit slots", "melee zone", "Channeling", "cast time",
      "upkeep", "Summoning slots", "Summoning sickness", "thrall cost", "6 MP per level",
      "down", "defeated", "MP back",
    ];
    for (const t of topics) expect(text.toLowerCase(), t).toContain(t.toLowerCase());
    const names = [...items(), ...docs("pregens"), ...docs("npcs")]
      .filter((d) => d.type === "woundsFeat" || d.type.endsWith("Character"));
    for (const d of names) expect(text, d.name).toContain(d.name);
  });
});

/** A unit of the packs by slug. */
const pc = (slug: string): Statblock => packStatblock("pregens", slug);
const npc = (slug: string): Statblock => packStatblock("npcs", slug);
const weapon = (b: Statblock, name: string) => b.weapons.find((w) => w.name === name)!;
const hitsIn20 = (attacker: Statblock, target: Statblock, state: DefenseState) =>
  hitOdds(planAttack(
    { accuracy: attacker.accuracy, woundAccuracy: 0, aim: "centerMass", flanking: false,
      toHitPurchases: 0 },
    defenseOf({ agility: target.agility, state, dodgePurchases: 0 }),
  ));

function hit(b: Statblock, name: string, over: Partial<DamageTerms>): DamageTerms {
  return { weapon: weapon(b, name), strength: b.strength, feats: b.feats, extraAttack: false,
    meleeDamagePurchases: 0, sneak: false, reductions: [], multiplier: 1, aim: "centerMass",
    ...over };
}

describe("the primer's worked examples are what the rules compute", () => {
  const { text } = primer();

  it("initiative: Agility order, Tamsin's 14 against the goblin's 9, the starter last", () => {
    const units = { Wren: pc("wren-ashby"), Tamsin: pc("tamsin-reed"), Orla: pc("orla-venn"),
      Garrick: pc("garrick-holt"), Goblin: npc("goblin-cutter"), Orc: npc("orc-brute") };
    const entries = (starter?: string): InitiativeEntry[] => Object.entries(units)
      .map(([id, b]) => ({ id, agility: b.agility, initiator: id === starter }));
    const order = (starter?: string) =>
      runFromPool(initiativePlan(entries(starter)), [14, 9])!.value.map((e) => e.id);
    expect(order()).toEqual(["Wren", "Tamsin", "Goblin", "Orla", "Garrick", "Orc"]);
    expect(order("Goblin")).toEqual(["Wren", "Tamsin", "Orla", "Garrick", "Orc", "Goblin"]);
    expect(text).toContain("Tamsin's 14 beats the goblin's 9");
  });

  it("the turn: Tamsin, with Athlete, backs off up to 8 spaces with her Move Action", () => {
    const tamsin = pc("tamsin-reed");
    const spaces = movementSpaces({ movement: derive(tamsin, [], 1).movement,
      movementPurchases: 0, mode: "normal", prone: false, feats: tamsin.feats });
    expect([tamsin.movement, spaces]).toEqual([6, 8]);
    expect(text).toContain("up to 8 spaces (6, plus 2 for Athlete)");
  });

  it("attacking: Wren hits an Orc Brute on 5+ (16 in 20), a prone one 19 in 20", () => {
    const [wren, orc] = [pc("wren-ashby"), npc("orc-brute")];
    expect(defenseOf({ agility: orc.agility, state: "dodging", dodgePurchases: 0 }).target)
      .toBe(9);
    expect(hitsIn20(wren, orc, "dodging")).toEqual({ successes: 16, total: ATTACK_FACES });
    expect(hitsIn20(wren, orc, "prone")).toEqual({ successes: 19, total: ATTACK_FACES });
    for (const s of ["needs 10 − 1 = 9", "+3 + 1 = +4", "5 or more hits: 16 in 20",
      "only 4", "19 in 20"]) expect(text).toContain(s);
  });

  it("aiming: Tamsin's 3 and 4 wound an Orc Brute's legs (movement 3, hit on 8), two 2s do not", () => {
    const [tamsin, orc] = [pc("tamsin-reed"), npc("orc-brute")];
    const armor = [{ source: "armor", value: orc.armor }];
    const terms = hit(tamsin, "Longbow", { reductions: armor, aim: "slowing" });
    expect(damageDice(terms)).toEqual({ weapon: 2, die: 8, sneak: 0 });
    const wounds = resolveDamage(terms, [3, 4], []);
    expect([wounds.raw, wounds.net, wounds.wound]).toEqual([8, 6, true]);
    const grazes = resolveDamage(terms, [2, 2], []);
    expect([grazes.raw, grazes.net, grazes.wound]).toEqual([5, 3, false]);
    const wounded = derive(orc, [{ id: "w1", aim: "slowing", round: 1 }], 1);
    expect([orc.movement, wounded.movement, wounded.agility, wounded.defense])
      .toEqual([5, 3, -2, 8]);
    for (const s of ["2d8 + 1, with her Weapon Focus", "moves 3 spaces instead of 5", "from −1 to −2", "hit on 8 instead of 9"])
      expect(text).toContain(s);
  });

  it("chains: 1 in 4 and 1 in 24 once started, 1 in 80 and 1 in 480 an attack", () => {
    const odds = chainStepOdds();
    expect([odds.super, odds.blow]).toEqual([{ num: 1, den: 4 }, { num: 1, den: 24 }]);
    expect(ATTACK_FACES * odds.super.den / odds.super.num).toBe(80);
    expect(ATTACK_FACES * odds.blow.den / odds.blow.num).toBe(480);
    for (const s of ["1 in 4", "1 in 24", "1 in 80", "1 in 480"]) expect(text).toContain(s);
  });

  it("critical: Wren's super critical deals the goblin 24, the d6 of 2 no decisive blow", () => {
    const wren = pc("wren-ashby");
    const chain = chainOutcome("critical", [4, 2]);
    expect(chain).toMatchObject({ superCritical: true, decisive: false, multiplier: 4 });
    const d = resolveDamage(hit(wren, "Twin Daggers", { multiplier: 4 }), [4], []);
    expect([d.raw, d.dealt]).toEqual([6, 24]);
    expect(npc("goblin-cutter").hpMax).toBe(9);
    expect(text).toContain("4 + 1 + 1 = 6, times four: 24 damage");
  });

  it("damage: Garrick's focused halberd is 2d10 + 3, 10 through armor 3; Wren's 2d4 sneak", () => {
    const [garrick, chief] = [pc("garrick-holt"), npc("orc-warchief")];
    const terms = hit(garrick, "Halberd", { reductions: [{ source: "armor", value: chief.armor }] });
    expect(damageDice(terms)).toEqual({ weapon: 2, die: 10, sneak: 0 });
    const d = resolveDamage(terms, [6, 4], []);
    expect([d.net, d.wound]).toEqual([10, true]);
    expect(sneakDice(pc("wren-ashby").feats)).toBe(2);
    for (const s of ["2d10 + 3", "10 + 3 − 3 = 10", "adds 2d4 sneak damage"])
      expect(text).toContain(s);
  });

  it("free hits, prone, summons and spells: the numbers the examples quote", () => {
    const slots = (b: Statblock) => derive(b, [], 1).freeHitSlots;
    expect([slots(pc("wren-ashby")), slots(pc("garrick-holt")), slots(npc("orc-brute"))])
      .toEqual([4, 1, 0]);
    expect(text).toContain("Wren (Agility +3) has 4 free hit slots a round, Garrick (+0) has 1");
    const orla = pc("orla-venn");
    const prone = defenseOf({ agility: orla.agility, state: "prone", dodgePurchases: 0 });
    const up = defenseOf({ agility: orla.agility, state: "dodging", dodgePurchases: 0 });
    const spaces = movementSpaces({ movement: orla.movement, movementPurchases: 0,
      mode: "normal", prone: true, feats: orla.feats });
    expect([prone.target, up.target, spaces]).toEqual([6, 11, 2]);
    expect(text).toContain("need a 6 instead of 11, and her Move Action carries her only 2");
    expect(summonSlots(orla.level, orla.feats)).toBe(5);
    expect(npc("ashhound").thrallCost).toBe(6);
    expect([summoningSick(2, 3), summoningSick(2, 4)]).toEqual([true, false]);
    const spell = (name: string) => orla.spells.find((s) => s.name === name)!;
    expect([spell("Ember Dart").mp + spell("Call Ashhound").mp, spell("Call Ashhound").castTime])
      .toEqual([8, 1]);
    for (const s of ["up to 5 summons", "another 6 MP", "acts from round 4", "8 MP in all"])
      expect(text).toContain(s);
  });
});
