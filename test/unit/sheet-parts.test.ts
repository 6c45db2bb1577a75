import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { readPackSources } from "../../scripts/lib/sources";
import { withDefaults } from "../../src/engine/schema/spec";
import { ABILITY_SPEC, CHARACTER_SPEC, NPC_SPEC, WEAPON_SPEC } from "../../src/rulesets/escalation/rules/models";
import { healthState } from "../../src/rulesets/escalation/rules/health";
import {
  characterContext, characterSheetContext, npcContext, npcSheetContext, PART_CONTEXT,
  type SheetContextInput,
} from "../../src/rulesets/escalation/play/views/sheet-context";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET, take } from "../../src/rulesets/shock/rules/actions";
import {
  ACTOR_PARTS, actorShared, actorSheetContext, type ActorSheetInput,
} from "../../src/rulesets/shock/play/views/sheet-context";
import { headerView } from "../../src/engine/view/sheet-header";
import { rendererFor, root } from "../support/handlebars";
import { FRAY_LABELS } from "../support/labels";

/**
 * The sheets' context in dnd5e's shape (what every part reads, then one preparer per part, run
 * only when that part renders: shell/applications/declared-sheet.ts `partContext`): each part's
 * template renders the same from the shared context and its own preparer alone as from the whole
 * context, so a part redrawn alone (a combat refresh, the editor guard) never misses a value.
 */
const escalation = rendererFor("escalation");
const shock = rendererFor("shock");
type Doc = { name: string; img: string; type: string; system: Record<string, unknown>;
  items: { _id: string; name: string; img: string; type: string; system: Record<string, unknown> }[] };
const doc = (pack: string, name: string) =>
  readPackSources(pack, join(root, "packs/_source")).find((s) => s.doc.name === name)!.doc as unknown as Doc;
const frame = (d: Doc, mode: "play" | "edit") => ({
  actor: { name: d.name, img: "" }, header: headerView({ name: d.name, img: "" }, "actor", escalation.t),
  editable: true, editMode: mode === "edit", playMode: mode === "play", rootId: "r", biographyHTML: "<p>bio</p>",
});

describe("escalation: each part renders from the shared context and its own preparer", () => {
  const input = <S extends { hp: { value: number; max: number } }>(d: Doc, system: S): SheetContextInput<S> => {
    const isPC = d.type === "escalationCharacter";
    return {
      actor: {
        name: d.name, img: "", isPC, system, health: healthState(system.hp.value, system.hp.max, isPC),
        statuses: ["dazed"],
        abilities: d.items.filter((i) => i.type === "escalationAbility")
          .map((i) => ({ id: i._id, name: i.name, img: "", system: withDefaults(ABILITY_SPEC, i.system) })),
        weapons: d.items.filter((i) => i.type === "escalationWeapon")
          .map((i) => ({ id: i._id, name: i.name, img: "", system: withDefaults(WEAPON_SPEC, i.system) })),
      },
      combat: { escalationDie: 2 },
      turn: { combat: { round: 3, escalationDie: 2 }, effects: [],
        combatant: { actions: { standard: true, move: false, quick: false, interrupt: false }, isTurn: true } },
      statusEffects: ["dazed", "dying", "stuck"].map((id) => ({ id, name: `FRAY.Condition.${id}` })),
      labels: FRAY_LABELS,
    };
  };
  const parts = {
    character: { header: "character-header", survival: "survival", turn: "turn", abilities: "abilities",
      conditions: "conditions", biography: "biography" },
    npc: { statblock: "npc-statblock", turn: "turn", conditions: "conditions", biography: "biography" },
  };
  const preparers: Record<string, (i: never, t: typeof escalation.t) => object> = PART_CONTEXT;

  for (const mode of ["play", "edit"] as const) {
    it(`Isolde Marr's parts in ${mode} mode`, () => {
      const isolde = doc("escalation/pregens", "Isolde Marr");
      const i = input(isolde, withDefaults(CHARACTER_SPEC, isolde.system));
      const whole = { ...frame(isolde, mode), ...characterSheetContext(i, escalation.t) };
      for (const [part, file] of Object.entries(parts.character)) {
        const own = { ...frame(isolde, mode), ...characterContext(i, escalation.t),
          ...(preparers[part]?.(i as never, escalation.t) ?? {}) };
        expect(escalation.render(`actor/${file}.hbs`, own), part).toBe(escalation.render(`actor/${file}.hbs`, whole));
      }
    });

    it(`the Gravel Drake's parts in ${mode} mode`, () => {
      const drake = doc("escalation/monsters", "Gravel Drake");
      const i = input(drake, withDefaults(NPC_SPEC, drake.system));
      const whole = { ...frame(drake, mode), ...npcSheetContext(i, escalation.t) };
      for (const [part, file] of Object.entries(parts.npc)) {
        const own = { ...frame(drake, mode), ...npcContext(i, escalation.t),
          ...(preparers[part]?.(i as never, escalation.t) ?? {}) };
        expect(escalation.render(`actor/${file}.hbs`, own), part).toBe(escalation.render(`actor/${file}.hbs`, whole));
      }
    });
  }

  it("a part's preparer gives what only that part reads", () => {
    const isolde = doc("escalation/pregens", "Isolde Marr");
    const i = input(isolde, withDefaults(CHARACTER_SPEC, isolde.system));
    expect(Object.keys(characterContext(i, escalation.t))).not.toContain("survival");
    expect(Object.keys(PART_CONTEXT.survival(i, escalation.t))).toEqual(["survival"]);
    expect(PART_CONTEXT.turn(i, escalation.t).turn.show).toBe(true);
  });
});

describe("shock: each part renders from the shared context and its own preparer", () => {
  for (const [pack, name, header] of [["shock/pregens", "Corvin Ash", "character-header"], ["shock/npcs", "Bandit Captain", "npc-header"]] as const) {
    for (const mode of ["play", "edit"] as const) {
      it(`${name}'s parts in ${mode} mode, in combat`, () => {
        const d = doc(pack, name) as unknown as ActorDocumentSource & Doc;
        const block = statblockFromActor(d);
        const input: ActorSheetInput = {
          block, hp: { value: 5, max: 12 }, health: "up", npc: null, className: "Fighter", level: 2,
          items: new Map(), expanded: new Set(), isGM: true, statuses: [{ name: "Prone", duration: "" }],
          combat: {
            budget: take(FRESH_BUDGET, "run"), round: 2, totalDefense: false, charging: false, shieldUsed: false,
            screening: "", grappling: "", grappledBy: ["Mire Strangler"], fellRound: 0,
            turn: { actingSide: "party", side: "party", holding: false, surprised: false },
          },
        };
        const base = { ...frame(d, mode), header: headerView(d, "actor", shock.t), system: d.system };
        const whole = { ...base, ...actorSheetContext(input, shock.t) };
        const files: Record<string, string> = { header, stats: "stats", weapons: "weapons", actions: "actions", biography: "biography" };
        for (const [part, file] of Object.entries(files)) {
          const own = { ...base, ...actorShared(input), ...(ACTOR_PARTS[part]?.(input, shock.t) ?? {}) };
          expect(shock.render(`actor/${file}.hbs`, own), part).toBe(shock.render(`actor/${file}.hbs`, whole));
        }
      });
    }
  }
});
