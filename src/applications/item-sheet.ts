import { abilityData } from "../data/accessors";
import { abilitySummary } from "./ability-groups";
import { foundryLocalize } from "../setup/localize";
import { ItemSheetBase, type SheetOptions, type SheetPart } from "./sheet-base";

type PartContext = Record<string, unknown>;


/** One sheet for weapons and abilities; the body part is chosen by item type. */
export class FrayItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["fray", "sheet", "item"],
    position: { width: 520, height: 620 },
    form: { submitOnChange: true },
    window: { resizable: true },
  };

  static override PARTS: Record<string, SheetPart> = {
    header: { template: "systems/fray/templates/item/header.hbs" },
    weapon: { template: "systems/fray/templates/item/weapon.hbs" },
    ability: { template: "systems/fray/templates/item/ability.hbs", scrollable: [""] },
  };

  override _configureRenderOptions(options: { parts?: string[] }): void {
    super._configureRenderOptions(options);
    options.parts = ["header", this.document.type === "weapon" ? "weapon" : "ability"];
  }

  override async _preparePartContext(partId: string, context: PartContext, options: unknown): Promise<PartContext> {
    const base = await super._preparePartContext(partId, context, options);
    const item = this.document;
    Object.assign(base, { item, system: item.system, config: CONFIG.FRAY });
    if (partId === "ability") Object.assign(base, { summary: abilitySummary(abilityData(item.system), foundryLocalize) });
    return base;
  }
}
