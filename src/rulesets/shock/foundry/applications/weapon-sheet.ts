import { ATTRIBUTES, COMBAT_SKILLS, DIE_SIZES, WEAPON_KINDS } from "../../rules/constants";
import { weaponData } from "../data/accessors";
import { ItemSheetBase, TEMPLATES, type SheetOptions, type SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;

/** The weapon sheet: kind, skill, attributes, damage, Shock, magic, range, hands, readied. */
export class ShockWeaponSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "shock", "sheet", "item"],
    position: { width: 480, height: 560 },
    form: { submitOnChange: true },
    window: { resizable: true },
    actions: { toggleAttribute: ShockWeaponSheet.#onToggleAttribute },
  };

  static override PARTS: Record<string, SheetPart> = {
    weapon: { template: `${TEMPLATES}/item/weapon.hbs`, scrollable: [""] },
  };

  override async _preparePartContext(
    partId: string, context: PartContext, options: unknown,
  ): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId !== "weapon") return base;
    const system = weaponData(this.document.system);
    const choices = (list: readonly string[], prefix: string | null) =>
      Object.fromEntries(list.map((v) => [v, prefix ? `${prefix}.${v}` : `d${v}`]));
    return Object.assign(base, {
      item: this.document, system,
      kinds: choices(WEAPON_KINDS, "FRAY.Shock.WeaponKind"),
      skills: choices(COMBAT_SKILLS, "FRAY.Shock.Skill"),
      dice: choices(DIE_SIZES, null),
      attributes: ATTRIBUTES.map((id) => ({
        id, labelKey: `FRAY.Shock.Attribute.${id}`, on: system.attributes.includes(id),
      })),
    });
  }

  // The attribute list is an array field: each toggle rewrites it (a checkbox per entry cannot).
  static async #onToggleAttribute(
    this: ShockWeaponSheet, _event: PointerEvent, target: HTMLElement,
  ): Promise<void> {
    const id = target.dataset.attribute ?? "";
    if (!(ATTRIBUTES as readonly string[]).includes(id)) return;
    const now = weaponData(this.document.system).attributes;
    const next = now.includes(id as never) ? now.filter((a) => a !== id) : [...now, id];
    await this.document.update({ system: { attributes: next } } as Item.UpdateData);
  }
}
