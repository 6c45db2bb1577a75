import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ActorDocumentSource } from "../../rules/statblock";
import {
  sheetContext, sheetInput, shoveChoices, type SheetInput,
} from "../../play/views/sheet-context";
import { SPEND_ACTIONS, type SpendAction } from "../../play/round/spend-rule";
import type { ActionPointsCombat } from "../documents/combat";
import type { ActionPointsCombatant } from "../documents/combatant";
import { actorSheet, TEMPLATES, type ApActorSheet as Sheet } from "./sheet-base";
import { attackWith } from "../chat/attack";
import { useFlow } from "../chat/flow";
import { ready } from "../chat/ready";
import { isReadied } from "../../play/round/ready";
import { askForm } from "../../../../shell/applications/dialogs";
import { isManeuver, shoveOf } from "../../play/cards/maneuver";

/**
 * The character and NPC sheets (one declaration, dnd5e-style: parts, one context, actions): the
 * header (calling or role, size, move, reach, initiative modifier, HP), the pools (large in a
 * started combat, with the round's marks; in edit mode what the actor starts with), skills as
 * percentages with each success level's highest roll, weapons with their Flow actions and FP
 * costs, spells, and in combat the turn's actions with their AP costs and what blocks them; the
 * biography. The context is the pure `sheetContext` (the browser tests render it too) read from
 * the actor's data, never from `ActionPointsActor`, so in another ruleset's world the sheet still
 * shows it read-only. The pools and actions redraw alone when the combat state changes (the
 * shell's combat refresh). Source: `004_2cc57162401858c9.txt` §Action Economy, §Special Actions.
 */
const combatOf = (sheet: Sheet) => sheet.startedCombat as ActionPointsCombat | null;
const combatantOf = (sheet: Sheet) => sheet.combatant as ActionPointsCombatant | null;

/** Its combatant's kept state in a started combat, or null. */
function combatInput(sheet: Sheet): SheetInput["combat"] {
  const combat = combatOf(sheet);
  const c = combatantOf(sheet);
  if (!combat || !c) return null;
  const prone = sheet.document.statuses.has("prone");
  return {
    kept: c.data, ownTurn: combat.combatant?.id === c.id, prone,
    last: combat.turns.at(-1)?.id === c.id,
  };
}

const inputOf = (sheet: Sheet): SheetInput =>
  sheetInput(sheet.document.toObject() as ActorDocumentSource, combatInput(sheet));

/**
 * Takes a turn's action from the sheet: its AP spent through the GM's check. Total Defense then
 * ends the turn (§Total Defense: "ends turn immediately"; the acting combatant's owner may advance
 * the turn, common/documents/combat.mjs #canUpdate).
 */
async function takeAction(sheet: Sheet, target: HTMLElement): Promise<void> {
  const action = target.dataset.spend as SpendAction | undefined;
  const combat = combatOf(sheet);
  const c = combatantOf(sheet);
  if (!action || !SPEND_ACTIONS.includes(action) || !combat || !c) return;
  await warnIfRefused(async () => {
    await combat.spend(c, action);
    if (action === "totalDefense" && combat.combatant?.id === c.id) await combat.nextTurn();
  });
}

const SHOVE_DIALOG = `${TEMPLATES}/dialog/shove.hbs`;
/** The item of the row a button sits in (`data-item-id`). */
const itemIdOf = (target: HTMLElement) =>
  target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

/**
 * A special action that is a check, from the sheet: a Shove asks push back or prone first;
 * breaking free is made against the combatant's grappler; the card is the GM's to roll.
 */
async function maneuver(sheet: Sheet, target: HTMLElement): Promise<void> {
  const name = target.dataset.maneuver ?? "";
  const c = combatantOf(sheet);
  if (!isManeuver(name) || !c) return;
  const form = name === "shove" ? await askForm(t("FRAY.ActionPoints.Maneuver.shove"),
    SHOVE_DIALOG, { choices: shoveChoices(t) }) : {};
  if (!form) return;
  const shove = name === "shove" ? shoveOf(form) : undefined;
  const grappler = name === "breakFree"
    ? combatOf(sheet)?.combatants.get(c.data.grappledBy[0] ?? "")?.token ?? undefined : undefined;
  await attackWith(sheet.document, null, {
    maneuver: { name, ...(shove ? { shove } : {}) },
    ...(grappler ? { target: grappler as TokenDocument.Implementation } : {}),
  });
}

export const ActionPointsActorSheet = actorSheet({
  name: "ActionPointsActorSheet",
  position: { width: 640, height: 760 },
  parts: {
    header: { template: `${TEMPLATES}/actor/header.hbs` },
    pools: { template: `${TEMPLATES}/actor/pools.hbs` },
    actions: { template: `${TEMPLATES}/actor/actions.hbs` },
    skills: { template: `${TEMPLATES}/actor/skills.hbs` },
    weapons: { template: `${TEMPLATES}/actor/weapons.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  },
  context: async (sheet) => ({
    ...sheetContext(inputOf(sheet), t), isPC: sheet.document.type === "actionPointsCharacter",
  }),
  actions: {
    takeAction: (sheet, _event, target) => takeAction(sheet, target),
    useFlow: (sheet, _event, target) => {
      const itemId = itemIdOf(target);
      const index = Number(target.dataset.index);
      const combat = combatOf(sheet);
      const c = combatantOf(sheet);
      if (!combat || !c || !Number.isInteger(index)) return undefined;
      return warnIfRefused(() => useFlow(combat, c, sheet.document, itemId, index));
    },
    maneuver: (sheet, _event, target) => warnIfRefused(() => maneuver(sheet, target)),
    ready: (sheet) => {
      const combat = combatOf(sheet);
      const c = combatantOf(sheet);
      return combat && c ? warnIfRefused(() => ready(combat, c, isReadied(c.data))) : undefined;
    },
    attack: (sheet, _event, target) => {
      const item = sheet.document.items.get(itemIdOf(target));
      return item ? warnIfRefused(() => attackWith(sheet.document, item)) : undefined;
    },
  },
  combat: {
    state: (sheet) => combatInput(sheet),
    parts: ["pools", "actions"],
  },
});
