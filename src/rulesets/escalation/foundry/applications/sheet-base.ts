import type { FrayActor } from "../documents/actor";
import type { FrayItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import { sheetBases } from "../../../../shell/applications/document-sheet-base";

export {
  bindSheetInputs, enrichForSheet as enrich, type SheetOptions, type SheetPart,
} from "../../../../shell/applications/document-sheet-base";

/**
 * escalation's actor and item sheet bases: the shell's, with play and edit modes, typed for its
 * documents. The window classes carry the ruleset's id, so its stylesheet is scoped
 * `.fray.escalation.sheet`.
 */
export const { ActorSheetBase, ItemSheetBase } = sheetBases<FrayActor, FrayItem>(
  "escalation", Object.keys(DATA_MODELS.Item),
);
