import { abilityData } from "../data/accessors";
import { abilitySummary } from "./ability-groups";
import { foundryLocalize } from "../../../../shell/setup/localize";
import { ItemSheetBase, type SheetOptions, type SheetPart } from "./sheet-base";
import { writeListEdit } from "./write-list-edit";
import { addEffect, editAt, effectsOf, EFFECT_GROUPS, EFFECT_SPEC, removeAt, toggleDamageType, type EffectGroup } from "./list-edits";
import { DAMAGE_TYPES, type DamageType } from "../../rules/constants";
import type { ConditionEffectSource } from "../../rules/models";

type PartContext = Record<string, unknown>;

/** One sheet for weapons and abilities; the body part is chosen by item type. */
export class FrayItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "sheet", "item"],
    position: { width: 520, height: 620 },
    form: { submitOnChange: true },
    window: { resizable: true },
    actions: {
      addEffect: FrayItemSheet.#onAddEffect,
      removeEffect: FrayItemSheet.#onRemoveEffect,
      toggleDamageType: FrayItemSheet.#onToggleDamageType,
    },
  };

  static override PARTS: Record<string, SheetPart> = {
    header: { template: "systems/fray/templates/escalation/item/header.hbs" },
    weapon: { template: "systems/fray/templates/escalation/item/weapon.hbs" },
    ability: { template: "systems/fray/templates/escalation/item/ability.hbs", scrollable: [""] },
  };

  override _configureRenderOptions(options: { parts?: string[] }): void {
    super._configureRenderOptions(options);
    options.parts = ["header", this.document.type === "escalationWeapon" ? "weapon" : "ability"];
  }

  override async _preparePartContext(partId: string, context: PartContext, options: unknown): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    const item = this.document;
    Object.assign(base, { item, system: item.system, config: CONFIG.FRAY });
    if (partId === "ability") {
      const ability = abilityData(item.system);
      Object.assign(base, {
        summary: abilitySummary(ability, foundryLocalize),
        damageTypes: DAMAGE_TYPES.map((type) => ({ type, labelKey: `FRAY.DamageType.${type}`, on: ability.hit.damageTypes.includes(type) })),
        effectGroups: EFFECT_GROUPS.map((group) => ({ group, labelKey: `FRAY.Item.Effects.${group}`, effects: effectsOf(ability, group) })),
      });
    }
    return base;
  }

  // Effect rows have no `name`, so the form's own submit ignores them; each change rewrites the list.
  override async _onRender(context: PartContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-effect-field]").forEach((input) => {
      input.addEventListener("change", () => {
        const row = input.closest<HTMLElement>(".effect-row");
        const group = row?.dataset.group as EffectGroup | undefined;
        if (!row || !group) return;
        void this.#writeEffects(group, (list) => editAt(list, Number(row.dataset.index), input.dataset.effectField ?? "", input.value, EFFECT_SPEC));
      });
    });
  }

  async #writeEffects(group: EffectGroup, edit: (list: ConditionEffectSource[]) => ConditionEffectSource[]): Promise<void> {
    await writeListEdit(
      effectsOf(abilityData(this.document.system), group),
      edit,
      (next) => this.document.update({ [`system.${group}.effects`]: next } as Record<string, unknown>),
      () => this.render(),
    );
  }

  static async #onAddEffect(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#writeEffects(target.dataset.group as EffectGroup, (list) => addEffect(list));
  }

  static async #onRemoveEffect(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#writeEffects(target.dataset.group as EffectGroup, (list) => removeAt(list, Number(target.dataset.index)));
  }

  static async #onToggleDamageType(this: FrayItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const types = toggleDamageType(abilityData(this.document.system).hit.damageTypes, target.dataset.type as DamageType);
    await this.document.update({ "system.hit.damageTypes": types } as Record<string, unknown>);
  }
}
