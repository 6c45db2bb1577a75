import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import {
  featFromItem, spellFromItem, statblockFromActor, weaponFromItem, type ActorDocumentSource,
} from "../../rules/statblock";
import { isWoundsActor, unitView } from "../../play/actors/unit";
import type { SheetSource } from "../../play/views/sheet-context";
import {
  featSheetContext, focusWeaponsFrom, spellSheetContext, weaponSheetContext,
} from "../../play/views/item-view";
import { itemSheet, TEMPLATES, type WoundsItemSheetView as Sheet } from "./sheet-base";

/**
 * The weapon, spell and feat sheets. In play: what the item does (a weapon's kind and damage
 * formula with its wielder's Strength after wounds and Weapon Focus, a spell's cast time, MP,
 * upkeep and damage or summon, a feat's effect and a Weapon Focus's weapons) and its description;
 * in edit mode every field behind them. Read-only, with a note, in a world playing another ruleset
 * (the shell's sheet base).
 * Source: `001_dbc5fcc02a99a518.txt` §Attacking, §Spell Casting, §Feats.
 */
type Source = NonNullable<ActorDocumentSource["items"]>[number];
/** The item's own data (`toObject()`: its id, name, type and system), as the rules read it. */
const sourceOf = (sheet: Sheet) => sheet.document.toObject() as Source;

/** The wounds actor bearing the item, as its data, or null. */
function bearer(sheet: Sheet): SheetSource | null {
  const owner = sheet.document.parent as Actor.Implementation | null;
  return owner && isWoundsActor(owner) ? owner.toObject() as SheetSource : null;
}

/**
 * Writes a Weapon Focus's weapons from its three fields (unnamed, so the form leaves them out):
 * the list is written whole, blanks and repeats dropped.
 */
function attachFocus(sheet: Sheet, element: HTMLElement): void {
  for (const input of element.querySelectorAll<HTMLInputElement>("input[data-focus]")) {
    input.addEventListener("change", () => {
      if (!sheet.isEditable) return;
      const values = [...element.querySelectorAll<HTMLInputElement>("input[data-focus]")]
        .map((i) => i.value);
      const update = { "system.weapons": focusWeaponsFrom(values) } as Item.UpdateData;
      void warnIfRefused(() => sheet.document.update(update));
    });
  }
}

export const WoundsWeaponSheet = itemSheet({
  name: "WoundsWeaponSheet",
  position: { width: 500, height: 540 },
  parts: { weapon: { template: `${TEMPLATES}/item/weapon.hbs`, scrollable: [""] } },
  context: async (sheet) => {
    const owner = bearer(sheet);
    const block = owner ? statblockFromActor(owner) : null;
    const derived = block && owner ? unitView(block, owner.effects ?? [], null, 0).derived : null;
    const wielder = block && derived ? { strength: derived.strength, feats: block.feats } : null;
    return weaponSheetContext(weaponFromItem(sourceOf(sheet)), wielder, t);
  },
});

export const WoundsSpellSheet = itemSheet({
  name: "WoundsSpellSheet",
  position: { width: 500, height: 580 },
  parts: { spell: { template: `${TEMPLATES}/item/spell.hbs`, scrollable: [""] } },
  context: async (sheet) => spellSheetContext(spellFromItem(sourceOf(sheet)), t),
});

export const WoundsFeatSheet = itemSheet({
  name: "WoundsFeatSheet",
  position: { width: 500, height: 520 },
  parts: { feat: { template: `${TEMPLATES}/item/feat.hbs`, scrollable: [""] } },
  context: async (sheet) => {
    const weapons = (bearer(sheet)?.items ?? []).filter((i) => i.type === "woundsWeapon")
      .map((i) => i.name);
    return featSheetContext(featFromItem(sourceOf(sheet)), sheet.document.name, weapons, t);
  },
  attachPart: (sheet, partId, element) => {
    if (partId === "feat") attachFocus(sheet, element);
  },
});
