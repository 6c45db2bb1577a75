import { abilityData, characterData, npcData, weaponData } from "../data/accessors";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { itemSheet } from "./sheet-base";
import { ABILITY_LISTS } from "../../play/views/list-fields";
import { abilityItemView, dieChoices, weaponItemView } from "../../play/views/item-view";
import type { LineAttacker } from "../../play/views/ability-line";
import { basicTypes } from "../../play/views/actor-view";
import { stanceDiceFor } from "../../play/views/stance-dice";
import type { FrayActor } from "../documents/actor";
import { isPlayerCharacter } from "../../play/actors/actor-data";
import { FRAY_CONFIG } from "../../play/views/labels";

const ITEM = "systems/fray/templates/escalation/item";

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
    level: s.level, volition: s.volition, escalation: 0,
    stanceDice: stanceDiceFor(null, weapons), basicDamageType,
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
      : abilityItemView(abilityData(item.system), ownerNumbers(item.actor as FrayActor | null), t);
    return {
      config: FRAY_CONFIG,
      view,
      dieChoices: dieChoices(t),
      damageDieChoices: dieChoices(t, true),
    };
  },
});
