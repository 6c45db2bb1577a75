import { healLine } from "../../play/survival/recovery";
import { characterData } from "../../play/data/accessors";
import { escalationActorSheet } from "./actor-sheet";
import { ACTOR_TEMPLATES as ACTOR, type EscalationActorSheet as Sheet } from "./sheet-base";
import { suggestedRecoveries } from "../../play/views/survival-view";
import { askConfirm, askForm } from "../../../../shell/applications/dialogs";
import {
  healWithActorRecovery, recoveryAmount, type RecoveryMode,
} from "../chat/recovery";
import { rollDeathSave } from "../chat/death-save";
import { restCharacters } from "../chat/rest";
import { rally } from "../chat/rally";
import { postEvent } from "../chat/dice";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { characterContext, PART_CONTEXT } from "../../play/views/sheet-context";

const DIALOGS = "systems/fray/templates/escalation/dialog";
const rollMode = (mode: unknown): RecoveryMode => (mode === "average" ? "average" : "roll");

/**
 * The player character sheet: identity, HP (large, with a bar and relative entry) and defenses in
 * play mode, every configuration field in edit mode; recoveries and death saves; the turn's state
 * in combat; abilities by frequency with their one-line summaries; conditions; biography.
 */
export const CharacterSheet = escalationActorSheet({
  name: "CharacterSheet",
  classes: ["character"],
  // Wide enough for a row's name, line, blocked reason and buttons on one line.
  position: { width: 640, height: 760 },
  parts: {
    header: { template: `${ACTOR}/character-header.hbs` },
    survival: { template: `${ACTOR}/survival.hbs` },
    turn: { template: `${ACTOR}/turn.hbs` },
    abilities: {
      template: `${ACTOR}/abilities.hbs`,
      templates: [`${ACTOR}/ability-list.hbs`],
      scrollable: [""],
    },
    conditions: { template: `${ACTOR}/conditions.hbs` },
    biography: { template: `${ACTOR}/biography.hbs` },
  },
  // The header's attack bonus and the ability rows count the escalation die.
  combatParts: ["header", "abilities", "turn"],
  system: (sheet: Sheet) => characterData(sheet.document.system),
  shared: characterContext,
  partContext: { survival: PART_CONTEXT.survival },
  actions: {
    spendRecovery: async (sheet, _event, target) => {
      const actor = sheet.document;
      await warnIfRefused(async () => {
        const { amount, roll } = await recoveryAmount(actor, rollMode(target.dataset.mode));
        const result = await healWithActorRecovery(actor, amount);
        await postEvent(t("FRAY.Recovery.Title"), [healLine(actor.name, result, t)], {
          rolls: roll ? [roll] : [],
          actor,
        });
      });
    },
    deathSave: (sheet) => warnIfRefused(() => rollDeathSave(sheet.document)),
    quickRest: async (sheet) => {
      const system = characterData(sheet.document.system);
      const form = await askForm(t("FRAY.Rest.QuickTitle"), `${DIALOGS}/quick-rest.hbs`, {
        suggested: suggestedRecoveries(system), max: system.recoveries.value,
      });
      if (!form) return;
      const spend = Number(form.spend);
      await warnIfRefused(() =>
        restCharacters([sheet.document], "quick", () => spend, rollMode(form.mode)));
    },
    fullRest: async (sheet) => {
      if (!(await askConfirm(t("FRAY.Rest.FullTitle"), t("FRAY.Rest.ConfirmFull")))) return;
      await warnIfRefused(() => restCharacters([sheet.document], "full", () => 0, "average"));
    },
    rally: async (sheet) => {
      const effects = sheet.document.timedEffects.map((e) => ({ id: e.id, name: e.name }));
      const form = await askForm(t("FRAY.Rally.Name"), `${DIALOGS}/rally.hbs`, { effects });
      if (!form) return;
      await warnIfRefused(() =>
        rally(sheet.document, String(form.effect ?? "") || null, rollMode(form.mode)));
    },
  },
});
