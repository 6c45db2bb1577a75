import type { WoundsActor } from "../documents/actor";
import type { WoundsItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import {
  rulesetSheets, type ActorSheetView, type SheetView,
} from "../../../../shell/applications/document-sheet-base";

/**
 * wounds' sheet classes from their declarations, on the shell's bases (play and edit modes,
 * read-only in another ruleset's world, list editing, item rows, drops of its own items). The
 * window classes carry the ruleset's id, so its stylesheet is scoped `.fray.wounds.sheet`.
 */
export const { actorSheet, itemSheet } = rulesetSheets<WoundsActor, WoundsItem>(
  "wounds", Object.keys(DATA_MODELS.Item),
);

export type WoundsActorSheetView = ActorSheetView<WoundsActor>;
export type WoundsItemSheetView = SheetView<WoundsItem>;

export const TEMPLATES = "systems/fray/templates/wounds";
