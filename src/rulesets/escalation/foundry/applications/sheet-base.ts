import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import {
  rulesetSheets, type ActorSheetView, type SheetView,
} from "../../../../shell/applications/document-sheet-base";

/**
 * escalation's sheet classes from their declarations, on the shell's bases (play and edit modes,
 * read-only in another ruleset's world, list editing, item rows, drops of its own items). The
 * window classes carry the ruleset's id, so its stylesheet is scoped `.fray.escalation.sheet`.
 */
export const { actorSheet, itemSheet } = rulesetSheets<FrayActor, FrayItem>(
  "escalation", Object.keys(DATA_MODELS.Item),
);

/** An escalation actor sheet as its declarations see it. */
export type EscalationActorSheet = ActorSheetView<FrayActor>;
/** An escalation item sheet as its declaration sees it. */
export type EscalationItemSheet = SheetView<FrayItem>;

export const ACTOR_TEMPLATES = "systems/fray/templates/escalation/actor";
