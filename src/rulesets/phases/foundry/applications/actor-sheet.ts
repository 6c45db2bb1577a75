import { warnIfRefused } from "../../../../shell/applications/refusals";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import type { ActorDocumentSource } from "../../rules/statblock";
import { sheetContext, sheetInput, type SheetInput } from "../../play/views/sheet-context";
import type { PhasesCombat } from "../documents/combat";
import type { PhasesCombatant } from "../documents/combatant";
import { attackWith } from "../chat/attack";
import { activateItem } from "../chat/activate";
import { actorSheet, TEMPLATES, type PhasesActorSheetView as Sheet } from "./sheet-base";

/**
 * The character and NPC sheets (one declaration, dnd5e-style: parts, one context, actions): the
 * header (calling or role with the tier, HP, ATK, DEF, INT, AGI, Speed and the initiative modifier
 * INT + AGI; in edit mode every field), in a started combat the round's phase, the combatant's
 * seizure and its movement power and Battle action used or not (what the GM keeps,
 * `PhasesCombatant#data`), attack powers with what each does on a hit and a miss, the movement
 * powers it may use with their squares for its Speed, activatable items with their uses, and the
 * biography. The context is the pure `sheetContext` (the tests render it too) read from the
 * actor's data, never from `PhasesActor`, so in another ruleset's world the sheet still shows it
 * read-only. The round part redraws alone when the combat state changes (the shell's combat
 * refresh). Each attack power's Attack button posts its card against the user's one target
 * (`chat/attack.ts`), each item's Use activates it (`chat/activate.ts`), and on its own Battle
 * turn Defend and Disengage ask the GM (`PhasesCombat#battleAction`), as a movement power's Use
 * does on its own Movement turn (`PhasesCombat#pickMovePower`); a refusal is a warning and
 * changes nothing.
 * Source: `003_d18720f6cd315cc2.txt` §Initiative Phase, §Movement Phase, §Battle Actions.
 */
function combatInput(sheet: Sheet): SheetInput["combat"] {
  const combat = sheet.startedCombat as PhasesCombat | null;
  const c = sheet.combatant as PhasesCombatant | null;
  if (!combat || !c) return null;
  const ownTurn = combat.combatant?.id === c.id;
  const later = ownTurn
    ? combat.laterInStep().map((x) => ({ id: x.id ?? "", name: x.name ?? "" })) : [];
  return { kept: c.data, round: combat.round, step: combat.currentStep, ownTurn, later };
}

/** The item of the row a button sits in (`data-item-id`). */
const itemIdOf = (target: HTMLElement) =>
  target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

const inputOf = (sheet: Sheet): SheetInput =>
  sheetInput(sheet.document.toObject() as ActorDocumentSource, combatInput(sheet));

export const PhasesActorSheet = actorSheet({
  name: "PhasesActorSheet",
  position: { width: 620, height: 760 },
  parts: {
    header: { template: `${TEMPLATES}/actor/header.hbs` },
    round: { template: `${TEMPLATES}/actor/round.hbs` },
    attacks: { template: `${TEMPLATES}/actor/attacks.hbs` },
    movement: { template: `${TEMPLATES}/actor/movement.hbs` },
    items: { template: `${TEMPLATES}/actor/items.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  },
  context: async (sheet) => sheetContext(inputOf(sheet), t),
  actions: {
    attack: (sheet, _event, target) => {
      const item = sheet.document.items.get(itemIdOf(target));
      return item ? warnIfRefused(() => attackWith(sheet.document, item)) : undefined;
    },
    activate: (sheet, _event, target) => {
      const item = sheet.document.items.get(itemIdOf(target));
      return item ? warnIfRefused(() => activateItem(sheet.document, item)) : undefined;
    },
    move: (sheet, _event, target) => {
      const combat = sheet.startedCombat as PhasesCombat | null;
      const c = sheet.combatant as PhasesCombatant | null;
      const power = target.dataset.power;
      if (!combat || !c || !power) return undefined;
      return warnIfRefused(() => combat.pickMovePower(c, power));
    },
    delay: (sheet, _event, target) => {
      const combat = sheet.startedCombat as PhasesCombat | null;
      const c = sheet.combatant as PhasesCombatant | null;
      const after = target.dataset.after;
      if (!combat || !c || !after) return undefined;
      return warnIfRefused(() => combat.battleAction(c, { action: "delay", after }));
    },
    battle: (sheet, _event, target) => {
      const combat = sheet.startedCombat as PhasesCombat | null;
      const c = sheet.combatant as PhasesCombatant | null;
      const action = target.dataset.battle;
      if (!combat || !c || (action !== "defend" && action !== "disengage")) return undefined;
      return warnIfRefused(() => combat.battleAction(c, { action }));
    },
  },
  combat: {
    state: (sheet) => combatInput(sheet),
    parts: ["round"],
  },
});
