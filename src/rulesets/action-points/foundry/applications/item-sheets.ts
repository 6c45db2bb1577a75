import { foundryLocalize as t } from "../../../../shell/setup/localize";
import {
  spellFromItem, statblockFromActor, weaponFromItem, type ActorDocumentSource,
} from "../../rules/statblock";
import { isActionPointsActor } from "../../play/actors/health";
import { spellSheetContext, weaponSheetContext } from "../../play/views/item-view";
import { WEAPON_LISTS } from "../../play/views/list-fields";
import { itemSheet, TEMPLATES, type ApItemSheet } from "./sheet-base";

/**
 * The weapon and spell sheets. In play: what the item does (damage, reach with its carrier's size
 * or range, tags, Flow actions with their FP costs) and its description; in edit mode the fields
 * behind them, a weapon's Flow actions edited as a list (the shell's list editing). Read-only,
 * with a note, in a world playing another ruleset (the shell's sheet base).
 * Source: `004_2cc57162401858c9.txt` §Reach, §Range Penalties, §Two-Weapon Fighting.
 */
type Source = NonNullable<ActorDocumentSource["items"]>[number];
/** The item's own data (`toObject()`: its id, name, type and system), as the rules read it. */
const sourceOf = (sheet: ApItemSheet) => sheet.document.toObject() as Source;

export const ActionPointsWeaponSheet = itemSheet({
  name: "ActionPointsWeaponSheet",
  position: { width: 540, height: 620 },
  parts: { weapon: { template: `${TEMPLATES}/item/weapon.hbs`, scrollable: [""] } },
  lists: WEAPON_LISTS,
  context: async (sheet) => {
    const owner = sheet.document.parent as Actor.Implementation | null;
    const carrier = owner && isActionPointsActor(owner)
      ? statblockFromActor(owner.toObject() as ActorDocumentSource) : null;
    return weaponSheetContext(weaponFromItem(sourceOf(sheet)), carrier, t);
  },
});

export const ActionPointsSpellSheet = itemSheet({
  name: "ActionPointsSpellSheet",
  position: { width: 500, height: 520 },
  parts: { spell: { template: `${TEMPLATES}/item/spell.hbs`, scrollable: [""] } },
  context: async (sheet) => spellSheetContext(spellFromItem(sourceOf(sheet)), t),
});
