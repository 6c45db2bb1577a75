import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languageFor } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { withDefaults } from "../../../engine/schema/spec";
import { applyListOp, ListEditError } from "../../../engine/view/list-edits";
import { initiativeModifier } from "../rules/initiative";
import { MOVEMENT_POWER_SPEC } from "../rules/models";
import {
  movementOf, statblockFromActor, type ActorDocumentSource, type Statblock,
} from "../rules/statblock";
import { KEPT_SPEC, type KeptSource } from "../play/data/kept-spec";
import {
  movementRow, sheetContext, sheetInput, type SheetInput,
} from "../play/views/sheet-context";
import {
  activatableSheetContext, attackSheetContext, movementSheetContext,
} from "../play/views/item-view";
import { ACTIVATABLE_LISTS, ATTACK_LISTS, toggleOnMiss } from "../play/views/list-fields";
import { NPC_SLUGS, PREGEN_SLUGS } from "./pack-statblocks";

/**
 * What phases' sheets show, from the compendium's own actors (`packs/_source/phases/`): the
 * header's statline with the initiative modifier, attack powers with what a hit and a miss do,
 * the movement powers each may use with its squares for its Speed, items with their uses, the
 * round's slots and seizure in a started combat, the item sheets' rows and choices, the list
 * edits, and every string localized (no key left showing, every template key defined).
 * Source: `003_d18720f6cd315cc2.txt` §Initiative Phase, §Movement Phase, §Battle Actions;
 * RULINGS.md §phases Statistics, Powers, Movement power defaults.
 */
const t = localizerFor(languageFor("phases"));
const source = (pack: "pregens" | "npcs", slug: string) => JSON.parse(readFileSync(
  `packs/_source/phases/${pack}/${slug}.json`, "utf8",
)) as ActorDocumentSource;
const ALL = [
  ...PREGEN_SLUGS.map((s) => source("pregens", s)), ...NPC_SLUGS.map((s) => source("npcs", s)),
];
const brakka = source("pregens", "brakka-stone");
const kept = (over: Partial<KeptSource> = {}): KeptSource =>
  withDefaults(KEPT_SPEC, { order: 0, rolled: 2, ...over });
const input = (src: ActorDocumentSource, combat: SheetInput["combat"] = null) =>
  sheetInput(src, combat);

