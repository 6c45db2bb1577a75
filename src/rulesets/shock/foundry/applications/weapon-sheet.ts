import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { weaponFromItem } from "../../rules/statblock";
import { weaponData } from "../data/accessors";
import { statblockOf, type ActorData } from "../documents/actor-data";
import { isShockActor } from "../../play/round/actor-health";
import { weaponSheetContext } from "../../play/views/sheet-item";
import { WEAPON_LISTS } from "../../play/views/list-fields";
import { itemSheet, TEMPLATES } from "./sheet-base";

/**
 * The weapon sheet. In play: what the weapon does in its wielder's hands in one line (the weapon
 * alone when nobody carries it), its tags and its description; in edit mode: kind, skill,
 * attributes (the shell's list editing, on `WEAPON_LISTS`), damage, Shock, magic, range, hands,
 * readied and the description in Foundry's editor. Read-only, with a note, in a world playing
 * another ruleset (the shell's sheet base).
 */
export const ShockWeaponSheet = itemSheet({
  name: "ShockWeaponSheet",
  position: { width: 500, height: 560 },
  parts: { weapon: { template: `${TEMPLATES}/item/weapon.hbs`, scrollable: [""] } },
  lists: WEAPON_LISTS,
  context: async (sheet) => {
    const item = sheet.document;
    const system = weaponData(item.system);
    const source = { _id: item.id ?? "", name: item.name ?? "", system: item.toObject().system };
    // Read from the carrier's data (`actor-data.ts`), so the line shows in any world.
    const owner = item.parent as ActorData | null;
    const wielder = owner && isShockActor(owner) ? statblockOf(owner) : null;
    return {
      system,
      ...weaponSheetContext(weaponFromItem(source as never), system, wielder, t),
    };
  },
});
