import { abilityData, characterData, npcData, weaponData } from "../data/accessors";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { enrich, ItemSheetBase, type SheetOptions, type SheetPart } from "./sheet-base";
import { writeListEdit } from "./write-list-edit";
import {
  addEffect,
  editAt,
  effectsOf,
  EFFECT_SPEC,
  removeAt,
  toggleDamageType,
  type EffectGroup,
} from "./list-edits";
import type { DamageType } from "../../rules/constants";
import type { ConditionEffectSource } from "../../rules/models";
import { abilityItemView, dieChoices, weaponItemView } from "../view/item-view";
import type { LineAttacker } from "../view/ability-line";
import { basicTypes } from "../view/actor-view";
import { stanceDiceFor } from "../view/stance-dice";
import type { FrayActor } from "../documents/actor";
import { isPlayerCharacter } from "../documents/actor-data";
import { FRAY_CONFIG } from "../setup/fray-config";

type PartContext = Record<string, unknown>;

/**
 * The owner's numbers for the ability's line (its attack bonus and damage dice), or null for an
 * item outside an escalation actor. A basic attack reads the die of its own stance
 * (`stanceDiceFor`); the escalation die is left out here. Read from the actor's data
 * (`actor-data.ts`), so it works in any world.
 */
function ownerNumbers(actor: FrayActor | null): LineAttacker | null {
  if (!actor || !["escalationCharacter", "escalationNpc"].includes(actor.type)) return null;
  const weapons = actor.items.contents.filter((i) => i.type === "escalationWeapon")
    .map((i) => weaponData(i.system));
  const basicDamageType = basicTypes(weapons.map((system) => ({ system })));
  if (isPlayerCharacter(actor)) {
    const s = characterData(actor.system);
    return {
      level: s.level, volition: s.volition - s.recoveries.penalty, escalation: 0,
      stanceDice: stanceDiceFor(s, weapons), basicDamageType, missDamage: s.missDamage,
      powerLabel: s.power.label,
    };
  }
  const s = npcData(actor.system);
  return {
    level: s.level,
    volition: s.volition,
    escalation: 0,
    stanceDice: stanceDiceFor(null, weapons),
    basicDamageType,
  };
}

/**
 * One sheet for weapons and abilities; the body part is chosen by item type. Play mode shows what
 * the item does (its line, facts, effects, enriched description); edit mode its fields, the
 * effect lists and Foundry's editor for the description. It reads escalation's own config, not
 * `CONFIG.FRAY`, so it shows an escalation item in a world playing another ruleset (read-only).
 */
export class FrayItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "escalation", "sheet", "item"],
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

  // Every part reads one context, built once per render by the pure builders of ../view/.
  override async _prepareContext(options: unknown): Promise<PartContext> {
    const context = await super._prepareContext(options);
    const item = this.document;
    const description = (item.system as unknown as { description: string }).description;
    const view =
      item.type === "escalationWeapon"
        ? weaponItemView(weaponData(item.system), t)
        : abilityItemView(
            abilityData(item.system),
            ownerNumbers(item.actor as FrayActor | null),
            t,
          );
    return {
      ...context,
      item,
      system: item.system,
      config: FRAY_CONFIG,
      view,
      dieChoices: dieChoices(t),
      damageDieChoices: dieChoices(t, true),
      descriptionHTML: await enrich(description, item, item.isOwner),
      documentUuid: item.uuid,
    };
  }

  // Effect rows have no `name`, so the form's own submit ignores them; each change rewrites the
  // list. Bound per rendered part: a part held back by the editor guard keeps its listeners.
  override _attachPartListeners(partId: string, element: HTMLElement, options: unknown): void {
    super._attachPartListeners(partId, element, options);
    element
      .querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-effect-field]")
      .forEach((input) => {
        input.addEventListener("change", () => {
          const row = input.closest<HTMLElement>(".effect-row");
          const group = row?.dataset.group as EffectGroup | undefined;
          if (!row || !group) return;
          void this.#writeEffects(group, (list) =>
            editAt(
              list,
              Number(row.dataset.index),
              input.dataset.effectField ?? "",
              input.value,
              EFFECT_SPEC,
            ),
          );
        });
      });
  }

  async #writeEffects(
    group: EffectGroup,
    edit: (list: ConditionEffectSource[]) => ConditionEffectSource[],
  ): Promise<void> {
    await writeListEdit(
      effectsOf(abilityData(this.document.system), group),
      edit,
      (next) =>
        this.document.update({ [`system.${group}.effects`]: next } as Record<string, unknown>),
      () => this.render(),
    );
  }

  static async #onAddEffect(
    this: FrayItemSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#writeEffects(target.dataset.group as EffectGroup, (list) => addEffect(list));
  }

  static async #onRemoveEffect(
    this: FrayItemSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#writeEffects(target.dataset.group as EffectGroup, (list) =>
      removeAt(list, Number(target.dataset.index)),
    );
  }

  static async #onToggleDamageType(
    this: FrayItemSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const types = toggleDamageType(
      abilityData(this.document.system).hit.damageTypes,
      target.dataset.type as DamageType,
    );
    await this.document.update({ "system.hit.damageTypes": types } as Record<string, unknown>);
  }
}
