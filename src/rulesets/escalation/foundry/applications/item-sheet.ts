import { abilityData, weaponData } from "../../play/data/accessors";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { itemSheet } from "./sheet-base";
import { ABILITY_LISTS } from "../../play/views/list-fields";
import { abilityItemView, dieChoices, weaponItemView } from "../../play/views/item-view";
import { ownerNumbers } from "../../play/views/actor-view";
import type { FrayActor } from "../documents/actor";
import { FRAY_CONFIG } from "../../play/views/labels";

const ITEM = "systems/fray/templates/escalation/item";

/** The owning actor as `ownerNumbers` reads it (null outside an actor). */
function ownerOf(actor: FrayActor | null) {
  return actor && {
    type: actor.type, system: actor.system,
    weapons: actor.items.contents.filter((i) => i.type === "escalationWeapon")
      .map((i) => weaponData(i.system)),
  };
}

/**
 * One sheet for weapons and abilities; the body part is chosen by item type. Play mode shows what
 * the item does (its line, facts, effects, enriched description); edit mode its fields, the
 * effect lists (the shell's list editing, on `ABILITY_LISTS`) and Foundry's editor for the
 * description. It reads escalation's own config, not `CONFIG.FRAY`, so it shows an escalation
 * item in a world playing another ruleset (read-only).
 */
export const FrayItemSheet = itemSheet({
  name: "FrayItemSheet",
  position: { width: 520, height: 620 },
  parts: {
    header: { template: `${ITEM}/header.hbs` },
    weapon: { template: `${ITEM}/weapon.hbs` },
    ability: { template: `${ITEM}/ability.hbs`, scrollable: [""] },
  },
  partsFor: (sheet) =>
    ["header", sheet.document.type === "escalationWeapon" ? "weapon" : "ability"],
  lists: ABILITY_LISTS,
  context: async (sheet) => {
    const item = sheet.document;
    const view = item.type === "escalationWeapon"
      ? weaponItemView(weaponData(item.system), t)
      : abilityItemView(
        abilityData(item.system), ownerNumbers(ownerOf(item.actor as FrayActor | null)), t,
      );
    return {
      config: FRAY_CONFIG,
      view,
      dieChoices: dieChoices(t),
      damageDieChoices: dieChoices(t, true),
    };
  },
});
