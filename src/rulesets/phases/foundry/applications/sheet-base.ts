import type { FrayItemBase } from "../../../../shell/documents/item";
import type { PhasesActor } from "../documents/actor";
import { DOCUMENT_SPECS } from "../../rules/models";
import {
  rulesetSheets, type ActorSheetView, type SheetView,
} from "../../../../shell/applications/document-sheet-base";

/**
 * phases' sheet classes from their declarations, on the shell's bases (play and edit modes,
 * read-only in another ruleset's world, list editing, item rows, drops of its own items: its
 * attack powers, movement powers and activatable items, the item subtypes of its document specs).
 * The window classes carry the ruleset's id, so its stylesheet is scoped `.fray.phases.sheet`.
 */
export const { actorSheet, itemSheet } = rulesetSheets<PhasesActor, FrayItemBase>(
  "phases", Object.keys(DOCUMENT_SPECS.Item),
);

export type PhasesActorSheetView = ActorSheetView<PhasesActor>;
export type PhasesItemSheetView = SheetView<FrayItemBase>;

export const TEMPLATES = "systems/fray/templates/phases";
