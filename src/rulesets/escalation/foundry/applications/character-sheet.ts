import { characterData } from "../data/accessors";
import { FrayActorSheet } from "./actor-sheet-base";
import type { SheetOptions, SheetPart } from "./sheet-base";
import { suggestedRecoveries } from "./survival-view";
import { askConfirm, askForm } from "../../../../shell/applications/dialogs";
import {
  healLine,
  healWithActorRecovery,
  recoveryAmount,
  type RecoveryMode,
} from "../chat/recovery";
import { rollDeathSave } from "../chat/death-save";
import { restCharacters } from "../chat/rest";
import { rally } from "../chat/rally";
import { postEvent } from "../chat/dice";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { characterSheetContext } from "../view/sheet-context";

type PartContext = Record<string, unknown>;
const ACTOR = "systems/fray/templates/escalation/actor";

/**
 * The player character sheet: identity, HP (large, with a bar and relative entry) and defenses in
 * play mode, every configuration field in edit mode; recoveries and death saves; the turn's state
 * in combat; abilities by frequency with their one-line summaries; conditions; biography.
 */
export class CharacterSheet extends FrayActorSheet {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["character"],
    // Wide enough for a row's name, line, blocked reason and buttons on one line.
    position: { width: 640, height: 760 },
    actions: {
      spendRecovery: CharacterSheet.#onSpendRecovery,
      deathSave: CharacterSheet.#onDeathSave,
      quickRest: CharacterSheet.#onQuickRest,
      fullRest: CharacterSheet.#onFullRest,
      rally: CharacterSheet.#onRally,
    },
  };

  static override PARTS: Record<string, SheetPart> = {
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
  };

  // The header's attack bonus and the ability rows count the escalation die.
  override get combatParts(): readonly string[] {
    return ["header", "abilities", "turn"];
  }

  protected override async sheetContext(): Promise<PartContext> {
    const system = characterData(this.frayActor.system);
    const input = await this.contextInput(system, system.biography);
    return {
      actor: this.frayActor,
      documentUuid: this.frayActor.uuid,
      ...characterSheetContext(input, t),
    };
  }

  static async #onSpendRecovery(
    this: CharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const actor = this.frayActor;
    const mode: RecoveryMode = target.dataset.mode === "average" ? "average" : "roll";
    await warnIfRefused(async () => {
      const { amount, roll } = await recoveryAmount(actor, mode);
      const result = await healWithActorRecovery(actor, amount);
      await postEvent(t("FRAY.Recovery.Title"), [healLine(actor, result)], {
        rolls: roll ? [roll] : [],
        actor,
      });
    });
  }

  static async #onDeathSave(this: CharacterSheet): Promise<void> {
    await warnIfRefused(() => rollDeathSave(this.frayActor));
  }

  static async #onQuickRest(this: CharacterSheet): Promise<void> {
    const system = characterData(this.frayActor.system);
    const form = await askForm(
      t("FRAY.Rest.QuickTitle"),
      "systems/fray/templates/escalation/dialog/quick-rest.hbs",
      { suggested: suggestedRecoveries(system), max: system.recoveries.value },
    );
    if (!form) return;
    const spend = Number(form.spend);
    await warnIfRefused(() =>
      restCharacters(
        [this.frayActor],
        "quick",
        () => spend,
        form.mode === "average" ? "average" : "roll",
      ),
    );
  }

  static async #onFullRest(this: CharacterSheet): Promise<void> {
    if (!(await askConfirm(t("FRAY.Rest.FullTitle"), t("FRAY.Rest.ConfirmFull")))) return;
    await warnIfRefused(() => restCharacters([this.frayActor], "full", () => 0, "average"));
  }

  static async #onRally(this: CharacterSheet): Promise<void> {
    const effects = this.frayActor.timedEffects.map((e) => ({ id: e.id, name: e.name }));
    const form = await askForm(
      t("FRAY.Rally.Name"),
      "systems/fray/templates/escalation/dialog/rally.hbs",
      { effects },
    );
    if (!form) return;
    await warnIfRefused(() =>
      rally(
        this.frayActor,
        String(form.effect ?? "") || null,
        form.mode === "average" ? "average" : "roll",
      ),
    );
  }
}
