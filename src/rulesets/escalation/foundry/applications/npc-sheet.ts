import { npcData } from "../data/accessors";
import { FrayActorSheet } from "./actor-sheet-base";
import { writeListEdit } from "./write-list-edit";
import { addResistance, editAt, removeAt, RESISTANCE_SPEC, toggleDamageType } from "./list-edits";
import { DAMAGE_TYPES, type DamageType } from "../../rules/constants";
import type { Resistance } from "../../rules/damage";
import type { SheetOptions, SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;

/** A compact NPC statblock: level, defenses, HP, resistances, attacks with Use buttons. */
export class NpcSheet extends FrayActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["npc"],
    position: { width: 480, height: 640 },
    actions: {
      addResistance: NpcSheet.#onAddResistance,
      removeResistance: NpcSheet.#onRemoveResistance,
      toggleWeakness: NpcSheet.#onToggleWeakness,
    },
  };

  static override PARTS: Record<string, SheetPart> = {
    statblock: { template: "systems/fray/templates/escalation/actor/npc-statblock.hbs", scrollable: [""] },
    conditions: { template: "systems/fray/templates/escalation/actor/conditions.hbs" },
  };

  protected override partContexts(): Record<string, () => PartContext> {
    return {
      statblock: () => this._prepareStatblockContext(),
      conditions: () => this.conditionsContext(),
    };
  }

  protected _prepareStatblockContext(): PartContext {
    const system = npcData(this.frayActor.system);
    return {
      actor: this.frayActor,
      system,
      health: this.frayActor.health,
      attackBonus: system.level + system.volition,
      bands: CONFIG.FRAY.bands,
      damageTypes: CONFIG.FRAY.damageTypes,
      weaknessToggles: DAMAGE_TYPES.map((type) => ({ type, labelKey: `FRAY.DamageType.${type}`, on: system.weaknesses.includes(type) })),
      ...this.abilitiesContext(),
    };
  }

  // Resistance rows have no `name`, so the form's own submit ignores them; each change rewrites the list.
  override async _onRender(context: PartContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-resist-field]").forEach((input) => {
      input.addEventListener("change", () => {
        const index = Number(input.closest<HTMLElement>(".resist-row")?.dataset.index);
        void this.#writeResistances((list) => editAt(list, index, input.dataset.resistField ?? "", input.value, RESISTANCE_SPEC));
      });
    });
  }

  async #writeResistances(edit: (list: Resistance[]) => Resistance[]): Promise<void> {
    await writeListEdit(
      npcData(this.frayActor.system).resistances,
      edit,
      (next) => this.frayActor.update({ "system.resistances": next } as Record<string, unknown>),
      () => this.render(),
    );
  }

  static async #onAddResistance(this: NpcSheet): Promise<void> {
    await this.#writeResistances((list) => addResistance(list));
  }

  static async #onRemoveResistance(this: NpcSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#writeResistances((list) => removeAt(list, Number(target.dataset.index)));
  }

  static async #onToggleWeakness(this: NpcSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const weaknesses = toggleDamageType(npcData(this.frayActor.system).weaknesses, target.dataset.type as DamageType);
    await this.frayActor.update({ "system.weaknesses": weaknesses } as Record<string, unknown>);
  }
}