/** Every string anywhere in `value`. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the actor sheet's context", () => {
  it("reads its input from the actor's own data: statblock, health and identity", () => {
    expect(input(brakka)).toEqual({
      block: statblockFromActor(brakka), health: "up", identity: { calling: "Shield Warden" },
      combat: null,
    });
    const ghoul = source("npcs", "ghoul");
    const down = { ...ghoul, system: { ...(ghoul.system as object), hp: { value: 0, max: 9 } } };
    expect(input(down)).toMatchObject({ health: "defeated", identity: { role: "Lurker" } });
    const pc = { ...brakka, system: { ...(brakka.system as object), hp: { value: 0, max: 32 } } };
    expect(sheetContext(input(pc), t).health).toBe("Down");
  });

  it("shows the tier, calling and statline with the initiative modifier INT + AGI", () => {
    const c = sheetContext(input(brakka), t);
    expect(c.subtitle).toBe("Shield Warden · Tier 2");
    expect(c.stats.map((s) => [s.label, s.value])).toEqual([
      ["ATK", "+5"], ["DEF", "13"], ["INT", "+0"], ["AGI", "+0"], ["Speed", "5"], ["Init", "+0"],
    ]);
    expect(c.hp).toMatchObject({ value: 32, max: 32, name: "system.hp.value", label: "HP" });
    const senna = sheetContext(input(source("pregens", "senna-quill")), t);
    expect(senna.stats.at(-1)).toMatchObject({ value: "+4", name: "Initiative modifier (INT + AGI)" });
    const spider = sheetContext(input(source("npcs", "cave-spider")), t);
    expect(spider.stats.find((s) => s.key === "int")?.value).toBe("−2");
    expect(spider.subtitle).toBe("Lurker · Tier 1");
    const nameless = { ...brakka, system: { ...(brakka.system as object), calling: "" } };
    expect(sheetContext(input(nameless), t).subtitle).toBe("Adventurer · Tier 2");
  });

  it("every pack actor: its initiative modifier is INT + AGI and every string is localized", () => {
    for (const src of ALL) {
      const block = statblockFromActor(src);
      const c = sheetContext(input(src, { kept: kept(), round: 2, step: "movement" }), t);
      const init = c.stats.find((s) => s.key === "initiative")!;
      const sum = block.int + block.agi;
      expect(init.value).toBe(`${sum < 0 ? "−" : "+"}${Math.abs(sum)}`);
      expect(initiativeModifier(block)).toBe(sum);
      expect(c.attacks).toHaveLength(block.attacks.length);
      expect(c.activatables).toHaveLength(block.activatables.length);
      for (const text of strings(c)) expect(text, src.name).not.toMatch(/FRAY\.|\{\w+\}/);
    }
  });

  it("attack powers: damage, kind, reach, targets, what a miss does and each condition", () => {
    const c = sheetContext(input(brakka), t);
    expect(c.attacks.map((a) => [a.name, a.damage, a.tags, a.miss, a.effects])).toEqual([
      ["Warhammer", "1d10+2", ["Melee", "Adjacent", "1 target", "Basic attack"], "Miss: Nothing",
        []],
      ["Shield Bash", "1d6+2", ["Melee", "Adjacent", "1 target"], "Miss: Nothing",
        ["Hit: Dazed — Save ends"]],
      ["Hold the Line", "1d8+2", ["Melee", "Adjacent", "1 target"], "Miss: Nothing",
        ["Hit: Slowed — Save ends"]],
    ]);
    const sweep = sheetContext(input(source("npcs", "orc-raider")), t).attacks[1];
    expect(sweep?.tags).toContain("2 targets");
    const bow = statblockFromActor(source("pregens", "odo-marsh")).attacks[0]!;
    const row = attackSheetContext({
      ...bow, miss: "half",
      effects: [{ condition: "slowed", duration: "sustained", onMiss: true }],
    }, t).view;
    expect(row.tags[1]).toBe(`Range ${bow.range}`);
    expect(row.miss).toBe("Miss: Half damage");
    expect(row.effects).toEqual(["Hit or miss: Slowed — Sustained (a save keeps it)"]);
  });

  it("movement powers: the six defaults with squares for its Speed, provoking or not, edges", () => {
    const c = sheetContext(input(brakka), t);
    expect(c.ownMovements).toBe(false);
    expect(c.movements.map((m) => [m.id, m.name, m.squares, m.tags, m.edge])).toEqual([
      [null, "Shift", "1 square", ["Does not provoke"], null],
      [null, "Walk", "5 squares", ["Provokes"], null],
      [null, "Hustle", "7 squares", ["Provokes"], "1 Disadvantage: All its attacks · End of this round"],
      [null, "Run", "10 squares", ["Provokes", "No Attack this round"], null],
      [null, "Charge", "5 squares", ["Provokes", "Straight line to an enemy"],
        "1 Advantage: Melee attacks on that enemy · End of this round"],
      [null, "Disengage", "2 squares", ["Does not provoke"],
        "1 Disadvantage: All its attacks · End of the next round"],
    ]);
  });

  it("an own movement power replaces its kind's default; an own other power comes last", () => {
    const orc = sheetContext(input(source("npcs", "orc-raider")), t);
    const charge = orc.movements[4]!;
    expect(charge).toMatchObject({ name: "Bloodrage Charge", kind: "Charge", squares: "8 squares" });
    expect(charge.id).not.toBeNull();
    expect(orc.movements).toHaveLength(6);
    const dragon = sheetContext(input(source("npcs", "young-dragon")), t);
    expect(dragon.movements).toHaveLength(7);
    expect(dragon.movements[6]).toMatchObject({ name: "Fly", kind: "Own power", squares: "12 squares" });
  });

  it("the squares of each default follow the mover's Speed (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), (speed) => {
      const block = { ...statblockFromActor(brakka), speed } satisfies Statblock;
      const rows = sheetContext({ ...input(brakka), block }, t).movements;
      const n = (i: number) => Number(rows[i]!.squares.split(" ")[0]);
      expect([n(0), n(1), n(2), n(3), n(4), n(5)])
        .toEqual([1, speed, speed + 2, 2 * speed, speed, 2]);
    }));
  });

  it("items: uses left or at will, healing and the conditions each ends", () => {
    const c = sheetContext(input(brakka), t);
    expect(c.activatables).toEqual([{
      id: brakka.items!.find((i) => i.type === "phasesActivatable")!._id, name: "Healing Draught", tags: ["Uses 2/2", "Heals 2d6+2"],
      spent: false,
    }]);
    const amulet = JSON.parse(readFileSync("packs/_source/phases/items/warding-amulet.json",
      "utf8")) as NonNullable<ActorDocumentSource["items"]>[number];
    const view = activatableSheetContext({
      id: "a", name: amulet.name, uses: { value: 0, max: 1 }, heal: { dice: 1, die: 6, bonus: 0 },
      ends: ["exposed"],
    }, t);
    expect(view.view).toMatchObject({ tags: ["Uses 0/1", "Heals 1d6", "Ends Exposed"], spent: true });
    expect(view.endChoices.filter((e) => e.on).map((e) => e.label)).toEqual(["Exposed"]);
    const atWill = activatableSheetContext({
      id: "b", name: "Charm", uses: { value: 0, max: 0 }, heal: { dice: 0, die: 6, bonus: 0 },
      ends: [],
    }, t);
    expect(atWill.view).toMatchObject({ tags: ["At will"], spent: false });
  });

  it("in a started combat: the round's phase, seizure, slots, marks and Battle actions", () => {
    expect(sheetContext(input(brakka), t)).toMatchObject({ inCombat: false, round: null });
    const c = sheetContext(input(brakka, {
      kept: kept({ seized: 2, movement: 1 }), round: 2, step: "battle",
    }), t);
    expect(c.inCombat).toBe(true);
    expect(c.round).toEqual({
      heading: "Round 2: Battle phase", seized: "Seized the initiative", rolled: true,
      slots: [
        { id: "movement", name: "Movement power", used: true, state: "used",
          label: "Movement power: used" },
        { id: "battle", name: "Battle action", used: false, state: "available",
          label: "Battle action: available" },
      ],
      // Not its turn (not known): no Battle action offered; nothing Defending or Disengaged.
      actions: [], marks: [], movePick: false, movePower: null, delays: [],
    });
    // On its own Battle turn, with the action unused: Defend and Disengage.
    const own = sheetContext(input(brakka, {
      kept: kept(), round: 2, step: "battle", ownTurn: true, later: [{ id: "gob", name: "Goblin" }],
    }), t);
    expect(own.round?.actions.map((a) => [a.id, a.label])).toEqual([
      ["defend", "Defend"], ["disengage", "Disengage"],
    ]);
    expect(own.round?.delays).toEqual([{ id: "gob", label: "Delay after Goblin" }]);
    // Once a round.
    expect(sheetContext(input(brakka, {
      kept: kept({ delayed: 2 }), round: 2, step: "battle", ownTurn: true,
      later: [{ id: "gob", name: "Goblin" }],
    }), t).round?.delays).toEqual([]);
    const spent = sheetContext(input(brakka, {
      kept: kept({ battle: 1, defended: 2, disengaged: 1 }), round: 2, step: "battle",
      ownTurn: true,
    }), t);
    expect(spent.round).toMatchObject({ actions: [], marks: ["Defending", "Disengaged"] });
    // Disengage's Disadvantage is over after the next round.
    const after = sheetContext(input(brakka, {
      kept: kept({ disengaged: 1 }), round: 3, step: "movement", ownTurn: true,
    }), t);
    expect(after.round?.marks).toEqual([]);
    // On its own Movement turn it picks its power; once picked, the power is named.
    expect(after.round?.movePick).toBe(true);
    const moved = sheetContext(input(brakka, {
      kept: kept({ movement: 1, movePower: "default:run" }), round: 3, step: "movement",
      ownTurn: true,
    }), t);
    expect(moved.round).toMatchObject({ movePick: false, movePower: "default:run" });
    // A seizure of an earlier round is no seizure now.
    const later = sheetContext(input(brakka, { kept: kept({ seized: 1 }), round: 2, step: null }), t);
    expect(later.round).toMatchObject({ heading: "Round 2", seized: null });
  });
});

describe("the item sheets", () => {
  it("an attack power: its row, the edit mode's choices and its conditions as list rows", () => {
    const bash = statblockFromActor(brakka).attacks[1]!;
    const ctx = attackSheetContext(bash, t);
    expect(ctx.effectRows).toEqual([{
      condition: "dazed", duration: "saveEnds", onMiss: false, index: 0, n: 1,
      onMissLabel: "Condition 1: also on a miss",
    }]);
    expect(ctx.kinds).toEqual({ melee: "Melee", ranged: "Ranged" });
    expect(ctx.misses.half).toBe("Half damage");
    expect(ctx.conditions.immobilised).toBe("Immobilised");
    expect(ctx.durations.endOfRound).toBe("Until the end of the round");
    expect(ctx.dice["12"]).toBe("d12");
  });

  it("a movement power: squares for its bearer's Speed, or as its rule counts them", () => {
    const spec = (kind: string, squares: object) => withDefaults(MOVEMENT_POWER_SPEC,
      { kind, squares });
    const run = movementOf("r", "Run", spec("run", { base: "speed", times: 2, plus: 0 }));
    expect(movementSheetContext(run, 6, t).view.squares).toBe("12 squares");
    expect(movementSheetContext(run, null, t).view.squares).toBe("Speed × 2 squares");
    const hustle = movementOf("h", "Hustle", spec("hustle", { base: "speed", times: 1, plus: 2 }));
    expect(movementSheetContext(hustle, null, t).view.squares).toBe("Speed × 1 +2 squares");
    const shift = movementOf("s", "Shift", spec("shift", { base: "fixed", times: 0, plus: 1 }));
    expect(movementSheetContext(shift, null, t).view.squares).toBe("1 square");
    const ctx = movementSheetContext(shift, 5, t);
    expect(ctx.view.name).toBe("Shift");
    expect(Object.keys(ctx.kinds)).toEqual([
      "shift", "walk", "hustle", "run", "charge", "disengage", "other",
    ]);
    expect(ctx.untils.endOfNextRound).toBe("End of the next round");
    // A power that would move backwards moves nothing.
    const back = movementOf("b", "Back", spec("other", { base: "fixed", times: 0, plus: -3 }));
    expect(movementRow(back, 6, t).squares).toBe("0 squares");
  });

  it("list edits: an attack's conditions checked against their spec; an item's ended set", () => {
    const list = [{ condition: "dazed", duration: "saveEnds", onMiss: false }];
    const added = applyListOp(ATTACK_LISTS.effects, list, { op: "add" });
    expect(added).toEqual([...list, { condition: "dazed", duration: "saveEnds", onMiss: false }]);
    expect(applyListOp(ATTACK_LISTS.effects, added,
      { op: "edit", index: 1, field: "condition", value: "slowed" })[1])
      .toMatchObject({ condition: "slowed" });
    expect(() => applyListOp(ATTACK_LISTS.effects, added,
      { op: "edit", index: 0, field: "duration", value: "forever" })).toThrow(ListEditError);
    expect(applyListOp(ACTIVATABLE_LISTS.ends, ["dazed"], { op: "toggle", value: "slowed" }))
      .toEqual(["dazed", "slowed"]);
    expect(() => applyListOp(ACTIVATABLE_LISTS.ends, [], { op: "toggle", value: "prone" }))
      .toThrow(ListEditError);
  });

  it("'also on a miss' flips one entry alone; a missing entry is refused (property)", () => {
    const effect = fc.record({
      condition: fc.constantFrom("slowed", "dazed"), duration: fc.constant("saveEnds"),
      onMiss: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(effect, { minLength: 1, maxLength: 6 }), fc.nat(), (list, k) => {
      const i = k % list.length;
      const next = toggleOnMiss(list, i);
      expect(next.map((e, j) => (j === i ? !e.onMiss : e.onMiss))).toEqual(list.map((e) => e.onMiss));
      expect(toggleOnMiss(next, i)).toEqual(list);
      expect(() => toggleOnMiss(list, list.length)).toThrow(RangeError);
    }));
    expect(() => toggleOnMiss([], Number.NaN)).toThrow(RangeError);
  });
});

describe("the sheets' strings", () => {
  it("every key a template localizes is defined for a phases world", () => {
    const dir = "src/rulesets/phases/templates";
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".hbs"));
    expect(files.length).toBeGreaterThanOrEqual(9);
    const keys = files.flatMap((f) => [...readFileSync(join(dir, f), "utf8")
      .matchAll(/localize\s+"(FRAY\.[\w.]+)"/g)].map((m) => m[1]!));
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) expect(t(key), key).not.toBe(key);
  });
});
