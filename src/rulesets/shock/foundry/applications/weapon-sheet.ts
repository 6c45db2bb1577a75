import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { ATTRIBUTES } from "../../rules/constants";
import { weaponFromItem } from "../../rules/statblock";
import { weaponData } from "../data/accessors";
import { isShockActor, statblockOf, type ActorData } from "../documents/actor-data";
import { weaponSheetContext } from "../view/sheet-item";
import {
  enriched,
  ItemSheetBase,
  TEMPLATES,
  type SheetOptions,
  type SheetPart,
} from "./sheet-base";

type PartContext = Record<string, unknown>;

/**
 * The weapon sheet. In play: what the weapon does in its wielder's hands in one line (the weapon
 * alone when nobody carries it), its tags and its description; in edit mode: kind, skill,
 * attributes, damage, Shock, magic, range, hands, readied and the description in Foundry's editor.
 * Read-only, with a note, in a world playing another ruleset (the shell's sheet base).
 */
export class ShockWeaponSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "shock", "sheet", "item"],
    position: { width: 500, height: 560 },
    form: { submitOnChange: true },
    window: { resizable: true },
    actions: { toggleAttribute: ShockWeaponSheet.#onToggleAttribute },
  };

  static override PARTS: Record<string, SheetPart> = {
    weapon: { template: `${TEMPLATES}/item/weapon.hbs`, scrollable: [""] },
  };

  override async _prepareContext(options: unknown): Promise<PartContext> {
    const context = await super._prepareContext(options);
    const item = this.document;
    const system = weaponData(item.system);
    const source = { _id: item.id ?? "", name: item.name ?? "", system: item.toObject().system };
    // Read from the carrier's data (`actor-data.ts`), so the line shows in any world.
    const owner = item.parent as ActorData | null;
    const wielder = owner && isShockActor(owner) ? statblockOf(owner) : null;
    return Object.assign(context, {
      item, system, description: await enriched(system.description, item),
      ...weaponSheetContext(weaponFromItem(source as never), system, wielder, t),
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
