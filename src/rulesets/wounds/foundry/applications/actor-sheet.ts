import { warnIfRefused } from "../../../../shell/applications/refusals";
import { askForm } from "../../../../shell/applications/dialogs";
import { attackWith } from "../chat/attack";
import { castSpell } from "../chat/cast";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { sheetContext, sheetInput, type SheetSource } from "../../play/views/sheet-context";
import { TURN_ACTIONS, type TurnAction, type TurnInput } from "../../play/views/turn-view";
import type { WoundsCombat } from "../documents/combat";
import type { WoundsCombatant } from "../documents/combatant";
import { actorSheet, TEMPLATES, type WoundsActorSheetView as Sheet } from "./sheet-base";

/**
 * The character and NPC sheets (one declaration, dnd5e-style: parts, one context, actions): the
 * header (level, HP, MP, an NPC's thrall cost), the statline with what wounds leave of each value,
 * the wounds, in a started combat the turn (slots left, purchases, and buttons that take an
 * action through the GM's ruling, `WoundsCombat#spendKept`), weapons, spells, feats and the
 * biography. The context is the pure `sheetContext` (the tests render it too) read from the
 * actor's data, never from `WoundsActor`, so in another ruleset's world the sheet still shows it
 * read-only. The statline, wounds and turn redraw alone when the combat state changes (the
 * shell's combat refresh). A weapon row's Attack posts its card (`chat/attack.ts`); Heal asks an
 * amount and heals (`WoundsActor#heal`).
 * Source: `001_dbc5fcc02a99a518.txt` §Wounds/Aiming, §Bonus Actions.
 */
const combatOf = (sheet: Sheet) => sheet.startedCombat as WoundsCombat | null;
const combatantOf = (sheet: Sheet) => sheet.combatant as WoundsCombatant | null;

/** Each combatant's name by id (whom a Delay names). */
const namesOf = (combat: WoundsCombat): Record<string, string> =>
  Object.fromEntries(combat.woundsCombatants.map((x) => [x.id ?? "", x.name ?? ""]));

/** The started combat it fights in, and its combatant's facts there (what the GM reads). */
function combatInput(sheet: Sheet): { combat: { id: string; round: number } | null;
  turn: TurnInput | null; } {
  const combat = combatOf(sheet);
  const c = combatantOf(sheet);
  const facts = combat && c ? combat.spendFacts(c) : null;
  return {
    combat: combat ? { id: combat.id ?? "", round: combat.round } : null,
    turn: combat && c && facts ? { facts, sick: combat.isSick(c), names: namesOf(combat) } : null,
  };
}

function inputOf(sheet: Sheet) {
  const { combat, turn } = combatInput(sheet);
  return sheetInput(sheet.document.toObject() as SheetSource, combat, turn);
}

/** Takes one of the turn's actions (`args`): paid through the GM's ruling, a refusal warned. */
function spend(sheet: Sheet, args: { action: string; after?: string }) {
  const combat = combatOf(sheet);
  const c = combatantOf(sheet);
  return combat && c ? warnIfRefused(() => combat.spendKept(c, args)) : undefined;
}

/** Attacks with the weapon (or attack spell) of the button's row (`chat/attack.ts`). */
function attack(sheet: Sheet, target: HTMLElement) {
  const item = sheet.document.items.get(target.dataset.itemId ?? "");
  return item ? warnIfRefused(() => attackWith(sheet.document, item)) : undefined;
}

/** One instance of healing, its amount asked first (`WoundsActor#heal`). */
async function heal(sheet: Sheet): Promise<void> {
  const form = await askForm(t("FRAY.Wounds.Sheet.HealTitle", { name: sheet.document.name }),
    `${TEMPLATES}/dialog/heal.hbs`, {});
  if (!form) return;
  await warnIfRefused(() => sheet.document.heal(Number(form.amount)));
}

/**
 * Removes a wound (the GM's healing, a spell that removes a named wound, a mistake): deletes its
 * ActiveEffect. The sheet's owner may anyway: Foundry lets an actor's owner write its embedded
 * effects (common/documents/active-effect.mjs, permission from the parent actor).
 */
function removeWound(sheet: Sheet, target: HTMLElement) {
  const id = target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "";
  const effect = sheet.isEditable ? sheet.document.effects.get(id) : undefined;
  return effect ? warnIfRefused(() => effect.delete()) : undefined;
}

export const WoundsActorSheet = actorSheet({
  name: "WoundsActorSheet",
  position: { width: 640, height: 780 },
  parts: {
    header: { template: `${TEMPLATES}/actor/header.hbs` },
    stats: { template: `${TEMPLATES}/actor/stats.hbs` },
    wounds: { template: `${TEMPLATES}/actor/wounds.hbs` },
    turn: { template: `${TEMPLATES}/actor/turn.hbs` },
    items: { template: `${TEMPLATES}/actor/items.hbs` },
    biography: { template: `${TEMPLATES}/actor/biography.hbs`, scrollable: [""] },
  },
  context: async (sheet) => sheetContext(inputOf(sheet), t),
  actions: {
    takeAction: (sheet, _event, target) => {
      const action = target.dataset.spend as TurnAction | undefined;
      return action && TURN_ACTIONS.includes(action) ? spend(sheet, { action }) : undefined;
    },
    removeWound: (sheet, _event, target) => removeWound(sheet, target),
    attack: (sheet, _event, target) => attack(sheet, target),
    heal: (sheet) => heal(sheet),
    cast: (sheet, _event, target) =>
      warnIfRefused(() => castSpell(sheet.document, target.dataset.itemId ?? "")),
    cancelCast: (sheet) => warnIfRefused(() => castSpell(sheet.document, null)),
    toggleSpell: (sheet) => spend(sheet, { action: "toggleSpell" }),
    endSpell: (sheet) => spend(sheet, { action: "endSpell" }),
    delay: (sheet, _event, target) => {
      const after = target.dataset.after;
      return after ? spend(sheet, { action: "delay", after }) : undefined;
    },
  },
  combat: {
    state: (sheet) => combatInput(sheet),
    parts: ["stats", "wounds", "turn"],
  },
});
