import type { ShockActor } from "../documents/actor";
import type { ShockItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import {
  rulesetSheets, type ActorSheetView,
} from "../../../../shell/applications/document-sheet-base";

/**
 * shock's sheet classes from their declarations, on the shell's bases (play and edit modes,
 * read-only in another ruleset's world, list editing, expandable rows, item rows, drops of its own
 * items), for its documents.
 */
export const { actorSheet, itemSheet } = rulesetSheets<ShockActor, ShockItem>(
  "shock", Object.keys(DATA_MODELS.Item),
);

/** A shock actor sheet as its declarations see it. */
export type ShockActorSheetView = ActorSheetView<ShockActor>;

export const TEMPLATES = "systems/fray/templates/shock";
