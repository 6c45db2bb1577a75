import type { ShockActor } from "../documents/actor";
import type { ShockItem } from "../documents/item";
import { DATA_MODELS } from "../data/register";
import { enrichForSheet, sheetBases } from "../../../../shell/applications/document-sheet-base";

export {
  bindSheetInputs, type SheetOptions, type SheetPart,
} from "../../../../shell/applications/document-sheet-base";

/** shock's actor and item sheet bases: the shell's, with play and edit modes, for its documents. */
export const { ActorSheetBase, ItemSheetBase } = sheetBases<ShockActor, ShockItem>(
  "shock", Object.keys(DATA_MODELS.Item),
);

/** A document's HTML field enriched for display (secrets for its owners). */
export async function enriched(html: string, owner: { isOwner: boolean }): Promise<string> {
  return enrichForSheet(html, owner, owner.isOwner);
}

export const TEMPLATES = "systems/fray/templates/shock";
