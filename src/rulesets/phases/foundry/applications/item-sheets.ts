import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import {
  activatableFromItem, attackFromItem, movementFromItem, statblockFromActor,
  type ActorDocumentSource,
} from "../../rules/statblock";
import {
  activatableSheetContext, attackSheetContext, movementSheetContext,
} from "../../play/views/item-view";
import { ACTIVATABLE_LISTS, ATTACK_LISTS, toggleOnMiss } from "../../play/views/list-fields";
import { isPhasesActor } from "../documents/actor";
import { itemSheet, TEMPLATES, type PhasesItemSheetView as Sheet } from "./sheet-base";

/**
 * The attack power, movement power and activatable item sheets. In play: what the item does (an
 * attack's damage, reach, targets, miss and conditions; a movement power's squares for its
 * bearer's Speed, or as its rule counts them when nobody bears it, whether it provokes and the
 * edge it gives; an item's uses, healing and the conditions it ends) and its description; in edit
 * mode every field behind them, an attack's conditions edited as a list and an item's ended
 * conditions as toggles (the shell's list editing). Read-only, with a note, in a world playing
 * another ruleset (the shell's sheet base). Source: RULINGS.md §phases Powers, Movement power
 * defaults, Conditions.
 */
type Source = NonNullable<ActorDocumentSource["items"]>[number];
/** The item's own data (`toObject()`: its id, name, type and system), as the rules read it. */
const sourceOf = (sheet: Sheet) => sheet.document.toObject() as Source;

/** The Speed of the phases actor bearing the item, or null when none does. */
function bearerSpeed(sheet: Sheet): number | null {
  const owner = sheet.document.parent as Actor.Implementation | null;
  if (!owner || !isPhasesActor(owner)) return null;
  return statblockFromActor(owner.toObject() as ActorDocumentSource).speed;
}

/** Flips "also on a miss" of the effect whose row holds `target` (`data-index`). */
async function effectOnMiss(sheet: Sheet, target: HTMLElement): Promise<void> {
  if (!sheet.isEditable) return;
  const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
  const effects = attackFromItem(sourceOf(sheet)).effects;
  await warnIfRefused(async () => {
    // A row the list no longer has (the item changed under the open sheet): nothing is written.
    if (!Number.isInteger(index) || !effects[index]) {
      throw new Error(t("FRAY.Phases.Sheet.NoSuchEffect"));
    }
    const update = { "system.effects": toggleOnMiss(effects, index) } as Item.UpdateData;
    await sheet.document.update(update);
  });
}

export const PhasesAttackSheet = itemSheet({
  name: "PhasesAttackSheet",
  position: { width: 540, height: 620 },
  parts: { attack: { template: `${TEMPLATES}/item/attack.hbs`, scrollable: [""] } },
  lists: ATTACK_LISTS,
  context: async (sheet) => attackSheetContext(attackFromItem(sourceOf(sheet)), t),
  actions: { effectOnMiss: (sheet, _event, target) => effectOnMiss(sheet, target) },
});

export const PhasesMovementSheet = itemSheet({
  name: "PhasesMovementSheet",
  position: { width: 540, height: 580 },
  parts: { movement: { template: `${TEMPLATES}/item/movement.hbs`, scrollable: [""] } },
  context: async (sheet) =>
    movementSheetContext(movementFromItem(sourceOf(sheet)), bearerSpeed(sheet), t),
});

export const PhasesActivatableSheet = itemSheet({
  name: "PhasesActivatableSheet",
  position: { width: 500, height: 520 },
  parts: { activatable: { template: `${TEMPLATES}/item/activatable.hbs`, scrollable: [""] } },
  lists: ACTIVATABLE_LISTS,
  context: async (sheet) => activatableSheetContext(activatableFromItem(sourceOf(sheet)), t),
});
