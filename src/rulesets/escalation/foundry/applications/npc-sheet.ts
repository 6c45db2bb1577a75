import { npcData } from "../data/accessors";
import { FrayActorSheet } from "./actor-sheet-base";
import { writeListEdit } from "./write-list-edit";
import { addResistance, editAt, removeAt, RESISTANCE_SPEC, toggleDamageType } from "./list-edits";
import type { DamageType } from "../../rules/constants";
import { npcSheetContext } from "../view/sheet-context";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { Resistance } from "../../rules/damage";
import type { SheetOptions, SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;

const ACTOR = "systems/fray/templates/escalation/actor";

/**
 * The NPC sheet, read like a statblock: identity, HP, defenses and attack bonus, resistances and
 * weaknesses as tags, then its attacks with their lines. Their editors appear in edit mode.
 */
export class NpcSheet extends FrayActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["npc"],
    position: { width: 520, height: 680 },
    actions: {
      addResistance: NpcSheet.#onAddResistance,
      removeResistance: NpcSheet.#onRemoveResistance,
      toggleWeakness: NpcSheet.#onToggleWeakness,
    },
  };

  static override PARTS: Record<string, SheetPart> = {
    statblock: {
      template: `${ACTOR}/npc-statblock.hbs`,
      templates: [`${ACTOR}/ability-list.hbs`],
      scrollable: [""],
    },
    turn: { template: `${ACTOR}/turn.hbs` },
    conditions: { template: `${ACTOR}/conditions.hbs` },
    biography: { template: `${ACTOR}/biography.hbs` },
  };

  // The statblock's attack bonus and rows count the escalation die.
  override get combatParts(): readonly string[] {
    return ["statblock", "turn"];
  }

  protected override async sheetContext(): Promise<PartContext> {
    const system = npcData(this.frayActor.system);
    const input = await this.contextInput(system, system.biography);
    return {
      actor: this.frayActor,
      documentUuid: this.frayActor.uuid,
      ...npcSheetContext(input, t),
    };
  }

  // Resistance rows have no `name`, so the form's own submit ignores them; each change rewrites the
  // list. Bound per rendered part, so a part a combat refresh kept is not bound twice.
  override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
    super._attachPartListeners(partId, element, options);
    element
      .querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-resist-field]")
      .forEach((input) => {
        input.addEventListener("change", () => {
          const index = Number(input.closest<HTMLElement>(".resist-row")?.dataset.index);
          void this.#writeResistances((list) =>
            editAt(list, index, input.dataset.resistField ?? "", input.value, RESISTANCE_SPEC),
          );
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

  static async #onRemoveResistance(
    this: NpcSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#writeResistances((list) => removeAt(list, Number(target.dataset.index)));
  }

  static async #onToggleWeakness(
    this: NpcSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const weaknesses = toggleDamageType(
      npcData(this.frayActor.system).weaknesses,
      target.dataset.type as DamageType,
    );
    await this.frayActor.update({ "system.weaknesses": weaknesses } as Record<string, unknown>);
  }
}
