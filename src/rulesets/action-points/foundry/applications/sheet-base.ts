import type { ActionPointsActor } from "../documents/actor";
import type { ActionPointsItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import {
  rulesetSheets, type ActorSheetView, type SheetView,
} from "../../../../shell/applications/document-sheet-base";

/**
 * action-points' sheet classes from their declarations, on the shell's bases (play and edit
 * modes, read-only in another ruleset's world, list editing, item rows, drops of its own items).
 * The window classes carry the ruleset's id, so its stylesheet is scoped
 * `.fray.action-points.sheet`.
 */
export const { actorSheet, itemSheet } = rulesetSheets<ActionPointsActor, ActionPointsItem>(
  "action-points", Object.keys(DATA_MODELS.Item),
);

export type ApActorSheet = ActorSheetView<ActionPointsActor>;
export type ApItemSheet = SheetView<ActionPointsItem>;

export const TEMPLATES = "systems/fray/templates/action-points";
